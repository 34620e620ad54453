import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { RoamingCharge } from '@voltpark/contract';
import type { Db } from '../../../db/client.js';
import {
  locations,
  roamingEmspCdrs as C,
  roamingEmspChargeRequests as R,
  roamingReceipts as RR,
  roamingEmspSessions as S,
  roamingPartners as P,
} from '../../../db/schema/index.js';
import { liveStates, syncChargeRequests, type ChargeRequestRow } from './charge-requests-store.js';
import { paymentProblemOf } from './roaming-card-hold.js';

/** How long an ended request still shows as the driver's current one (its outcome). */
const ENDED_SHOWN_MINUTES = 10;

/** The receipt of the CDR billed for this request (decision 0043), if there is one. */
async function receiptOf(db: Db, row: ChargeRequestRow): Promise<number | null> {
  if (row.status !== 'COMPLETED') return null;
  const [r] = await db
    .select({ rowNumber: RR.rowNumber })
    .from(C)
    .innerJoin(RR, and(eq(RR.cdrId, C.id), eq(RR.userId, row.userId)))
    .where(
      and(
        eq(C.partnerId, row.partnerId),
        eq(C.userId, row.userId),
        eq(C.authorizationReference, row.authorizationReference),
      ),
    )
    .orderBy(desc(RR.id))
    .limit(1);
  return r?.rowNumber ?? null;
}

/**
 * A request as the app shows it, with the partner's session figures (kWh, cost so far) and the
 * price so far as the CDR will bill it (`feePercent`: our roaming fee on the partner's cost).
 */
export async function roamingChargeView(
  db: Db,
  row: ChargeRequestRow,
  feePercent: number,
): Promise<RoamingCharge> {
  const [extra] = await db
    .select({ siteName: locations.name, partnerName: P.name })
    .from(P)
    .leftJoin(locations, eq(locations.id, row.siteId))
    .where(eq(P.id, row.partnerId));
  const [session] = await db
    .select({ kwh: S.kwh, cost: S.totalCost, currency: S.currency, object: S.object })
    .from(S)
    .where(
      and(
        eq(S.partnerId, row.partnerId),
        eq(S.userId, row.userId),
        eq(S.authorizationReference, row.authorizationReference),
      ),
    )
    .orderBy(desc(S.lastUpdated))
    .limit(1);
  const cost = session?.cost ?? null;
  const priceSoFar =
    cost !== null && session?.currency === 'HUF'
      ? Math.max(0, Math.round(cost * (1 + feePercent / 100)))
      : null;
  const start = (session?.object as { start_date_time?: string } | undefined)?.start_date_time;
  return {
    requestId: row.id,
    status: row.status,
    siteId: row.siteId,
    siteName: extra?.siteName ?? null,
    partnerName: extra?.partnerName ?? '',
    evseUid: row.evseUid,
    connectorId: row.connectorId,
    message: row.message,
    holdAmount: row.amount,
    paymentMethod: row.paymentMethod,
    paymentUrl: row.status === 'PAYING' ? row.paymentUrl : null,
    paymentProblem: paymentProblemOf(row.message),
    kWh: session?.kwh ?? null,
    costSoFar: session?.cost ?? null,
    currency: session?.currency ?? null,
    priceSoFar,
    billedAmount: row.billedAmount,
    receiptRowNumber: await receiptOf(db, row),
    startedAt: start ?? null,
  };
}

/** The driver's live roaming request, else one that ended in the last minutes; null if none. */
export async function currentRoamingCharge(
  db: Db,
  userId: number,
  feePercent: number,
): Promise<RoamingCharge | null> {
  await syncChargeRequests(db);
  const [live] = await db
    .select()
    .from(R)
    .where(and(eq(R.userId, userId), inArray(R.status, liveStates)));
  const [recent] = live
    ? [live]
    : await db
        .select()
        .from(R)
        .where(
          and(
            eq(R.userId, userId),
            gt(R.updatedAt, sql`now() - make_interval(mins => ${ENDED_SHOWN_MINUTES})`),
          ),
        )
        .orderBy(desc(R.id))
        .limit(1);
  return recent ? roamingChargeView(db, recent, feePercent) : null;
}
