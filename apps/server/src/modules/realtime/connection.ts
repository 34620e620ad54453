import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  type RoamingCharge,
  wsClientFrameSchema,
  wsCommands,
  wsTopics,
  type Lang,
  type WsClientFrame,
  type WsServerFrame,
} from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { message } from '../../core/envelope.js';
import { ApiError } from '../../core/errors.js';
import { resolveUser, type AuthUser } from '../auth/sessions.js';
import { lockedUntil, policies, recordFailure } from '../auth/throttle.js';
import type { HubClient, RealtimeHub } from './hub.js';
import type { ParkingLive } from './parking-live.js';
import { TokenBucket } from './rate-limit.js';

export interface ConnectionContext {
  db: Db;
  hub: RealtimeHub;
  parking(): ParkingLive;
  /** The user's roaming charge (decision 0056). */
  roamingCharge(userId: number): Promise<RoamingCharge | null>;
  log: FastifyBaseLogger;
  /** An unauthenticated socket is closed after this long. */
  authTimeoutMs: number;
}

/** Close codes: 1008 policy violation (unauthorized, too slow to authenticate, flooding). */
const POLICY = 1008;
/** A reader this far behind is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const RATE_BURST = 30;
const RATE_PER_SECOND = 10;
/** Refused commands in a row after which the socket is closed. */
const MAX_REFUSED = 100;

type RequestId = string | undefined;

/**
 * One browser socket (SPEC §7 "Websocket"): the first frame authenticates, then commands are
 * answered in order, each answer echoing its requestId. Nothing a client sends crashes it:
 * malformed frames get a translated /user/error.
 */
export class Connection implements HubClient {
  private user: AuthUser | null = null;
  /** A refused auth ends the socket: frames still queued behind it are not answered. */
  private refused = false;
  private attached = false;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly bucket = new TokenBucket(RATE_BURST, RATE_PER_SECOND);
  private refusedInARow = 0;
  private readonly authTimer: NodeJS.Timeout;
  lastSeen = Date.now();

  constructor(
    private readonly ws: WebSocket,
    private readonly lang: Lang,
    private readonly ctx: ConnectionContext,
    /** The client address (the log-in throttle's key). */
    private readonly ip: string,
  ) {
    this.authTimer = setTimeout(() => {
      if (!this.user) this.ws.close(POLICY, 'authentication timeout');
    }, ctx.authTimeoutMs);
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', (err) => this.ctx.log.debug({ err }, 'websocket error'));
  }

  get userId(): number {
    return this.user?.id ?? 0;
  }

  get sessionId(): number {
    return this.user?.sessionId ?? 0;
  }

  get userTypes(): readonly string[] {
    return this.user?.types ?? [];
  }

  sendText(text: string): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  endUnauthorized(): void {
    this.send({ topic: wsTopics.unauthorized, data: null });
    this.detach();
    this.user = null;
    this.ws.close(POLICY, 'unauthorized');
  }

  terminate(): void {
    this.ws.terminate();
  }

  private send(frame: WsServerFrame): void {
    this.sendText(JSON.stringify(frame));
  }

  private sendError(requestId: RequestId, command: string | null, key: string, err?: ApiError) {
    this.send({
      topic: wsTopics.error,
      requestId,
      data: {
        command,
        message: message(
          this.lang,
          key,
          err?.options.severity ?? 'error',
          undefined,
          err?.options.vars,
        ),
      },
    });
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    let json: unknown = undefined;
    if (!isBinary) {
      try {
        json = JSON.parse(rawText(data));
      } catch {
        json = undefined;
      }
    }
    const { requestId, command } = echoable(json);
    if (!this.bucket.take()) {
      if (++this.refusedInARow > MAX_REFUSED) this.ws.close(POLICY, 'too many requests');
      else this.sendError(requestId, command, 'error.tooManyRequests');
      return;
    }
    this.refusedInARow = 0;
    const parsed = json === undefined ? null : wsClientFrameSchema.safeParse(json);
    if (!parsed?.success) {
      const unknown = command !== null && !(wsCommands as string[]).includes(command);
      this.sendError(requestId, command, unknown ? 'error.routeNotFound' : 'error.badRequest');
      return;
    }
    // In order: commands sent right after auth are answered as that user.
    this.queue = this.queue
      .then(() => this.handle(parsed.data))
      .catch((err: unknown) => this.ctx.log.error({ err }, 'websocket frame failed'));
  }

