import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { createRPCError, RPCServer, type RPCClient, type IHandlersOption } from 'ocpp-rpc';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { MAX_WS_FRAME_BYTES } from '../../core/websocket.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { chargePoints, ocppFrames, ocppIdTags, ocppTransactions } from '../../db/schema/index.js';
import { OcppEvents, type TransactionStarted } from './events.js';
import { verifyChargePointKey } from './keys.js';
import { readMeterValue, type MeterValue } from './meter.js';
import { onlineStatusSql } from './status.js';
import { GroupCommit } from './group-commit.js';
import { writeMeterValues, type MeterWrite, type MeterWriteResult } from './meter-writes.js';
import type { RedisCommandRouter } from './redis-router.js';
import { chargePointIdOfUrl, payloadProblem, storable, storableTransactionId } from './edge.js';
import { ocpp16Validator } from './validator.js';

type RpcClient = RPCClient & { identity: string };

export interface IdTagInfo {
  status: 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';
  expiryDate?: string;
  parentIdTag?: string;
}

/** Answers an id tag the `ocpp_id_tags` table does not know (e.g. the charging module's tokens). */
export type IdTagAuthorizer = (idTag: string, chargePointId: string) => Promise<IdTagInfo | null>;

export interface OcppSettings {
  /** Heartbeat interval given in BootNotification.conf, seconds. */
  heartbeatIntervalSec: number;
  /** Offline after 2 × interval + this margin without a message, seconds. */
  offlineMarginSec: number;
  /** How often seen-timestamps are written (one batched UPDATE), ms. */
  flushEveryMs: number;
  /** How often the offline sweep runs, ms. */
  sweepEveryMs: number;
  /** A charge point's seen-timestamp is written at most this often, ms (≪ the offline timeout). */
  seenWriteEveryMs: number;
  /** Default timeout of outgoing commands, ms. */
  commandTimeoutMs: number;
}

/** The module's timings from the configuration (config.ts reads OCPP_* from the environment). */
export function ocppSettings(
  c: Pick<Config['ocpp'], 'heartbeatIntervalSec' | 'offlineMarginSec' | 'commandTimeoutMs'> = {
    heartbeatIntervalSec: 300,
    offlineMarginSec: 30,
    commandTimeoutMs: 30_000,
  },
): OcppSettings {
  const interval = c.heartbeatIntervalSec;
  return {
    heartbeatIntervalSec: interval,
    offlineMarginSec: c.offlineMarginSec,
    flushEveryMs: Math.min(5000, interval * 250),
    sweepEveryMs: Math.min(15_000, interval * 500),
    seenWriteEveryMs: Math.min(60_000, interval * 250),
    commandTimeoutMs: c.commandTimeoutMs,
  };
}

export class ChargePointNotConnectedError extends Error {
  override name = 'ChargePointNotConnectedError';
  constructor(readonly chargePointId: string) {
    super(`charge point ${chargePointId} is not connected`);
  }
}

type Frame = typeof ocppFrames.$inferInsert;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Incoming actions whose frames are transaction evidence (decision 0005). */
const EVIDENCE_ACTIONS = new Set(['StartTransaction', 'StopTransaction', 'MeterValues']);

type RpcError = Error & { rpcErrorCode?: string };

/** A CALLERROR the central system sends: an OCPP error code and a short text of its own. */
const rpcError = (code: string, description: string) =>
  createRPCError(code, description, {}) as RpcError;

/**
 * The OCPP 1.6J central system: websocket handshake (subprotocol, Basic auth), the charger's
 * Core messages, outgoing commands, online/offline tracking and transaction evidence.
 */
