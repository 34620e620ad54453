import { and, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  invoiceLines,
  parkingLots,
  parkingReceipts,
  parkingSessions,
  parkingSurcharges,
  users,
} from '../../db/schema/index.js';
import type { LineSource, PaidService } from './sources.js';
import { budapestDate } from './time.js';

/** The parking payment modes as the invoice's payment methods. */
const METHOD = { SIMPLEPAY: 'card', CARD: 'saved_card', WALLET: 'wallet' } as const;

/**
 * Paid parking rounds, by their receipts. A round paid as a surcharge (decision 0019: the
 * surcharge pays the overstay round and books the round's receipt) is the 'surcharge' source's
 * line instead, so each receipt is on exactly one line of one kind.
 */
function receiptQuery(db: Db) {
  return db
    .select({
      receiptId: parkingReceipts.id,
      rowNumber: parkingReceipts.rowNumber,
      userId: parkingReceipts.userId,
      gross: parkingReceipts.grossPrice,
      billingDataId: parkingReceipts.billingDataId,
      paymentMethod: parkingReceipts.paymentMethod,
      billedFrom: parkingReceipts.billedFrom,
      billedTo: parkingReceipts.billedTo,
      paidAt: parkingReceipts.issuedAt,
      casual: parkingSessions.casual,
      casualUser: users.casualUser,
      lot: parkingLots.name,
      surchargeId: parkingSurcharges.id,
      surchargeDays: parkingSurcharges.days,
    })
    .from(parkingReceipts)
    .innerJoin(parkingSessions, eq(parkingSessions.id, parkingReceipts.parkingSessionId))
    .innerJoin(parkingLots, eq(parkingLots.id, parkingSessions.parkingLotId))
    .innerJoin(users, eq(users.id, parkingReceipts.userId))
    .leftJoin(
      parkingSurcharges,
      and(
        eq(parkingSurcharges.parkingSessionId, parkingReceipts.parkingSessionId),
        eq(parkingSurcharges.round, parkingReceipts.round),
        sql`${parkingSurcharges.status} <> 'UNPAID'`,
      ),
    );
}

type ReceiptRow = Awaited<ReturnType<ReturnType<typeof receiptQuery>['execute']>>[number];

const hhmm = (d: Date) =>
  new Intl.DateTimeFormat('hu-HU', {
    timeZone: 'Europe/Budapest',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);

const common = (r: ReceiptRow) => ({
  userId: r.userId,
  billingDataId: r.billingDataId,
  guest: r.casual || r.casualUser,
  receiptNumber: String(r.rowNumber),
  deliveredAt: r.billedTo,
  paidAt: r.paidAt,
  paymentMethod: METHOD[r.paymentMethod],
  gross: r.gross,
});

const toParking = (r: ReceiptRow): PaidService => ({
  ...common(r),
  sourceKind: 'parking',
  sourceId: r.receiptId,
  descriptionKey: 'invoice.line.parking',
  descriptionVars: {
    lot: r.lot,
    from: `${budapestDate(r.billedFrom)} ${hhmm(r.billedFrom)}`,
    to: `${budapestDate(r.billedTo)} ${hhmm(r.billedTo)}`,
  },
});

const toSurcharge = (r: ReceiptRow): PaidService => ({
  ...common(r),
  sourceKind: 'surcharge',
  sourceId: r.surchargeId!,
  descriptionKey: 'invoice.line.surcharge',
  descriptionVars: { lot: r.lot, days: r.surchargeDays ?? 1 },
});

function sourceOf(
  kind: 'parking' | 'surcharge',
  idColumn: typeof parkingReceipts.id | typeof parkingSurcharges.id,
): LineSource {
  const isKind: SQL =
    kind === 'parking' ? isNull(parkingSurcharges.id) : sql`${parkingSurcharges.id} is not null`;
  const toService = kind === 'parking' ? toParking : toSurcharge;
  return {
    kind,
    async uninvoiced(db, from, to) {
      const rows = await receiptQuery(db).where(
        and(
          isKind,
          gte(parkingReceipts.issuedAt, from),
          lt(parkingReceipts.issuedAt, to),
          gt(parkingReceipts.grossPrice, 0),
          eq(parkingSessions.casual, false),
          eq(users.casualUser, false),
          sql`not exists (select 1 from ${invoiceLines} where ${invoiceLines.sourceKind} = ${kind}
            and ${invoiceLines.sourceId} = ${idColumn} and ${invoiceLines.invoiceKind} = 'INVOICE')`,
        ),
      );
      return rows.map(toService);
    },
    async paidByGuests(db, since) {
      const rows = await receiptQuery(db).where(
        and(
          isKind,
          gte(parkingReceipts.issuedAt, since),
          gt(parkingReceipts.grossPrice, 0),
          sql`(${parkingSessions.casual} or ${users.casualUser})`,
          isNull(users.deletedAt),
        ),
      );
      return rows.map(toService);
    },
    async byId(db, sourceId) {
      const [row] = await receiptQuery(db).where(and(isKind, eq(idColumn, sourceId)));
      return row ? toService(row) : null;
    },
  };
}

/** Paid parking rounds (`sourceId` = the parking receipt's id). */
export const parkingSource = sourceOf('parking', parkingReceipts.id);
/** Paid surcharges (`sourceId` = the surcharge's id; the receipt is the round's). */
export const surchargeSource = sourceOf('surcharge', parkingSurcharges.id);
