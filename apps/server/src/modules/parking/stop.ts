import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Lang, ParkingPaymentMethod } from '@voltpark/contract';
import type { FastifyRequest } from 'fastify';
import { parkingReceipts, parkingSessions, payments } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import type { AuthUser } from '../auth/sessions.js';
import { checkBillingData } from '../charging/repository.js';
import { debitWallet, InsufficientFundsError } from '../payments/ledger.js';
import type { PaymentRow } from '../payments/payments.js';
import { payWithRecurringToken } from '../payments/recurring.js';
import { cardPaymentFailed, cardPaymentPaid, payByCard } from './card-payment.js';
import type { ParkingDeps } from './deps.js';
import { parkingError } from './errors.js';
import { announceExit, finishingSet } from './gate-flow.js';
import { surchargeOfRound } from './surcharge-repository.js';
import {
  billOf,
  chargeRunsAtLot,
  sessionById,
  type ParkingSessionRow,
} from './session-repository.js';

export interface StopInput {
  user: AuthUser;
  lang: Lang;
  paymentMethod?: ParkingPaymentMethod;
  billingDataId?: number | null;
  cardId?: number | null;
  cardSecret?: string;
  email?: string;
  browser: {
    java?: boolean;
    lang?: string;
    color?: number;
    height?: number;
    width?: number;
    tz?: number;
  };
  /** The driver's request; absent when no phone is involved (the exit camera). */
  req?: FastifyRequest;
  /**
   * CARD without the driver (the exit camera): a recurring token of the default card pays
   * (decision 0051) instead of the OneClick code.
   */
  automatic?: boolean;
}

/** The cause of a round's money (ledger rows and the saved-card hold), e.g. `parking:7:0`. */
export const parkingCause = (s: Pick<ParkingSessionRow, 'id' | 'round'>, attempt = '') =>
  `parking:${s.id}:${s.round}${attempt}`;

/**
 * Stop (SPEC §7 v1/parking/stop): the round is billed up to now. A free one (free tariff,
 * permit, or amount 0) goes straight to FINISHING; otherwise the chosen method pays it. The
 * claim is a conditional UPDATE (STARTED, no payment under way or the last one failed), so a
 * double tap pays once.
 */
export async function stopParking(
  deps: ParkingDeps,
  s: ParkingSessionRow,
  input: StopInput,
): Promise<ParkingSessionRow> {
  if (s.status !== 'STARTED') throw parkingError('NOT_STOPPABLE', 'parking.notStoppable');
  if (s.paymentStartedAt && !s.paymentFailed)
    throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
  if (await chargeRunsAtLot(deps.db, s.userId, s.parkingLotId))
    throw parkingError('CHARGING_IN_PROGRESS', 'parking.chargingInProgress');
  // An overstay round with a surcharge started is paid as the surcharge (decision 0019).
  if (await surchargeOfRound(deps.db, s))
    throw parkingError('SURCHARGE_STARTED', 'surcharge.payTheSurcharge');
  const now = new Date();
  const bill = await billOf(deps.db, s, now);
  const stillOpen = and(
    eq(parkingSessions.id, s.id),
    eq(parkingSessions.status, 'STARTED'),
    or(isNull(parkingSessions.paymentStartedAt), eq(parkingSessions.paymentFailed, true)),
  );
  if (bill.amount === 0) {
    const [row] = await deps.db
      .update(parkingSessions)
      .set({ ...finishingSet(now), parkingTo: now, amount: 0, free: true })
      .where(stillOpen)
      .returning();
    if (!row) throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
    announceExit(deps, row);
    return row;
  }
  const method = input.paymentMethod;
  if (!method)
    throw parkingError('NO_PAYMENT_METHOD', 'parking.noPaymentMethod', 400, 'paymentMethod');
  if (s.casual || input.user.casualUser) {
    if (method !== 'SIMPLEPAY')
      throw parkingError(
        'CASUAL_SIMPLEPAY_ONLY',
        'parking.casualSimplePayOnly',
        400,
        'paymentMethod',
      );
  } else {
    if (!input.billingDataId)
      throw parkingError('NO_BILLING_DATA', 'parking.noBillingData', 400, 'billingDataId');
    await checkBillingData(deps.db, s.userId, input.billingDataId);
  }
  const claim = {
    parkingTo: now,
    amount: bill.amount,
    billedMinutes: bill.billedMinutes,
    chargingMinutes: bill.chargingMinutes,
    free: false,
    paymentMethod: method,
    billingDataId: input.billingDataId ?? null,
    cardId: method === 'CARD' ? (input.cardId ?? null) : null,
    paymentId: null,
    paymentUrl: null,
    paymentStartedAt: now,
    paymentFinishedAt: null,
    paymentFailed: false,
    updatedAt: now,
  };
  if (method === 'WALLET') return payByWallet(deps, s, claim, stillOpen);
  if (method === 'CARD' && input.automatic)
    return payByRecurringCard(deps, s, claim, stillOpen, input.user.email);
  const req = input.req;
  if (!req) throw new Error('a card or SimplePay payment is made on a request of the driver');

  const [claimed] = await deps.db.update(parkingSessions).set(claim).where(stillOpen).returning();
  if (!claimed) throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
  deps.publish(s.userId);
  const casual = s.casual || input.user.casualUser;
  const email = (
    method === 'SIMPLEPAY' ? input.email || s.email || input.user.email : input.user.email
  ).toLowerCase();
  const mine = and(eq(parkingSessions.id, s.id), eq(parkingSessions.paymentStartedAt, now));
  await payByCard(
    deps,
    {
      method,
      purpose: 'parking',
      userId: s.userId,
      amount: bill.amount,
      causeId: s.id,
      holdCause: parkingCause(s, `:${now.getTime()}`),
      email,
      lang: input.lang,
      returnPath: '/parking-payment-result',
      billingDataId: input.billingDataId ?? null,
      card: {
        cardId: input.cardId,
        cardSecret: input.cardSecret,
        browser: input.browser,
        req,
      },
    },
    {
      record: async ({ paymentId, paymentUrl }) => {
        await deps.db
          .update(parkingSessions)
          .set({
            paymentId,
            paymentUrl,
            email: casual && method === 'SIMPLEPAY' ? email : s.email,
            updatedAt: new Date(),
          })
          .where(mine);
      },
      fail: () => markPaymentFailed(deps, s.id, now),
    },
  );
  deps.publish(s.userId);
  return (await sessionById(deps.db, s.id))!;
}

