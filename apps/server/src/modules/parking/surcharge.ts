import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Lang, ParkingPaymentMethod } from '@voltpark/contract';
import type { DbOrTx } from '../../db/client.js';
import {
  parkingReceipts,
  parkingSessions,
  parkingSurcharges,
  payments,
} from '../../db/schema/index.js';
import type { PaymentRow } from '../payments/payments.js';
import {
  cardPaymentFailed,
  cardPaymentPaid,
  payByCard,
  type SavedCardChoice,
} from './card-payment.js';
import { ApiError } from '../../core/errors.js';
import { createSession, type AuthUser } from '../auth/sessions.js';
import { debitWallet, InsufficientFundsError } from '../payments/ledger.js';
import type { CanOpen } from '../realtime/parking-live.js';
import type { ParkingDeps } from './deps.js';
import { parkingError } from './errors.js';
import { announceExit, finishingSet, openSessionGate, sessionCanOpen } from './gate-flow.js';
import { sessionById, type ParkingSessionRow } from './session-repository.js';
import { receiptOf } from './stop.js';
import {
  surchargeById,
  surchargeDays,
  surchargeOf,
  surchargeOfRound,
  type SurchargeRow,
} from './surcharge-repository.js';

export const surchargeNotFound = () =>
  new ApiError(404, 'surcharge.notFound', { responseCode: 'NOT_FOUND' });

/** Started days × the tariff's per-day fee, for an overstay that began at `from`. */
export function surchargeBill(s: ParkingSessionRow, from: Date, now: Date) {
  const days = surchargeDays(from, now);
  return { days, amount: days * s.grossSurchargeFeePerDay };
}

/**
 * Start (SPEC §7 v1/parking-surcharge/start): the user's open parking with that parking code,
 * the e-mail theirs (the account's, or the one given at a guest start). The rule (decision 0019
 * "Surcharge"): only a session in an overstay round (round > 0, STARTED, nothing being paid) at
 * a tariff with a per-day fee. The row is fixed at start; starting again answers the same row.
 * null: no such session for this user (the app says "not found for code and e-mail").
 */
export async function startSurcharge(
  deps: ParkingDeps,
  user: AuthUser,
  input: { code: string; email: string },
  now = new Date(),
): Promise<SurchargeRow | null> {
  const [s] = await deps.db
    .select()
    .from(parkingSessions)
    .where(
      and(
        eq(parkingSessions.userId, user.id),
        eq(parkingSessions.chargeCode, input.code.toUpperCase()),
        or(eq(parkingSessions.status, 'STARTED'), eq(parkingSessions.status, 'FINISHING')),
      ),
    );
  const email = input.email.trim().toLowerCase();
  const emails = [s?.email, user.email].filter(Boolean).map((e) => e!.toLowerCase());
  if (!s || !emails.includes(email)) return null;
  return surchargeFor(deps, s, now);
}

/**
 * Guest start (SPEC §7 start-casual): a guest's open parking by its parking code and the e-mail
 * given at its start (only guest sessions: a registered driver logs in). The access token
 * returned lets the guest pay it. null: no such guest session (no token).
 */
export async function startCasualSurcharge(
  deps: ParkingDeps,
  input: { code: string; email: string; userAgent?: string },
  now = new Date(),
): Promise<{ surcharge: SurchargeRow; accessToken: string } | null> {
  const email = input.email.trim().toLowerCase();
  const [s] = await deps.db
    .select()
    .from(parkingSessions)
    .where(
      and(
        eq(parkingSessions.casual, true),
        eq(parkingSessions.chargeCode, input.code.toUpperCase()),
        or(eq(parkingSessions.status, 'STARTED'), eq(parkingSessions.status, 'FINISHING')),
      ),
    );
  if (!s || s.email?.toLowerCase() !== email) return null;
  const surcharge = await surchargeFor(deps, s, now);
  const { accessToken } = await createSession(deps.db, s.userId, { userAgent: input.userAgent });
  return { surcharge, accessToken };
}

