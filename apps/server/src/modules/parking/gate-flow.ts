import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CanOpen } from '../realtime/parking-live.js';
import { preparedQuery } from '../../db/prepared.js';
import { gateOpenRequests, gates, parkingSessions } from '../../db/schema/index.js';
import { GateError } from '../gates/errors.js';
import type { GateOutcomeEvent } from '../gates/service.js';
import { LEAVE_WITHIN_MS, sessionSubject, type ParkingDeps } from './deps.js';
import { gateRefusal, noCurrentParking, parkingError } from './errors.js';
import { openSessionOf, sessionById, type ParkingSessionRow } from './session-repository.js';
import { finishSurchargeOnExit } from './surcharge.js';

/** The gate direction a session needs now: in while STARTING, out while FINISHING. */
export function neededDirection(s: ParkingSessionRow): 'in' | 'out' | null {
  if (s.status === 'STARTING') return 'in';
  if (s.status === 'FINISHING') return 'out';
  return null;
}

/** The lot's gates of a direction (BOTH serves both), enabled, in id order. */
async function gatesFor(deps: ParkingDeps, lotId: number, direction: 'in' | 'out') {
  return deps.db
    .select({ id: gates.id, plate: gates.plate })
    .from(gates)
    .where(
      and(
        eq(gates.parkingLotId, lotId),
        eq(gates.enabled, true),
        inArray(gates.direction, direction === 'in' ? ['IN', 'BOTH'] : ['OUT', 'BOTH']),
      ),
    )
    .orderBy(asc(gates.id));
}

const answer = (
  s: ParkingSessionRow,
  canOpen: boolean,
  retryInSeconds: number | null = null,
): CanOpen => ({ canOpen, parkingSessionId: s.id, surchargeId: null, retryInSeconds });

/**
 * Which gate would open for the session now, or why none: the first of its direction where
 * the gates service says yes (online, sensor ok, a car present, nothing pending for the gate or
 * the session). The session must be STARTING (in) or FINISHING (out).
 */
async function pickGate(
  deps: ParkingDeps,
  s: ParkingSessionRow,
): Promise<{ gateId: number } | { error: GateError | null }> {
  const direction = neededDirection(s);
  if (!direction) return { error: null };
  // The server's own MQTT client is down (a broker restart): no command can reach a gate.
  if (!deps.gates().connected) return { error: new GateError('GATE_OFFLINE', 0) };
  const candidates = await gatesFor(deps, s.parkingLotId, direction);
  let first: GateError | null = null;
  for (const g of candidates) {
    const r = await deps.gates().canOpen(g.id, sessionSubject(s.id));
    if (r.canOpen) return { gateId: g.id };
    // A car waiting at a gate tells more than the gates without one.
    if (!first || (first.code === 'NO_CAR_AT_GATE' && r.error?.code !== 'NO_CAR_AT_GATE'))
      first = r.error;
  }
  return { error: first ?? new GateError('GATE_NOT_FOUND', 0) };
}

/** SPEC "can open" for the session (the websocket's getCanOpen). */
export async function sessionCanOpen(deps: ParkingDeps, s: ParkingSessionRow): Promise<CanOpen> {
  const pick = await pickGate(deps, s);
  if ('gateId' in pick) return answer(s, true);
  return answer(s, false, pick.error?.code === 'GATE_BUSY' ? pick.error.retryInSeconds : null);
}

/**
 * Opens a gate for the session's car (one command, subject `session:N`) and keeps the command's
 * id on the session while it is still in the status it was opened for. Throws the GateError.
 */
export async function openGateFor(
  deps: ParkingDeps,
  gateId: number,
  s: Pick<ParkingSessionRow, 'id' | 'status'>,
  direction: 'in' | 'out',
) {
  const opened = await deps.gates().openGate(gateId, sessionSubject(s.id), {
    subject: sessionSubject(s.id),
    requireCar: true,
  });
  const set =
    direction === 'in'
      ? { inOpenRequestId: opened.requestId, inOpenRequestSentAt: opened.sentAt }
      : { outOpenRequestId: opened.requestId, outOpenRequestSentAt: opened.sentAt };
  await deps.db
    .update(parkingSessions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(parkingSessions.id, s.id), eq(parkingSessions.status, s.status)));
  return opened;
}