/** WALLET: debit, FINISHING and the receipt in one transaction; not enough balance changes nothing. */
async function payByWallet(
  deps: ParkingDeps,
  s: ParkingSessionRow,
  claim: Partial<ParkingSessionRow> & { parkingTo: Date; amount: number; paymentStartedAt: Date },
  stillOpen: ReturnType<typeof and>,
): Promise<ParkingSessionRow> {
  let row: ParkingSessionRow | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(parkingSessions)
        .set({
          ...claim,
          ...finishingSet(claim.paymentStartedAt),
          paymentFinishedAt: claim.paymentStartedAt,
        })
        .where(stillOpen)
        .returning();
      if (!claimed) throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
      await debitWallet(tx, {
        userId: s.userId,
        amount: claim.amount,
        kind: 'debit',
        cause: parkingCause(s),
      });
      await tx.insert(parkingReceipts).values(receiptOf(claimed, null));
      return claimed;
    });
  } catch (err) {
    if (err instanceof InsufficientFundsError)
      throw parkingError('WALLET_NOT_ENOUGH', 'parking.walletNotEnough', 402, 'paymentMethod');
    throw err;
  }
  announceExit(deps, row);
  return row;
}

/**
 * CARD by the exit camera (decision 0051): the round is claimed like any payment, then one
 * recurring token of the driver's default card pays it (`dorecurring`). Paid → FINISHING and
 * the receipt through onParkingPaymentSettled (conditional, so SimplePay's IPN arriving first
 * changes nothing). Nothing taken (no usable token, declined) → the claim is marked failed and
 * CAMERA_CARD_NOT_USABLE / CAMERA_CARD_DECLINED thrown, so the camera may try the wallet. An
 * unknown outcome keeps the claim: the reconciliation settles it, parking's listener follows.
 */
async function payByRecurringCard(
  deps: ParkingDeps,
  s: ParkingSessionRow,
  claim: Partial<ParkingSessionRow> & { parkingTo: Date; amount: number; paymentStartedAt: Date },
  stillOpen: ReturnType<typeof and>,
  email: string,
): Promise<ParkingSessionRow> {
  const [claimed] = await deps.db.update(parkingSessions).set(claim).where(stillOpen).returning();
  if (!claimed) throw parkingError('PAYMENT_IN_PROGRESS', 'parking.paymentInProgress');
  deps.publish(s.userId);
  const mine = and(
    eq(parkingSessions.id, s.id),
    eq(parkingSessions.paymentStartedAt, claim.paymentStartedAt),
  );
  let outcome;
  try {
    outcome = await payWithRecurringToken(deps.pay, {
      userId: s.userId,
      amount: claim.amount,
      purpose: 'parking',
      causeId: s.id,
      cause: parkingCause(s),
      billingDataId: claimed.billingDataId,
      email,
      record: async ({ paymentId, cardId }) => {
        await deps.db
          .update(parkingSessions)
          .set({ paymentId, cardId, updatedAt: new Date() })
          .where(mine);
      },
    });
  } catch (err) {
    // Before anything was sent (e.g. the database): nothing taken, the driver may pay again.
    await markPaymentFailed(deps, s.id, claim.paymentStartedAt);
    throw err;
  }
  if (outcome.kind === 'paid') await onParkingPaymentSettled(deps, outcome.payment);
  if (outcome.kind === 'failed') {
    await markPaymentFailed(deps, s.id, claim.paymentStartedAt);
    throw outcome.reason === 'noToken'
      ? parkingError('CAMERA_CARD_NOT_USABLE', 'parking.cameraCardNotUsable', 402, 'paymentMethod')
      : parkingError('CAMERA_CARD_DECLINED', 'parking.cameraCardDeclined', 402, 'paymentMethod');
  }
  deps.publish(s.userId);
  return (await sessionById(deps.db, s.id))!;
}

