import type { Lang } from '@voltpark/contract';
import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntries, moneyHolds, payments } from '../../db/schema/payments.js';
import { creditWallet, debitWallet } from './ledger.js';
import { startCardPayment, type PaymentDeps } from './payments.js';
import { SimplePayError } from './simplepay/errors.js';

export type HoldRow = typeof moneyHolds.$inferSelect;

async function holdByCause(deps: PaymentDeps, cause: string) {
  const [row] = await deps.db.select().from(moneyHolds).where(eq(moneyHolds.cause, cause));
  return row ?? null;
}

/**
 * Reserves `amount` from the wallet for a cause. A second call for the same cause (a
 * double-tapped start) returns the first hold; an uncovered amount throws InsufficientFundsError.
 */
export async function holdWallet(
  deps: PaymentDeps,
  input: { userId: number; amount: number; cause: string },
) {
  const existing = await holdByCause(deps, input.cause);
  if (existing) return existing;
  return deps.db.transaction(async (tx) => {
    const [hold] = await tx
      .insert(moneyHolds)
      .values({
        userId: input.userId,
        method: 'wallet',
        amount: input.amount,
        cause: input.cause,
        status: 'held',
      })
      .onConflictDoNothing()
      .returning();
    if (!hold) {
      const [other] = await tx.select().from(moneyHolds).where(eq(moneyHolds.cause, input.cause));
      return other!;
    }
    await debitWallet(tx, {
      userId: input.userId,
      amount: input.amount,
      kind: 'hold',
      cause: input.cause,
    });
    return hold;
  });
}

/**
 * Reserves `amount` on a card with a SimplePay two-step payment: the driver authorizes it on the
 * pay page; the hold becomes `held` when SimplePay reports AUTHORIZED (see settlePayment).
 */
export async function startCardHold(
  deps: PaymentDeps,
  input: {
    userId: number;
    amount: number;
    cause: string;
    purpose: 'charge' | 'parking' | 'surcharge' | 'roaming';
    causeId?: number;
    email: string;
    lang: Lang;
    returnPath: string;
    billingDataId?: number;
  },
): Promise<{ hold: HoldRow; paymentUrl: string }> {
  const existing = await holdByCause(deps, input.cause);
  if (existing?.paymentId) {
    const [p] = await deps.db.select().from(payments).where(eq(payments.id, existing.paymentId));
    return { hold: existing, paymentUrl: p?.paymentUrl ?? '' };
  }
  const payment = await startCardPayment(deps, {
    userId: input.userId,
    purpose: input.purpose,
    total: input.amount,
    twoStep: true,
    email: input.email,
    lang: input.lang,
    returnPath: input.returnPath,
    causeId: input.causeId,
    billingDataId: input.billingDataId,
  });
  const [hold] = await deps.db
    .insert(moneyHolds)
    .values({
      userId: input.userId,
      method: 'card',
      amount: input.amount,
      cause: input.cause,
      paymentId: payment.id,
      status: 'pending',
    })
    .returning();
  return { hold: hold!, paymentUrl: payment.paymentUrl ?? '' };
}

/**
 * A new SimplePay payment for a card hold whose payment was declined or cancelled (status
 * `failed`): the same hold (same cause, same amount) points at the new payment, so there is
 * never a second hold, and what the old payment's late IPN says changes nothing (settlePayment
 * updates only the hold of that payment). The hold is claimed first, so two taps make one
 * payment; null when it was not `failed` (the caller re-reads it).
 */
export async function restartCardHold(
  deps: PaymentDeps,
  input: {
    cause: string;
    purpose: 'charge' | 'parking' | 'surcharge';
    causeId?: number;
    email: string;
    lang: Lang;
    returnPath: string;
    timeout?: Date;
  },
): Promise<{ hold: HoldRow; paymentUrl: string } | null> {
  const before = await holdByCause(deps, input.cause);
  if (!before || before.method !== 'card' || before.status !== 'failed') return null;
  const [claimed] = await deps.db
    .update(moneyHolds)
    .set({ status: 'pending', paymentId: null, closedAt: null })
    .where(and(eq(moneyHolds.id, before.id), eq(moneyHolds.status, 'failed')))
    .returning();
  if (!claimed) return null;
  const [old] = before.paymentId
    ? await deps.db
        .select({ billingDataId: payments.billingDataId })
        .from(payments)
        .where(eq(payments.id, before.paymentId))
    : [];
  let payment;
  try {
    payment = await startCardPayment(deps, {
      userId: claimed.userId,
      purpose: input.purpose,
      total: claimed.amount,
      twoStep: true,
      email: input.email,
      lang: input.lang,
      returnPath: input.returnPath,
      causeId: input.causeId,
      billingDataId: old?.billingDataId ?? undefined,
      timeout: input.timeout,
    });
  } catch (err) {
    // Nothing reached SimplePay's pay page: the hold is failed again, and may be retried.
    await deps.db
      .update(moneyHolds)
      .set({ status: 'failed', closedAt: new Date() })
      .where(and(eq(moneyHolds.id, claimed.id), sql`${moneyHolds.paymentId} is null`));
    throw err;
  }
  const [hold] = await deps.db
    .update(moneyHolds)
    .set({ paymentId: payment.id })
    .where(eq(moneyHolds.id, claimed.id))
    .returning();
  return { hold: hold!, paymentUrl: payment.paymentUrl ?? '' };
}

