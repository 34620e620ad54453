import type { CreditCard, Lang } from '@voltpark/contract';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { batchedQuery, byKeys, groupRows, keyIs } from '../../db/batched.js';
import { preparedQuery } from '../../db/prepared.js';
import { cards } from '../../db/schema/payments.js';
import { notFound } from '../../core/errors.js';
import { findUserById } from '../users/repository.js';
import { startCardPayment, type PaymentDeps } from './payments.js';
import { cancelTokensOfCard } from './recurring-settle.js';
import { SimplePayError } from './simplepay/errors.js';

/** A registration holds this much to check the card; the hold is released at once. */
export const CARD_CHECK_HOLD = 100;

/**
 * Cards being registered (shown as processing) and active ones, default first: of many users
 * at once (the /cards page polls the list every 5 s; decision 0045).
 */
const cardsQuery = byKeys((many) =>
  preparedQuery((db) =>
    db
      .select({
        userId: cards.userId,
        id: cards.id,
        mask: cards.mask,
        expiry: cards.expiry,
        defaultCard: cards.defaultCard,
      })
      .from(cards)
      .where(and(keyIs(cards.userId, many, 'int'), inArray(cards.status, ['processing', 'active'])))
      .orderBy(cards.userId, desc(cards.defaultCard), asc(cards.id))
      .prepare(many ? 'list_cards_of_users' : 'list_cards_of_user'),
  ),
);
const cardsOf = batchedQuery(async (db, userIds: number[]) =>
  groupRows(await cardsQuery(db, userIds), (r) => r.userId),
);

export async function listCards(deps: PaymentDeps, userId: number): Promise<CreditCard[]> {
  const rows = await cardsOf(deps.db, userId);
  return rows.map((c) => ({
    cardId: c.id,
    cardMask: c.mask ?? '',
    expiry: c.expiry,
    defaultCard: c.defaultCard,
  }));
}

/**
 * Starts a OneClick card registration: a two-step payment of CARD_CHECK_HOLD with the driver's
 * secret code, which goes to SimplePay only. The card shows as processing until SimplePay
 * reports its mask and expiry. The first card becomes the default.
 */
export async function startCardRegistration(
  deps: PaymentDeps,
  userId: number,
  input: { cardSecret: string; wizard: boolean; lang: Lang },
): Promise<string> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('error.notFound');
  const payment = await startCardPayment(deps, {
    userId,
    purpose: 'card_registration',
    total: CARD_CHECK_HOLD,
    twoStep: true,
    email: user.email,
    lang: input.lang,
    returnPath: input.wizard ? '/cards-wizard' : '/cards',
    cardSecret: input.cardSecret,
  });
  const existing = await listCards(deps, userId);
  await deps.db.insert(cards).values({
    userId,
    registrationPaymentId: payment.id,
    defaultCard: existing.every((c) => !c.defaultCard),
  });
  return payment.paymentUrl!;
}

async function ownCard(deps: PaymentDeps, userId: number, cardId: number) {
  const [card] = await deps.db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.id, cardId),
        eq(cards.userId, userId),
        inArray(cards.status, ['processing', 'active']),
      ),
    );
  if (!card) throw notFound('card.notFound');
  return card;
}

export async function setDefaultCard(deps: PaymentDeps, userId: number, cardId: number) {
  await ownCard(deps, userId, cardId);
  await deps.db.transaction(async (tx) => {
    await tx.update(cards).set({ defaultCard: true }).where(eq(cards.id, cardId));
    await tx
      .update(cards)
      .set({ defaultCard: false })
      .where(and(eq(cards.userId, userId), ne(cards.id, cardId)));
  });
  return listCards(deps, userId);
}

/** Cancels the card at SimplePay (cardcancel) and hides it; the default moves to another card. */
export async function deleteCard(deps: PaymentDeps, userId: number, cardId: number) {
  const card = await ownCard(deps, userId, cardId);
  if (card.simplePayCardId) {
    try {
      await deps.gateway.client().cardCancel(card.simplePayCardId);
    } catch (err) {
      // Already cancelled or unknown at SimplePay: nothing left to cancel there.
      if (!(err instanceof SimplePayError)) throw err;
    }
  }
  await deps.db
    .update(cards)
    .set({ status: 'deleted', defaultCard: false })
    .where(eq(cards.id, cardId));
  await cancelTokensOfCard(deps.db, cardId);
  const rest = await listCards(deps, userId);
  if (rest.length > 0 && !rest.some((c) => c.defaultCard))
    return setDefaultCard(deps, userId, rest[0]!.cardId);
  return rest;
}
