import type { Lang } from '@voltpark/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { payments, roamingReceipts as RR } from '../../../db/schema/index.js';
import { ApiError } from '../../../core/errors.js';
import { startCardPayment, type PaymentDeps, type PaymentRow } from '../../payments/payments.js';
import { ownRoamingReceipt } from './roaming-receipts.js';

/** The `payments.purpose` of paying what a card hold did not cover (causeId: the receipt's id). */
export const ROAMING_RECEIPT_PURPOSE = 'roaming_receipt' as const;

/**
 * Decision 0050: a roaming bill above its card hold leaves the rest open on the receipt, as our
 * own card charges do; `v1/simplepay/start/{rowNumber}` pays it with a one-step SimplePay
 * payment. Null when the user has no roaming receipt of that number (the caller answers 404).
 * A payment still open for it (started in the last 4 minutes) is offered again.
 */
export async function startRoamingReceiptPayment(
  deps: PaymentDeps,
  user: { id: number; email: string },
  rowNumber: number,
  lang: Lang,
): Promise<string | null> {
  const receipt = await ownRoamingReceipt(deps.db, user.id, rowNumber);
  if (!receipt) return null;
  const open = receipt.grossPrice - receipt.paidAmount;
  if (receipt.paidAt || open <= 0)
    throw new ApiError(409, 'receipt.alreadyPaid', { responseCode: 'RECEIPT_ALREADY_PAID' });
  const [pending] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.purpose, ROAMING_RECEIPT_PURPOSE),
        eq(payments.causeId, receipt.id),
        isNull(payments.settledAt),
      ),
    );
  if (pending?.paymentUrl && Date.now() - pending.createdAt.getTime() < 4 * 60_000)
    return pending.paymentUrl;
  const payment = await startCardPayment(deps, {
    userId: user.id,
    purpose: ROAMING_RECEIPT_PURPOSE,
    total: open,
    twoStep: false,
    email: user.email,
    lang,
    returnPath: '/payment-result',
    causeId: receipt.id,
  });
  return payment.paymentUrl ?? '';
}

/** A roaming receipt payment SimplePay reported FINISHED: the receipt is paid (once). */
export async function markRoamingReceiptPaid(db: Db, p: PaymentRow): Promise<void> {
  if (p.purpose !== ROAMING_RECEIPT_PURPOSE || p.status !== 'FINISHED' || p.causeId === null)
    return;
  await db
    .update(RR)
    .set({ paidAt: sql`now()`, paidAmount: sql`${RR.paidAmount} + ${p.total}` })
    .where(and(eq(RR.id, p.causeId), eq(RR.userId, p.userId), isNull(RR.paidAt)));
}
