import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ledgerEntries, wallets } from '../../db/schema/payments.js';

type Kind = (typeof ledgerEntries.$inferInsert)['kind'];

export class InsufficientFundsError extends Error {
  constructor(readonly balance: number) {
    super('insufficient wallet balance');
    this.name = 'InsufficientFundsError';
  }
}

export interface WalletMove {
  userId: number;
  /** Ft, positive. */
  amount: number;
  kind: Kind;
  cause: string;
  paymentId?: number;
}

async function ensureWallet(tx: DbOrTx, userId: number) {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
}

/** Credits the wallet and books it. Call inside a transaction together with its cause. */
export async function creditWallet(tx: DbOrTx, move: WalletMove): Promise<number> {
  await ensureWallet(tx, move.userId);
  await tx.insert(ledgerEntries).values({
    userId: move.userId,
    account: 'wallet',
    kind: move.kind,
    amount: move.amount,
    paymentId: move.paymentId ?? null,
    cause: move.cause,
  });
  const [row] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${move.amount}`, updatedAt: new Date() })
    .where(eq(wallets.userId, move.userId))
    .returning({ balance: wallets.balance });
  return row!.balance;
}

/**
 * Debits the wallet only if the balance stays at or above `floor` (0 unless a capture may
 * leave a debt). The check and the change are one UPDATE, so concurrent debits serialize on the
 * wallet row and can never overdraw it.
 */
export async function debitWallet(tx: DbOrTx, move: WalletMove, floor = 0): Promise<number> {
  await ensureWallet(tx, move.userId);
  const [row] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} - ${move.amount}`, updatedAt: new Date() })
    .where(
      and(eq(wallets.userId, move.userId), sql`${wallets.balance} - ${move.amount} >= ${floor}`),
    )
    .returning({ balance: wallets.balance });
  if (!row) throw new InsufficientFundsError(await walletBalance(tx, move.userId));
  await tx.insert(ledgerEntries).values({
    userId: move.userId,
    account: 'wallet',
    kind: move.kind,
    amount: -move.amount,
    paymentId: move.paymentId ?? null,
    cause: move.cause,
  });
  return row.balance;
}

export async function walletBalance(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}

/** The wallet balance as the ledger tells it: must always equal `walletBalance`. */
export async function walletLedgerSum(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'wallet')));
  return Number(row?.sum ?? 0);
}
