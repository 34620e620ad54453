import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';

/**
 * A partner's Locations as sites of our map (decision 0039): each one is mirrored into
 * `locations` (linked by `roaming_partner_location_id`), written in the transaction that stores
 * the partner's data, so the map points, the list, search, the panel and their caches treat it
 * as one of our sites and `location_data_version` moves with it. Removal needs nothing here: the
 * mirror row cascades from the partner row (a sweep, a removed partner).
 *
 * The site is shown (`active`) while the partner is a registered CPO, the Location is published
 * and it has an EVSE that is not REMOVED. OCPI gives the address as one line: it is the street,
 * with no public-space type or house number of its own (formatAddress leaves those out).
 */
export async function mirrorPartnerSites(tx: DbOrTx, partnerLocationIds: readonly number[]) {
  if (partnerLocationIds.length === 0) return;
  await tx.execute(sql`
    insert into locations (name, country_code, zip_code, city, street, address_type, house_number,
      lat, lng, active, roaming_partner_location_id)
    select coalesce(nullif(rpl.name, ''), rpl.object->>'address'), rpl.country_code,
      coalesce(rpl.object->>'postal_code', ''), rpl.city, rpl.object->>'address', '', '',
      rpl.lat, rpl.lng,
      (p.status = 'REGISTERED' and p.role = 'CPO' and rpl.publish and rpl.evse_count > 0),
      rpl.id
    from roaming_partner_locations rpl join roaming_partners p on p.id = rpl.partner_id
    where rpl.id in (${sql.join(
      partnerLocationIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict (roaming_partner_location_id) do update set
      name = excluded.name, country_code = excluded.country_code, zip_code = excluded.zip_code,
      city = excluded.city, street = excluded.street, lat = excluded.lat, lng = excluded.lng,
      active = excluded.active, updated_at = now()`);
}

/**
 * A partner's Tariff changed: the prices in its sites' panels did too. The panel and list caches
 * follow `location_data_version`, which only writes to the site tables move, so it is moved here,
 * in the tariff's transaction.
 */
export async function partnerPricesChanged(tx: DbOrTx) {
  await tx.execute(sql`select nextval('location_data_version')`);
}

/**
 * Partner Locations stored before their sites were mirrored (held before decision 0039, or by a
 * replica of the previous version): mirrored once at start-up. Idempotent; a row written
 * meanwhile by a push or pull is simply written again with the same values.
 */
export async function mirrorUnmirroredPartnerSites(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const missing = (await tx.execute(sql`
      select rpl.id from roaming_partner_locations rpl
      where not exists (select 1 from locations l where l.roaming_partner_location_id = rpl.id)
      order by rpl.id`)) as unknown as { rows: { id: number }[] };
    const ids = missing.rows.map((r) => Number(r.id));
    await mirrorPartnerSites(tx, ids);
    return ids.length;
  });
}
