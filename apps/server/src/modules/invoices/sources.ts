import { and, eq, gte, isNotNull, isNull, lt, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parkingSource, surchargeSource } from './parking-sources.js';
import { roamingSource } from './roaming-sources.js';
import { chargeReceipts, chargers, charges, invoiceLines, users } from '../../db/schema/index.js';

/**
 * One paid service to bill: a charge, a parking round, a surcharge or a roaming charge (see
 * `lineSources`). Amounts are integer gross forints.
 */
export interface PaidService {
  sourceKind: string;
  sourceId: number;
  userId: number;
  /** The billing data chosen for the service, or null (the user's default is used). */
  billingDataId: number | null;
  /** Guests (casual users) get a provider receipt instead of an invoice. */
  guest: boolean;
  receiptNumber: string;
  /** What the line says: a catalog key and its variables. */
  descriptionKey: string;
  descriptionVars: Record<string, string | number>;
  /** Budapest date the service ended (the delivery date). */
  deliveredAt: Date;
  paidAt: Date;
  /** card, saved_card or wallet. */
  paymentMethod: string;
  gross: number;
}

export interface LineSource {
  kind: string;
  /** Services paid in [from, to) that are not on an invoice yet. */
  uninvoiced(db: Db, from: Date, to: Date): Promise<PaidService[]>;
  /** Paid services of guests since `since` (for the provider's receipt). */
  paidByGuests(db: Db, since: Date): Promise<PaidService[]>;
  /** One service by its id, or null. */
  byId(db: Db, sourceId: number): Promise<PaidService | null>;
}

const kWh = (wh: number) => (wh / 1000).toFixed(2);

function chargeQuery(db: Db) {
  return db
    .select({
      receiptId: chargeReceipts.id,
      rowNumber: chargeReceipts.rowNumber,
      userId: chargeReceipts.userId,
      gross: chargeReceipts.grossPrice,
      energyWh: chargeReceipts.energyWh,
      paidAt: chargeReceipts.paidAt,
      endTime: charges.endTime,
      issuedAt: chargeReceipts.issuedAt,
      billingDataId: charges.billingDataId,
      paymentMethod: charges.paymentMethod,
      casual: charges.casual,
      casualUser: users.casualUser,
      charger: chargers.name,
    })
    .from(chargeReceipts)
    .innerJoin(charges, eq(charges.id, chargeReceipts.chargeId))
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .innerJoin(users, eq(users.id, chargeReceipts.userId));
}

type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargeQuery>['execute']>>[number];

const toService = (r: ChargeRow): PaidService => ({
  sourceKind: 'charge',
  sourceId: r.receiptId,
  userId: r.userId,
  billingDataId: r.billingDataId,
  guest: r.casual || r.casualUser,
  receiptNumber: String(r.rowNumber),
  descriptionKey: 'invoice.line.charge',
  descriptionVars: { charger: r.charger, kWh: kWh(r.energyWh) },
  deliveredAt: r.endTime ?? r.issuedAt,
  paidAt: r.paidAt!,
  paymentMethod: r.paymentMethod,
  gross: r.gross,
});

/** Charges, by their receipts (one receipt per charge; `sourceId` is the receipt's id). */
export const chargeSource: LineSource = {
  kind: 'charge',
  async uninvoiced(db, from, to) {
    const rows = await chargeQuery(db).where(
      and(
        isNotNull(chargeReceipts.paidAt),
        gte(chargeReceipts.paidAt, from),
        lt(chargeReceipts.paidAt, to),
        gt(chargeReceipts.grossPrice, 0),
        eq(charges.casual, false),
        eq(users.casualUser, false),
        sql`not exists (select 1 from ${invoiceLines} where ${invoiceLines.sourceKind} = 'charge'
          and ${invoiceLines.sourceId} = ${chargeReceipts.id} and ${invoiceLines.invoiceKind} = 'INVOICE')`,
      ),
    );
    return rows.map(toService);
  },
  async paidByGuests(db, since) {
    const rows = await chargeQuery(db).where(
      and(
        isNotNull(chargeReceipts.paidAt),
        gte(chargeReceipts.paidAt, since),
        gt(chargeReceipts.grossPrice, 0),
        sql`(${charges.casual} or ${users.casualUser})`,
        isNull(users.deletedAt),
      ),
    );
    return rows.map(toService);
  },
  async byId(db, sourceId) {
    const [row] = await chargeQuery(db).where(eq(chargeReceipts.id, sourceId));
    return row?.paidAt ? toService(row) : null;
  },
};

/** Every source of billable services: charges, parking rounds, surcharges, roaming charges. */
export const lineSources: LineSource[] = [
  chargeSource,
  parkingSource,
  surchargeSource,
  roamingSource,
];
