import { and, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoiceLines, roamingReceipts, users } from '../../db/schema/index.js';
import { roamingPaymentMethodSql } from '../roaming/emsp/roaming-receipts.js';
import type { LineSource, PaidService } from './sources.js';

/**
 * Decision 0048: our drivers' charges at roaming partners' chargers, by their receipts (one per
 * billed CDR, decision 0043; `sourceId` = the roaming receipt's id). Only paid receipts are
 * billed: a receipt with an open rest (`paidAt` null) waits until it is paid.
 */
function receiptQuery(db: Db) {
  return db
    .select({
      receiptId: roamingReceipts.id,
      rowNumber: roamingReceipts.rowNumber,
      userId: roamingReceipts.userId,
      gross: roamingReceipts.grossPrice,
      energyWh: roamingReceipts.energyWh,
      partner: roamingReceipts.partnerName,
      site: roamingReceipts.siteName,
      endedAt: roamingReceipts.endedAt,
      issuedAt: roamingReceipts.issuedAt,
      paidAt: roamingReceipts.paidAt,
      casualUser: users.casualUser,
      paymentMethod: roamingPaymentMethodSql,
    })
    .from(roamingReceipts)
    .innerJoin(users, eq(users.id, roamingReceipts.userId));
}

type ReceiptRow = Awaited<ReturnType<ReturnType<typeof receiptQuery>['execute']>>[number];

const kWh = (wh: number) => (wh / 1000).toFixed(2);

const toService = (r: ReceiptRow): PaidService => ({
  sourceKind: 'roaming',
  sourceId: r.receiptId,
  userId: r.userId,
  // A roaming start chooses no billing data: the user's default one gets the line.
  billingDataId: null,
  guest: r.casualUser,
  receiptNumber: String(r.rowNumber),
  descriptionKey: r.site ? 'invoice.line.roaming' : 'invoice.line.roamingNoSite',
  descriptionVars: r.site
    ? { partner: r.partner, site: r.site, kWh: kWh(r.energyWh) }
    : { partner: r.partner, kWh: kWh(r.energyWh) },
  deliveredAt: r.endedAt ?? r.issuedAt,
  paidAt: r.paidAt!,
  // The wallet (hold capture + debit) or the card the charge's money was held on (0050).
  paymentMethod: r.paymentMethod,
  gross: r.gross,
});

/** Paid roaming charges (`sourceId` = the roaming receipt's id). */
export const roamingSource: LineSource = {
  kind: 'roaming',
  async uninvoiced(db, from, to) {
    const rows = await receiptQuery(db).where(
      and(
        isNotNull(roamingReceipts.paidAt),
        gte(roamingReceipts.paidAt, from),
        lt(roamingReceipts.paidAt, to),
        gt(roamingReceipts.grossPrice, 0),
        eq(users.casualUser, false),
        sql`not exists (select 1 from ${invoiceLines} where ${invoiceLines.sourceKind} = 'roaming'
          and ${invoiceLines.sourceId} = ${roamingReceipts.id} and ${invoiceLines.invoiceKind} = 'INVOICE')`,
      ),
    );
    return rows.map(toService);
  },
  async paidByGuests(db, since) {
    // Roaming needs a registered driver's token (0043); a guest's receipt would be mailed.
    const rows = await receiptQuery(db).where(
      and(
        isNotNull(roamingReceipts.paidAt),
        gte(roamingReceipts.paidAt, since),
        gt(roamingReceipts.grossPrice, 0),
        eq(users.casualUser, true),
        isNull(users.deletedAt),
      ),
    );
    return rows.map(toService);
  },
  async byId(db, sourceId) {
    const [row] = await receiptQuery(db).where(eq(roamingReceipts.id, sourceId));
    return row?.paidAt ? toService(row) : null;
  },
};