/** The surcharge of the session's overstay round: the one started, or a new one. */
async function surchargeFor(
  deps: ParkingDeps,
  s: ParkingSessionRow,
  now: Date,
): Promise<SurchargeRow> {
  const existing = await surchargeOfRound(deps.db, s);
  if (existing) return existing;
  if (s.status !== 'STARTED' || s.round === 0 || s.grossSurchargeFeePerDay <= 0 || !s.billedFrom)
    throw parkingError('SURCHARGE_NOT_DUE', 'surcharge.notDue');
  if (s.paymentStartedAt && !s.paymentFailed)
    throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
  const bill = surchargeBill(s, s.billedFrom, now);
  const [row] = await deps.db
    .insert(parkingSurcharges)
    .values({
      userId: s.userId,
      parkingSessionId: s.id,
      round: s.round,
      status: 'UNPAID',
      days: bill.days,
      amount: bill.amount,
      parkingWillFinishAt: s.billedFrom,
    })
    .onConflictDoNothing()
    .returning();
  const created = row ?? (await surchargeOfRound(deps.db, s))!;
  deps.publishSurcharge(created.id);
  deps.publish(s.userId);
  return created;
}

/**
 * The surcharge is paid (in the caller's transaction): PAID, and the overstay round booked at
 * the surcharge amount (the session FINISHING, 15 minutes to leave) with its receipt. Both are
 * conditional (the surcharge still UNPAID with `which` matching; the session STARTED in that
 * round), so a repeated event or a double tap books once. null: already booked.
 */
async function bookPaid(
  tx: DbOrTx,
  sc: SurchargeRow,
  which: SQL | undefined,
  pay: { method: ParkingPaymentMethod; paymentId: number | null; startedAt: Date; now: Date },
): Promise<ParkingSessionRow | null> {
  const [paid] = await tx
    .update(parkingSurcharges)
    .set({
      status: 'PAID',
      paymentMethod: pay.method,
      paymentStartedAt: pay.startedAt,
      paymentFinishedAt: pay.now,
      paymentFailed: false,
      updatedAt: pay.now,
    })
    .where(and(eq(parkingSurcharges.id, sc.id), eq(parkingSurcharges.status, 'UNPAID'), which))
    .returning();
  if (!paid) return null;
  const [s] = await tx
    .update(parkingSessions)
    .set({
      ...finishingSet(pay.now),
      parkingTo: pay.now,
      amount: sc.amount,
      billedMinutes: null,
      chargingMinutes: null,
      free: false,
      paymentMethod: pay.method,
      paymentId: pay.paymentId,
      paymentUrl: null,
      paymentStartedAt: pay.startedAt,
      paymentFinishedAt: pay.now,
      paymentFailed: false,
    })
    .where(
      and(
        eq(parkingSessions.id, sc.parkingSessionId),
        eq(parkingSessions.status, 'STARTED'),
        eq(parkingSessions.round, sc.round),
      ),
    )
    .returning();
  if (!s) throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
  await tx
    .insert(parkingReceipts)
    .values(receiptOf(s, pay.paymentId, 'surcharge'))
    .onConflictDoNothing();
  return s;
}

/** No payment under way (none started, or the last one failed and may be retried). */
const notPaying = () =>
  or(isNull(parkingSurcharges.paymentStartedAt), eq(parkingSurcharges.paymentFailed, true));

export interface SurchargePayInput {
  method: ParkingPaymentMethod;
  lang: Lang;
  card?: SavedCardChoice;
}

/**
 * Pay (SPEC §7 v1/parking-surcharge/{id}/pay), owner only. WALLET: the debit and the booking in
 * one transaction; not enough balance changes nothing. SIMPLEPAY and CARD (a saved card of the
 * user's, with its secret code): the same card tail parking's stop uses (payByCard), booked when
 * the payment settles (onSurchargePaymentSettled). Guests pay by SIMPLEPAY only.
 */
