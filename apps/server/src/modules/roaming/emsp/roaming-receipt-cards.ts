import { and, asc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { moneyHolds, payments, roamingEmspCdrs as C } from '../../../db/schema/index.js';
import type { RoamingReceiptRow } from './roaming-receipts.js';

/**
 * Decision 0057: the masks of the cards that paid a roaming receipt, as SimplePay reported them
 * (a saved card's mask is copied onto its payment; a one-off card's comes with the IPN): the
 * card hold it was captured from, and the card that paid an open rest on the receipt page.
 * Payments without a mask give none; the list is empty for a wallet payment.
 */
export async function roamingReceiptCardMasks(
  db: Db,
  receipt: Pick<RoamingReceiptRow, 'id' | 'userId' | 'cdrId'>,
): Promise<string[]> {
  const [cdr] = await db
    .select({ reference: C.authorizationReference })
    .from(C)
    .where(eq(C.id, receipt.cdrId));
  const [hold] = cdr?.reference
    ? await db
        .select({ paymentId: moneyHolds.paymentId })
        .from(moneyHolds)
        .where(
          and(
            eq(moneyHolds.cause, `roaming:${cdr.reference}`),
            eq(moneyHolds.userId, receipt.userId),
            eq(moneyHolds.method, 'card'),
            eq(moneyHolds.status, 'captured'),
            gt(moneyHolds.capturedAmount, 0),
          ),
        )
    : [];
  const rows = await db
    .select({ mask: payments.cardMask })
    .from(payments)
    .where(
      and(
        eq(payments.userId, receipt.userId),
        isNotNull(payments.cardMask),
        or(
          hold?.paymentId ? eq(payments.id, hold.paymentId) : undefined,
          and(
            eq(payments.purpose, 'roaming_receipt'),
            eq(payments.causeId, receipt.id),
            eq(payments.status, 'FINISHED'),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.id));
  return [...new Set(rows.map((r) => r.mask).filter((m): m is string => Boolean(m)))];
}