/**
 * Opens the gate the session needs (one command, its id kept on the session): the entry while
 * STARTING (the countdown runs from it), the exit while FINISHING. A refusal is the gate's
 * translated reason; nothing opens.
 */
export async function openSessionGate(deps: ParkingDeps, s: ParkingSessionRow): Promise<CanOpen> {
  const direction = neededDirection(s);
  if (!direction) throw parkingError('GATE_NOT_NEEDED', 'parking.gateNotNeeded');
  const pick = await pickGate(deps, s);
  if (!('gateId' in pick)) throw gateRefusal(pick.error ?? new GateError('GATE_NOT_FOUND', 0));
  try {
    await openGateFor(deps, pick.gateId, s, direction);
  } catch (err) {
    if (err instanceof GateError) throw gateRefusal(err);
    throw err;
  }
  deps.publish(s.userId);
  const after = (await sessionById(deps.db, s.id)) ?? s;
  return sessionCanOpen(deps, after);
}

const sessionIdOf = (subject: string | null) => {
  const m = /^session:(\d+)$/.exec(subject ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * The car passed the gate of the session's request: the entry → STARTED (parkingFrom is the
 * controller's time); the exit → FINISHED. Conditional on the status and the request id, so a
 * repeated or late event changes nothing.
 */
export async function onGatePassed(deps: ParkingDeps, e: GateOutcomeEvent): Promise<void> {
  const id = sessionIdOf(e.subject);
  if (id === null) return;
  const [entered] = await deps.db
    .update(parkingSessions)
    .set({ status: 'STARTED', parkingFrom: e.at, billedFrom: e.at, updatedAt: new Date() })
    .where(
      and(
        eq(parkingSessions.id, id),
        eq(parkingSessions.status, 'STARTING'),
        eq(parkingSessions.inOpenRequestId, e.requestId),
      ),
    )
    .returning();
  const [left] = entered
    ? []
    : await deps.db
        .update(parkingSessions)
        .set({ status: 'FINISHED', leftAt: e.at, endReason: 'left', updatedAt: new Date() })
        .where(
          and(
            eq(parkingSessions.id, id),
            eq(parkingSessions.status, 'FINISHING'),
            eq(parkingSessions.outOpenRequestId, e.requestId),
          ),
        )
        .returning();
  const changed = entered ?? left;
  if (left) await finishSurchargeOnExit(deps, left);
  if (changed) deps.publish(changed.userId);
}

/**
 * The barrier closed without the car (or the server gave the request up): the request is
 * forgotten, so the open button shows again and the driver may retry.
 */
export async function onGateTimeout(deps: ParkingDeps, e: GateOutcomeEvent): Promise<void> {
  const id = sessionIdOf(e.subject);
  if (id === null) return;
  const rows = await deps.db
    .update(parkingSessions)
    .set({
      inOpenRequestId: sql`case when ${parkingSessions.inOpenRequestId} = ${e.requestId} then null else ${parkingSessions.inOpenRequestId} end`,
      inOpenRequestSentAt: sql`case when ${parkingSessions.inOpenRequestId} = ${e.requestId} then null else ${parkingSessions.inOpenRequestSentAt} end`,
      outOpenRequestId: sql`case when ${parkingSessions.outOpenRequestId} = ${e.requestId} then null else ${parkingSessions.outOpenRequestId} end`,
      outOpenRequestSentAt: sql`case when ${parkingSessions.outOpenRequestId} = ${e.requestId} then null else ${parkingSessions.outOpenRequestSentAt} end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(parkingSessions.id, id),
        sql`(${parkingSessions.inOpenRequestId} = ${e.requestId} or ${parkingSessions.outOpenRequestId} = ${e.requestId})`,
      ),
    )
    .returning({ userId: parkingSessions.userId });
  if (rows[0]) deps.publish(rows[0].userId);
}

/**
 * What a restart may have missed: the requests of open sessions that ended while no listener
 * heard (the gates service records every end in the database first). Each is applied as the
 * event would have been.
 */
export async function replayGateOutcomes(deps: ParkingDeps): Promise<void> {
  const rows = await deps.db
    .select({ s: parkingSessions, r: gateOpenRequests })
    .from(parkingSessions)
    .innerJoin(
      gateOpenRequests,
      sql`${gateOpenRequests.id} = case when ${parkingSessions.status} = 'STARTING' then ${parkingSessions.inOpenRequestId} else ${parkingSessions.outOpenRequestId} end`,
    )
    .where(
      and(
        inArray(parkingSessions.status, ['STARTING', 'FINISHING']),
        sql`${gateOpenRequests.outcome} is not null`,
      ),
    )
    .limit(500);
  for (const { s, r } of rows) {
    const e = {
      gateId: r.gateId,
      requestId: r.id,
      subject: sessionSubject(s.id),
      at: r.eventTs ?? r.outcomeAt ?? new Date(),
    };
    if (r.outcome === 'passed') await onGatePassed(deps, e);
    else await onGateTimeout(deps, e);
  }
}

/**
 * Overstay (decision 0019): a FINISHING parking whose car has not left by parkingWillFinishAt
 * (and is not passing the exit right now) restarts: STARTED again, a new round billed from
 * parkingWillFinishAt without free minutes; the driver stops and pays that round as before.
 */
export async function restartOverstays(deps: ParkingDeps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .update(parkingSessions)
    .set({
      status: 'STARTED',
      round: sql`${parkingSessions.round} + 1`,
      billedFrom: sql`${parkingSessions.parkingWillFinishAt}`,
      parkingTo: null,
      amount: 0,
      free: sql`${parkingSessions.freeParking} or ${parkingSessions.permitValid}`,
      paymentMethod: null,
      paymentId: null,
      paymentUrl: null,
      paymentStartedAt: null,
      paymentFinishedAt: null,
      paymentFailed: false,
      outOpenRequestId: null,
      outOpenRequestSentAt: null,
      parkingWillFinishAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(parkingSessions.status, 'FINISHING'),
        sql`${parkingSessions.parkingWillFinishAt} <= ${now.toISOString()}::timestamptz`,
        sql`not exists (select 1 from gate_open_requests r where r.id = ${parkingSessions.outOpenRequestId} and r.outcome is null)`,
      ),
    )
    .returning({ userId: parkingSessions.userId });
  for (const r of rows) deps.publish(r.userId);
  return rows.length;
}

/** STARTED → FINISHING: the car has paid (or owes nothing) and must leave within 15 minutes. */
export function finishingSet(now = new Date()) {
  return {
    status: 'FINISHING' as const,
    parkingWillFinishAt: new Date(now.getTime() + LEAVE_WITHIN_MS),
    outOpenRequestId: null,
    outOpenRequestSentAt: null,
    updatedAt: now,
  };
}

export function announceExit(deps: ParkingDeps, s: ParkingSessionRow) {
  deps.publish(s.userId);
  deps.events.emit('waitingAtGate', {
    sessionId: s.id,
    lotId: s.parkingLotId,
    direction: 'out',
    plate: s.permitPlate,
  });
}

const cancelQuery = preparedQuery((db) =>
  db
    .update(parkingSessions)
    .set({
      status: 'FINISHED',
      endReason: 'cancelled',
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(
      and(
        eq(parkingSessions.userId, sql.placeholder('userId')),
        eq(parkingSessions.status, 'STARTING'),
        sql`not exists (select 1 from gate_open_requests r where r.id = ${parkingSessions.inOpenRequestId} and r.outcome is null)`,
      ),
    )
    .returning({ id: parkingSessions.id })
    .prepare('parking_cancel'),
);

/**
 * Cancel the user's current parking (SPEC: only STARTING, before the car entered and while no
 * entry open is pending): one conditional UPDATE; only when it changes nothing is the session
 * read, to say why.
 */
export async function cancelParking(deps: ParkingDeps, userId: number): Promise<void> {
  const [row] = await cancelQuery(deps.db).execute({ userId, now: new Date().toISOString() });
  if (!row) {
    if (!(await openSessionOf(deps.db, userId))) throw noCurrentParking();
    throw parkingError('NOT_CANCELLABLE', 'parking.notCancellable');
  }
  deps.publish(userId);
}
