import type { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SimGateController } from '@voltpark/sim';
import type { Db } from '../../db/client.js';
import type { GateOutcomeEvent, GatesService } from '../gates/service.js';

/**
 * What the parking session module emits (`app.parking.events`, event `waitingAtGate`) when a
 * driver's session starts waiting at a gate of a lot: at the entry before the car is in
 * (`in`), at the exit once it may leave (`out`).
 */
export const waitingAtGateSchema = z.object({
  sessionId: z.number().int().positive(),
  lotId: z.number().int().positive(),
  direction: z.enum(['in', 'out']),
  plate: z.string().nullable(),
});
export type WaitingAtGate = z.infer<typeof waitingAtGateSchema>;

export interface AutoCarTiming {
  /** From the session starting to wait to the car rolling onto the loop. */
  arriveAfterMs: number;
  /** From the barrier opening (ack `opened`) to the car driving through. */
  driveAfterMs: number;
  /** A car nobody opens the barrier for drives away after this. */
  giveUpAfterMs: number;
}

export const defaultAutoCarTiming: AutoCarTiming = {
  arriveAfterMs: 1000,
  driveAfterMs: 1000,
  giveUpAfterMs: 5 * 60_000,
};

interface Waiting {
  sessionId: number;
  plate: string | null;
}

