import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  LocationDetail,
  LocationFilter,
  Lang,
  MapLabel,
  MapPointsQuery,
  OutletType,
  Poi,
} from '@voltpark/contract';
import { MAP_POINT_FLAG, type MapPointInput } from '@voltpark/contract/map-points';
import type { Db } from '../../db/client.js';
import {
  categories,
  locations,
  parkingLots,
  parkingTariffs,
  poiCategories,
  pois,
  gates,
} from '../../db/schema/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { loadChargerSummaries } from '../chargers/repository.js';
import {
  PARTNER_CONNECTORS,
  PARTNER_NAME,
  partnerConnectorConditions,
} from '../roaming/emsp/partner-sites-sql.js';
import { partnerSiteDetail } from '../roaming/emsp/partner-site-detail.js';
import { ACCENTED, PLAIN, foldText, formatAddress, pick } from './address.js';
import { loadTraitValues } from './traits.js';

const AVAILABLE = sql`('AVAILABLE', 'PREPARING')`;
const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km from a point to the location row `l` (haversine). */
function haversineKm(lat: number, lng: number): SQL {
  return sql`(${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(
    power(sin(radians(l.lat - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(l.lat)) * power(sin(radians(l.lng - ${lng}::float8) / 2), 2)
  ))))`;
}

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The address as formatAddress writes it, in SQL (for the list, built inside the database). */
const FULL_ADDRESS = sql`(case when l.address_type = '' and l.house_number = ''
  then ltrim(l.zip_code || ' ' || l.city) || ', ' || l.street
  else l.zip_code || ' ' || l.city || ', ' || l.street || ' ' || l.address_type || ' '
  || l.house_number || case when l.house_number ~ '[0-9]$' then '.' else '' end end)`;

/** Category ids of the given ones and all their descendants (a recursive query). */
const categoryAndDescendants = (ids: number[]) => sql`(
  with recursive tree(id) as (
    select id from categories where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    union select c.id from categories c join tree on c.parent_id = tree.id
  ) select id from tree)`;

/**
 * The SPEC §3 Filter as SQL. Kinds (searchCharger/searchPoi/searchParking) widen the result:
 * a location with any selected kind matches. Every other field narrows it: charger fields need
 * one charger that meets all of them, shop fields one shop that meets all of them.
 */
function filterConditions(f: LocationFilter): SQL[] {
  const where: SQL[] = [sql`l.active`];
  if (f.city) {
    const folded = foldText(f.city);
    where.push(sql`strpos(lower(translate(l.city, ${ACCENTED}, ${PLAIN})), ${folded}) > 0`);
  }

  const chargerConds: SQL[] = [];
  if (f.outletType) chargerConds.push(sql`ch.outlet_type = ${f.outletType}`);
  if (f.currentType && f.currentType !== 'all')
    chargerConds.push(sql`cp.current_type = ${f.currentType}`);
  if (f.performanceFrom !== undefined && f.performanceFrom > 0) {
    chargerConds.push(sql`ch.power_kw >= ${f.performanceFrom}::float8`);
  }
  if (f.onlyAvailableChargers) chargerConds.push(sql`ch.status in ${AVAILABLE}`);
  // A partner's site (decision 0039) matches by its connectors as ours by its chargers.
  const partnerConds = partnerConnectorConditions(f);
  const chargerExists = (conds: SQL[], pConds: SQL[]) =>
    sql`(exists (select 1 from chargers ch join charge_points cp on cp.id = ch.charge_point_id
      where cp.location_id = l.id and ch.active${conds.length ? sql` and ${sql.join(conds, sql` and `)}` : sql``})
      or (l.roaming_partner_location_id is not null and exists (select 1 from ${PARTNER_CONNECTORS} pc
      where pc.location_id = l.id${pConds.length ? sql` and ${sql.join(pConds, sql` and `)}` : sql``})))`;

  const poiConds: SQL[] = [];
  if (f.onlyPointAccepter) poiConds.push(sql`po.accept_point`);
  const categorySets = [
    f.selectedCategory !== undefined ? [f.selectedCategory] : null,
    f.subcategory !== undefined ? [f.subcategory] : null,
    f.selectedSubCategories?.length ? f.selectedSubCategories : null,
  ].filter((ids): ids is number[] => ids !== null);
  for (const ids of categorySets) {
    poiConds.push(
      sql`exists (select 1 from poi_categories pc where pc.poi_id = po.id and pc.category_id in ${categoryAndDescendants(ids)})`,
    );
  }
  const poiExists = (conds: SQL[]) =>
    sql`exists (select 1 from pois po where po.location_id = l.id and po.active${conds.length ? sql` and ${sql.join(conds, sql` and `)}` : sql``})`;
  const parkingExists = sql`exists (select 1 from parking_lots pl2 where pl2.location_id = l.id and pl2.active)`;

  const kinds: SQL[] = [];
  if (f.searchCharger) kinds.push(chargerExists([], []));
  if (f.searchPoi) kinds.push(poiExists([]));
  if (f.searchParking) kinds.push(parkingExists);
  if (kinds.length) where.push(sql`(${sql.join(kinds, sql` or `)})`);
  if (chargerConds.length) where.push(chargerExists(chargerConds, partnerConds));
  if (poiConds.length) where.push(poiExists(poiConds));
  return where;
}

