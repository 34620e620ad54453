import { and, asc, gte, inArray } from 'drizzle-orm';
import type { Evse } from '@voltpark/contract/ocpi/locations';
import type { Db } from '../../../db/client.js';
import { roamingRemovedEvses } from '../../../db/schema/index.js';
import { connectorTechnics } from './connector.js';
import { evseUid, ocpiTime, type OcpiParty } from './ids.js';

/**
 * How long an EVSE that was removed (its charger deleted, moved away or taken out of the
 * network, or its site taken out) is still served and pushed to partners with status REMOVED
 * (decision 0046). OCPI never deletes an EVSE: a partner learns it is gone from that status.
 */
export const REMOVED_EVSE_LISTED_DAYS = 30;

const DAY_MS = 86_400_000;

/** The oldest removal that is still listed, as of `now`. */
export const removedListedSince = (now = new Date()) =>
  new Date(now.getTime() - REMOVED_EVSE_LISTED_DAYS * DAY_MS);

/** What our EVSEs can do (OCPP RemoteStart/RemoteStop, an RFID reader). */
export const EVSE_CAPABILITIES: Evse['capabilities'] = ['REMOTE_START_STOP_CAPABLE', 'RFID_READER'];

/**
 * The EVSEs that left the given locations since `since` (`roaming_removed_evses`, kept by
 * database triggers when a charger is deleted or moves away), as the REMOVED EVSEs a partner is
 * served, by location and charger id.
 */
export async function removedEvsesOf(
  db: Db,
  party: OcpiParty,
  locationIds: number[],
  since: Date,
): Promise<{ locationId: number; chargerId: number; evse: Evse }[]> {
  if (locationIds.length === 0) return [];
  const rows = await db
    .select()
    .from(roamingRemovedEvses)
    .where(
      and(
        inArray(roamingRemovedEvses.locationId, locationIds),
        gte(roamingRemovedEvses.removedAt, since),
      ),
    )
    .orderBy(asc(roamingRemovedEvses.chargerId));
  return rows.map((r) => {
    const uid = evseUid(party, r.chargerId);
    const at = ocpiTime(r.removedAt);
    return {
      locationId: r.locationId,
      chargerId: r.chargerId,
      evse: {
        uid,
        evse_id: uid,
        status: 'REMOVED',
        capabilities: EVSE_CAPABILITIES,
        connectors: [
          {
            id: '1',
            ...connectorTechnics(r.outletType, r.currentType, r.powerKw),
            last_updated: at,
          },
        ],
        physical_reference: r.shortName.slice(0, 16),
        last_updated: at,
      },
    };
  });
}
