import type { PaymentReturnCheck } from '@voltpark/contract';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import type { Gateway } from './gateway.js';
import { reconcilePayment, type PaymentDeps } from './payments.js';
import { readBackRedirect } from './simplepay/callbacks.js';

/**
 * Checks SimplePay's back redirect for a result page: the signature (constant time) and that it
 * names our merchant. The event is for display only; money is settled by the IPN or a query
 * (see settleAfterFailedReturn).
 */
export function checkBackRedirect(
  gateway: Pick<Gateway, 'merchant' | 'secretKey'>,
  r: string,
  s: string,
): PaymentReturnCheck {
  const event = readBackRedirect(gateway.secretKey, r, s);
  if (!event || event.m !== gateway.merchant) {
    throw new ApiError(400, 'payment.badReturn', { responseCode: 'BAD_PAYMENT_RETURN' });
  }
  return { e: event.e, o: event.o, t: String(event.t) };
}

/**
 * After a verified back redirect that says the payment did not go through (FAIL, CANCEL,
 * TIMEOUT), the payment is asked about at SimplePay at once and settled by its answer: SimplePay
 * sends no IPN for a cancelled payment, and the driver should not wait for the reconciliation
 * round (a minute or more) to see it end and its hold go. The answer of the query decides, not
 * the redirect. Nothing happens for an unknown or already settled payment; a failed query is
 * left to the reconciliation round.
 */
export async function settleAfterFailedReturn(
  deps: PaymentDeps,
  event: PaymentReturnCheck,
  log: { warn(o: object, m: string): void },
): Promise<void> {
  if (event.e === 'SUCCESS') return;
  const [p] = await deps.db.select().from(payments).where(eq(payments.orderRef, event.o));
  if (!p || p.settledAt) return;
  try {
    await reconcilePayment(deps, p);
  } catch (err) {
    log.warn({ err, paymentId: p.id }, 'payment query after a back redirect failed');
  }
}