/**
 * The markers as one JSON array text built by the database: 50,000 rows would otherwise cost a
 * JS object each on the way out (seconds on the embedded engine), and concatenation is several
 * times faster than json_build_object. Strings go through to_json (escaping); absent flags and
 * empty lists are left out, as the contract asks.
 */
function listJsonQuery(where: SQL[], distance: SQL | null): SQL {
  const distanceKm = distance ? sql`round((${distance})::numeric, 2)::float8` : sql`null::float8`;
  // The matching locations first; the charger and shop aggregates then cover only those.
  return sql`
    with sel as materialized (
      select l.*, ${distanceKm} as distance_km from locations l
      where ${sql.join(where, sql` and `)}
    )
    select '[' || coalesce(string_agg(x.item, ',' order by x.distance_km, x.id), '') || ']' as json
    from (
      select l.id, l.distance_km,
        '{"id":' || l.id
        || ',"name":' || to_json(l.name)::text
        || ',"fullAddress":' || to_json(${FULL_ADDRESS})::text
        || ',"city":' || to_json(l.city)::text
        || ',"lat":' || l.lat::text || ',"lng":' || l.lng::text
        || case when c.n > 0 then ',"hasCharger":true'
             || case when c.available then ',"available":true' else '' end
             || ',"outlets":' || coalesce('["' || c.outlets || '"]', '[]')
             || coalesce(',"maxPowerKw":' || c.max_kw::text, '')
           else '' end
        || coalesce(',"partnerName":' || to_json(${PARTNER_NAME})::text, '')
        || case when p.n > 0 then ',"hasPoi":true'
             || case when p.accepts then ',"acceptsPoints":true' else '' end
           else '' end
        || case when pl.id is not null then ',"hasParking":true'
             || case when pt.id is not null then ',"parkingFree":' || pt.free_parking::text
               || ',"parkingUnitGross":' || pt.gross_unit_parking::text
               || ',"parkingFreeMinutes":' || pt.free_minutes::text else '' end
           else '' end
        || coalesce(',"distanceInKm":' || l.distance_km::text, '')
        || '}' as item
      from sel l
      left join (
        select cp.location_id, count(*)::int as n,
          bool_or(ch.status in ${AVAILABLE}) as available,
          string_agg(distinct ch.outlet_type::text, '","') as outlets,
          max(ch.power_kw) as max_kw
        from chargers ch join charge_points cp on cp.id = ch.charge_point_id
        where ch.active and cp.location_id in (select id from sel)
        group by cp.location_id
        union all
        select pc.location_id, count(*)::int, bool_or(pc.available),
          string_agg(distinct pc.outlet_type, '","'), round(max(pc.power_kw)::numeric, 1)::float8
        from ${PARTNER_CONNECTORS} pc where pc.location_id in (select id from sel)
        group by pc.location_id
      ) c on c.location_id = l.id
      left join (
        select location_id, count(*)::int as n, bool_or(accept_point) as accepts
        from pois where active and location_id in (select id from sel) group by location_id
      ) p on p.location_id = l.id
      left join parking_lots pl on pl.location_id = l.id and pl.active
      left join parking_tariffs pt on pt.id = pl.tariff_id and pt.active
    ) x`;
}

