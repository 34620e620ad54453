import { asc, inArray, sql } from 'drizzle-orm';
import type { Connector, Evse, Location } from '@voltpark/contract/ocpi/locations';
import type { Db } from '../../../db/client.js';
import { chargePoints, chargers, chargingTariffs } from '../../../db/schema/index.js';
import type { AppChargerStatus } from '../../ocpp/status.js';
import { connectorTechnics } from './connector.js';
import { alpha3, dbId, evseUid, locationId, ocpiTime, tariffId, type OcpiParty } from './ids.js';
import { EVSE_CAPABILITIES, removedEvsesOf, removedListedSince } from './removed-evses.js';
import { ocpiStatus } from './status.js';

export interface LocationView {
  party: OcpiParty;
  /** BusinessDetails of the operator (AFIR: the operator's name). */
  operator: { name: string; website?: string };
  /**
   * Open data (AFIR) shows what a driver can use now: removed EVSEs and locations left without
   * any are left out. OCPI partners get REMOVED EVSEs, as the Locations module requires, for
   * REMOVED_EVSE_LISTED_DAYS after their removal (a location without any other EVSE too).
   */
  omitRemoved: boolean;
}

export interface LocationFilter {
  offset: number;
  limit: number;
  /** Inclusive, on last_updated. */
  dateFrom?: Date;
  /** Exclusive, on last_updated. */
  dateTo?: Date;
  /** One location only. */
  id?: number;
}

export interface Page<T> {
  items: T[];
  /** Objects matching the filter, all pages together (X-Total-Count). */
  total: number;
}

const TIME_ZONE = 'Europe/Budapest';

interface LocationRow extends Record<string, unknown> {
  id: number;
  name: string;
  country_code: string;
  zip_code: string;
  city: string;
  street: string;
  address_type: string;
  house_number: string;
  lat: number;
  lng: number;
  active: boolean;
  updated_at: Date | string;
  last_updated: Date | string;
  total: number | string;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const coordinate = (n: number) => n.toFixed(6);

/**
 * The EVSE change times per site, for the open data: sites where a usable charger stands.
 */
const usableSites = (id: number | undefined) => sql`
  per_site as (
    select cp.location_id as id, max(greatest(c.updated_at, c.status_changed_at)) as changed
    from chargers c join charge_points cp on cp.id = c.charge_point_id
    ${id !== undefined ? sql`where cp.location_id = ${id}` : sql``}
    group by cp.location_id
    having bool_or(c.active)
  )`;

/**
 * The EVSE change times per site, for partners: sites with an EVSE that is usable or was removed
 * since `since` (taken out: the later change of the charger and of its site; deleted or moved
 * away: its removal, see roaming_removed_evses).
 */
const partnerSites = (id: number | undefined, since: Date) => sql`
  evse_times as (
    select cp.location_id as id, greatest(c.updated_at, c.status_changed_at) as changed,
      (c.active and l.active)
        or greatest(c.updated_at, l.updated_at) >= ${since.toISOString()}::timestamptz as listed
    from chargers c join charge_points cp on cp.id = c.charge_point_id
      join locations l on l.id = cp.location_id
    ${id !== undefined ? sql`where cp.location_id = ${id}` : sql``}
    union all
    select r.location_id, r.removed_at, r.removed_at >= ${since.toISOString()}::timestamptz
    from roaming_removed_evses r
    ${id !== undefined ? sql`where r.location_id = ${id}` : sql``}
  ),
  per_site as (
    select id, max(changed) as changed from evse_times group by id having bool_or(listed)
  )`;

/**
 * A page of our charging locations as OCPI Locations: one query for the page (with the total)
 * and one for the chargers of its locations (and one for their removed EVSEs, for partners),
 * whatever the page size. A location is a roaming location when chargers stand there (or, for
 * partners, stood there until lately); parking-only sites are not. Its last_updated is the
 * latest change of the site, of its chargers or of their statuses (deletions move the site's own
 * time, see the roaming_change_times migration, and are removals).
 */
export async function locationPage(
  db: Db,
  view: LocationView,
  f: LocationFilter,
): Promise<Page<Location>> {
  const since = removedListedSince();
  const where = sql.join(
    [
      sql`true`,
      view.omitRemoved ? sql`l.active` : undefined,
      f.id !== undefined ? sql`l.id = ${f.id}` : undefined,
      f.dateFrom
        ? sql`greatest(l.updated_at, r.changed) >= ${f.dateFrom.toISOString()}::timestamptz`
        : undefined,
      f.dateTo
        ? sql`greatest(l.updated_at, r.changed) < ${f.dateTo.toISOString()}::timestamptz`
        : undefined,
    ].filter((s) => s !== undefined),
    sql` and `,
  );
  // Chargers are grouped per site first (narrow tables), the site's own row is joined by key,
  // and only the page's rows are widened: the cost is one pass over the chargers.
  const result = await db.execute(sql`
    with ${view.omitRemoved ? usableSites(f.id) : partnerSites(f.id, since)},
    page as (
      select l.id, greatest(l.updated_at, r.changed) as last_updated, count(*) over () as total
      from per_site r join locations l on l.id = r.id
      where ${where}
      order by l.id
      limit ${f.limit} offset ${f.offset}
    )
    select l.id, l.name, l.country_code, l.zip_code, l.city, l.street, l.address_type,
      l.house_number, l.lat, l.lng, l.active, l.updated_at, page.last_updated, page.total
    from page join locations l on l.id = page.id
    order by l.id`);
  const rows = (result as unknown as { rows: LocationRow[] }).rows;
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && f.offset > 0) {
    // Past the end: the page is empty but the total is still asked for.
    total = (await locationPage(db, view, { ...f, offset: 0, limit: 1 })).total;
  }
  const evses = await evsesOf(
    db,
    view,
    rows.map((r) => ({ id: r.id, active: r.active, updatedAt: date(r.updated_at) })),
    since,
  );
  const items = rows.map((r): Location => {
    const own = evses.get(r.id) ?? [];
    return {
      country_code: view.party.countryCode,
      party_id: view.party.partyId,
      id: locationId(r.id),
      publish: true,
      name: r.name,
      address: `${r.street} ${r.address_type} ${r.house_number}`.trim(),
      city: r.city,
      postal_code: r.zip_code,
      country: alpha3(r.country_code),
      coordinates: { latitude: coordinate(r.lat), longitude: coordinate(r.lng) },
      evses: own,
      operator: view.operator,
      time_zone: TIME_ZONE,
      last_updated: ocpiTime(date(r.last_updated)),
    };
  });
  return { items, total };
}

