import { walletTopUpMinimum, type Lang, type Wallet } from '@voltpark/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { billingData } from '../../db/schema/billing.js';
import { payments } from '../../db/schema/payments.js';
import { ApiError, notFound } from '../../core/errors.js';
import { findUserById } from '../users/repository.js';
import { walletBalance } from './ledger.js';
import { reconcilePayment, startCardPayment, type PaymentDeps } from './payments.js';

/**
 * SPEC §3 Wallet. countUnpayedWallets: the user's top-ups started at SimplePay and not settled
 * yet (money that may still arrive).
 */
export async function walletOf(deps: PaymentDeps, userId: number): Promise<Wallet> {
  const [open] = await deps.db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.purpose, 'wallet_topup'),
        isNull(payments.settledAt),
      ),
    );
  return { ballance: await walletBalance(deps.db, userId), countUnpayedWallets: open?.n ?? 0 };
}

/** SPEC §5 Wallet: at least 100 Ft or the debt, at most 50 000 Ft (the schema checks the maximum). */
export async function startTopUp(
  deps: PaymentDeps,
  userId: number,
  input: { amount: number; billingDataId: number; lang: Lang },
): Promise<string> {
  const minimum = walletTopUpMinimum(await walletBalance(deps.db, userId));
  if (input.amount < minimum) {
    throw new ApiError(400, 'wallet.topUpTooSmall', {
      responseCode: 'TOP_UP_TOO_SMALL',
      vars: { minimum },
      fields: [{ field: 'amount', messageKey: 'wallet.topUpTooSmall' }],
    });
  }
  const [billing] = await deps.db
    .select({ id: billingData.id })
    .from(billingData)
    .where(
      and(
        eq(billingData.id, input.billingDataId),
        eq(billingData.userId, userId),
        isNull(billingData.deletedAt),
      ),
    );
  if (!billing) throw notFound('billing.notFound');
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('error.notFound');
  const payment = await startCardPayment(deps, {
    userId,
    purpose: 'wallet_topup',
    total: input.amount,
    twoStep: false,
    email: user.email,
    lang: input.lang,
    returnPath: '/prepaid-payment-result',
    billingDataId: billing.id,
  });
  return payment.paymentUrl!;
}

/**
 * The browser came back from the pay page. Its event is only for display: the top-up is
 * settled by asking SimplePay, so a forged or replayed return credits nothing.
 */
export async function confirmTopUp(deps: PaymentDeps, userId: number, transactionId: number) {
  const [p] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.transactionId, transactionId),
        eq(payments.userId, userId),
        eq(payments.purpose, 'wallet_topup'),
      ),
    );
  if (!p) throw notFound('payment.notFound');
  const settled = p.settledAt ? p : await reconcilePayment(deps, p);
  return { payment: settled ?? p, balance: await walletBalance(deps.db, userId) };
}
