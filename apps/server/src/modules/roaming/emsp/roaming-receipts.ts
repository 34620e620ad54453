import type { RoamingChargeRecord } from '@voltpark/contract';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import {
  moneyHolds,
  roamingEmspCdrs,
  roamingPartners,
  roamingReceipts as RR,
} from '../../../db/schema/index.js';
import type { DriverCdrRow } from './driver-cdrs-store.js';

export type RoamingReceiptRow = typeof RR.$inferSelect;

const dateOrNull = (s: string | undefined) => {
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/**
 * Decision 0043: the receipt of a CDR just billed, in the billing transaction (`tx`), so it is
 * written exactly when the CDR is claimed PENDING → BILLED; the unique `cdr_id` makes a second
 * attempt a no-op. Nothing to pay (0 Ft) gives no receipt, as for our own charges. Returns the
 * receipt written now, or null (none, or written before).
 */
export async function issueRoamingReceipt(
  tx: DbOrTx,
  cdrRow: DriverCdrRow,
  amounts: { userId: number; price: number; paid: number; points: number },
): Promise<RoamingReceiptRow | null> {
  if (amounts.price <= 0) return null;
  const cdr = cdrRow.object as Cdr;
  const [partner] = await tx
    .select({ name: roamingPartners.name })
    .from(roamingPartners)
    .where(eq(roamingPartners.id, cdrRow.partnerId));
  const loc = cdr.cdr_location;
  const [issued] = await tx
    .insert(RR)
    .values({
      userId: amounts.userId,
      cdrId: cdrRow.id,
      partnerName: partner?.name ?? `${cdrRow.countryCode}*${cdrRow.partyId}`,
      siteName: loc ? (loc.name ?? `${loc.city}, ${loc.address}`) : null,
      energyWh: Math.max(0, Math.round((cdr.total_energy ?? 0) * 1000)),
      startedAt: dateOrNull(cdr.start_date_time),
      endedAt: dateOrNull(cdr.end_date_time),
      grossPrice: amounts.price,
      paidAmount: amounts.paid,
      earnedPoints: amounts.points,
      paidAt: amounts.paid >= amounts.price ? new Date() : null,
    })
    .onConflictDoNothing({ target: RR.cdrId })
    .returning();
  return issued ?? null;
}

/** The user's roaming receipt by row number; another user's is not found (null). */
export async function ownRoamingReceipt(
  db: Db,
  userId: number,
  rowNumber: number,
): Promise<RoamingReceiptRow | null> {
  const [row] = await db
    .select()
    .from(RR)
    .where(and(eq(RR.rowNumber, rowNumber), eq(RR.userId, userId)));
  return row ?? null;
}

/**
 * How a roaming receipt was paid, as SQL over `roaming_receipts`: 'card' when its charge's money
 * was held on a card (decision 0050: captured from the card hold, an open rest paid by card),
 * else 'wallet'. The hold is found by the CDR's authorization reference, as billing finds it.
 */
export const roamingPaymentMethodSql = sql<'card' | 'wallet'>`coalesce((
  select ${moneyHolds.method} from ${moneyHolds}
  join ${roamingEmspCdrs} on ${roamingEmspCdrs.id} = ${RR.cdrId}
  where ${moneyHolds.cause} = 'roaming:' || ${roamingEmspCdrs.authorizationReference}
    and ${moneyHolds.userId} = ${RR.userId}
  limit 1), 'wallet')`;

/** The receipt of one CDR of the user's (the live screen links it), or null. */
export async function receiptRowOfCdr(
  db: Db,
  userId: number,
  cdrId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ rowNumber: RR.rowNumber })
    .from(RR)
    .where(and(eq(RR.cdrId, cdrId), eq(RR.userId, userId)));
  return row?.rowNumber ?? null;
}

export const toRoamingRecord = (r: RoamingReceiptRow): RoamingChargeRecord => ({
  rowNumber: r.rowNumber,
  siteName: r.siteName,
  partnerName: r.partnerName,
  energyKWh: Math.round(r.energyWh) / 1000,
  startedAt: r.startedAt?.toISOString() ?? null,
  endedAt: r.endedAt?.toISOString() ?? null,
  grossPrice: r.grossPrice,
  paidAmount: r.paidAmount,
  earnedPoints: r.earnedPoints,
  issuedAt: r.issuedAt.toISOString(),
});

/**
 * The user's roaming receipts of charges ended since `from` (issued since, when the CDR gave no
 * end), newest first (at most 500, as the charge history).
 */
export async function roamingHistory(
  db: Db,
  userId: number,
  from: Date,
): Promise<RoamingChargeRecord[]> {
  const rows = await db
    .select()
    .from(RR)
    .where(
      and(
        eq(RR.userId, userId),
        or(gte(RR.endedAt, from), and(isNull(RR.endedAt), gte(RR.issuedAt, from))),
      ),
    )
    .orderBy(desc(RR.issuedAt), desc(RR.id))
    .limit(500);
  return rows.map(toRoamingRecord);
}
