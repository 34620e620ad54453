import { randomBytes } from 'node:crypto';
import type { Lang } from '@voltpark/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cardRecurringTokens, cards, payments } from '../../db/schema/payments.js';
import { ApiError, notFound } from '../../core/errors.js';
import { findUserById } from '../users/repository.js';
import { CARD_CHECK_HOLD, listCards } from './cards.js';
import {
  reconcilePayment,
  startCardPaymentWithTokens,
  type PaymentDeps,
  type PaymentRow,
} from './payments.js';
import { openToken, sealToken } from './recurring-seal.js';
import { cancelTokensOfCard } from './recurring-settle.js';
import { SimplePayError, SimplePayTransportError } from './simplepay/errors.js';
import { violates } from '../../db/errors.js';

/**
 * What a driver consents to for automatic (merchant-initiated) card payments (decision 0051):
 * this many one-use tokens, usable this many days, each paying at most this much.
 */
export const RECURRING_TERMS = { times: 10, days: 180, maxAmount: 30_000 } as const;

const tokens = cardRecurringTokens;
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export interface RecurringConsent {
  cardId: number;
  cardMask: string | null;
  /** pending: SimplePay has not reported the registration yet; usedUp: none left or expired. */
  state: 'pending' | 'on' | 'usedUp';
  remaining: number;
  until: string;
  maxAmount: number;
  defaultCard: boolean;
}

/**
 * The driver's automatic card payment, or null: their newest card registered for it that is
 * still being registered (pending) or has tokens not switched off.
 */
export async function recurringConsentOf(db: Db, userId: number): Promise<RecurringConsent | null> {
  const [row] = await db
    .select({
      cardId: cards.id,
      mask: cards.mask,
      cardStatus: cards.status,
      defaultCard: cards.defaultCard,
      remaining: sql<number>`(count(${tokens.id}) filter (
        where ${tokens.status} = 'available' and ${tokens.until} > now()))::int`,
      until: sql<Date | string | null>`max(${tokens.until})`,
      maxAmount: sql<number | null>`max(${tokens.maxAmount})::int`,
    })
    .from(cards)
    .leftJoin(
      tokens,
      and(eq(tokens.cardId, cards.id), inArray(tokens.status, ['available', 'used'])),
    )
    .where(
      and(
        eq(cards.userId, userId),
        eq(cards.recurring, true),
        inArray(cards.status, ['processing', 'active']),
      ),
    )
    .groupBy(cards.id)
    .having(sql`${cards.status} = 'processing' or count(${tokens.id}) > 0`)
    .orderBy(desc(cards.id))
    .limit(1);
  if (!row) return null;
  const remaining = Number(row.remaining);
  return {
    cardId: row.cardId,
    cardMask: row.mask,
    state: row.cardStatus === 'processing' ? 'pending' : remaining > 0 ? 'on' : 'usedUp',
    remaining,
    until: new Date(row.until ?? Date.now() + RECURRING_TERMS.days * 24 * 3600_000).toISOString(),
    maxAmount: Number(row.maxAmount ?? RECURRING_TERMS.maxAmount),
    defaultCard: row.defaultCard,
  };
}

/** Whether the camera may try the card: the default card is active and has a live token. */
export async function hasUsableRecurringCard(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .innerJoin(cards, eq(cards.id, tokens.cardId))
    .where(
      and(
        eq(tokens.userId, userId),
        eq(tokens.status, 'available'),
        sql`${tokens.until} > now()`,
        eq(cards.status, 'active'),
        eq(cards.defaultCard, true),
      ),
    )
    .limit(1);
  return !!row;
}

const underWay = () =>
  new ApiError(409, 'recurring.underWay', { responseCode: 'RECURRING_UNDER_WAY' });

/**
 * Starts the consent: a card registration (the 100 Ft check hold, with the driver's OneClick
 * secret code) that also asks SimplePay for recurring tokens. The card row is claimed before
 * SimplePay is asked: a unique index allows one registration under way per driver, so two quick
 * taps start one (the other answers RECURRING_UNDER_WAY; decision 0055). The sealed tokens are
 * written once SimplePay hands them out; they work once SimplePay reports the registration
 * paid, which also makes the card the default. Returns the pay page address.
 */
