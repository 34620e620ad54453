import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { RoamingCharge } from '@voltpark/contract';
import type { Db } from '../../../db/client.js';
import {
  locations,
  moneyHolds,
  roamingEmspCdrs as C,
  roamingEmspChargeRequests as R,
  roamingReceipts as RR,
  roamingEmspSessions as S,
  roamingPartners as P,
} from '../../../db/schema/index.js';
import { liveStates, syncChargeRequests, type ChargeRequestRow } from './charge-requests-store.js';
import { roamingHoldCause } from './bill-roaming-cdr.js';
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
 * What became of the money of a request that ended without a charge (decision 0056): a hold
 * that was taken is RELEASED (or being released); a card payment still open at SimplePay when
 * the request ended is PENDING (a late authorization is released by the loop); a declined,
 * failed or never started hold took NOT_TAKEN.
 */
async function holdOutcomeOf(db: Db, row: ChargeRequestRow): Promise<RoamingCharge['holdOutcome']> {
  if (row.status !== 'REJECTED' && row.status !== 'TIMEOUT') return null;
  const [hold] = await db
    .select({ status: moneyHolds.status })
    .from(moneyHolds)
    .where(
      and(
        eq(moneyHolds.cause, roamingHoldCause(row.authorizationReference)),
        eq(moneyHolds.userId, row.userId),
      ),
    );
  if (!hold || hold.status === 'failed') return 'NOT_TAKEN';
  return hold.status === 'pending' ? 'PENDING' : 'RELEASED';
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
    holdOutcome: await holdOutcomeOf(db, row),
    kWh: session?.kwh ?? null,
    costSoFar: session?.cost ?? null,
    currency: session?.currency ?? null,
    priceSoFar,
    billedAmount: row.billedAmount,
    receiptRowNumber: await receiptOf(db, row),
    startedAt: start ?? null,
  };
}

/**
 * The driver's live roaming request, else one that ended in the last minutes; null if none.
 * `sync`: first link what the partner sent (the app's read); a push after a change does not.
 */
export async function currentRoamingCharge(
  db: Db,
  userId: number,
  feePercent: number,
  sync = true,
): Promise<RoamingCharge | null> {
  if (sync) await syncChargeRequests(db);
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
