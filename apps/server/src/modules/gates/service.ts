import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, eq, isNull, sql } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Db } from '../../db/client.js';
import { gateOpenRequests, gates } from '../../db/schema/index.js';
import { GateError } from './errors.js';
import {
  gateAckSchema,
  gateEventSchema,
  gateStatusSchema,
  gateTopic,
  parseGateTopic,
  parsePayload,
  type GateAckMessage,
  type GateCommand,
  type GateEventMessage,
  type GateStatusMessage,
} from './protocol.js';
import { violates } from '../../db/errors.js';

export interface GatesSettings {
  /** How long an open command waits for its ack (PROTOCOL: the controller answers within 2 s). */
  ackTimeoutMs: number;
  /**
   * An opened request with neither `passed` nor `timeout` after the lot's pass time
   * (parkingTimeInSeconds) plus this is given up as `expired` (a controller that died mid-way
   * must not block its gate for ever).
   */
  passGraceSec: number;
  /** How often pending requests are checked for expiry, ms. */
  sweepEveryMs: number;
}

export const defaultGatesSettings: GatesSettings = {
  ackTimeoutMs: 5000,
  passGraceSec: 30,
  sweepEveryMs: 5000,
};

/** A request's end as the session module sees it: `passed` moves it, `timeout` lets it retry. */
export interface GateOutcomeEvent {
  gateId: number;
  /** The open request it ends (a `passed` with no pending request of ours is only logged). */
  requestId: string;
  subject: string | null;
  /** The controller's `ts` (or the server's time for a request given up as expired). */
  at: Date;
}

export interface GateEvents {
  passed: [GateOutcomeEvent];
  /** `expired`: the server gave up waiting (no event came); else the controller's timeout. */
  timeout: [GateOutcomeEvent & { expired: boolean }];
  presence: [{ gateId: number; present: boolean; at: Date }];
  plate: [{ gateId: number; plate: string; confidence: number; at: Date }];
  status: [{ gateId: number; online: boolean; sensor: 'ok' | 'fault' | null }];
  /** An ack `opened` that came after the server had given the request up (it is pending again). */
  lateOpen: [{ gateId: number; requestId: string; subject: string | null }];
}

export interface CanOpenAnswer {
  canOpen: boolean;
  /** Why not, when canOpen is false. */
  error: GateError | null;
}

export interface OpenResult {
  requestId: string;
  sentAt: Date;
}

interface Waiter {
  gateId: number;
  resolve(ack: GateAckMessage): void;
}

type GateRow = typeof gates.$inferSelect;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * The server's side of gates/PROTOCOL.md: an MQTT client (to the embedded broker or the one of
 * GATES_MQTT_URL) that keeps each gate's state in the database from its messages, sends open
 * commands and records their acks and what became of them. Every decision that must happen
 * once (a request passing, timing out, expiring) is a conditional UPDATE, so several replicas
 * on one external broker emit each `passed` / `timeout` once.
 */
