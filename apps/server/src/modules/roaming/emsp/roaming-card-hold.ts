import { and, eq, lt, sql } from 'drizzle-orm';
import { moneyHolds, roamingEmspChargeRequests as R } from '../../../db/schema/index.js';
import type { PaymentRow } from '../../payments/payments.js';
import { roamingHoldCause } from './bill-roaming-cdr.js';
import { endRequest } from './charge-requests-store.js';
import { roamingChargeChanged } from './roaming-charge-events.js';
import { sendStartSession, type PartnerChargeDeps } from './send-start-session.js';

/** Seconds a roaming request may wait in PAYING: SimplePay's 5-minute window and a minute more. */
export const PAYING_WINDOW_S = 6 * 60;

/**
 * Why a request ended before anything went to the partner (its `message`; the app shows a
 * translated text per code, `paymentProblem` of the view).
 */
export const paymentEndMessages = {
  NOT_COMPLETED: 'the card payment was not completed',
  CANCELLED: 'the driver cancelled the payment',
  TIMEOUT: 'the card payment was not completed in time',
  NOT_STARTED: 'the card hold could not be started',
} as const;
export type PaymentProblem = keyof typeof paymentEndMessages;

export function paymentProblemOf(message: string | null): PaymentProblem | null {
  const hit = Object.entries(paymentEndMessages).find(([, text]) => text === message);
  return hit ? (hit[0] as PaymentProblem) : null;
}

/** The `payments.purpose` of a roaming card hold (causeId: the request's id). */
export const ROAMING_PURPOSE = 'roaming' as const;

/**
 * A request in PAYING after its card hold moved (decision 0050): AUTHORIZED (the hold `held`)
 * → claimed PAYING → REQUESTED (conditional: the IPN, its replays, the back redirect's query,
 * the loop and a second replica may all call this; one claims) and START_SESSION is sent;
 * declined, cancelled or timed out at SimplePay (the hold `failed`) → REJECTED. A hold still
 * pending changes nothing. Safe to call any number of times.
 */
export async function continueAfterCardHold(
  deps: PartnerChargeDeps,
  requestId: number,
): Promise<void> {
  const [row] = await deps.db.select().from(R).where(eq(R.id, requestId));
  if (!row || row.status !== 'PAYING') return;
  const [hold] = await deps.db
    .select({ status: moneyHolds.status })
    .from(moneyHolds)
    .where(
      and(
        eq(moneyHolds.cause, roamingHoldCause(row.authorizationReference)),
        eq(moneyHolds.userId, row.userId),
      ),
    );
  if (hold?.status === 'failed') {
    await endRequest(deps, row.id, ['PAYING'], 'REJECTED', paymentEndMessages.NOT_COMPLETED);
    return;
  }
  if (hold?.status !== 'held') return;
  const [claimed] = await deps.db
    .update(R)
    .set({
      status: 'REQUESTED',
      pendingCommand: 'START_SESSION',
      paymentUrl: null,
      // Provisional, as for a wallet start: a crash before the send still ends in TIMEOUT.
      resultDueAt: sql`now() + make_interval(secs => ${Math.ceil(deps.client.timeoutMs / 1000) + 60})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(R.id, row.id), eq(R.status, 'PAYING')))
    .returning();
  if (!claimed) return;
  roamingChargeChanged(deps.db, claimed.userId);
  await sendStartSession(deps, claimed);
}

/** paymentEvents 'settled' of a roaming card hold: the request moves on at once. */
export function onRoamingPaymentSettled(deps: PartnerChargeDeps, p: PaymentRow): Promise<void> {
  if (p.purpose !== ROAMING_PURPOSE || p.causeId === null) return Promise.resolve();
  return continueAfterCardHold(deps, p.causeId);
}

/**
 * The loop's part: every PAYING request is looked at again (an IPN handled by another replica,
 * or an event lost in a crash), and one still PAYING past its deadline ends TIMEOUT; its hold,
 * if SimplePay authorizes it later, is released by `releaseEndedHolds`.
 */
export async function payingRound(deps: PartnerChargeDeps, now: Date): Promise<void> {
  const paying = await deps.db.select({ id: R.id }).from(R).where(eq(R.status, 'PAYING')).limit(50);
  for (const r of paying) await continueAfterCardHold(deps, r.id);
  const overdue = await deps.db
    .select({ id: R.id })
    .from(R)
    .where(and(eq(R.status, 'PAYING'), lt(R.resultDueAt, sql`${now.toISOString()}::timestamptz`)))
    .limit(50);
  for (const r of overdue)
    await endRequest(deps, r.id, ['PAYING'], 'TIMEOUT', paymentEndMessages.TIMEOUT);
}
