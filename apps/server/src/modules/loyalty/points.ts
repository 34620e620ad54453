import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pointsAccounts, pointsLedger, type PointsReason } from '../../db/schema/loyalty.js';

/** Spending more points than the balance holds. */
export class NotEnoughPointsError extends Error {
  constructor(readonly balance: number) {
    super('not enough points');
    this.name = 'NotEnoughPointsError';
  }
}

export interface PointsMove {
  userId: number;
  /** Points, positive. */
  amount: number;
  /** Unique per effect (`coupon:7`, `coupon-refund:7`): a replayed cause books nothing. */
  cause: string;
  reason: PointsReason;
  chargeId?: number | null;
  description?: string | null;
}

/** The points balance: the sum of the user's ledger rows. */
export async function pointsBalance(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

/**
 * Takes the user's points lock for the rest of the transaction. Every spend (and everything that
 * must see a stable set of the user's coupons, such as "one active generated coupon") holds it,
 * so they run one after another per user; earnings need no lock (they only add).
 */
export async function lockPoints(tx: DbOrTx, userId: number): Promise<void> {
  await tx.insert(pointsAccounts).values({ userId }).onConflictDoNothing();
  await tx.execute(
    sql`select 1 from ${pointsAccounts} where ${pointsAccounts.userId} = ${userId} for update`,
  );
}

/** Books points in. Returns false when the cause was booked before (nothing changes). */
export async function creditPoints(tx: DbOrTx, move: PointsMove): Promise<boolean> {
  const rows = await tx
    .insert(pointsLedger)
    .values({
      userId: move.userId,
      amount: move.amount,
      cause: move.cause,
      reason: move.reason,
      chargeId: move.chargeId ?? null,
      description: move.description ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: pointsLedger.id });
  return rows.length > 0;
}

/**
 * Books points out, only if the balance stays at or above zero. Call inside a transaction: it
 * takes the user's points lock, then reads the sum (each statement sees what committed before
 * the lock was granted), so concurrent spends can never take the balance below zero.
 * Returns the new balance.
 */
export async function spendPoints(tx: DbOrTx, move: PointsMove): Promise<number> {
  await lockPoints(tx, move.userId);
  const balance = await pointsBalance(tx, move.userId);
  if (balance < move.amount) throw new NotEnoughPointsError(balance);
  await tx.insert(pointsLedger).values({
    userId: move.userId,
    amount: -move.amount,
    cause: move.cause,
    reason: move.reason,
    chargeId: move.chargeId ?? null,
    description: move.description ?? null,
  });
  return balance - move.amount;
}

/** The user's ledger rows since `from`, newest first. */
export async function pointsHistory(db: DbOrTx, userId: number, from: Date) {
  return db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), gte(pointsLedger.createdAt, from)))
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id));
}