async function markPaymentFailed(deps: ParkingDeps, id: number, startedAt: Date) {
  const [row] = await deps.db
    .update(parkingSessions)
    .set({ paymentFailed: true, updatedAt: new Date() })
    .where(
      and(
        eq(parkingSessions.id, id),
        eq(parkingSessions.status, 'STARTED'),
        eq(parkingSessions.paymentStartedAt, startedAt),
      ),
    )
    .returning({ userId: parkingSessions.userId });
  if (row) deps.publish(row.userId);
}

export function receiptOf(
  s: ParkingSessionRow,
  paymentId: number | null,
  paid: 'parking' | 'surcharge' = 'parking',
) {
  // A surcharge is a price per day: its receipt tells no hourly breakdown.
  const parking = paid === 'parking' && s.billedMinutes !== null;
  return {
    userId: s.userId,
    parkingSessionId: s.id,
    round: s.round,
    paymentMethod: s.paymentMethod!,
    paymentId,
    billingDataId: s.billingDataId,
    grossPrice: s.amount,
    billedMinutes: parking ? s.billedMinutes : null,
    grossUnitParking: parking ? s.grossUnitParking : null,
    // Free minutes belong to the first round only (decision 0019).
    freeMinutes: parking ? (s.round === 0 ? s.freeMinutes : 0) : null,
    convenienceFeeGross: parking ? s.convenienceFeeGross : null,
    chargingMinutes: parking ? s.chargingMinutes : null,
    billedFrom: s.billedFrom ?? s.parkingFrom!,
    billedTo: s.parkingTo!,
  };
}

/**
 * What SimplePay said about a parking payment (the IPN, the return check or reconciliation,
 * through paymentEvents, or the sweeper for a missed event). Paid → FINISHING and the receipt,
 * in one transaction conditional on the session still waiting for this payment; a card hold
 * authorized → captured first; declined, cancelled or timed out → paymentFailed (retry allowed).
 */
export async function onParkingPaymentSettled(deps: ParkingDeps, p: PaymentRow): Promise<void> {
  if (p.purpose !== 'parking' || p.causeId === null) return;
  const s = await sessionById(deps.db, p.causeId);
  if (!s || s.paymentId !== p.id || s.status !== 'STARTED' || s.userId !== p.userId) return;
  const paid = await cardPaymentPaid(deps, p, s.amount);
  if (paid) {
    const now = new Date();
    const row = await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(parkingSessions)
        .set({ ...finishingSet(now), paymentFinishedAt: now, paymentFailed: false })
        .where(
          and(
            eq(parkingSessions.id, s.id),
            eq(parkingSessions.status, 'STARTED'),
            eq(parkingSessions.paymentId, p.id),
          ),
        )
        .returning();
      if (done)
        await tx.insert(parkingReceipts).values(receiptOf(done, p.id)).onConflictDoNothing();
      return done;
    });
    if (row) announceExit(deps, row);
    return;
  }
  if (cardPaymentFailed(p)) await markPaymentFailed(deps, s.id, s.paymentStartedAt!);
}

/** Parking payments whose settlement event this process missed (a restart). */
export async function settleMissedPayments(deps: ParkingDeps): Promise<void> {
  const rows = await deps.db
    .select({ p: payments })
    .from(parkingSessions)
    .innerJoin(payments, eq(payments.id, parkingSessions.paymentId))
    .where(
      and(
        eq(parkingSessions.status, 'STARTED'),
        eq(parkingSessions.paymentFailed, false),
        sql`${payments.settledAt} is not null`,
      ),
    )
    .limit(100);
  for (const { p } of rows) await onParkingPaymentSettled(deps, p);
}

export function noSuchSession() {
  return new ApiError(404, 'parking.noCurrentParking', { responseCode: 'NOT_FOUND' });
}
