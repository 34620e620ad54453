import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  onlineWalletSandboxAccounts,
  onlineWalletSandboxDeposits,
} from '../../db/schema/loyalty.js';
import type { DepositRequest, RefusalCode } from '../loyalty/online-wallet/wire.js';

/** The partner's per-deposit ceiling (its own rule; ours is stricter). */
export const PARTNER_DEPOSIT_MAX = 100_000;

/**
 * Behaviours a sandbox e-mail asks for with a tag in its local part (name+tag@domain):
 * +refuse — the account is blocked (refused, nothing moves); +down — the partner answers 503
 * and records nothing; +slow — the deposit is recorded, the answer comes late (after the
 * client's timeout).
 */
export function sandboxTags(email: string) {
  const local = email.split('@')[0] ?? '';
  const tags = new Set(local.split('+').slice(1));
  return { refuse: tags.has('refuse'), down: tags.has('down'), slow: tags.has('slow') };
}

export async function accountExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: onlineWalletSandboxAccounts.email })
    .from(onlineWalletSandboxAccounts)
    .where(eq(onlineWalletSandboxAccounts.email, email.toLowerCase()));
  return !!row;
}

export type PartnerAnswer =
  | { status: 'ACCEPTED'; depositId: string; reference: string; repeat?: boolean }
  | { status: 'REFUSED'; code: RefusalCode };

/**
 * Records a deposit once per reference: a repeat with the same content answers as the first,
 * other content is refused. The account is created only with both consents.
 */
export async function recordDeposit(
  db: Db,
  reference: string,
  req: DepositRequest,
): Promise<PartnerAnswer> {
  const email = req.email.toLowerCase();
  return db.transaction(async (tx) => {
    // One reference at a time: a concurrent repeat waits here and then finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ow:${reference}`}))`);
    const [earlier] = await tx
      .select()
      .from(onlineWalletSandboxDeposits)
      .where(eq(onlineWalletSandboxDeposits.reference, reference));
    if (earlier) {
      if (earlier.email !== email || earlier.points !== req.points)
        return { status: 'REFUSED', code: 'REFERENCE_CONFLICT' };
      return { status: 'ACCEPTED', depositId: `OW-${earlier.id}`, reference, repeat: true };
    }
    if (sandboxTags(email).refuse) return { status: 'REFUSED', code: 'ACCOUNT_BLOCKED' };
    if (req.points > PARTNER_DEPOSIT_MAX) return { status: 'REFUSED', code: 'LIMIT_EXCEEDED' };
    const [account] = await tx
      .select()
      .from(onlineWalletSandboxAccounts)
      .where(eq(onlineWalletSandboxAccounts.email, email));
    if (!account) {
      if (!req.createAccount) return { status: 'REFUSED', code: 'ACCOUNT_NOT_FOUND' };
      if (!req.createAccount.dataPolicyAccepted || !req.createAccount.termsAccepted)
        return { status: 'REFUSED', code: 'CONSENT_REQUIRED' };
      await tx.insert(onlineWalletSandboxAccounts).values({
        email,
        dataPolicyAcceptedAt: new Date(),
        termsAcceptedAt: new Date(),
      });
    }
    const [row] = await tx
      .insert(onlineWalletSandboxDeposits)
      .values({ reference, email, points: req.points })
      .returning();
    await tx
      .update(onlineWalletSandboxAccounts)
      .set({ balance: sql`${onlineWalletSandboxAccounts.balance} + ${req.points}` })
      .where(eq(onlineWalletSandboxAccounts.email, email));
    return { status: 'ACCEPTED', depositId: `OW-${row!.id}`, reference };
  });
}

export async function depositByReference(db: Db, reference: string) {
  const [row] = await db
    .select()
    .from(onlineWalletSandboxDeposits)
    .where(eq(onlineWalletSandboxDeposits.reference, reference));
  return row ?? null;
}

export async function accountBalance(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ balance: onlineWalletSandboxAccounts.balance })
    .from(onlineWalletSandboxAccounts)
    .where(eq(onlineWalletSandboxAccounts.email, email.toLowerCase()));
  return row?.balance ?? null;
}