  private async handle(frame: WsClientFrame): Promise<void> {
    if (this.closed || this.refused) return;
    const { requestId } = frame;
    if (frame.command === 'auth') return this.authenticate(frame);
    const user = this.user;
    if (!user) return this.send({ topic: wsTopics.unauthorized, requestId, data: null });
    const parking = this.ctx.parking();
    try {
      switch (frame.command) {
        case 'ping':
          return this.send({ topic: wsTopics.pong, requestId, data: null });
        case 'getRoamingCharge':
          return this.send({
            topic: wsTopics.roamingCharge,
            requestId,
            data: await this.ctx.roamingCharge(user.id),
          });
        case 'getParkingSession':
          return this.send({
            topic: wsTopics.parkingSession,
            requestId,
            data: await parking.currentSession(user, this.lang),
          });
        case 'getCanOpen':
          return this.send({
            topic: wsTopics.canOpen,
            requestId,
            data: await parking.canOpen(user, frame.parkingSessionId),
          });
        case 'openGate':
          return this.send({
            topic: wsTopics.canOpen,
            requestId,
            data: await parking.openGate(user, frame.parkingSessionId),
          });
        case 'getCanStop':
          return this.send({
            topic: wsTopics.canStop,
            requestId,
            data: await parking.canStop(user, frame.parkingSessionId),
          });
        case 'getParkingSurcharge':
          return this.send({
            topic: wsTopics.parkingSurcharge,
            requestId,
            data: await parking.surcharge(user, frame.surchargeId, this.lang),
          });
        case 'getCanOpenSurcharge':
          return this.send({
            topic: wsTopics.canOpen,
            requestId,
            data: await parking.canOpenSurcharge(user, frame.surchargeId),
          });
        case 'openGateSurcharge':
          return this.send({
            topic: wsTopics.canOpen,
            requestId,
            data: await parking.openGateSurcharge(user, frame.surchargeId),
          });
      }
    } catch (err) {
      if (err instanceof ApiError)
        return this.sendError(requestId, frame.command, err.messageKey, err);
      this.ctx.log.error(
        { err, userId: user.id, command: frame.command },
        'websocket command failed',
      );
      this.sendError(requestId, frame.command, 'error.internal');
    }
  }

  private async authenticate(frame: Extract<WsClientFrame, { command: 'auth' }>): Promise<void> {
    const login = frame.email?.trim() ?? '';
    const throttleKey = `ws-auth-ip:${this.ip}`;
    let user: AuthUser | null = null;
    try {
      // Failed auth frames count as failed HTTP log-ins do (decision 0031): past the limit an
      // address may not try tokens at all for a while, whatever it sends.
      const until = await lockedUntil(this.ctx.db, throttleKey);
      if (until) {
        if (this.closed) return;
        const minutes = Math.max(1, Math.round((until.getTime() - Date.now()) / 60_000));
        this.sendError(
          frame.requestId,
          'auth',
          'login.locked',
          new ApiError(429, 'login.locked', { vars: { minutes } }),
        );
        return this.refuse('too many failed log-ins');
      }
      if (frame.accessToken !== undefined)
        user = await resolveUser(this.ctx.db, { kind: 'bearer', token: frame.accessToken });
      else if (login && frame.token)
        user = await resolveUser(this.ctx.db, { kind: 'basic', login, token: frame.token });
    } catch (err) {
      this.ctx.log.error({ err }, 'websocket authentication failed');
      return this.sendError(frame.requestId, 'auth', 'error.internal');
    }
    if (this.closed) return;
    // A guest's e-mailed charge link opens that charge's calls only, not the live socket.
    if (user?.chargeId != null) user = null;
    if (!user) {
      try {
        await recordFailure(this.ctx.db, throttleKey, policies.wsAuthIp);
      } catch (err) {
        this.ctx.log.error({ err }, 'websocket log-in throttle failed');
      }
      if (this.closed) return;
      this.send({ topic: wsTopics.unauthorized, requestId: frame.requestId, data: null });
      return this.refuse('unauthorized');
    }
    clearTimeout(this.authTimer);
    if (this.user && this.user.id !== user.id) this.detach();
    this.user = user;
    this.attached = true;
    await this.ctx.hub.attach(this);
    if (this.closed) return this.detach();
    // SPEC §4: on open the user's parking session is pushed (null: no current parking).
    try {
      this.send({
        topic: wsTopics.parkingSession,
        requestId: frame.requestId,
        data: await this.ctx.parking().currentSession(user, this.lang),
      });
    } catch (err) {
      this.ctx.log.error({ err, userId: user.id }, 'websocket parking session failed');
      this.sendError(frame.requestId, 'auth', 'error.internal');
    }
  }

  private refuse(reason: string): void {
    this.refused = true;
    this.detach();
    this.user = null;
    this.ws.close(POLICY, reason);
  }

  private detach(): void {
    if (!this.attached) return;
    this.attached = false;
    this.ctx.hub.detach(this);
  }

  private onClose(): void {
    this.closed = true;
    clearTimeout(this.authTimer);
    this.detach();
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** The requestId and command of a frame, if they are fit to be echoed in an error. */
function echoable(json: unknown): { requestId: RequestId; command: string | null } {
  if (typeof json !== 'object' || json === null) return { requestId: undefined, command: null };
  const { requestId, command } = json as Record<string, unknown>;
  return {
    requestId: typeof requestId === 'string' && requestId.length <= 64 ? requestId : undefined,
    command: typeof command === 'string' && command.length <= 64 ? command : null,
  };
}