/** One simulated car at one gate: on the loop, waiting for the barrier. */
interface Visit {
  sessionId: number;
  /** Ends the visit early (the module stops). */
  cancel(): void;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const sessionOf = (subject: string | null) => {
  const m = /^session:(\d+)$/.exec(subject ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * Sandbox: the simulated car that comes by itself, so a one-person demo works. When a session
 * starts waiting at a lot's gate, the car rolls onto that gate's loop (with the session's plate
 * for the camera) through the gate's simulated controller, which tells the server over MQTT as
 * any controller would. Once the barrier opens the car drives through (`passed`) and is gone.
 * One car at a time per gate: sessions waiting at the same gate are served in turn; a session
 * whose car already passed (the `passed` named it) is struck off; a car nobody opens the barrier
 * for drives away after `giveUpAfterMs`. Nothing is written to the database here.
 */
export class AutoCar {
  private readonly queues = new Map<number, Waiting[]>();
  private readonly visits = new Map<number, Visit>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly detachers: (() => void)[] = [];
  private stopped = false;
  private inOrder: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly service: GatesService,
    private readonly controllerOf: (gateId: number) => SimGateController | undefined,
    private readonly log: { info(o: object, m: string): void; warn(o: object, m: string): void },
    private readonly timing: AutoCarTiming = defaultAutoCarTiming,
  ) {
    const onPassed = (e: GateOutcomeEvent) => this.strikeOff(e.gateId, sessionOf(e.subject));
    service.on('passed', onPassed);
    this.detachers.push(() => service.off('passed', onPassed));
  }

  /** Listens to a parking module's `waitingAtGate` events (the real one, or a test's stand-in). */
  attach(events: EventEmitter): void {
    const listener = (payload: unknown) => {
      const parsed = waitingAtGateSchema.safeParse(payload);
      if (!parsed.success) {
        this.log.warn({ payload }, 'sandbox auto car: waitingAtGate not understood; ignored');
        return;
      }
      void this.sessionWaits(parsed.data).catch((err: unknown) =>
        this.log.warn({ err: String(err) }, 'sandbox auto car failed'),
      );
    };
    events.on('waitingAtGate', listener);
    this.detachers.push(() => events.off('waitingAtGate', listener));
  }

  /** The gate a session waits at: the lot's IN (or OUT) gate before a BOTH one. */
  async gateFor(lotId: number, direction: 'in' | 'out'): Promise<number | null> {
    const wanted = direction === 'in' ? 'IN' : 'OUT';
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        select id from gates
        where parking_lot_id = ${lotId} and enabled and direction::text in (${wanted}, 'BOTH')
        order by (direction::text = 'BOTH'), id`),
    );
    const ids = rows.map((r) => r.id);
    return ids.find((id) => this.controllerOf(id)?.connected) ?? ids[0] ?? null;
  }

  /**
   * A session starts waiting: its car comes to the gate (after the one already there). Events
   * are handled one after another, so cars come in the order their sessions started waiting
   * even when the gate look-ups finish out of order (a PostgreSQL pool runs them side by side).
   */
  sessionWaits(event: WaitingAtGate): Promise<number | null> {
    const handled = this.inOrder.then(() => this.enqueue(event));
    this.inOrder = handled.catch(() => null);
    return handled;
  }

  private async enqueue(event: WaitingAtGate): Promise<number | null> {
    if (this.stopped) return null;
    const gateId = await this.gateFor(event.lotId, event.direction);
    if (gateId === null || !this.controllerOf(gateId)) {
      this.log.warn(
        { lotId: event.lotId, direction: event.direction },
        'sandbox auto car: the lot has no simulated gate for this direction',
      );
      return null;
    }
    const queue = this.queues.get(gateId) ?? [];
    this.queues.set(gateId, queue);
    const known = queue.find((w) => w.sessionId === event.sessionId);
    if (known) known.plate = event.plate;
    else queue.push({ sessionId: event.sessionId, plate: event.plate });
    if (!this.visits.has(gateId)) this.startVisit(gateId);
    return gateId;
  }

  /** Whether a simulated car of ours is at (or on its way to) the gate. */
  isVisiting(gateId: number): boolean {
    return this.visits.has(gateId);
  }

  stop(): void {
    this.stopped = true;
    for (const d of this.detachers.splice(0)) d();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const v of [...this.visits.values()]) v.cancel();
    this.visits.clear();
    this.queues.clear();
  }

  private strikeOff(gateId: number, sessionId: number | null) {
    if (sessionId === null) return;
    const queue = this.queues.get(gateId);
    const i = queue?.findIndex((w) => w.sessionId === sessionId) ?? -1;
    if (i >= 0) queue!.splice(i, 1);
  }

  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve(false);
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve(!this.stopped);
      }, ms);
      t.unref();
      this.timers.add(t);
    });
  }

  private startVisit(gateId: number) {
    const head = this.queues.get(gateId)?.[0];
    if (!head || this.stopped) return;
    let cancel = () => {};
    const cancelled = new Promise<void>((resolve) => (cancel = resolve));
    this.visits.set(gateId, { sessionId: head.sessionId, cancel });
    void this.visit(gateId, head, cancelled)
      .catch((err: unknown) => {
        this.log.warn({ gateId, err: String(err) }, 'sandbox auto car could not drive');
        return head.sessionId;
      })
      .then((served) => {
        this.visits.delete(gateId);
        // The session this car was for no longer waits for it. When the barrier was opened
        // for another waiting session (its `passed` named it), the head still waits: next car.
        this.strikeOff(gateId, served);
        this.startVisit(gateId);
      });
  }

  /** Plays one car at the gate; returns the session it served (null: stopped). */
  private async visit(gateId: number, head: Waiting, cancelled: Promise<void>) {
    if (!(await this.sleep(this.timing.arriveAfterMs))) return null;
    const sim = this.controllerOf(gateId);
    if (!sim?.connected) {
      this.log.warn({ gateId }, 'sandbox auto car: the gate controller is offline; no car comes');
      return head.sessionId;
    }
    // Listen before arriving: the barrier may open at once (an open requested meanwhile).
    let onAck: ((a: { result: string }) => void) | undefined;
    const opened = new Promise<boolean>((resolve) => {
      onAck = (a) => {
        if (a.result === 'opened') resolve(true);
      };
      sim.on('ack', onAck);
    });
    let onPassed: ((e: GateOutcomeEvent) => void) | undefined;
    const passed = new Promise<number | null>((resolve) => {
      onPassed = (e) => {
        if (e.gateId === gateId) resolve(sessionOf(e.subject));
      };
      this.service.on('passed', onPassed);
    });
    try {
      await sim.arrive(head.plate ?? undefined);
      this.log.info({ gateId, sessionId: head.sessionId }, 'sandbox auto car at the gate');
      const giveUp = this.sleep(this.timing.giveUpAfterMs).then(() => false);
      const barrierUp = await Promise.race([opened, giveUp, cancelled.then(() => false)]);
      if (!barrierUp) {
        if (!this.stopped) await sim.leave();
        return this.stopped ? null : head.sessionId;
      }
      if (!(await this.sleep(this.timing.driveAfterMs))) return null;
      if (!(await sim.driveThrough())) return head.sessionId;
      // Whose open it was: the server's `passed` names the request's subject.
      const heard = this.sleep(5000).then(() => null);
      return (await Promise.race([passed, heard, cancelled.then(() => null)])) ?? head.sessionId;
    } finally {
      if (onAck) sim.off('ack', onAck);
      if (onPassed) this.service.off('passed', onPassed);
    }
  }
}