export async function startRecurringRegistration(
  deps: PaymentDeps,
  userId: number,
  input: { cardSecret: string; lang: Lang; returnPath: string },
): Promise<string> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('error.notFound');
  const current = await recurringConsentOf(deps.db, userId);
  if (current?.state === 'pending') throw underWay();
  if (current?.state === 'on')
    throw new ApiError(409, 'recurring.alreadyOn', { responseCode: 'RECURRING_ALREADY_ON' });
  const until = new Date(Date.now() + RECURRING_TERMS.days * 24 * 3600_000);
  let cardId: number | undefined;
  const claim = async (payment: PaymentRow) => {
    const existing = await listCards(deps, userId);
    try {
      const [card] = await deps.db
        .insert(cards)
        .values({
          userId,
          registrationPaymentId: payment.id,
          recurring: true,
          defaultCard: existing.every((c) => !c.defaultCard),
        })
        .returning({ id: cards.id });
      cardId = card!.id;
    } catch (err) {
      if (violates(err, '23505', 'cards_pending_recurring_key')) throw underWay();
      throw err;
    }
  };
  let started: Awaited<ReturnType<typeof startCardPaymentWithTokens>>;
  try {
    started = await startCardPaymentWithTokens(deps, {
      userId,
      purpose: 'card_registration',
      total: CARD_CHECK_HOLD,
      twoStep: true,
      email: user.email,
      lang: input.lang,
      returnPath: input.returnPath,
      cardSecret: input.cardSecret,
      recurring: { times: RECURRING_TERMS.times, until, maxAmount: RECURRING_TERMS.maxAmount },
      claim,
    });
  } catch (err) {
    // A start SimplePay surely did not take: the claim ends (a start that may have arrived stays
    // pending until the reconciliation round settles its payment).
    if (cardId !== undefined) await failUnsentRegistration(deps.db, cardId);
    throw err;
  }
  const { payment, tokens: issued } = started;
  if (issued.length === 0)
    throw new ApiError(502, 'payment.startFailed', { responseCode: 'PAYMENT_START_FAILED' });
  await deps.db.insert(tokens).values(
    issued.map((token) => ({
      userId,
      cardId: cardId!,
      sealedToken: sealToken(deps.gateway.secretKey, cardId!, token),
      maxAmount: RECURRING_TERMS.maxAmount,
      until,
    })),
  );
  return payment.paymentUrl!;
}

/** The card row of a registration whose payment was closed unsent is failed (no longer pending). */
async function failUnsentRegistration(db: Db, cardId: number) {
  await db.execute(sql`
    update cards set status = 'failed'
    where id = ${cardId} and status = 'processing'
      and exists (select 1 from payments p
        where p.id = cards.registration_payment_id and p.settled_at is not null)`);
}

/**
 * Ends the driver's automatic-card-payment registrations still under way (switched off before
 * SimplePay's page was finished): the transaction is cancelled at SimplePay and settled by
 * SimplePay's own answer to a query, which fails the card row. A failure is left to the
 * reconciliation round, which settles it once SimplePay's page has timed out.
 */
async function endPendingRegistrations(deps: PaymentDeps, userId: number) {
  const pending = await deps.db
    .select({ payment: payments })
    .from(cards)
    .innerJoin(payments, eq(payments.id, cards.registrationPaymentId))
    .where(
      and(
        eq(cards.userId, userId),
        eq(cards.recurring, true),
        eq(cards.status, 'processing'),
        isNull(payments.settledAt),
      ),
    );
  for (const { payment } of pending) {
    try {
      await deps.gateway.client().transactionCancel({ orderRef: payment.orderRef });
    } catch (err) {
      // Refused: already paid, cancelled or timed out there; the query below tells which.
      if (!(err instanceof SimplePayError)) continue;
    }
    try {
      await reconcilePayment(deps, payment);
    } catch {
      // Left to the reconciliation round.
    }
  }
}

/**
 * Switches automatic card payment off: the driver's available tokens are marked `cancelling`
 * first (never used again from here on), then cancelled at SimplePay one by one. A SimplePay
 * refusal means there is nothing to cancel there; a transport failure leaves the token
 * `cancelling`, retried by the next switch-off. A registration still under way is ended too.
 */
export async function cancelRecurring(deps: PaymentDeps, userId: number): Promise<void> {
  await deps.db
    .update(tokens)
    .set({ status: 'cancelling' })
    .where(and(eq(tokens.userId, userId), eq(tokens.status, 'available')));
  const rows = await deps.db
    .select({ id: tokens.id, cardId: tokens.cardId, sealedToken: tokens.sealedToken })
    .from(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.status, 'cancelling')));
  for (const row of rows) {
    const token = openToken(deps.gateway.secretKey, row.cardId, row.sealedToken);
    if (token) {
      try {
        await deps.gateway.client().tokenCancel(token);
      } catch (err) {
        if (!(err instanceof SimplePayError)) continue;
      }
    }
    await deps.db
      .update(tokens)
      .set({ status: 'cancelled' })
      .where(and(eq(tokens.id, row.id), eq(tokens.status, 'cancelling')));
  }
  await endPendingRegistrations(deps, userId);
}

/** SimplePay codes after which no token of the card can pay: card expired or cancelled, tokens expired or cancelled. */
const CARD_LEVEL_CODES = [5042, 5043, 5083, 5084];

export type RecurringPayment =
  | { kind: 'paid'; payment: PaymentRow }
  /** Nothing was taken: no usable token (none left, expired, the amount above its limit) or declined. */
  | { kind: 'failed'; reason: 'noToken' | 'declined' }
  /** SimplePay may have taken it: the reconciliation job settles the payment later. */
  | { kind: 'unknown'; payment: PaymentRow };