/**
 * The EVSEs (one per charger, i.e. OCPP connector) of the given locations, in one query; for
 * partners with those removed since `since` (REMOVED), from the chargers and from the EVSEs
 * that left the location (one more query), in charger order.
 */
async function evsesOf(
  db: Db,
  view: LocationView,
  locations: { id: number; active: boolean; updatedAt: Date }[],
  since: Date,
): Promise<Map<number, Evse[]>> {
  const out = new Map<number, Evse[]>();
  if (locations.length === 0) return out;
  const sites = new Map(locations.map((l) => [l.id, l]));
  const rows = await db
    .select({
      id: chargers.id,
      locationId: chargePoints.locationId,
      currentType: chargePoints.currentType,
      disabled: chargePoints.disabled,
      finishingStartable: chargePoints.canStartNewChargeWhileInFinishingState,
      shortName: chargers.shortName,
      outletType: chargers.outletType,
      powerKw: chargers.powerKw,
      status: chargers.status,
      statusChangedAt: chargers.statusChangedAt,
      updatedAt: chargers.updatedAt,
      active: chargers.active,
      tariffId: chargers.tariffId,
      tariffActive: chargingTariffs.active,
    })
    .from(chargers)
    .innerJoin(chargePoints, sql`${chargePoints.id} = ${chargers.chargePointId}`)
    .leftJoin(chargingTariffs, sql`${chargingTariffs.id} = ${chargers.tariffId}`)
    .where(inArray(chargePoints.locationId, [...sites.keys()]))
    .orderBy(asc(chargers.id));
  const listed: { locationId: number; chargerId: number; evse: Evse }[] = [];
  for (const c of rows) {
    const site = sites.get(c.locationId)!;
    const removed = !c.active || !site.active;
    const removedAt = c.updatedAt > site.updatedAt ? c.updatedAt : site.updatedAt;
    if (removed && (view.omitRemoved || removedAt < since)) continue;
    const uid = evseUid(view.party, c.id);
    const changed = c.updatedAt > c.statusChangedAt ? c.updatedAt : c.statusChangedAt;
    const evse: Evse = {
      uid,
      evse_id: uid,
      status: ocpiStatus({
        status: c.status as AppChargerStatus,
        removed,
        chargePointDisabled: c.disabled,
        canStartNewChargeWhileInFinishingState: c.finishingStartable,
      }),
      capabilities: EVSE_CAPABILITIES,
      connectors: [
        {
          id: '1',
          ...connectorTechnics(c.outletType, c.currentType, c.powerKw),
          ...(c.tariffId !== null && c.tariffActive ? { tariff_ids: [tariffId(c.tariffId)] } : {}),
          last_updated: ocpiTime(c.updatedAt),
        },
      ],
      physical_reference: c.shortName.slice(0, 16),
      last_updated: ocpiTime(changed),
    };
    listed.push({ locationId: c.locationId, chargerId: c.id, evse });
  }
  if (!view.omitRemoved) {
    // A charger back at a location it had left is served from its own row.
    const here = new Set(rows.map((c) => `${c.locationId}/${c.id}`));
    const gone = await removedEvsesOf(db, view.party, [...sites.keys()], since);
    listed.push(...gone.filter((g) => !here.has(`${g.locationId}/${g.chargerId}`)));
    listed.sort((x, y) => x.chargerId - y.chargerId);
  }
  for (const { locationId: site, evse } of listed) {
    const list = out.get(site);
    if (list) list.push(evse);
    else out.set(site, [evse]);
  }
  return out;
}

/**
 * The OCPI GET object of the Locations module: a Location, one of its EVSEs or one of that
 * EVSE's Connectors by their ids (EVSE uids compare case-insensitively, as CiStrings do), or null
 * when any of them is unknown.
 */
export async function locationObject(
  db: Db,
  view: LocationView,
  ids: { locationId: string; evseUid?: string; connectorId?: string },
): Promise<Location | Evse | Connector | null> {
  const id = dbId(ids.locationId);
  if (id === null) return null;
  const [loc] = (await locationPage(db, view, { id, offset: 0, limit: 1 })).items;
  if (!loc || ids.evseUid === undefined) return loc ?? null;
  const evse = loc.evses?.find((e) => e.uid.toUpperCase() === ids.evseUid!.toUpperCase());
  if (!evse || ids.connectorId === undefined) return evse ?? null;
  return evse.connectors.find((c) => c.id === ids.connectorId) ?? null;
}