export class CentralSystem {
  readonly events = new OcppEvents();
  /**
   * StartTransactions another replica received (REDIS_URL), only for
   * {@link OcppCommands.waitForStart}: `events` stays once per message across replicas.
   */
  readonly startedElsewhere = new OcppEvents();
  readonly rpc: RPCServer;
  /** Sockets held by this replica. */
  readonly clients = new Map<string, RpcClient>();
  authorizer: IdTagAuthorizer | null = null;
  /** Cross-replica command routing (REDIS_URL); null = in-process only. */
  router: RedisCommandRouter | null = null;
  private seen = new Map<string, Date>();
  /** What each connector reported on the charge point's current connection (this replica). */
  private reported = new Map<string, Map<number, string>>();
  /** When this replica last wrote each charge point's seen-timestamp (ms since epoch). */
  private written = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    readonly settings: OcppSettings = ocppSettings(),
  ) {
    this.rpc = new RPCServer({
      protocols: ['ocpp1.6'],
      strictMode: true,
      callTimeoutMs: settings.commandTimeoutMs,
      respondWithDetailedErrors: false,
      strictModeValidators: [ocpp16Validator()],
      wssOptions: { maxPayload: MAX_WS_FRAME_BYTES },
    });
    this.rpc.auth((accept, reject, handshake) => {
      void this.authenticate(handshake.identity, handshake.protocols, handshake.password).then(
        (err) => (err ? reject(err[0], err[1]) : accept({}, 'ocpp1.6')),
        (e: unknown) => {
          this.log.error({ err: e }, 'ocpp handshake failed');
          reject(500, 'Internal error');
        },
      );
    });
    this.rpc.on('client', (c: unknown) => this.onClient(c as RpcClient));
  }

  /**
   * For the HTTP server's `upgrade` event (paths under /ocpp/). An id no charge point can have
   * is refused here, before the database is asked.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (chargePointIdOfUrl(req.url) === null) {
      this.log.info(
        { path: (req.url ?? '').split('?')[0]!.slice(0, 200) },
        'ocpp handshake refused: invalid charge point id',
      );
      refuseUpgrade(socket, 400, 'Invalid charge point id');
      return;
    }
    this.rpc.handleUpgrade(req, socket as never, head).catch((err: unknown) => {
      this.log.error({ err }, 'ocpp upgrade failed');
      socket.destroy();
    });
  }

  start(): void {
    this.timers.push(
      setInterval(
        () => void this.flushSeen().catch((err: unknown) => this.log.error({ err }, 'ocpp flush')),
        this.settings.flushEveryMs,
      ),
      setInterval(
        () =>
          void this.sweepOffline().catch((err: unknown) => this.log.error({ err }, 'ocpp sweep')),
        this.settings.sweepEveryMs,
      ),
    );
    for (const t of this.timers) t.unref();
  }

  /** Stops the periodic flush and sweep (tests drive them by hand); start() resumes. */
  stopTimers(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    await this.rpc.close({ force: true }).catch(() => {});
    await this.router?.close();
    await this.flushSeen().catch(() => {});
  }

  private async authenticate(
    identity: string,
    protocols: Set<string>,
    password: Buffer | undefined,
  ): Promise<[number, string] | null> {
    if (!protocols.has('ocpp1.6')) return [400, 'Subprotocol ocpp1.6 required'];
    const [cp] = await this.db
      .select({ hash: chargePoints.authKeyHash, disabled: chargePoints.disabled })
      .from(chargePoints)
      .where(eq(chargePoints.id, identity));
    if (!cp) return [404, 'Unknown charge point'];
    if (!cp.hash || !(await verifyChargePointKey(cp.hash, password))) return [401, 'Unauthorized'];
    if (cp.disabled) return [403, 'Charge point disabled'];
    return null;
  }

  private onClient(client: RpcClient): void {
    const id = client.identity;
    const previous = this.clients.get(id);
    this.clients.set(id, client);
    if (previous && previous !== client)
      void previous.close({ code: 1000, reason: 'replaced', force: true });
    this.markSeen(id);
    this.reported.set(id, new Map());
    this.router?.hold(id);
    client.on('close', (e: { code: number }) => {
      if (e.code === 1009) {
        this.log.warn({ chargePointId: id, maxBytes: MAX_WS_FRAME_BYTES }, 'ocpp frame too large');
      }
      if (this.clients.get(id) === client) {
        this.clients.delete(id);
        this.reported.delete(id);
        this.router?.release(id);
      }
    });
    // Errors this replica already logged (and kept as evidence) before answering.
    const answered = new WeakSet<object>();
    const h = <P>(method: string, fn: (params: P, o: IHandlersOption) => Promise<object>) =>
      client.handle(method, async (o: IHandlersOption) => {
        this.markSeen(id);
        const messageId = o.messageId ?? '';
        const problem = payloadProblem(method, o.params);
        let error: RpcError;
        if (problem) {
          error = rpcError('PropertyConstraintViolation', problem);
          this.log.warn(
            { chargePointId: id, action: method, messageId, code: error.rpcErrorCode, problem },
            'ocpp call refused',
          );
        } else {
          try {
            return (await fn(o.params as P, o)) as Record<string, unknown>;
          } catch (err) {
            // The charger gets a generic text; the details (SQL, stack) stay in this log.
            this.log.error(
              { err, chargePointId: id, action: method, messageId },
              'ocpp handler failed',
            );
            error = rpcError('InternalError', 'Internal error');
          }
        }
        await this.keepRefusedFrame(id, method, messageId, o.params, error);
        answered.add(error);
        throw error;
      });
    // Every other CALLERROR (schema violations, unknown actions, a repeated message id) is
    // logged too, and a transaction message's frame kept whatever happened.
    client.on(
      'callError',
      (e: { messageId: string; method: string; params: unknown; error: RpcError }) => {
        if (answered.has(e.error)) return;
        this.log.warn(
          {
            chargePointId: id,
            action: e.method,
            messageId: e.messageId,
            code: e.error.rpcErrorCode,
            // ocpp-rpc's texts may quote what the charger sent (an unknown action's name).
            problem: e.error.message.slice(0, 200),
            validation: e.error.cause,
          },
          'ocpp call refused',
        );
        void this.keepRefusedFrame(id, e.method, e.messageId, e.params, e.error);
      },
    );
    client.on('badMessage', (e: { error: Error }) => {
      this.log.warn(
        { chargePointId: id, problem: e.error.message.slice(0, 200) },
        'ocpp bad message',
      );
    });
    client.on('socketError', (err: Error) => {
      this.log.warn({ chargePointId: id, err }, 'ocpp socket error');
    });
    h<BootParams>('BootNotification', (p) => this.onBoot(id, p));
    h('Heartbeat', async () => ({ currentTime: new Date().toISOString() }));
    h<StatusParams>('StatusNotification', (p) => this.onStatus(id, p));
    h<{ idTag: string }>('Authorize', async (p) => ({
      idTagInfo: await this.authorize(p.idTag, id),
    }));
    h<StartParams>('StartTransaction', (p, o) => this.onStart(id, p, o.messageId ?? ''));
    h<StopParams>('StopTransaction', (p, o) => this.onStop(id, p, o.messageId ?? ''));
    h<MeterParams>('MeterValues', (p, o) => this.onMeterValues(id, p, o.messageId ?? ''));
    h('DataTransfer', async () => ({ status: 'UnknownVendorId' }));
    h('DiagnosticsStatusNotification', async () => ({}));
    h('FirmwareStatusNotification', async () => ({}));
    // After our restart (or the charger's reconnect) the stored statuses may be stale: only what
    // the charger says now counts, so it is asked to report every connector.
    setImmediate(() => {
      if (this.clients.get(id) !== client) return;
      void this.callLocal(id, 'TriggerMessage', { requestedMessage: 'StatusNotification' }).catch(
        (err: unknown) => this.log.debug({ err, chargePointId: id }, 'status trigger failed'),
      );
    });
  }

  /** Any message counts as a sign of life; written in batches by {@link flushSeen}. */
  private markSeen(id: string): void {
    this.seen.set(id, new Date());
  }

  // ---- incoming ----

  private async onBoot(id: string, _p: BootParams) {
    const now = new Date();
    const [cp] = await this.db
      .update(chargePoints)
      .set({
        lastBootAt: now,
        lastHeartbeatAt: now,
        registeredAt: sql`coalesce(${chargePoints.registeredAt}, now())`,
      })
      .where(and(eq(chargePoints.id, id), eq(chargePoints.disabled, false)))
      .returning({ id: chargePoints.id });
    if (!cp) {
      return {
        status: 'Rejected',
        currentTime: now.toISOString(),
        interval: this.settings.heartbeatIntervalSec,
      };
    }
    await this.restore([id]);
    return {
      status: 'Accepted',
      currentTime: now.toISOString(),
      interval: this.settings.heartbeatIntervalSec,
    };
  }

  private async onStatus(id: string, p: StatusParams) {
    const at = p.timestamp ? new Date(p.timestamp) : new Date();
    const thisConnection = this.reported.get(id);
    const previous = thisConnection?.get(p.connectorId) ?? null;
    thisConnection?.set(p.connectorId, p.status);
    if (p.connectorId === 0) {
      await this.db.transaction(async (tx) => {
        await tx.update(chargePoints).set({ ocppStatus: p.status }).where(eq(chargePoints.id, id));
        await tx.execute(sql`
          update chargers c set
            status = case when c.out_of_service then 'OUT_OF_SERVICE'::charger_status
              else coalesce(${onlineStatusSql(sql`c.ocpp_status`, sql`${p.status}`)}, c.status) end,
            status_changed_at = now()
          where c.charge_point_id = ${id}`);
      });
      return {};
    }
    const rows = await this.db.execute(sql`
      update chargers c set
        ocpp_status = ${p.status},
        status = case when c.out_of_service then 'OUT_OF_SERVICE'::charger_status
          else coalesce(${onlineStatusSql(sql`${p.status}`, sql`cp.ocpp_status`)}, c.status) end,
        status_changed_at = now()
      from charge_points cp
      where cp.id = c.charge_point_id and c.charge_point_id = ${id} and c.connector_id = ${p.connectorId}
      returning c.status, c.out_of_service`);
    const row = rowsOf<{ status: string }>(rows)[0];
    if (row) {
      this.events.emit('connectorStatus', {
        chargePointId: id,
        connectorId: p.connectorId,
        ocppStatus: p.status,
        status: row.status as never,
        errorCode: p.errorCode,
        timestamp: at,
        previousOcppStatus: previous,
      });
    }
    return {};
  }

  /** idTagInfo for a tag: the id-tag table, then the pluggable authorizer, else Invalid. */
  async authorize(idTag: string, chargePointId: string): Promise<IdTagInfo> {
    const [tag] = await this.db.select().from(ocppIdTags).where(eq(ocppIdTags.idTag, idTag));
    if (tag) {
      const info: IdTagInfo = { status: tag.status };
      if (tag.status === 'Accepted' && tag.expiresAt && tag.expiresAt.getTime() <= Date.now()) {
        info.status = 'Expired';
      }
      if (tag.expiresAt) info.expiryDate = tag.expiresAt.toISOString();
      if (tag.parentIdTag) info.parentIdTag = tag.parentIdTag;
      return info;
    }
    const external = this.authorizer ? await this.authorizer(idTag, chargePointId) : null;
    return external ?? { status: 'Invalid' };
  }

  private async onStart(id: string, p: StartParams, messageId: string) {
    const receivedAt = new Date();
    const idTagInfo = await this.authorize(p.idTag, id).catch(
      () => ({ status: 'Invalid' }) as IdTagInfo,
    );
    const startedAt = new Date(p.timestamp);
    const values = {
      chargePointId: id,
      connectorId: p.connectorId,
      idTag: p.idTag,
      idTagStatus: idTagInfo.status,
      reservationId: p.reservationId ?? null,
      meterStartWh: p.meterStart,
      startedAt,
    };
    const { txId, created } = await this.db.transaction(async (tx) => {
      const [ins] = await tx
        .insert(ocppTransactions)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: ocppTransactions.id });
      let txId = ins?.id;
      if (txId === undefined) {
        const [existing] = await tx
          .select({ id: ocppTransactions.id })
          .from(ocppTransactions)
          .where(
            and(
              eq(ocppTransactions.chargePointId, id),
              eq(ocppTransactions.connectorId, p.connectorId),
              eq(ocppTransactions.idTag, p.idTag),
              eq(ocppTransactions.startedAt, startedAt),
              eq(ocppTransactions.meterStartWh, p.meterStart),
            ),
          );
        txId = existing!.id;
      }
      await tx
        .insert(ocppFrames)
        .values(
          this.framePair(
            id,
            txId,
            'StartTransaction',
            messageId,
            p,
            { transactionId: txId, idTagInfo },
            receivedAt,
          ),
        );
      if (ins) {
        // The remote start that asked for this transaction (same connector and idTag, recent)
        // joins its evidence.
        await tx.execute(sql`
          update ocpp_frames set transaction_id = ${txId}
          where charge_point_id = ${id} and action = 'RemoteStartTransaction' and transaction_id is null
            and message_id = (
              select message_id from ocpp_frames
              where charge_point_id = ${id} and action = 'RemoteStartTransaction' and direction = 'out'
                and transaction_id is null and payload->>'idTag' = ${p.idTag}
                and coalesce((payload->>'connectorId')::int, ${p.connectorId}) = ${p.connectorId}
                and at > now() - interval '15 minutes'
              order by id desc limit 1)`);
      }
      return { txId, created: ins !== undefined };
    });
    if (created) {
      const started: TransactionStarted = {
        transactionId: txId,
        chargePointId: id,
        connectorId: p.connectorId,
        idTag: p.idTag,
        idTagStatus: idTagInfo.status,
        meterStartWh: p.meterStart,
        timestamp: startedAt,
        reservationId: p.reservationId ?? null,
      };
      this.events.emit('transactionStarted', started);
      this.router?.announceStart(started);
    }
    return { transactionId: txId, idTagInfo };
  }

  private async onStop(id: string, p: StopParams, messageId: string) {
    const receivedAt = new Date();
    const idTagInfo = p.idTag ? await this.authorize(p.idTag, id).catch(() => null) : null;
    const reply = idTagInfo ? { idTagInfo } : {};
    const stoppedAt = new Date(p.timestamp);
    const readings = (p.transactionData ?? []).map(readMeterValue);
    const last = latestEnergy(readings);
    const stopped = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(ocppTransactions)
        .where(
          and(eq(ocppTransactions.id, p.transactionId), eq(ocppTransactions.chargePointId, id)),
        )
        .for('update');
      await tx
        .insert(ocppFrames)
        .values(
          this.framePair(id, p.transactionId, 'StopTransaction', messageId, p, reply, receivedAt),
        );
      if (!row || row.stoppedAt) return null;
      const newer = last && (!row.lastMeterAt || last.at >= row.lastMeterAt);
      const [upd] = await tx
        .update(ocppTransactions)
        .set({
          meterStopWh: p.meterStop,
          stoppedAt,
          stopReason: p.reason ?? 'Local',
          stopIdTag: p.idTag ?? null,
          ...(newer ? { lastMeterWh: last.wh, lastMeterAt: last.at } : {}),
          updatedAt: new Date(),
        })
        .where(eq(ocppTransactions.id, row.id))
        .returning();
      return upd!;
    });
    if (stopped) {
      this.events.emit('transactionStopped', {
        transactionId: stopped.id,
        chargePointId: id,
        connectorId: stopped.connectorId,
        idTag: stopped.idTag,
        meterStartWh: stopped.meterStartWh,
        meterStopWh: p.meterStop,
        energyWh: Math.max(0, p.meterStop - stopped.meterStartWh),
        startedAt: stopped.startedAt,
        timestamp: stoppedAt,
        reason: p.reason ?? null,
      });
    }
    return reply;
  }

  private async onMeterValues(id: string, p: MeterParams, messageId: string) {
    if (p.transactionId === undefined) return {};
    const receivedAt = new Date();
    const readings = p.meterValue.map(readMeterValue);
    const last = latestEnergy(readings);
    const lastPower = readings.filter((r) => r.powerW !== null).at(-1)?.powerW ?? null;
    const tx = await this.meterWrites.submit({
      chargePointId: id,
      transactionId: p.transactionId,
      wh: last?.wh ?? null,
      at: last?.at.toISOString() ?? null,
      powerW: lastPower,
      frames: this.framePair(id, p.transactionId, 'MeterValues', messageId, p, {}, receivedAt),
    });
    if (tx) {
      for (const r of readings) {
        this.events.emit('meterValues', {
          transactionId: p.transactionId,
          chargePointId: id,
          connectorId: p.connectorId,
          registerWh: r.energyWh,
          energyWh: r.energyWh === null ? null : Math.max(0, r.energyWh - tx.meterStartWh),
          powerW: r.powerW,
          context: r.context,
          timestamp: r.timestamp,
        });
      }
    }
    return {};
  }

  /** MeterValues of many chargers stored together (group commit), answered after commit. */
  private readonly meterWrites = new GroupCommit<MeterWrite, MeterWriteResult>(
    (items) => writeMeterValues(this.db, items),
    // A few at once (the PostgreSQL pool has 10 connections): one commit's wait (fsync, a busy
    // CPU) does not hold up the next batch. A charger's messages never overlap (one call at a
    // time), so concurrent batches do not touch the same transaction row.
    { maxConcurrent: 4 },
  );

  /**
   * A transaction message answered with a CALLERROR is still evidence: the charger's frame (made
   * storable) and the error sent back. Stored before the answer when the handler refused it.
   */
  private async keepRefusedFrame(
    chargePointId: string,
    action: string,
    messageId: string,
    payload: unknown,
    error: RpcError,
  ): Promise<void> {
    if (!EVIDENCE_ACTIONS.has(action)) return;
    const tx =
      action === 'StartTransaction'
        ? null
        : storableTransactionId((payload as { transactionId?: unknown } | null)?.transactionId);
    const at = new Date();
    const frame = (direction: 'in' | 'out', messageType: number, body: unknown): Frame => ({
      chargePointId,
      transactionId: tx,
      direction,
      messageType,
      messageId: storable(messageId) as string,
      action,
      payload: storable(body ?? null),
      at,
    });
    await this.db
      .insert(ocppFrames)
      .values([
        frame('in', 2, payload),
        frame('out', 4, {
          errorCode: error.rpcErrorCode ?? 'GenericError',
          errorDescription: error.message,
        }),
      ])
      .catch((err: unknown) =>
        this.log.error({ err, chargePointId, action, messageId }, 'ocpp evidence not stored'),
      );
  }

  private framePair(
    chargePointId: string,
    transactionId: number | null,
    action: string,
    messageId: string,
    payload: unknown,
    reply: unknown,
    receivedAt: Date,
  ): Frame[] {
    return [
      {
        chargePointId,
        transactionId,
        direction: 'in',
        messageType: 2,
        messageId: storable(messageId) as string,
        action,
        payload,
        at: receivedAt,
      },
      {
        chargePointId,
        transactionId,
        direction: 'out',
        messageType: 3,
        messageId: storable(messageId) as string,
        action,
        payload: reply,
        at: new Date(),
      },
    ];
  }

  // ---- online / offline ----

  /**
   * Writes the seen-timestamps in one statement; charge points that were offline come back.
   * A charge point's timestamp is written at most every `seenWriteEveryMs` (far inside the
   * offline timeout): 10,000 chargers talking every few seconds must not mean 10,000 row
   * updates every flush. Every flush still checks the ones heard from for the operator's
   * disable switch.
   */
  async flushSeen(): Promise<void> {
    if (this.seen.size === 0) return;
    const now = Date.now();
    const due: { id: string; at: string }[] = [];
    const recent: string[] = [];
    for (const [id, at] of this.seen) {
      if (now - (this.written.get(id) ?? 0) >= this.settings.seenWriteEveryMs) {
        due.push({ id, at: at.toISOString() });
        this.written.set(id, now);
      } else recent.push(id);
    }
    this.seen.clear();
    const disabled: string[] = [];
    if (due.length > 0) {
      const json = JSON.stringify(due);
      // Lock first (in id order, like the sweep), then update: one statement that both locks
      // and updates the same rows would skip them (self-modified), and the sweep must not mark
      // a charge point offline between the read and the write.
      const rows = await this.db.transaction(async (tx) => {
        const locked = rowsOf<{ id: string; back: boolean; disabled: boolean }>(
          await tx.execute(sql`
            select id, offline_at is not null as back, disabled from charge_points
            where id in (select t.id from jsonb_to_recordset(${json}::jsonb) as t(id text, at timestamptz))
            order by id for update`),
        );
        await tx.execute(sql`
          update charge_points cp set
            last_heartbeat_at = greatest(cp.last_heartbeat_at, t.at), offline_at = null
          from jsonb_to_recordset(${json}::jsonb) as t(id text, at timestamptz)
          where cp.id = t.id`);
        const back = locked.filter((r) => r.back && !r.disabled).map((r) => r.id);
        if (back.length > 0) await this.restore(back, tx);
        return locked;
      });
      for (const r of rows) if (r.disabled) disabled.push(r.id);
    }
    if (recent.length > 0) {
      const rows = rowsOf<{ id: string }>(
        await this.db.execute(sql`
          select id from charge_points
          where disabled and id in (select jsonb_array_elements_text(${JSON.stringify(recent)}::jsonb))`),
      );
      for (const r of rows) disabled.push(r.id);
    }
    // Disabled by the operator (e.g. with the CLI, from another process): hang up.
    for (const id of disabled) {
      void this.clients.get(id)?.close({ code: 1008, reason: 'disabled', force: true });
    }
  }

  /** Connectors of these charge points take their last reported status again. */
  private async restore(ids: string[], db: DbOrTx = this.db): Promise<void> {
    await db.execute(sql`
      update chargers c set
        status = ${onlineStatusSql(sql`c.ocpp_status`, sql`cp.ocpp_status`)}, status_changed_at = now()
      from charge_points cp
      where cp.id = c.charge_point_id and c.charge_point_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        and not c.out_of_service and c.ocpp_status is not null
        and c.status is distinct from ${onlineStatusSql(sql`c.ocpp_status`, sql`cp.ocpp_status`)}`);
    await db
      .update(chargePoints)
      .set({ offlineAt: null })
      .where(
        sql`${chargePoints.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) and ${chargePoints.offlineAt} is not null`,
      );
  }

  /**
   * The durable offline job (any replica may run it): charge points not heard from for
   * 2 × interval + margin are claimed with FOR UPDATE SKIP LOCKED and their connectors become
   * UNKNOWN. Returns the ids marked offline.
   */
  async sweepOffline(): Promise<string[]> {
    await this.flushSeen();
    const timeoutSec = 2 * this.settings.heartbeatIntervalSec + this.settings.offlineMarginSec;
    return this.db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          with stale as (
            select id from charge_points
            where last_boot_at is not null and offline_at is null
              and coalesce(last_heartbeat_at, last_boot_at) < now() - make_interval(secs => ${timeoutSec})
            order by id limit 1000
            for update skip locked)
          update charge_points cp set offline_at = now() from stale where cp.id = stale.id
          returning cp.id`),
      );
      const ids = rows.map((r) => r.id);
      // Their next sign of life is written at once, so they come back.
      for (const id of ids) this.written.delete(id);
      if (ids.length > 0) {
        await tx.execute(sql`
          update chargers set status = 'UNKNOWN', status_changed_at = now()
          where charge_point_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
            and not out_of_service and status <> 'UNKNOWN'`);
      }
      return ids;
    });
  }

  // ---- outgoing commands ----

  isConnected(chargePointId: string): boolean {
    return this.clients.has(chargePointId);
  }

  /**
   * Sends a command to a charger and returns its answer: directly when this replica holds the
   * socket, else through the Redis router to the replica that does.
   */
  async call<T = Record<string, unknown>>(
    chargePointId: string,
    action: string,
    params: Record<string, unknown>,
    timeoutMs = this.settings.commandTimeoutMs,
    transactionId: number | null = null,
  ): Promise<T> {
    if (!this.clients.has(chargePointId) && this.router) {
      return (await this.router.call(chargePointId, action, params, timeoutMs, transactionId)) as T;
    }
    return this.callLocal<T>(chargePointId, action, params, timeoutMs, transactionId);
  }

  /** A command to a charger whose socket this replica holds. */
  async callLocal<T = Record<string, unknown>>(
    chargePointId: string,
    action: string,
    params: Record<string, unknown>,
    timeoutMs = this.settings.commandTimeoutMs,
    transactionId: number | null = null,
  ): Promise<T> {
    const client = this.clients.get(chargePointId);
    if (!client) throw new ChargePointNotConnectedError(chargePointId);
    const evidence = action === 'RemoteStartTransaction' || action === 'RemoteStopTransaction';
    // Evidence frames share a correlation id (ocpp-rpc does not expose its message id); the
    // request is stored before it is sent so the StartTransaction that follows can link it.
    const correlation = randomUUID();
    const frame = (direction: 'in' | 'out', messageType: number, payload: object): Frame => ({
      chargePointId,
      transactionId,
      direction,
      messageType,
      messageId: correlation,
      action,
      payload,
      at: new Date(),
    });
    if (evidence) await this.db.insert(ocppFrames).values(frame('out', 2, params));
    let result: T;
    try {
      result = (await client.call(action, params, { callTimeoutMs: timeoutMs })) as T;
    } catch (err) {
      if (evidence) {
        const e = err instanceof Error ? err : new Error(String(err));
        await this.db
          .insert(ocppFrames)
          .values(frame('in', 4, { error: e.name, message: e.message }))
          .catch(() => {});
      }
      throw err;
    }
    if (evidence) await this.db.insert(ocppFrames).values(frame('in', 3, result as object));
    return result;
  }
}

/** Answers an upgrade request with an HTTP error and hangs up. */
function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  );
}

function latestEnergy(
  readings: ReturnType<typeof readMeterValue>[],
): { wh: number; at: Date } | null {
  let best: { wh: number; at: Date } | null = null;
  for (const r of readings) {
    if (r.energyWh === null || Number.isNaN(r.timestamp.getTime())) continue;
    if (!best || r.timestamp >= best.at) best = { wh: r.energyWh, at: r.timestamp };
  }
  return best;
}

interface BootParams {
  chargePointVendor: string;
  chargePointModel: string;
  firmwareVersion?: string;
}
interface StatusParams {
  connectorId: number;
  errorCode: string;
  status: string;
  timestamp?: string;
  info?: string;
}
interface StartParams {
  connectorId: number;
  idTag: string;
  meterStart: number;
  timestamp: string;
  reservationId?: number;
}
interface StopParams {
  transactionId: number;
  idTag?: string;
  meterStop: number;
  timestamp: string;
  reason?: string;
  transactionData?: MeterValue[];
}
interface MeterParams {
  connectorId: number;
  transactionId?: number;
  meterValue: MeterValue[];
}