interface ClaimedToken {
  id: number;
  cardId: number;
  token: string;
}

/** Claims one usable token of the driver's default card for `amount` (used from here on), or null. */
async function claimToken(
  deps: PaymentDeps,
  userId: number,
  amount: number,
  cause: string,
): Promise<ClaimedToken | null> {
  for (;;) {
    const [row] = rowsOf<{ id: number; cardId: number; sealedToken: string }>(
      await deps.db.execute(sql`
        update card_recurring_tokens set status = 'used', used_at = now(), cause = ${cause}
        where id = (
          select t.id from card_recurring_tokens t join cards c on c.id = t.card_id
          where t.user_id = ${userId} and t.status = 'available'
            and t.until > now() + interval '1 minute' and t.max_amount >= ${amount}
            and c.status = 'active' and c.default_card and c.simple_pay_card_id is not null
          order by t.until, t.id limit 1
          for update of t skip locked)
          and status = 'available'
        returning id, card_id as "cardId", sealed_token as "sealedToken"`),
    );
    if (!row) return null;
    const token = openToken(deps.gateway.secretKey, row.cardId, row.sealedToken);
    if (token) return { id: row.id, cardId: row.cardId, token };
    // Sealed under another merchant secret: unusable, never sent.
    await deps.db.update(tokens).set({ status: 'cancelled' }).where(eq(tokens.id, row.id));
  }
}

/**
 * A merchant-initiated payment of `amount` with one recurring token of the driver's default
 * card (SimplePay `dorecurring`), for the camera exit. The token is claimed first and is never
 * sent twice; the payment row exists (and `record` stores it on the caller's claim) before
 * SimplePay is asked; SimplePay's `query` settles it through settlePayment, which books the
 * `card_capture` ledger row.
 */
export async function payWithRecurringToken(
  deps: PaymentDeps,
  input: {
    userId: number;
    amount: number;
    purpose: 'parking';
    causeId: number;
    /** What it pays, for the ledger, e.g. `parking:7:0`. */
    cause: string;
    billingDataId: number | null;
    email: string;
    record(started: { paymentId: number; cardId: number }): Promise<void>;
  },
): Promise<RecurringPayment> {
  const claimed = await claimToken(deps, input.userId, input.amount, input.cause);
  if (!claimed) return { kind: 'failed', reason: 'noToken' };
  const [card] = await deps.db
    .select({ mask: cards.mask })
    .from(cards)
    .where(eq(cards.id, claimed.cardId));
  const orderRef = `VP-${input.purpose.toUpperCase()}-MIT-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const [payment] = await deps.db
    .insert(payments)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      orderRef,
      merchant: deps.gateway.merchant,
      total: input.amount,
      twoStep: false,
      billingDataId: input.billingDataId,
      causeId: input.causeId,
      cardMask: card?.mask ?? null,
    })
    .returning();
  await deps.db.update(tokens).set({ paymentId: payment!.id }).where(eq(tokens.id, claimed.id));
  await input.record({ paymentId: payment!.id, cardId: claimed.cardId });

  const closeUnpaid = () =>
    deps.db
      .update(payments)
      .set({ status: 'CANCELLED', settledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(payments.id, payment!.id), sql`${payments.settledAt} is null`));
  try {
    const answer = await deps.gateway.client().doRecurring({
      orderRef,
      currency: 'HUF',
      customerEmail: input.email,
      total: input.amount,
      token: claimed.token,
      threeDSReqAuthMethod: '02',
    });
    await deps.db
      .update(payments)
      .set({ transactionId: answer.transactionId, updatedAt: new Date() })
      .where(eq(payments.id, payment!.id));
  } catch (err) {
    if (err instanceof SimplePayError) {
      await closeUnpaid();
      if (CARD_LEVEL_CODES.some((c) => err.has(c)))
        await cancelTokensOfCard(deps.db, claimed.cardId);
      return { kind: 'failed', reason: 'declined' };
    }
    if (err instanceof SimplePayTransportError && !err.maybeApplied) {
      // It never reached SimplePay: the token is as good as before.
      await closeUnpaid();
      await deps.db
        .update(tokens)
        .set({ status: 'available', usedAt: null, cause: null, paymentId: null })
        .where(eq(tokens.id, claimed.id));
      return { kind: 'failed', reason: 'declined' };
    }
    // It may have reached SimplePay: only the query can tell.
  }
  let settled: PaymentRow | null;
  try {
    settled = await reconcilePayment(deps, payment!);
  } catch {
    return { kind: 'unknown', payment: payment! };
  }
  if (settled?.status === 'FINISHED') return { kind: 'paid', payment: settled };
  if (settled?.settledAt) return { kind: 'failed', reason: 'declined' };
  return { kind: 'unknown', payment: settled ?? payment! };
}