/** Takes `actual` (capped at the hold) and gives back the rest; 0 releases all. Exactly once per hold. */
export async function captureHold(
  deps: PaymentDeps,
  cause: string,
  actual: number,
): Promise<HoldRow | null> {
  const hold = await holdByCause(deps, cause);
  if (!hold) return null;
  const take = Math.max(0, Math.min(actual, hold.amount));
  return hold.method === 'wallet'
    ? captureWalletHold(deps, hold.id, take)
    : captureCardHold(deps, hold.id, take);
}

export const releaseHold = (deps: PaymentDeps, cause: string) => captureHold(deps, cause, 0);

async function captureWalletHold(deps: PaymentDeps, holdId: number, take: number) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select id from money_holds where id = ${holdId} for update`);
    const [hold] = await tx.select().from(moneyHolds).where(eq(moneyHolds.id, holdId));
    if (!hold || hold.status !== 'held') return hold ?? null;
    await creditWallet(tx, {
      userId: hold.userId,
      amount: hold.amount,
      kind: 'release',
      cause: hold.cause,
    });
    if (take > 0) {
      // The hold covered it, so this cannot overdraw; the floor only guards against a bug.
      await debitWallet(
        tx,
        { userId: hold.userId, amount: take, kind: 'capture', cause: hold.cause },
        -1_000_000,
      );
    }
    const [done] = await tx
      .update(moneyHolds)
      .set({
        status: take > 0 ? 'captured' : 'released',
        capturedAmount: take,
        closedAt: new Date(),
      })
      .where(eq(moneyHolds.id, holdId))
      .returning();
    return done!;
  });
}

/**
 * Card holds are finished at SimplePay (one finish per transaction). The hold is first marked
 * `capturing`/`releasing` so no second finish is ever sent; if the answer is lost, the
 * reconciliation completes it by query.
 */
async function captureCardHold(deps: PaymentDeps, holdId: number, take: number) {
  const claimed = await deps.db
    .update(moneyHolds)
    .set({ status: take > 0 ? 'capturing' : 'releasing', capturedAmount: take })
    .where(and(eq(moneyHolds.id, holdId), eq(moneyHolds.status, 'held')))
    .returning();
  const hold = claimed[0];
  if (!hold) {
    const [current] = await deps.db.select().from(moneyHolds).where(eq(moneyHolds.id, holdId));
    return current ?? null;
  }
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, hold.paymentId!));
  try {
    await deps.gateway.client().finish({
      orderRef: payment!.orderRef,
      originalTotal: hold.amount,
      approveTotal: take,
      currency: 'HUF',
    });
  } catch (err) {
    if (!(err instanceof SimplePayError && err.has(5021))) throw err;
  }
  return completeCardHold(deps, hold.id, take);
}

export async function completeCardHold(deps: PaymentDeps, holdId: number, take: number) {
  return deps.db.transaction(async (tx) => {
    const [hold] = await tx.select().from(moneyHolds).where(eq(moneyHolds.id, holdId));
    if (!hold || (hold.status !== 'capturing' && hold.status !== 'releasing')) return hold ?? null;
    await tx
      .update(payments)
      .set({
        capturedTotal: take,
        status: take > 0 ? 'FINISHED' : 'CANCELLED',
        updatedAt: new Date(),
      })
      .where(eq(payments.id, hold.paymentId!));
    if (take > 0) {
      await tx
        .insert(ledgerEntries)
        .values({
          userId: hold.userId,
          account: 'card',
          kind: 'card_capture',
          amount: -take,
          paymentId: hold.paymentId,
          cause: hold.cause,
        })
        .onConflictDoNothing();
    }
    const [done] = await tx
      .update(moneyHolds)
      .set({
        status: take > 0 ? 'captured' : 'released',
        capturedAmount: take,
        closedAt: new Date(),
      })
      .where(eq(moneyHolds.id, holdId))
      .returning();
    return done!;
  });
}

/**
 * Card captures whose SimplePay answer was lost (the hold stuck in capturing/releasing for a
 * minute): the query tells whether the finish happened; if not, it is sent now, once.
 */
export async function completeStuckCardHolds(deps: PaymentDeps): Promise<number> {
  const stuck = await deps.db
    .select({ hold: moneyHolds, orderRef: payments.orderRef })
    .from(moneyHolds)
    .innerJoin(payments, eq(payments.id, moneyHolds.paymentId))
    .where(
      and(
        sql`${moneyHolds.status} in ('capturing', 'releasing')`,
        sql`${moneyHolds.createdAt} < now() - interval '1 minute'`,
      ),
    )
    .limit(20);
  for (const { hold, orderRef } of stuck) {
    const take = hold.capturedAmount ?? 0;
    try {
      const [tx] = (await deps.gateway.client().query({ orderRefs: [orderRef] })).transactions;
      if (tx?.status === 'AUTHORIZED') {
        await deps.gateway
          .client()
          .finish({ orderRef, originalTotal: hold.amount, approveTotal: take, currency: 'HUF' });
      } else if (tx?.status !== 'FINISHED' && tx?.status !== 'CANCELLED') {
        continue;
      }
      await completeCardHold(deps, hold.id, take);
    } catch {
      // Tried again next round.
    }
  }
  return stuck.length;
}
