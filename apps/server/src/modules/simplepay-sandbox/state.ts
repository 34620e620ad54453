import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  sandboxSpCards,
  sandboxSpIpnQueue,
  sandboxSpTransactions,
  type SandboxPendingCard,
} from '../../db/schema/index.js';
import { writeBackRedirect } from '../payments/simplepay/callbacks.js';
import { simplePayTime } from '../payments/simplepay/time.js';
import type { SandboxMerchant } from './merchants.js';
import { BackResult } from './codes.js';
import { encodeMessage, newSalt } from './wire.js';

export type SandboxTransaction = typeof sandboxSpTransactions.$inferSelect;

/** An AUTHORIZED two-step hold lapses (reads as CANCELLED) after this many days. */
export const HOLD_LAPSE_DAYS = 21;
/** How long a `do` waiting for its 3-D Secure challenge stays open. */
export const CHALLENGE_MINUTES = 30;

/**
 * Applies the transitions that happen by themselves: an open payment past its `timeout`
 * becomes TIMEOUT; an AUTHORIZED hold older than 21 days becomes CANCELLED (`holdLapsed`).
 * Called before every operation and page, so a reader never sees a stale state.
 */
export async function applyTimeTransitions(db: DbOrTx): Promise<void> {
  // SKIP LOCKED: a row held by an operation in progress is left to that operation, which checks
  // the same conditions itself (see isPastTimeout / isLapsedHold), so this never waits or deadlocks.
  await db.execute(sql`
    update sandbox_sp_transactions set status = 'TIMEOUT', result_code = ${BackResult.timeout},
      pending_card = null
    where id in (
      select id from sandbox_sp_transactions
      where status in ('INIT', 'INPAYMENT') and timeout_at < now()
      for update skip locked)`);
  await db.execute(sql`
    update sandbox_sp_transactions set status = 'CANCELLED', hold_lapsed = true
    where id in (
      select id from sandbox_sp_transactions
      where status = 'AUTHORIZED'
        and payment_date < now() - make_interval(days => ${HOLD_LAPSE_DAYS})
      for update skip locked)`);
}

/** An open payment whose `timeout` has passed (checked again under the row lock). */
export const isPastTimeout = (tx: SandboxTransaction, now = Date.now()) =>
  (tx.status === 'INIT' || tx.status === 'INPAYMENT') && tx.timeoutAt.getTime() < now;

/** An AUTHORIZED hold older than 21 days. */
export const isLapsedHold = (tx: SandboxTransaction, now = Date.now()) =>
  tx.status === 'AUTHORIZED' &&
  tx.paymentDate !== null &&
  tx.paymentDate.getTime() < now - HOLD_LAPSE_DAYS * 24 * 3600_000;

/** What the query answers as the amount still on the transaction. */
export function remainingTotal(tx: SandboxTransaction): number {
  if (tx.status === 'FINISHED') return (tx.capturedTotal ?? tx.total) - tx.refundedTotal;
  if (tx.status === 'AUTHORIZED') return tx.total;
  return 0;
}

/** Is this `start` a card registration (OneClick secret or recurring tokens)? */
export const isRegistration = (tx: SandboxTransaction) =>
  tx.kind === 'start' && (tx.cardSecretHash !== null || tx.recurring !== null);

/** Queues the signed IPN for a successful payment (AUTHORIZED or FINISHED). */
export async function enqueueIpn(
  db: DbOrTx,
  merchant: SandboxMerchant,
  tx: SandboxTransaction,
  card?: { mask: string; expiry: Date },
): Promise<void> {
  const message: Record<string, unknown> = {
    salt: newSalt(),
    orderRef: tx.orderRef,
    method: 'CARD',
    merchant: tx.merchant,
  };
  if (tx.finishDate) message.finishDate = simplePayTime(tx.finishDate);
  if (tx.paymentDate) message.paymentDate = simplePayTime(tx.paymentDate);
  message.transactionId = tx.id;
  message.status = tx.status;
  if (card) {
    message.cardMask = card.mask;
    message.expiry = simplePayTime(card.expiry);
  }
  await db.insert(sandboxSpIpnQueue).values({
    merchant: tx.merchant,
    transactionId: tx.id,
    url: merchant.ipnUrl,
    body: encodeMessage(message),
  });
}

