import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { ChargePointNotConnectedError } from './central.js';
import type { TransactionStarted } from './events.js';

/** Runs a command on a charger whose socket this replica holds. */
export type LocalCall = (
  chargePointId: string,
  action: string,
  params: Record<string, unknown>,
  timeoutMs: number,
  transactionId: number | null,
) => Promise<unknown>;

interface Request {
  k: 'req';
  id: string;
  from: string;
  action: string;
  params: Record<string, unknown>;
  timeoutMs: number;
  transactionId: number | null;
}
interface Response {
  k: 'res';
  id: string;
  ok: boolean;
  result?: unknown;
  error?: { name: string; message: string };
}

export class RemoteCommandError extends Error {
  constructor(
    readonly remoteName: string,
    message: string,
  ) {
    super(message);
    this.name = remoteName;
  }
}

const cpChannel = (id: string) => `voltpark:ocpp:cp:${id}`;
const replyChannel = (instance: string) => `voltpark:ocpp:reply:${instance}`;
/** Every replica hears of each StartTransaction, for `waitForStart` on the replica that asked. */
const startedChannel = 'voltpark:ocpp:started';

interface StartedNotice {
  from: string;
  e: TransactionStarted;
}

/**
 * Command routing between replicas (REDIS_URL): a replica that holds a charger's socket
 * subscribes to that charge point's channel (its announcement); a command for a charger held
 * elsewhere is published there and the answer comes back on the sender's reply channel.
 * PUBLISH returns the number of subscribers, so "no replica holds it" is known at once.
 */
export class RedisCommandRouter {
  readonly instanceId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly pending = new Map<
    string,
    { resolve: (r: Response) => void; timer: NodeJS.Timeout }
  >();
  private readonly held = new Set<string>();

  constructor(
    url: string,
    private readonly local: LocalCall,
    private readonly isLocal: (id: string) => boolean,
    private readonly log: FastifyBaseLogger,
    /** A StartTransaction that another replica received. */
    private readonly onStartedElsewhere: (e: TransactionStarted) => void = () => {},
  ) {
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.pub.on('error', (err) => this.log.warn({ err }, 'redis (ocpp commands)'));
    this.sub.on('error', (err) => this.log.warn({ err }, 'redis (ocpp commands)'));
    this.sub.on('message', (channel: string, raw: string) => void this.onMessage(channel, raw));
  }

  async start(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(replyChannel(this.instanceId), startedChannel);
  }

  /** Tells the other replicas of a StartTransaction this replica received. */
  announceStart(e: TransactionStarted): void {
    const notice: StartedNotice = { from: this.instanceId, e };
    void this.pub
      .publish(startedChannel, JSON.stringify(notice))
      .catch((err: unknown) => this.log.warn({ err }, 'redis publish (transaction started)'));
  }

  async close(): Promise<void> {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    this.pub.disconnect();
    this.sub.disconnect();
  }

  /** This replica now holds the charger's socket. */
  hold(id: string): void {
    if (this.held.has(id)) return;
    this.held.add(id);
    void this.sub
      .subscribe(cpChannel(id))
      .catch((err: unknown) => this.log.warn({ err, id }, 'redis subscribe'));
  }

  release(id: string): void {
    if (!this.held.delete(id)) return;
    void this.sub.unsubscribe(cpChannel(id)).catch(() => {});
  }

  /** Sends a command through the replica that holds the charger's socket. */
  async call(
    chargePointId: string,
    action: string,
    params: Record<string, unknown>,
    timeoutMs: number,
    transactionId: number | null,
  ): Promise<unknown> {
    const req: Request = {
      k: 'req',
      id: randomUUID(),
      from: this.instanceId,
      action,
      params,
      timeoutMs,
      transactionId,
    };
    const answer = new Promise<Response>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(req.id);
        resolve({
          k: 'res',
          id: req.id,
          ok: false,
          error: { name: 'TimeoutError', message: `${action} timed out` },
        });
      }, timeoutMs + 1000);
      this.pending.set(req.id, { resolve, timer });
    });
    const receivers = await this.pub.publish(cpChannel(chargePointId), JSON.stringify(req));
    if (receivers === 0) {
      const p = this.pending.get(req.id);
      if (p) clearTimeout(p.timer);
      this.pending.delete(req.id);
      throw new ChargePointNotConnectedError(chargePointId);
    }
    const res = await answer;
    if (res.ok) return res.result;
    if (res.error?.name === 'ChargePointNotConnectedError')
      throw new ChargePointNotConnectedError(chargePointId);
    throw new RemoteCommandError(
      res.error?.name ?? 'Error',
      res.error?.message ?? 'remote command failed',
    );
  }

  private async onMessage(channel: string, raw: string): Promise<void> {
    let msg: Request | Response;
    try {
      msg = JSON.parse(raw) as Request | Response;
    } catch {
      return;
    }
    if (channel === startedChannel) {
      const { from, e } = msg as unknown as StartedNotice;
      if (from !== this.instanceId)
        this.onStartedElsewhere({ ...e, timestamp: new Date(e.timestamp) });
      return;
    }
    if (msg.k === 'res') {
      const p = this.pending.get(msg.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(msg.id);
      p.resolve(msg);
      return;
    }
    const id = channel.slice(cpChannel('').length);
    // A replica with a stale subscription stays silent; the holder answers.
    if (!this.isLocal(id)) return;
    let res: Response;
    try {
      const result = await this.local(id, msg.action, msg.params, msg.timeoutMs, msg.transactionId);
      res = { k: 'res', id: msg.id, ok: true, result };
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      res = {
        k: 'res',
        id: msg.id,
        ok: false,
        error: { name: e.name === 'Error' ? e.constructor.name : e.name, message: e.message },
      };
    }
    await this.pub.publish(replyChannel(msg.from), JSON.stringify(res));
  }
}
