import type { Lang } from '@voltpark/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chargeReceipts, payments } from '../../db/schema/index.js';
import { ApiError, notFound } from '../../core/errors.js';
import { findUserById } from '../users/repository.js';
import { startCardPayment, type PaymentDeps } from '../payments/payments.js';
import { ownReceipt, type ChargeViewer } from './repository.js';

/**
 * v1/simplepay/start/{rowNumber}: pays what is still open on the user's receipt with a one-step
 * SimplePay payment. A payment already open for it is offered again rather than a second one.
 */
export async function startReceiptPayment(
  deps: PaymentDeps,
  viewer: ChargeViewer,
  rowNumber: number,
  lang: Lang,
): Promise<string> {
  const userId = viewer.id;
  const receipt = await ownReceipt(deps.db, viewer, rowNumber);
  const open = receipt.grossPrice - receipt.paidAmount;
  if (receipt.paidAt || open <= 0) {
    throw new ApiError(409, 'receipt.alreadyPaid', { responseCode: 'RECEIPT_ALREADY_PAID' });
  }
  const [pending] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'receipt'),
        eq(payments.causeId, receipt.id),
        isNull(payments.settledAt),
      ),
    );
  if (pending?.paymentUrl && Date.now() - pending.createdAt.getTime() < 4 * 60_000)
    return pending.paymentUrl;
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('error.notFound');
  const payment = await startCardPayment(deps, {
    userId,
    purpose: 'receipt',
    total: open,
    twoStep: false,
    email: user.email,
    lang,
    returnPath: '/payment-result',
    causeId: receipt.id,
  });
  return payment.paymentUrl ?? '';
}

/** A receipt payment SimplePay reported FINISHED: the receipt is paid (once). */
export async function markReceiptPaid(db: Db, paymentId: number): Promise<void> {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p || p.purpose !== 'receipt' || p.status !== 'FINISHED' || p.causeId === null) return;
  const [receipt] = await db
    .select()
    .from(chargeReceipts)
    .where(and(eq(chargeReceipts.id, p.causeId), eq(chargeReceipts.userId, p.userId)));
  if (!receipt || receipt.paidAt) return;
  await db
    .update(chargeReceipts)
    .set({ paidAt: new Date(), paidAmount: receipt.paidAmount + p.total })
    .where(and(eq(chargeReceipts.id, receipt.id), isNull(chargeReceipts.paidAt)));
}
