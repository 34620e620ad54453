import { and, eq } from 'drizzle-orm';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import type { Config } from '../../../config.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { roamingEmspCdrs as C, type RoamingEmspBillingState } from '../../../db/schema/index.js';
import { ourDriverOf } from './driver-sessions-store.js';
import { ocpiTime } from './location-columns.js';
import { lockRegisteredCpo } from './partner-parties.js';

export type DriverCdrRow = typeof C.$inferSelect;

/** We bill our drivers in forints only. */
export const BILLING_CURRENCY = 'HUF';

function billingOf(cdr: Cdr, userId: number | null): RoamingEmspBillingState {
  if (userId === null) return 'UNKNOWN_TOKEN';
  if (cdr.currency.toUpperCase() !== BILLING_CURRENCY || cdr.credit) return 'NOT_BILLABLE';
  return 'PENDING';
}

/**
 * A CDR a partner posted, stored once: the same partner + party + id again finds the row it
 * stored first (unique key, conditional insert), whatever the second body says. Null when the
 * partner is no longer a registered CPO.
 */
export async function storeDriverCdr(
  db: Db,
  config: Config,
  partnerId: number,
  cdr: Cdr,
): Promise<{ row: DriverCdrRow; created: boolean } | null> {
  return db.transaction(async (tx) => {
    if (!(await lockRegisteredCpo(tx, partnerId))) return null;
    const userId = await ourDriverOf(tx, config, cdr.cdr_token);
    const key = {
      partnerId,
      countryCode: cdr.country_code.toUpperCase(),
      partyId: cdr.party_id.toUpperCase(),
      cdrKey: cdr.id.toUpperCase(),
    };
    const [created] = await tx
      .insert(C)
      .values({
        ...key,
        cdrId: cdr.id,
        sessionId: cdr.session_id ?? null,
        tokenUid: cdr.cdr_token.uid,
        userId,
        authorizationReference: cdr.authorization_reference ?? null,
        currency: cdr.currency.toUpperCase(),
        totalCostExclVat: cdr.total_cost.excl_vat,
        totalCostInclVat: cdr.total_cost.incl_vat ?? null,
        object: cdr,
        lastUpdated: ocpiTime(cdr.last_updated),
        billing: billingOf(cdr, userId),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return { row: created, created: true };
    const [had] = await tx
      .select()
      .from(C)
      .where(
        and(
          eq(C.partnerId, key.partnerId),
          eq(C.countryCode, key.countryCode),
          eq(C.partyId, key.partyId),
          eq(C.cdrKey, key.cdrKey),
        ),
      );
    return had ? { row: had, created: false } : null;
  });
}

/** A CDR by our id, only for the partner that posted it. */
export async function getDriverCdr(db: DbOrTx, partnerId: number, id: number): Promise<Cdr | null> {
  const [row] = await db
    .select({ object: C.object })
    .from(C)
    .where(and(eq(C.id, id), eq(C.partnerId, partnerId)));
  return row ? (row.object as Cdr) : null;
}
