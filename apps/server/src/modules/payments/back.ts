import type { PaymentReturnCheck } from '@voltpark/contract';
import { ApiError } from '../../core/errors.js';
import type { Gateway } from './gateway.js';
import { readBackRedirect } from './simplepay/callbacks.js';

/**
 * Checks SimplePay's back redirect for a result page: the signature (constant time) and that it
 * names our merchant. The event is for display only; money is settled by the IPN or a query.
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