export async function paySurcharge(
  deps: ParkingDeps,
  user: AuthUser,
  id: number,
  { method, lang, card }: SurchargePayInput,
): Promise<SurchargeRow> {
  const sc = await surchargeOf(deps.db, user.id, id);
  if (!sc) throw surchargeNotFound();
  if (sc.status !== 'UNPAID') throw parkingError('SURCHARGE_PAID', 'surcharge.alreadyPaid');
  if (sc.paymentStartedAt && !sc.paymentFailed)
    throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
  const s = (await sessionById(deps.db, sc.parkingSessionId))!;
  if (method !== 'SIMPLEPAY' && (s.casual || user.casualUser))
    throw parkingError(
      'SURCHARGE_METHOD_UNAVAILABLE',
      'surcharge.methodUnavailable',
      400,
      'paymentMethod',
    );
  const now = new Date();
  if (method === 'WALLET') {
    let session: ParkingSessionRow | null;
    try {
      session = await deps.db.transaction(async (tx) => {
        const booked = await bookPaid(tx, sc, notPaying(), {
          method,
          paymentId: null,
          startedAt: now,
          now,
        });
        if (!booked) throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
        await debitWallet(tx, {
          userId: sc.userId,
          amount: sc.amount,
          kind: 'debit',
          cause: `parking-surcharge:${sc.id}`,
        });
        return booked;
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError)
        throw parkingError('WALLET_NOT_ENOUGH', 'parking.walletNotEnough', 402, 'paymentMethod');
      throw err;
    }
    announceExit(deps, session);
    deps.publishSurcharge(sc.id);
    return (await surchargeById(deps.db, sc.id))!;
  }

  const [claimed] = await deps.db
    .update(parkingSurcharges)
    .set({
      paymentMethod: method,
      paymentId: null,
      paymentUrl: null,
      paymentStartedAt: now,
      paymentFinishedAt: null,
      paymentFailed: false,
      updatedAt: now,
    })
    .where(
      and(eq(parkingSurcharges.id, sc.id), eq(parkingSurcharges.status, 'UNPAID'), notPaying()),
    )
    .returning();
  if (!claimed) throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
  deps.publishSurcharge(sc.id);
  const mine = eq(parkingSurcharges.paymentStartedAt, now);
  await payByCard(
    deps,
    {
      method,
      purpose: 'surcharge',
      userId: sc.userId,
      amount: sc.amount,
      causeId: sc.id,
      holdCause: `parking-surcharge:${sc.id}:${now.getTime()}`,
      email: (method === 'SIMPLEPAY' ? s.email || user.email : user.email).toLowerCase(),
      lang,
      returnPath: '/parking-surcharge-payment-result',
      billingDataId: s.billingDataId,
      card,
    },
    {
      record: async ({ paymentId, paymentUrl }) => {
        await deps.db
          .update(parkingSurcharges)
          .set({ paymentId, paymentUrl, updatedAt: new Date() })
          .where(and(eq(parkingSurcharges.id, sc.id), mine));
      },
      fail: () => markFailed(deps, sc.id, mine),
    },
  );
  deps.publishSurcharge(sc.id);
  return (await surchargeById(deps.db, sc.id))!;
}

async function markFailed(deps: ParkingDeps, id: number, which: SQL) {
  const [row] = await deps.db
    .update(parkingSurcharges)
    .set({ paymentFailed: true, updatedAt: new Date() })
    .where(and(eq(parkingSurcharges.id, id), eq(parkingSurcharges.status, 'UNPAID'), which))
    .returning({ id: parkingSurcharges.id });
  if (row) deps.publishSurcharge(row.id);
}

/**
 * What SimplePay said about a surcharge payment (IPN, return check, reconciliation, or the
 * sweeper for a missed event): FINISHED → booked as paid; declined, cancelled or timed out →
 * paymentFailed (a retry is allowed).
 */
export async function onSurchargePaymentSettled(deps: ParkingDeps, p: PaymentRow): Promise<void> {
  if (p.purpose !== 'surcharge' || p.causeId === null) return;
  const sc = await surchargeById(deps.db, p.causeId);
  if (!sc || sc.paymentId !== p.id || sc.status !== 'UNPAID' || sc.userId !== p.userId) return;
  if (await cardPaymentPaid(deps, p, sc.amount)) {
    const now = new Date();
    const s = await deps.db.transaction((tx) =>
      bookPaid(tx, sc, eq(parkingSurcharges.paymentId, p.id), {
        method: sc.paymentMethod ?? 'SIMPLEPAY',
        paymentId: p.id,
        startedAt: sc.paymentStartedAt ?? now,
        now,
      }),
    );
    if (s) {
      announceExit(deps, s);
      deps.publishSurcharge(sc.id);
    }
    return;
  }
  if (cardPaymentFailed(p)) await markFailed(deps, sc.id, eq(parkingSurcharges.paymentId, p.id));
}

/** Surcharge payments whose settlement event this process missed (a restart). */
export async function settleMissedSurcharges(deps: ParkingDeps): Promise<void> {
  const rows = await deps.db
    .select({ p: payments })
    .from(parkingSurcharges)
    .innerJoin(payments, eq(payments.id, parkingSurcharges.paymentId))
    .where(
      and(
        eq(parkingSurcharges.status, 'UNPAID'),
        eq(parkingSurcharges.paymentFailed, false),
        sql`${payments.settledAt} is not null`,
      ),
    )
    .limit(100);
  for (const { p } of rows) await onSurchargePaymentSettled(deps, p);
}

/** A PAID surcharge whose session waits at the exit (FINISHING in the surcharge's round). */
async function exitOf(deps: ParkingDeps, user: AuthUser, id: number) {
  const sc = await surchargeOf(deps.db, user.id, id);
  if (!sc) throw surchargeNotFound();
  if (sc.status !== 'PAID') return { sc, session: null };
  const s = await sessionById(deps.db, sc.parkingSessionId);
  return { sc, session: s && s.status === 'FINISHING' && s.round === sc.round ? s : null };
}

/** The websocket's getCanOpenSurcharge: the exit of a paid surcharge, under the gate rules. */
export async function surchargeCanOpen(
  deps: ParkingDeps,
  user: AuthUser,
  id: number,
): Promise<CanOpen> {
  const { sc, session } = await exitOf(deps, user, id);
  if (!session)
    return {
      canOpen: false,
      parkingSessionId: sc.parkingSessionId,
      surchargeId: sc.id,
      retryInSeconds: null,
    };
  return { ...(await sessionCanOpen(deps, session)), surchargeId: sc.id };
}

/** The websocket's openGateSurcharge: opens the exit once for a paid surcharge. */
export async function openSurchargeGate(
  deps: ParkingDeps,
  user: AuthUser,
  id: number,
): Promise<CanOpen> {
  const { sc, session } = await exitOf(deps, user, id);
  if (!session) throw parkingError('GATE_NOT_NEEDED', 'parking.gateNotNeeded');
  return { ...(await openSessionGate(deps, session)), surchargeId: sc.id };
}

/** The car passed the exit: the session's PAID surcharge of that round is FINISHED. */
export async function finishSurchargeOnExit(deps: ParkingDeps, s: ParkingSessionRow) {
  const [row] = await deps.db
    .update(parkingSurcharges)
    .set({ status: 'FINISHED', updatedAt: new Date() })
    .where(
      and(
        eq(parkingSurcharges.parkingSessionId, s.id),
        eq(parkingSurcharges.round, s.round),
        eq(parkingSurcharges.status, 'PAID'),
      ),
    )
    .returning({ id: parkingSurcharges.id });
  if (row) deps.publishSurcharge(row.id);
}
