import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Lang } from '@voltpark/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { cards, moneyHolds, payments } from '../../db/schema/payments.js';
import { ApiError } from '../../core/errors.js';
import type { Gateway } from './gateway.js';
import { creditWallet } from './ledger.js';
import { cancelReplacedCards, replaceDuplicateCards } from './card-duplicates.js';
import { completeStuckCardHolds } from './holds.js';
import { bookRecurringPayment, makeRecurringCardDefault } from './recurring-settle.js';
import { SimplePayError, SimplePayTransportError } from './simplepay/errors.js';
import { simplePayTime } from './simplepay/time.js';
import { finalStatuses, type SimplePayStatus } from './simplepay/types.js';

export type PaymentRow = typeof payments.$inferSelect;
type Purpose = PaymentRow['purpose'];

/** SPEC §9: a card transaction must start within 5 minutes. */
export const PAYMENT_WINDOW_MS = 5 * 60_000;

export interface PaymentDeps {
  db: Db;
  config: Config;
  gateway: Gateway;
}

const newOrderRef = (purpose: Purpose) =>
  `VP-${purpose.replace('_', '-').toUpperCase()}-${Date.now()}-${randomBytes(4).toString('hex')}`;

export interface CardPaymentInput {
  userId: number;
  purpose: Purpose;
  total: number;
  twoStep: boolean;
  email: string;
  lang: Lang;
  /** The web page the browser returns to (SimplePay appends r and s). */
  returnPath: string;
  billingDataId?: number;
  causeId?: number;
  cardSecret?: string;
  /** When SimplePay closes the pay page (default: the 5-minute window from now). */
  timeout?: Date;
  /** A card registration that also asks for recurring tokens (decision 0051). */
  recurring?: { times: number; until: Date; maxAmount: number };
  /**
   * Runs once the payment row exists, before SimplePay is asked (e.g. a conditional insert that
   * makes the start happen once). If it throws, the payment is closed unsent and the error passed on.
   */
  claim?: (payment: PaymentRow) => Promise<void>;
}

/**
 * Starts a card payment at SimplePay and returns the pay page address. The payment row exists
 * before SimplePay is asked, so whatever happens next (IPN, browser return, reconciliation) finds it.
 */
export async function startCardPayment(
  deps: PaymentDeps,
  input: CardPaymentInput,
): Promise<PaymentRow> {
  return (await startCardPaymentWithTokens(deps, input)).payment;
}

/** startCardPayment, also answering the recurring tokens SimplePay handed out (if asked for). */
export async function startCardPaymentWithTokens(
  deps: PaymentDeps,
  input: CardPaymentInput,
): Promise<{ payment: PaymentRow; tokens: string[] }> {
  const { db, config, gateway } = deps;
  const [payment] = await db
    .insert(payments)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      orderRef: newOrderRef(input.purpose),
      merchant: gateway.merchant,
      total: input.total,
      twoStep: input.twoStep,
      billingDataId: input.billingDataId ?? null,
      causeId: input.causeId ?? null,
    })
    .returning();
  if (input.claim) {
    try {
      await input.claim(payment!);
    } catch (err) {
      await db
        .update(payments)
        .set({ status: 'CANCELLED', settledAt: new Date(), updatedAt: new Date() })
        .where(eq(payments.id, payment!.id));
      throw err;
    }
  }
  try {
    const started = await gateway.client().start({
      orderRef: payment!.orderRef,
      currency: 'HUF',
      customerEmail: input.email,
      language: input.lang === 'en' ? 'EN' : 'HU',
      total: input.total,
      timeout: simplePayTime(input.timeout ?? new Date(Date.now() + PAYMENT_WINDOW_MS)),
      url: `${config.publicUrl}${input.returnPath}`,
      twoStep: input.twoStep,
      ...(input.cardSecret ? { cardSecret: input.cardSecret } : {}),
      ...(input.recurring
        ? {
            recurring: {
              times: input.recurring.times,
              until: simplePayTime(input.recurring.until),
              maxAmount: input.recurring.maxAmount,
            },
          }
        : {}),
    });
    const [updated] = await db
      .update(payments)
      .set({
        transactionId: started.transactionId,
        paymentUrl: started.paymentUrl,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment!.id))
      .returning();
    return { payment: updated!, tokens: started.tokens ?? [] };
  } catch (err) {
    if (
      err instanceof SimplePayError ||
      (err instanceof SimplePayTransportError && !err.maybeApplied)
    ) {
      await db
        .update(payments)
        .set({ status: 'CANCELLED', settledAt: new Date(), updatedAt: new Date() })
        .where(eq(payments.id, payment!.id));
    }
    // A start that may have reached SimplePay stays open: the reconciliation job asks about it.
    throw new ApiError(502, 'payment.startFailed', { responseCode: 'PAYMENT_START_FAILED' });
  }
}