async function listJson(db: Db, where: SQL[], distance: SQL | null): Promise<string> {
  return rows<{ json: string }>(await db.execute(listJsonQuery(where, distance)))[0]?.json ?? '[]';
}

/** Every active location as a map marker: the JSON text of the array (the list cache keeps it). */
export function listAllLocationsJson(db: Db): Promise<string> {
  return listJson(db, [sql`l.active`], null);
}

/** Locations matching the filter (JSON array text); nearest first with distances when coordinates are given. */
export async function filterLocationsJson(db: Db, f: LocationFilter): Promise<string> {
  const hasLat = f.latitude !== undefined;
  const hasLng = f.longitude !== undefined;
  if (hasLat !== hasLng) {
    throw badRequest('error.validation', [
      { field: hasLat ? 'longitude' : 'latitude', messageKey: 'invalid.required' },
    ]);
  }
  const distance = hasLat ? haversineKm(f.latitude!, f.longitude!) : null;
  return listJson(db, filterConditions(f), distance);
}

/** `"1:9,5:1"` → Map {1 → 9, 5 → 1} (ids and flags the database joined into one text). */
function parsePairs(text: string | null): Map<number, number> {
  const out = new Map<number, number>();
  if (!text) return out;
  for (const pair of text.split(',')) {
    const colon = pair.indexOf(':');
    out.set(Number(pair.slice(0, colon)), Number(pair.slice(colon + 1)));
  }
  return out;
}

/**
 * map-points for the locations matching `where`. Four small queries that each return one text
 * (not 50,000 JavaScript objects) are joined here: on the embedded database that is about half
 * the time of one query joining it all, and a rebuild blocks the server's thread for that long.
 */
async function mapPointColumns(db: Db, where: SQL[]): Promise<MapPointInput[]> {
  const [locs, chargerFlags, poiFlags, parking] = await db.transaction(async (tx) => {
    const q = async (query: SQL) =>
      rows<{ t: string | null }>(await tx.execute(query))[0]?.t ?? null;
    return [
      await q(sql`select string_agg(l.id::text || ':' || round(l.lat * 1e6)::int::text || ':'
          || round(l.lng * 1e6)::int::text, ',') as t
        from locations l where ${sql.join(where, sql` and `)}`),
      await q(sql`select string_agg(location_id::text || ':' || f::text, ',') as t from (
          select cp.location_id, max(case when ch.status in ${AVAILABLE}
            then ${MAP_POINT_FLAG.charger | MAP_POINT_FLAG.available}::int else ${MAP_POINT_FLAG.charger}::int end) as f
          from chargers ch join charge_points cp on cp.id = ch.charge_point_id
          where ch.active group by cp.location_id
          union all
          select pc.location_id, max(case when pc.available
            then ${MAP_POINT_FLAG.charger | MAP_POINT_FLAG.available}::int else ${MAP_POINT_FLAG.charger}::int end)
          from ${PARTNER_CONNECTORS} pc group by pc.location_id) c`),
      await q(sql`select string_agg(location_id::text || ':' || f::text, ',') as t from (
          select location_id, max(case when accept_point
            then ${MAP_POINT_FLAG.poi | MAP_POINT_FLAG.acceptsPoints}::int else ${MAP_POINT_FLAG.poi}::int end) as f
          from pois where active group by location_id) p`),
      await q(sql`select string_agg(distinct location_id::text || ':' || ${MAP_POINT_FLAG.parking}::text, ',') as t
        from parking_lots where active`),
    ] as const;
  });
  const chargers = parsePairs(chargerFlags);
  const pois = parsePairs(poiFlags);
  const lots = parsePairs(parking);
  const out: MapPointInput[] = [];
  if (!locs) return out;
  for (const item of locs.split(',')) {
    const [id, lat, lng] = item.split(':').map(Number) as [number, number, number];
    out.push({
      id,
      lat: lat / 1e6,
      lng: lng / 1e6,
      flags: (chargers.get(id) ?? 0) | (pois.get(id) ?? 0) | (lots.get(id) ?? 0),
    });
  }
  return out;
}