export class GatesService extends EventEmitter<GateEvents> {
  private client: MqttClient | null = null;
  private readonly waiters = new Map<string, Waiter>();
  /** Per gate, the messages are handled one after another in arrival order. */
  private readonly queues = new Map<number, Promise<void>>();
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: {
      warn(obj: object, msg: string): void;
      info(obj: object, msg: string): void;
    },
    readonly settings: GatesSettings = defaultGatesSettings,
  ) {
    super();
  }

  /**
   * Connects to the broker and subscribes to every gate's status, ack and event. A refusal
   * (bad credentials) rejects; an absent or slow broker is retried until it answers.
   */
  async connect(url: string, options: IClientOptions = {}): Promise<void> {
    const client = mqtt.connect(url, {
      clientId: `voltpark-server-${randomUUID()}`,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 30_000,
      ...options,
    });
    this.client = client;
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('offline', () => this.log.warn({}, 'gates mqtt client offline; reconnecting'));
    await new Promise<void>((resolve, reject) => {
      const onConnect = () => {
        client.off('error', onError);
        resolve();
      };
      const onError = (err: Error & { code?: unknown }) => {
        this.log.warn({ err: err.message }, 'gates mqtt client error');
        if (typeof err.code !== 'number') return;
        client.off('connect', onConnect);
        client.off('error', onError);
        this.client = null;
        void client.endAsync(true);
        reject(new Error(`the MQTT broker refused the server: ${err.message}`));
      };
      client.once('connect', onConnect);
      client.on('error', onError);
    });
    client.on('error', (err) => this.log.warn({ err: err.message }, 'gates mqtt client error'));
    await client.subscribeAsync(
      { 'gates/+/status': { qos: 1 }, 'gates/+/ack': { qos: 1 }, 'gates/+/event': { qos: 1 } },
      {},
    );
    this.sweepTimer = setInterval(
      () => void this.sweep().catch(() => {}),
      this.settings.sweepEveryMs,
    );
    this.sweepTimer.unref();
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true);
    await Promise.allSettled([...this.queues.values()]);
  }

  /** Waits until every message received so far has been handled (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
  }

  /**
   * Can the gate open now for `subject` (e.g. `session:123`)? True only while the gate is
   * enabled and online with a working sensor, a car is present, and no open request is pending
   * at the gate or for the subject. The session's own state is the session module's check.
   */
  async canOpen(gateId: number, subject?: string): Promise<CanOpenAnswer> {
    try {
      await this.check(gateId, subject, true);
      return { canOpen: true, error: null };
    } catch (err) {
      if (err instanceof GateError) return { canOpen: false, error: err };
      throw err;
    }
  }

  /**
   * Sends one open command (its id kept) and waits for the ack. Resolves when the controller
   * answered `opened`; throws a GateError otherwise (offline, sensor fault, busy, no ack,
   * rejected), with nothing opened. With `requireCar` (a driver's request) the full can-open
   * check runs first; an admin open leaves it out.
   */
  async openGate(
    gateId: number,
    reason: string,
    options: { subject?: string; requireCar?: boolean } = {},
  ): Promise<OpenResult> {
    await this.check(gateId, options.subject, options.requireCar ?? false);
    const client = this.client;
    if (!client?.connected) throw new GateError('GATE_OFFLINE', gateId);
    const id = randomUUID();
    const sentAt = new Date();
    try {
      await this.db.insert(gateOpenRequests).values({
        id,
        gateId,
        reason,
        subject: options.subject ?? null,
        sentAt,
      });
    } catch (err) {
      // gate_open_requests_pending_uq: another request at this gate is still pending.
      if (violates(err, '23505'))
        throw new GateError('GATE_BUSY', gateId, await this.retryIn(gateId));
      throw err;
    }
    const ack = this.awaitAck(id, gateId);
    const command: GateCommand = { id, action: 'open', reason, ts: sentAt.toISOString() };
    try {
      await client.publishAsync(gateTopic(gateId, 'cmd'), JSON.stringify(command), { qos: 1 });
    } catch {
      this.waiters.delete(id);
      await this.giveUpUnacked(id);
      throw new GateError('GATE_OFFLINE', gateId);
    }
    const answer = await ack;
    if (!answer) {
      await this.giveUpUnacked(id);
      throw new GateError('GATE_NO_ACK', gateId);
    }
    if (answer.result === 'opened') return { requestId: id, sentAt };
    // The ack handler has recorded the refusal (outcome rejected).
    if (answer.reason === 'fault') throw new GateError('SENSOR_NOT_ACTIVE', gateId);
    if (answer.reason === 'busy') throw new GateError('GATE_BUSY', gateId, 5);
    throw new GateError('GATE_REJECTED', gateId);
  }

  /** Sends a `ping`; true when the controller answered `pong` in time. */
  async ping(gateId: number): Promise<boolean> {
    const client = this.client;
    if (!client?.connected) return false;
    const id = randomUUID();
    const ack = this.awaitAck(id, gateId);
    const command: GateCommand = {
      id,
      action: 'ping',
      reason: 'ping',
      ts: new Date().toISOString(),
    };
    await client.publishAsync(gateTopic(gateId, 'cmd'), JSON.stringify(command), { qos: 1 });
    return (await ack)?.result === 'pong';
  }

  /** The stored state of one gate, or null. */
  async gate(gateId: number): Promise<GateRow | null> {
    const [row] = await this.db.select().from(gates).where(eq(gates.id, gateId));
    return row ?? null;
  }

  /** The pending open request of a gate, or null. */
  async pendingRequest(gateId: number) {
    const [row] = await this.db
      .select()
      .from(gateOpenRequests)
      .where(and(eq(gateOpenRequests.gateId, gateId), isNull(gateOpenRequests.outcome)));
    return row ?? null;
  }

  /**
   * Gives up pending requests nobody will finish: no ack long after the ack timeout (a server
   * stopped while waiting), or opened with neither `passed` nor `timeout` past the lot's pass
   * time and grace (emitted as an expired `timeout`, so the driver may try again).
   */
  async sweep(): Promise<void> {
    const ackLimitSec = Math.ceil((this.settings.ackTimeoutMs * 2) / 1000);
    await this.db.execute(sql`
      update gate_open_requests set outcome = 'no_ack', outcome_at = now()
      where outcome is null and ack_result is null
        and sent_at < now() - interval '1 second' * ${ackLimitSec}`);
    const expired = rowsOf<{ id: string; gate_id: number; subject: string | null }>(
      await this.db.execute(sql`
        update gate_open_requests r set outcome = 'expired', outcome_at = now()
        from gates g join parking_lots l on l.id = g.parking_lot_id
        where r.gate_id = g.id and r.outcome is null and r.ack_result = 'opened'
          and r.acked_at < now() - interval '1 second' * (l.parking_time_in_seconds + ${this.settings.passGraceSec})
        returning r.id, r.gate_id, r.subject`),
    );
    for (const r of expired) {
      this.emit('timeout', {
        gateId: r.gate_id,
        requestId: r.id,
        subject: r.subject,
        at: new Date(),
        expired: true,
      });
    }
  }

  /** Marks every gate offline (the embedded broker just started: nobody is connected yet). */
  async markAllOffline(): Promise<void> {
    await this.db.update(gates).set({ online: false }).where(eq(gates.online, true));
  }

  private async check(gateId: number, subject: string | undefined, requireCar: boolean) {
    const gate = await this.gate(gateId);
    if (!gate || !gate.enabled) throw new GateError('GATE_NOT_FOUND', gateId);
    if (!gate.online) throw new GateError('GATE_OFFLINE', gateId);
    if (gate.sensor !== 'ok') throw new GateError('SENSOR_NOT_ACTIVE', gateId);
    if (requireCar && !gate.carPresent) throw new GateError('NO_CAR_AT_GATE', gateId);
    const pending = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select id from gate_open_requests
        where outcome is null and (gate_id = ${gateId} or (${subject ?? null}::text is not null and subject = ${subject ?? null}))
        limit 1`),
    );
    if (pending.length > 0) throw new GateError('GATE_BUSY', gateId, await this.retryIn(gateId));
  }

  /** Seconds until the gate's pending request is over at the latest (1 at least). */
  private async retryIn(gateId: number): Promise<number> {
    const [row] = rowsOf<{ s: number | null }>(
      await this.db.execute(sql`
        select ceil(extract(epoch from (case when r.ack_result is null
            then r.sent_at + interval '1 millisecond' * ${this.settings.ackTimeoutMs}
            else r.acked_at + interval '1 second' * (l.parking_time_in_seconds + ${this.settings.passGraceSec}) end) - now()))::int as s
        from gate_open_requests r join gates g on g.id = r.gate_id
        join parking_lots l on l.id = g.parking_lot_id
        where r.gate_id = ${gateId} and r.outcome is null`),
    );
    return Math.max(1, row?.s ?? 1);
  }

  private awaitAck(id: string, gateId: number): Promise<GateAckMessage | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        resolve(null);
      }, this.settings.ackTimeoutMs);
      this.waiters.set(id, {
        gateId,
        resolve: (ack) => {
          clearTimeout(timer);
          this.waiters.delete(id);
          resolve(ack);
        },
      });
    });
  }

  private async giveUpUnacked(id: string): Promise<void> {
    await this.db
      .update(gateOpenRequests)
      .set({ outcome: 'no_ack', outcomeAt: new Date() })
      .where(
        and(
          eq(gateOpenRequests.id, id),
          isNull(gateOpenRequests.outcome),
          isNull(gateOpenRequests.ackResult),
        ),
      );
  }

  private receive(topic: string, payload: Buffer): void {
    const parsed = parseGateTopic(topic);
    if (!parsed || parsed.kind === 'cmd') return;
    const t = { gateId: parsed.gateId, kind: parsed.kind };
    if (t.kind === 'ack') {
      // Resolved on arrival, whichever replica records it.
      const ack = parsePayload(gateAckSchema, payload);
      const waiter = ack ? this.waiters.get(ack.id) : undefined;
      if (ack && waiter && waiter.gateId === t.gateId) waiter.resolve(ack);
    }
    const previous = this.queues.get(t.gateId) ?? Promise.resolve();
    const next = previous
      .then(() => this.handle(t.gateId, t.kind, payload))
      .catch((err: unknown) =>
        this.log.warn({ gateId: t.gateId, err: String(err) }, 'gate message not handled'),
      );
    this.queues.set(t.gateId, next);
    void next.then(() => {
      if (this.queues.get(t.gateId) === next) this.queues.delete(t.gateId);
    });
  }

  private async handle(gateId: number, kind: 'status' | 'ack' | 'event', payload: Buffer) {
    const message =
      kind === 'status'
        ? parsePayload(gateStatusSchema, payload)
        : kind === 'ack'
          ? parsePayload(gateAckSchema, payload)
          : parsePayload(gateEventSchema, payload);
    if (!message) {
      this.log.warn({ gateId, kind }, 'gate message does not follow the protocol; ignored');
      return;
    }
    // Evidence first; a gate the database does not know (external broker) is ignored.
    const logged = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        insert into gate_messages (gate_id, topic, payload)
        select ${gateId}, ${kind}, ${JSON.stringify(message)}::jsonb
        where exists (select 1 from gates where id = ${gateId})
        returning id`),
    );
    if (logged.length === 0) return;
    if (kind === 'status') await this.onStatus(gateId, message as GateStatusMessage);
    else if (kind === 'ack') await this.onAck(gateId, message as GateAckMessage);
    else await this.onEvent(gateId, message as GateEventMessage);
  }

  private async onStatus(gateId: number, status: GateStatusMessage) {
    const [row] = await this.db
      .update(gates)
      .set({
        online: status.online,
        lastSeenAt: new Date(),
        ...(status.sensor ? { sensor: status.sensor } : {}),
        ...(status.firmware ? { firmware: status.firmware } : {}),
      })
      .where(eq(gates.id, gateId))
      .returning({ sensor: gates.sensor });
    this.emit('status', { gateId, online: status.online, sensor: row?.sensor ?? null });
  }

  private async onAck(gateId: number, ack: GateAckMessage) {
    if (ack.result === 'pong') {
      await this.touch(gateId);
      return;
    }
    const [row] = await this.db
      .update(gateOpenRequests)
      .set({
        ackResult: ack.result,
        ackReason: ack.reason ?? null,
        ackedAt: new Date(),
        outcome:
          ack.result === 'rejected'
            ? sql`coalesce(${gateOpenRequests.outcome}, 'rejected')`
            : sql`${gateOpenRequests.outcome}`,
        outcomeAt:
          ack.result === 'rejected'
            ? sql`coalesce(${gateOpenRequests.outcomeAt}, now())`
            : sql`${gateOpenRequests.outcomeAt}`,
      })
      .where(
        and(
          eq(gateOpenRequests.id, ack.id),
          eq(gateOpenRequests.gateId, gateId),
          isNull(gateOpenRequests.ackResult),
        ),
      )
      .returning();
    await this.touch(gateId);
    if (!row || ack.result !== 'opened' || row.outcome !== 'no_ack') return;
    // The barrier opened after all, past our ack timeout: the request is pending again (if no
    // other one is), so the car's `passed` still moves its session.
    try {
      const revived = await this.db
        .update(gateOpenRequests)
        .set({ outcome: null, outcomeAt: null })
        .where(and(eq(gateOpenRequests.id, row.id), eq(gateOpenRequests.outcome, 'no_ack')))
        .returning({ id: gateOpenRequests.id });
      if (revived.length > 0)
        this.emit('lateOpen', { gateId, requestId: row.id, subject: row.subject });
    } catch (err) {
      if (!violates(err, '23505')) throw err;
    }
  }

  private async onEvent(gateId: number, event: GateEventMessage) {
    const at = new Date(event.ts);
    switch (event.type) {
      case 'presence': {
        await this.db
          .update(gates)
          .set({
            carPresent: event.present,
            presenceChangedAt: at,
            lastSeenAt: new Date(),
            ...(event.present ? {} : { plate: null, plateConfidence: null, plateReadAt: null }),
          })
          .where(eq(gates.id, gateId));
        this.emit('presence', { gateId, present: event.present, at });
        return;
      }
      case 'plate': {
        await this.db
          .update(gates)
          .set({
            plate: event.plate,
            plateConfidence: event.confidence,
            plateReadAt: at,
            lastSeenAt: new Date(),
          })
          .where(eq(gates.id, gateId));
        this.emit('plate', { gateId, plate: event.plate, confidence: event.confidence, at });
        return;
      }
      case 'passed':
      case 'timeout': {
        await this.touch(gateId);
        // The gate's pending request, if any: a repeated `passed` finds none and changes nothing.
        const [row] = await this.db
          .update(gateOpenRequests)
          .set({ outcome: event.type, outcomeAt: new Date(), eventTs: at })
          .where(
            and(
              eq(gateOpenRequests.gateId, gateId),
              isNull(gateOpenRequests.outcome),
              sql`(${gateOpenRequests.ackResult} is null or ${gateOpenRequests.ackResult} = 'opened')`,
            ),
          )
          .returning();
        if (!row) {
          this.log.info({ gateId, type: event.type }, 'gate event without a pending open request');
          return;
        }
        const outcome = { gateId, requestId: row.id, subject: row.subject, at };
        if (event.type === 'passed') this.emit('passed', outcome);
        else this.emit('timeout', { ...outcome, expired: false });
        return;
      }
    }
  }

  private async touch(gateId: number) {
    await this.db.update(gates).set({ lastSeenAt: new Date() }).where(eq(gates.id, gateId));
  }
}
