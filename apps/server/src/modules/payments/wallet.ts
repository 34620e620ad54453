import {
  walletTopUpMinimum,
  type Lang,
  type Wallet,
  type WalletTopUpCardBody,
  type WalletTopUpCardResult,
} from '@voltpark/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { batchedQuery, byKeys, groupRows, keyIs } from '../../db/batched.js';
import { preparedQuery } from '../../db/prepared.js';
import { users } from '../../db/schema/accounts.js';
import { billingData } from '../../db/schema/billing.js';
import { cards, payments, wallets } from '../../db/schema/payments.js';
import { ApiError, notFound } from '../../core/errors.js';
import { findUserById } from '../users/repository.js';
import { walletBalance } from './ledger.js';
import {
  reconcilePayment,
  startCardPayment,
  type PaymentDeps,
  type PaymentRow,
} from './payments.js';
import { SimplePayError, SimplePayTransportError } from './simplepay/errors.js';

/**
 * SPEC §3 Wallet. countUnpayedWallets: the user's top-ups started at SimplePay and not settled
 * yet (money that may still arrive).
 */
export async function walletOf(deps: PaymentDeps, userId: number): Promise<Wallet> {
  const [row] = await walletsOf(deps.db, userId);
  return { ballance: row?.balance ?? 0, countUnpayedWallets: row?.open ?? 0 };
}

/**
 * The balance and the open top-ups in one round trip, of many users at once (the /cards page
 * polls it every 5 s; decision 0045).
 */
const walletQuery = byKeys((many) =>
  preparedQuery((db) =>
    db
      .select({
        userId: users.id,
        balance: wallets.balance,
        open: sql<number>`(select count(*)::int from ${payments} where ${payments.userId} = ${users.id} and ${payments.purpose} = 'wallet_topup' and ${payments.settledAt} is null)`,
      })
      .from(users)
      .leftJoin(wallets, eq(wallets.userId, users.id))
      .where(keyIs(users.id, many, 'int'))
      .prepare(many ? 'wallets_of_users' : 'wallet_of_user'),
  ),
);
const walletsOf = batchedQuery(async (db, userIds: number[]) =>
  groupRows(await walletQuery(db, userIds), (r) => r.userId),
);

/**
 * SPEC §5 Wallet: at least 100 Ft or the debt, at most 50 000 Ft (the schema checks the maximum),
 * to one of the user's own billing data. Returns the billing data id and the user.
 */
async function checkTopUp(
  deps: PaymentDeps,
  userId: number,
  input: { amount: number; billingDataId: number },
) {
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
  return { billingDataId: billing.id, user };
}

/** A top-up on SimplePay's card form; returns the pay page address. */
export async function startTopUp(
  deps: PaymentDeps,
  userId: number,
  input: { amount: number; billingDataId: number; lang: Lang },
): Promise<string> {
  const { billingDataId, user } = await checkTopUp(deps, userId, input);
  const payment = await startCardPayment(deps, {
    userId,
    purpose: 'wallet_topup',
    total: input.amount,
    twoStep: false,
    email: user.email,
    lang: input.lang,
    returnPath: '/prepaid-payment-result',
    billingDataId,
  });
  return payment.paymentUrl!;
}

const topUpOrderRef = (userId: number, requestId: string) =>
  `VP-WALLET-TOPUP-${userId}-${requestId}`;

const answerOf = (p: PaymentRow): WalletTopUpCardResult => ({
  redirectUrl: p.paymentUrl,
  transactionId: p.transactionId,
});

/**
 * A top-up paid with one of the user's saved cards (SimplePay OneClick `do`, one step). The
 * order reference is made of the user and the client's requestId, so a repeated request (a
 * double click, a retried call, a replay) finds the first payment and never pays twice. The
 * wallet is credited only when SimplePay reports FINISHED (IPN, or the confirm-payment query).
 */
export async function startSavedCardTopUp(
  deps: PaymentDeps,
  userId: number,
  input: WalletTopUpCardBody & { req: FastifyRequest },
): Promise<WalletTopUpCardResult> {
  const orderRef = topUpOrderRef(userId, input.requestId);
  const [earlier] = await deps.db.select().from(payments).where(eq(payments.orderRef, orderRef));
  if (earlier) return answerOf(earlier);

  const { billingDataId, user } = await checkTopUp(deps, userId, input);
  const [card] = await deps.db
    .select()
    .from(cards)
    .where(and(eq(cards.id, input.cardId), eq(cards.userId, userId), eq(cards.status, 'active')));
  if (!card?.simplePayCardId) {
    throw new ApiError(404, 'card.notFound', {
      responseCode: 'NOT_FOUND',
      fields: [{ field: 'cardId', messageKey: 'card.notFound' }],
    });
  }
  const [payment] = await deps.db
    .insert(payments)
    .values({
      userId,
      purpose: 'wallet_topup',
      orderRef,
      merchant: deps.gateway.merchant,
      total: input.amount,
      twoStep: false,
      billingDataId,
      cardMask: card.mask,
    })
    .onConflictDoNothing({ target: payments.orderRef })
    .returning();
  if (!payment) {
    // The same request arrived twice at once: the other one pays.
    const [other] = await deps.db.select().from(payments).where(eq(payments.orderRef, orderRef));
    return answerOf(other!);
  }
  try {
    const answer = await deps.gateway.client().doPayment({
      orderRef,
      currency: 'HUF',
      customerEmail: user.email,
      total: input.amount,
      cardId: card.simplePayCardId,
      cardSecret: input.cardSecret,
      threeDSReqAuthMethod: '02',
      twoStep: false,
      url: `${deps.config.publicUrl}/prepaid-payment-result`,
      browser: {
        accept: String(input.req.headers.accept ?? '*/*'),
        agent: String(input.req.headers['user-agent'] ?? 'unknown'),
        ip: input.req.ip,
        java: input.java ?? false,
        lang: input.lang ?? 'hu',
        color: input.color ?? 24,
        height: input.height ?? 800,
        width: input.width ?? 400,
        tz: input.tz ?? -60,
      },
    });
    const [updated] = await deps.db
      .update(payments)
      .set({
        transactionId: answer.transactionId,
        paymentUrl: answer.redirectUrl ?? null,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment.id))
      .returning();
    return answerOf(updated!);
  } catch (err) {
    const cancel = () =>
      deps.db
        .update(payments)
        .set({ status: 'CANCELLED', settledAt: new Date(), updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
    if (err instanceof SimplePayError) {
      await cancel();
      if (err.has(5041)) {
        throw new ApiError(402, 'charge.error.SIMPLEPAY_INVALID_PASSWORD', {
          responseCode: 'SIMPLEPAY_INVALID_PASSWORD',
          fields: [{ field: 'cardSecret', messageKey: 'charge.error.SIMPLEPAY_INVALID_PASSWORD' }],
        });
      }
      if ([5040, 5042, 5043].some((c) => err.has(c))) {
        throw new ApiError(402, 'charge.error.CARD_NOT_USABLE', {
          responseCode: 'CARD_NOT_USABLE',
        });
      }
    } else if (err instanceof SimplePayTransportError && !err.maybeApplied) {
      await cancel();
    }
    // A `do` that may have reached SimplePay stays open: the reconciliation job asks about it.
    throw new ApiError(502, 'payment.startFailed', { responseCode: 'PAYMENT_START_FAILED' });
  }
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
