import type { Lang } from '@voltpark/contract';
import { eq } from 'drizzle-orm';
import { charges, moneyHolds, payments } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import { restartCardHold } from '../payments/holds.js';
import { reconcilePayment } from '../payments/payments.js';
import { findUserById } from '../users/repository.js';
import { endUnstarted, holdCause, mayPayAgain, type ChargingDeps } from './lifecycle.js';
import { ownCharge, type ChargeViewer } from './repository.js';

const refuse = (code: string) => new ApiError(409, `charge.error.${code}`, { responseCode: code });

async function holdOf(deps: ChargingDeps, chargeId: number) {
  const [hold] = await deps.db
    .select()
    .from(moneyHolds)
    .where(eq(moneyHolds.cause, holdCause(chargeId)));
  return hold ?? null;
}

/**
 * v1/charger/charge-payment: where the driver pays a card charge that waits in NEW. The open
 * payment's page while SimplePay still takes it; after a decline or a cancel (SimplePay is asked,
 * the browser's return proves nothing) a new payment for the same hold, while the charge's
 * payment window lasts; after it, PAYMENT_WINDOW_OVER (the charge ends; start a new one).
 */
export async function chargePaymentUrl(
  deps: ChargingDeps,
  viewer: ChargeViewer,
  chargeId: number,
  lang: Lang,
): Promise<string> {
  const charge = await ownCharge(deps.db, viewer, chargeId);
  if (charge.status !== 'NEW') throw refuse('CHARGE_NOT_PAYABLE');
  // A saved card's 3-D Secure page: SimplePay's own, offered as it is.
  if (charge.paymentMethod === 'saved_card' && charge.paymentUrl) return charge.paymentUrl;
  if (charge.paymentMethod !== 'card') throw refuse('CHARGE_NOT_PAYABLE');
  let hold = await holdOf(deps, charge.id);
  if (!hold) throw refuse('CHARGE_NOT_PAYABLE');
  if (hold.status === 'pending' && hold.paymentId !== null) {
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, hold.paymentId));
    if (payment && !payment.settledAt) await reconcilePayment(deps.pay, payment);
    hold = (await holdOf(deps, charge.id))!;
  }
  if (!mayPayAgain(charge)) {
    if (hold.status !== 'held') await endUnstarted(deps, charge.id, 'paymentTimeout');
    throw refuse('PAYMENT_WINDOW_OVER');
  }
  switch (hold.status) {
    case 'pending': {
      if (hold.paymentId === null) throw refuse('PAYMENT_IN_PROGRESS');
      const [payment] = await deps.db
        .select({ url: payments.paymentUrl })
        .from(payments)
        .where(eq(payments.id, hold.paymentId));
      if (!payment?.url) throw refuse('PAYMENT_IN_PROGRESS');
      return payment.url;
    }
    case 'failed': {
      const user = await findUserById(deps.db, charge.userId);
      if (!user) throw refuse('CHARGE_NOT_PAYABLE');
      const again = await restartCardHold(deps.pay, {
        cause: holdCause(charge.id),
        purpose: 'charge',
        causeId: charge.id,
        email: user.email,
        lang,
        returnPath: '/payment-result',
        timeout: charge.paymentDeadline ?? undefined,
      });
      if (!again) throw refuse('PAYMENT_IN_PROGRESS');
      await deps.db
        .update(charges)
        .set({ paymentUrl: again.paymentUrl, updatedAt: new Date() })
        .where(eq(charges.id, charge.id));
      return again.paymentUrl;
    }
    default:
      // Authorized meanwhile: the charge is on its way to the charger.
      throw refuse('CHARGE_NOT_PAYABLE');
  }
}