/** Every active location for the map (map-points; the list cache keeps its bytes). */
export function allMapPoints(db: Db): Promise<MapPointInput[]> {
  return mapPointColumns(db, [sql`l.active`]);
}

/** Locations matching the SPEC §3 filter for the map (map-points with a query). */
export function filterMapPoints(db: Db, f: MapPointsQuery): Promise<MapPointInput[]> {
  return mapPointColumns(db, filterConditions(f));
}

/** Name and address of the given active locations (map-labels), ids ascending. */
export async function mapLabels(db: Db, ids: readonly number[]): Promise<MapLabel[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select l.id, l.name, ${FULL_ADDRESS} as "fullAddress", ${PARTNER_NAME} as "partnerName"
    from locations l
    where l.active and l.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by l.id`);
  // Our own sites have no partner: the field is left out, as the contract asks.
  return rows<MapLabel & { partnerName: string | null }>(result).map(({ partnerName, ...l }) =>
    partnerName === null ? l : { ...l, partnerName },
  );
}

/** Search radius of "nearest …": beyond it the app says there is none nearby (SPEC §8). */
export const CLOSEST_RADIUS_KM = 100;

export async function closestLocationId(
  db: Db,
  lat: number,
  lng: number,
  product: 'charger' | 'service' | 'parking',
): Promise<number | null> {
  const wanted =
    product === 'charger'
      ? sql`exists (select 1 from chargers ch join charge_points cp on cp.id = ch.charge_point_id
          where cp.location_id = l.id and ch.active and ch.status in ${AVAILABLE})`
      : product === 'service'
        ? sql`exists (select 1 from pois po where po.location_id = l.id and po.active and po.accept_point)`
        : sql`exists (select 1 from parking_lots pl where pl.location_id = l.id and pl.active)`;
  const distance = haversineKm(lat, lng);
  // A bounding box first (uses the lat/lng index), then the exact distance.
  const dLat = CLOSEST_RADIUS_KM / 111;
  const dLng = CLOSEST_RADIUS_KM / (111 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  const result = rows<{ id: number }>(
    await db.execute(sql`
      select l.id from locations l
      where l.active and ${wanted}
        and l.lat between ${lat - dLat}::float8 and ${lat + dLat}::float8
        and l.lng between ${lng - dLng}::float8 and ${lng + dLng}::float8
        and ${distance} <= ${CLOSEST_RADIUS_KM}
      order by ${distance}, l.id
      limit 1`),
  );
  return result[0]?.id ?? null;
}

async function loadPois(db: Db, locationId: number, lang: Lang): Promise<Poi[]> {
  const poiRows = await db
    .select()
    .from(pois)
    .where(and(eq(pois.locationId, locationId), eq(pois.active, true)))
    .orderBy(asc(pois.id));
  if (poiRows.length === 0) return [];
  const ids = poiRows.map((p) => p.id);
  const cats = await db
    .select({
      poiId: poiCategories.poiId,
      id: categories.id,
      nameHu: categories.nameHu,
      nameEn: categories.nameEn,
    })
    .from(poiCategories)
    .innerJoin(categories, eq(categories.id, poiCategories.categoryId))
    .where(inArray(poiCategories.poiId, ids))
    .orderBy(asc(categories.orderNumber), asc(categories.id));
  const traits = await loadTraitValues(db, 'poiId', ids, lang);
  return poiRows.map((p) => ({
    id: p.id,
    name: p.name,
    description: pick(lang, p.descriptionHu, p.descriptionEn),
    pictureUrl: p.pictureFileName,
    url: p.url,
    acceptPoint: p.acceptPoint,
    discountPercentage: p.discountPercentage,
    category: cats
      .filter((c) => c.poiId === p.id)
      .map((c) => ({ id: c.id, name: pick(lang, c.nameHu, c.nameEn) })),
    traits: traits.get(p.id) ?? [],
  }));
}

/** What the panel of a roaming partner's site needs besides the data (decision 0039). */
export interface DetailOptions {
  /** Our roaming fee on top of a partner's prices, percent (ROAMING_FEE_PERCENT). */
  roamingFeePercent: number;
}

/** One location with everything the location panel shows. */
export async function getLocationDetail(
  db: Db,
  id: number,
  lang: Lang,
  options: DetailOptions = { roamingFeePercent: 0 },
): Promise<LocationDetail> {
  const [loc] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.active, true)));
  if (!loc) throw notFound('location.notFound');
  const partnerSite =
    loc.roamingPartnerLocationId === null
      ? undefined
      : await partnerSiteDetail(db, loc.roamingPartnerLocationId, lang, options.roamingFeePercent);
  if (partnerSite === null) throw notFound('location.notFound');
  const [chargerMap, traitMap, poiList, lotRows] = await Promise.all([
    loadChargerSummaries(db, [id], lang),
    loadTraitValues(db, 'locationId', [id], lang),
    loadPois(db, id, lang),
    db
      .select({
        id: parkingLots.id,
        name: parkingLots.name,
        freeParking: parkingTariffs.freeParking,
        grossUnitParking: parkingTariffs.grossUnitParking,
        freeMinutes: parkingTariffs.freeMinutes,
        gateCount: sql<number>`(select count(*)::int from ${gates} where ${gates.parkingLotId} = ${parkingLots.id})`,
      })
      .from(parkingLots)
      .leftJoin(
        parkingTariffs,
        and(eq(parkingTariffs.id, parkingLots.tariffId), eq(parkingTariffs.active, true)),
      )
      .where(and(eq(parkingLots.locationId, id), eq(parkingLots.active, true))),
  ]);
  const chargerList = chargerMap.get(id) ?? [];
  const lot = lotRows[0];
  const outletOrder: OutletType[] = ['TYPE2', 'CCS', 'CHADEMO'];
  const partnerConnectors = partnerSite?.evses.flatMap((e) => e.connectors) ?? [];
  const outlets = outletOrder.filter(
    (o) =>
      chargerList.some((c) => c.outlets.some((x) => x.type === o)) ||
      partnerConnectors.some((c) => c.outlet === o),
  );
  const full = formatAddress(loc);
  return {
    id: loc.id,
    name: loc.name,
    address: {
      full,
      countryCode: loc.countryCode,
      zipCode: loc.zipCode,
      city: loc.city,
      street: loc.street,
      addressType: loc.addressType,
      houseNumber: loc.houseNumber,
    },
    fullAddress: full,
    lat: loc.lat,
    lng: loc.lng,
    hasCharger: chargerList.length > 0 || partnerConnectors.length > 0,
    hasPoi: poiList.length > 0,
    hasParking: lot !== undefined,
    available:
      chargerList.some((c) => c.status.value === 'AVAILABLE' || c.status.value === 'PREPARING') ||
      (partnerSite?.evses.some((e) => e.status === 'AVAILABLE') ?? false),
    outlets,
    description: pick(lang, loc.descriptionHu, loc.descriptionEn),
    traits: traitMap.get(id) ?? [],
    chargers: chargerList,
    pois: poiList,
    parkingLotId: lot?.id ?? null,
    parkingLot: lot
      ? {
          id: lot.id,
          name: lot.name,
          freeParking: lot.freeParking,
          grossUnitParking: lot.grossUnitParking,
          freeMinutes: lot.freeMinutes,
          gateCount: lot.gateCount,
        }
      : null,
    ...(partnerSite ? { partnerSite } : {}),
  };
}
