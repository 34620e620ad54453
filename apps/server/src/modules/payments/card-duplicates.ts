import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cardRecurringTokens, cards } from '../../db/schema/payments.js';
import type { PaymentDeps } from './payments.js';
import { cancelTokensOfCard } from './recurring-settle.js';
import { SimplePayError } from './simplepay/errors.js';

/**
 * A paid registration of a card the driver already saved (the same mask and expiry, as SimplePay
 * reports them) leaves one row of that card (decision 0055): the newest, unless only an older
 * row still has automatic-payment tokens to spend. The others become `replaced` (not listed, not
 * used, their tokens cancelled) and pass their default flag on; their SimplePay card is cancelled
 * after the commit (cancelReplacedCards). Call in settlePayment's transaction, after the card
 * became active.
 */
export async function replaceDuplicateCards(tx: DbOrTx, registrationPaymentId: number) {
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.registrationPaymentId, registrationPaymentId), eq(cards.status, 'active')));
  if (!card?.mask || !card.expiry) return;
  const same = await tx
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.userId, card.userId),
        eq(cards.status, 'active'),
        eq(cards.mask, card.mask),
        eq(cards.expiry, card.expiry),
        ne(cards.id, card.id),
      ),
    );
  if (same.length === 0) return;
  const rows = [card, ...same];
  const live = await tx
    .selectDistinct({ cardId: cardRecurringTokens.cardId })
    .from(cardRecurringTokens)
    .where(
      and(
        inArray(
          cardRecurringTokens.cardId,
          rows.map((r) => r.id),
        ),
        eq(cardRecurringTokens.status, 'available'),
      ),
    );
  const hasLive = (id: number) => live.some((l) => l.cardId === id);
  const olderLive = same.filter((r) => hasLive(r.id)).sort((a, b) => b.id - a.id)[0];
  const keep = hasLive(card.id) || !olderLive ? card : olderLive;
  const dropped = rows.filter((r) => r.id !== keep.id);
  await tx
    .update(cards)
    .set({ status: 'replaced', defaultCard: false })
    .where(
      inArray(
        cards.id,
        dropped.map((r) => r.id),
      ),
    );
  for (const r of dropped) await cancelTokensOfCard(tx, r.id);
  if (dropped.some((r) => r.defaultCard))
    await tx.update(cards).set({ defaultCard: true }).where(eq(cards.id, keep.id));
}

/**
 * Cancels the driver's replaced cards at SimplePay (cardcancel; a refusal means there is nothing
 * left to cancel) and marks them deleted. A transport failure throws: the caller's retry (the
 * reconciliation round, through releaseRegistrationHold) tries again.
 */
export async function cancelReplacedCards(deps: PaymentDeps, userId: number) {
  const replaced = await deps.db
    .select({ id: cards.id, simplePayCardId: cards.simplePayCardId })
    .from(cards)
    .where(
      and(eq(cards.userId, userId), eq(cards.status, 'replaced'), isNotNull(cards.simplePayCardId)),
    );
  for (const r of replaced) {
    try {
      await deps.gateway.client().cardCancel(r.simplePayCardId!);
    } catch (err) {
      if (!(err instanceof SimplePayError)) throw err;
    }
    await deps.db
      .update(cards)
      .set({ status: 'deleted' })
      .where(and(eq(cards.id, r.id), eq(cards.status, 'replaced')));
  }
}