/**
 * `settled` fires (in this process, after the commit) when a payment reaches its final state,
 * so other modules (charging) act at once; their own sweeps catch what a crash loses.
 */
export const paymentEvents = new EventEmitter<{ settled: [PaymentRow] }>();
paymentEvents.setMaxListeners(50);

export interface SettleInfo {
  status: SimplePayStatus;
  transactionId?: number;
  cardMask?: string;
  expiry?: string;
}

/**
 * Applies what SimplePay says about a payment, exactly once: the row is locked, a settled row
 * is left alone, and the money effect and `settledAt` are written in the same transaction (the
 * ledger's unique payment+kind index is the second guard). Non-final statuses only update status.
 */
export async function settlePayment(
  db: Db,
  orderRef: string,
  info: SettleInfo,
): Promise<PaymentRow | null> {
  let settledNow = false;
  const result = await db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select id from payments where order_ref = ${orderRef} for update`,
    );
    const id = (locked as unknown as { rows: { id: number }[] }).rows[0]?.id;
    if (id === undefined) return null;
    const [p] = await tx.select().from(payments).where(eq(payments.id, id));
    if (!p) return null;
    if (p.settledAt) {
      if (p.purpose === 'card_registration' && info.cardMask) await lateCardDetails(tx, p, info);
      return p;
    }

    const status = info.status;
    const done = finalStatuses.has(status) || (status === 'AUTHORIZED' && p.twoStep);
    const changes: Partial<PaymentRow> = {
      status,
      updatedAt: new Date(),
      transactionId: p.transactionId ?? info.transactionId ?? null,
      cardMask: info.cardMask ?? p.cardMask,
      cardExpiry: info.expiry ?? p.cardExpiry,
    };
    if (done) {
      settledNow = true;
      changes.settledAt = new Date();
      const paid = status === 'FINISHED' || status === 'AUTHORIZED';
      if (p.purpose === 'wallet_topup' && status === 'FINISHED') {
        await creditWallet(tx, {
          userId: p.userId,
          amount: p.total,
          kind: 'topup',
          paymentId: p.id,
          cause: `topup:${p.id}`,
        });
      }
      if (status === 'FINISHED' && !p.twoStep && p.purpose !== 'wallet_topup') {
        // Paid with a recurring token (the camera exit): booked like a saved card's capture.
        await bookRecurringPayment(tx, p);
      }
      if (p.twoStep && p.purpose !== 'card_registration') {
        // A card hold for a charge or parking: usable once SimplePay authorized it.
        await tx
          .update(moneyHolds)
          .set(paid ? { status: 'held' } : { status: 'failed', closedAt: new Date() })
          .where(and(eq(moneyHolds.paymentId, p.id), eq(moneyHolds.status, 'pending')));
      }
      if (p.purpose === 'card_registration') {
        await tx
          .update(cards)
          .set(
            paid
              ? {
                  status: 'active',
                  simplePayCardId: changes.transactionId,
                  mask: changes.cardMask ?? null,
                  expiry: changes.cardExpiry ?? null,
                }
              : { status: 'failed' },
          )
          .where(and(eq(cards.registrationPaymentId, p.id), eq(cards.status, 'processing')));
        if (paid) await makeRecurringCardDefault(tx, p.id);
        if (paid) await replaceDuplicateCards(tx, p.id);
        // Deleted while still processing: it stays deleted; its SimplePay id is kept so that
        // releaseRegistrationHold cancels the registration there too.
        if (paid)
          await tx
            .update(cards)
            .set({ simplePayCardId: changes.transactionId })
            .where(and(eq(cards.registrationPaymentId, p.id), eq(cards.status, 'deleted')));
      }
    }
    const [updated] = await tx
      .update(payments)
      .set(changes)
      .where(eq(payments.id, p.id))
      .returning();
    return updated!;
  });
  if (settledNow && result) paymentEvents.emit('settled', result);
  return result;
}

/**
 * A registration settled by a query (which does not tell the card) learns its card from the IPN
 * that arrives later: the mask and expiry are filled in once, and a duplicate of an already saved
 * card is replaced (decision 0055). Without this the card would stay maskless, shown as processing.
 */
async function lateCardDetails(tx: DbOrTx, p: PaymentRow, info: SettleInfo) {
  const filled = await tx
    .update(cards)
    .set({ mask: info.cardMask!, expiry: info.expiry ?? null })
    .where(
      and(eq(cards.registrationPaymentId, p.id), eq(cards.status, 'active'), isNull(cards.mask)),
    )
    .returning({ id: cards.id });
  if (filled.length === 0) return;
  await tx
    .update(payments)
    .set({ cardMask: info.cardMask!, cardExpiry: info.expiry ?? null })
    .where(eq(payments.id, p.id));
  await replaceDuplicateCards(tx, p.id);
}

/** Asks SimplePay about a payment and settles by its answer (the back redirect and the job use this). */
export async function reconcilePayment(
  deps: PaymentDeps,
  p: PaymentRow,
): Promise<PaymentRow | null> {
  const answer = await deps.gateway.client().query({ orderRefs: [p.orderRef] });
  const tx = answer.transactions.find((t) => t.orderRef === p.orderRef);
  await deps.db.update(payments).set({ lastQueriedAt: new Date() }).where(eq(payments.id, p.id));
  if (!tx) {
    // SimplePay never heard of it: a start that did not arrive. Past the window it is over.
    if (Date.now() - p.createdAt.getTime() > PAYMENT_WINDOW_MS * 2)
      return settlePayment(deps.db, p.orderRef, { status: 'TIMEOUT' });
    return p;
  }
  if (
    tx.status === 'INIT' &&
    p.purpose === 'card_registration' &&
    Date.now() - p.createdAt.getTime() > PAYMENT_WINDOW_MS * 2
  ) {
    // A registration's page closes PAYMENT_WINDOW_MS after its start: never opened by then, it
    // can no longer be paid, even if SimplePay keeps calling it INIT (decision 0055).
    return settlePayment(deps.db, p.orderRef, {
      status: 'TIMEOUT',
      transactionId: tx.transactionId,
    });
  }
  return settlePayment(deps.db, p.orderRef, { status: tx.status, transactionId: tx.transactionId });
}

/**
 * Releases the hold of a paid card registration (we only hold to check the card). Safe to
 * repeat: a second finish answers 5021 and the capture stays 0.
 */
export async function releaseRegistrationHold(deps: PaymentDeps, p: PaymentRow) {
  if (p.purpose !== 'card_registration' || p.status !== 'AUTHORIZED' || p.capturedTotal !== null)
    return;
  try {
    await deps.gateway
      .client()
      .finish({ orderRef: p.orderRef, originalTotal: p.total, approveTotal: 0, currency: 'HUF' });
  } catch (err) {
    if (!(err instanceof SimplePayError && err.has(5021))) throw err;
  }
  // Older rows of the same card this registration replaced (decision 0055).
  await cancelReplacedCards(deps, p.userId);
  const [deleted] = await deps.db
    .select({ simplePayCardId: cards.simplePayCardId })
    .from(cards)
    .where(and(eq(cards.registrationPaymentId, p.id), eq(cards.status, 'deleted')));
  if (deleted?.simplePayCardId) {
    try {
      await deps.gateway.client().cardCancel(deleted.simplePayCardId);
    } catch (err) {
      // Already cancelled or unknown at SimplePay: nothing left to cancel there.
      if (!(err instanceof SimplePayError)) throw err;
    }
  }
  await deps.db
    .update(payments)
    .set({ capturedTotal: 0, updatedAt: new Date() })
    .where(eq(payments.id, p.id));
}

/**
 * The reconciliation round: payments still open a minute after they started, and paid card
 * registrations whose hold is not released yet, are looked up at SimplePay. Rows are leased
 * with FOR UPDATE SKIP LOCKED so replicas share the work.
 */
export async function reconcileRound(deps: PaymentDeps, limit = 20): Promise<number> {
  const leased = await deps.db.execute(sql`
    update payments set last_queried_at = now()
    where id in (
      select id from payments
      where ((settled_at is null and created_at < now() - interval '1 minute')
          or (purpose = 'card_registration' and status = 'AUTHORIZED' and captured_total is null))
        and (last_queried_at is null or last_queried_at < now() - interval '1 minute')
      -- The least recently asked first: payments SimplePay keeps failing to answer about do
      -- not starve the others (an abandoned registration waited behind them).
      order by last_queried_at nulls first, id limit ${limit} for update skip locked)
    returning id`);
  const ids = (leased as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  for (const id of ids) {
    const [p] = await deps.db.select().from(payments).where(eq(payments.id, id));
    if (!p) continue;
    try {
      const settled = p.settledAt ? p : await reconcilePayment(deps, p);
      if (settled) await releaseRegistrationHold(deps, settled);
    } catch {
      // Left for the next round: the lease lapses after a minute.
    }
  }
  return ids.length;
}

export function startReconciliation(deps: PaymentDeps, log: { error(o: object, m: string): void }) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileRound(deps)
      .then(() => completeStuckCardHolds(deps))
      .catch((err: unknown) => log.error({ err }, 'payment reconciliation round failed'))
      .finally(() => {
        running = false;
      });
  }, 30_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Unsettled payments of the user that a person may still be paying. */
export function openPaymentsOf(db: Db, userId: number, purpose: Purpose) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.purpose, purpose),
        isNull(payments.settledAt),
        or(eq(payments.status, 'INIT'), eq(payments.status, 'INPAYMENT')),
        lt(payments.createdAt, sql`now()`),
      ),
    );
}
