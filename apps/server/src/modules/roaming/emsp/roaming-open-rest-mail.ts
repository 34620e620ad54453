import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { queueMailOnce } from '../../mail/outbox.js';
import type { RoamingReceiptRow } from './roaming-receipts.js';

/** The receipt page of a row number, where an open rest is paid. */
export const receiptPageUrl = (publicUrl: string, rowNumber: number) =>
  `${publicUrl.replace(/\/$/, '')}/receipt?rowNumber=${rowNumber}`;

/**
 * Decision 0057: a roaming receipt issued with an open rest (the bill above a card hold) is
 * mailed to its driver, in their language, through the durable outbox. Called in the billing
 * transaction right after the receipt is written, and keyed by the receipt, so a replayed CDR
 * or a second billing attempt (which writes no receipt) queues nothing more.
 */
export async function queueOpenRestMail(
  tx: DbOrTx,
  receipt: RoamingReceiptRow,
  publicUrl: string,
): Promise<number | null> {
  if (receipt.paidAt || receipt.paidAmount >= receipt.grossPrice) return null;
  const [user] = await tx
    .select({ email: users.email, lang: users.preferredLanguage, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, receipt.userId));
  if (!user || user.deletedAt) return null;
  const site = receipt.siteName
    ? `${receipt.siteName} (${receipt.partnerName})`
    : receipt.partnerName;
  return queueMailOnce(
    tx,
    user.email,
    user.lang === 'en' ? 'en' : 'hu',
    {
      template: 'roamingOpenRest',
      link: receiptPageUrl(publicUrl, receipt.rowNumber),
      rowNumber: receipt.rowNumber,
      site,
      grossPrice: receipt.grossPrice,
      paidAmount: receipt.paidAmount,
    },
    `roaming-open-rest:${receipt.id}`,
  );
}