/**
 * The payment went through (pay page, 3-D Secure challenge, `do`, `dorecurring`): AUTHORIZED for
 * two-step, FINISHED otherwise; a paid registration creates the saved card; the IPN is queued.
 * Call inside a transaction holding the row.
 */
export async function completePayment(
  db: DbOrTx,
  merchant: SandboxMerchant,
  tx: SandboxTransaction,
  card: SandboxPendingCard | null,
): Promise<SandboxTransaction> {
  const now = new Date();
  const finished = !tx.twoStep;
  const [updated] = await db
    .update(sandboxSpTransactions)
    .set({
      status: finished ? 'FINISHED' : 'AUTHORIZED',
      paymentDate: now,
      finishDate: finished ? now : null,
      capturedTotal: finished ? tx.total : null,
      resultCode: BackResult.success,
      pendingCard: null,
    })
    .where(eq(sandboxSpTransactions.id, tx.id))
    .returning();
  let registered: { mask: string; expiry: Date } | undefined;
  if (isRegistration(updated!) && card) {
    registered = { mask: card.mask, expiry: new Date(card.expiry) };
    await db
      .insert(sandboxSpCards)
      .values({
        id: tx.id,
        merchant: tx.merchant,
        secretHash: tx.cardSecretHash,
        mask: card.mask,
        expiry: registered.expiry,
        threeDs: card.threeDs,
      })
      .onConflictDoNothing();
  }
  await enqueueIpn(db, merchant, updated!, registered);
  return updated!;
}

/** A decline, cancel or timeout on the pay page. */
export async function closePayment(
  db: DbOrTx,
  tx: SandboxTransaction,
  status: 'NOTAUTHORIZED' | 'CANCELLED' | 'TIMEOUT',
  resultCode: number,
): Promise<SandboxTransaction> {
  const [updated] = await db
    .update(sandboxSpTransactions)
    .set({ status, resultCode, pendingCard: null })
    .where(and(eq(sandboxSpTransactions.id, tx.id)))
    .returning();
  return updated!;
}

export type BackEvent = 'SUCCESS' | 'FAIL' | 'CANCEL' | 'TIMEOUT';

export function backEventOf(tx: SandboxTransaction): BackEvent | null {
  switch (tx.status) {
    case 'AUTHORIZED':
    case 'FINISHED':
      return 'SUCCESS';
    case 'NOTAUTHORIZED':
      return 'FAIL';
    case 'CANCELLED':
      return 'CANCEL';
    case 'TIMEOUT':
      return 'TIMEOUT';
    default:
      return null;
  }
}

/** The merchant's return address with SimplePay's signed `r` and `s`. */
export function backRedirectUrl(
  merchant: SandboxMerchant,
  tx: SandboxTransaction,
  event: BackEvent,
): string | null {
  const key = { SUCCESS: 'success', FAIL: 'fail', CANCEL: 'cancel', TIMEOUT: 'timeout' } as const;
  const target = tx.urls?.[key[event]] ?? tx.url;
  if (!target) return null;
  const code =
    tx.resultCode ??
    (event === 'SUCCESS'
      ? BackResult.success
      : event === 'CANCEL'
        ? BackResult.cancelledByUser
        : event === 'TIMEOUT'
          ? BackResult.timeout
          : BackResult.insufficientFunds);
  const { r, s } = writeBackRedirect(merchant.secretKey, {
    r: code,
    t: tx.id,
    e: event,
    m: tx.merchant,
    o: tx.orderRef,
  });
  const sep = target.includes('?') ? '&' : '?';
  return `${target}${sep}r=${encodeURIComponent(r)}&s=${encodeURIComponent(s)}`;
}
