import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cardRecurringTokens, ledgerEntries } from '../../db/schema/payments.js';

/**
 * A paid card registration that handed out recurring tokens (the camera's automatic card
 * payment, decision 0051) makes its card the driver's default: the camera pays only with the
 * default card. Call in settlePayment's transaction, after the card became active.
 */
export async function makeRecurringCardDefault(tx: DbOrTx, registrationPaymentId: number) {
  await tx.execute(sql`
    update cards set default_card = (registration_payment_id = ${registrationPaymentId})
    where user_id = (
        select c.user_id from cards c
        where c.registration_payment_id = ${registrationPaymentId} and c.status = 'active'
          and exists (
            select 1 from card_recurring_tokens t where t.card_id = c.id and t.status = 'available'))
      and status in ('processing', 'active')`);
}

/**
 * A FINISHED payment made with a recurring token is booked like a saved card's capture
 * (`card_capture`, cause = what it paid, e.g. `parking:7:0`), once: in settlePayment's
 * transaction, and the ledger's unique (payment, kind) index guards a second settle.
 */
export async function bookRecurringPayment(
  tx: DbOrTx,
  p: { id: number; userId: number; total: number },
) {
  const [token] = await tx
    .select({ cause: cardRecurringTokens.cause })
    .from(cardRecurringTokens)
    .where(and(eq(cardRecurringTokens.paymentId, p.id), eq(cardRecurringTokens.status, 'used')));
  if (!token) return;
  await tx
    .insert(ledgerEntries)
    .values({
      userId: p.userId,
      account: 'card',
      kind: 'card_capture',
      amount: -p.total,
      paymentId: p.id,
      cause: token.cause ?? `payment:${p.id}`,
    })
    .onConflictDoNothing();
}

/** The card was cancelled at SimplePay (cardcancel disables its tokens there too). */
export async function cancelTokensOfCard(db: DbOrTx, cardId: number): Promise<void> {
  await db
    .update(cardRecurringTokens)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(cardRecurringTokens.cardId, cardId),
        inArray(cardRecurringTokens.status, ['available', 'cancelling']),
      ),
    );
}
