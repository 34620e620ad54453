import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiRoutes, type LocationDetail, type LocationListItem } from '@voltpark/contract';
import {
  decodeMapPoints,
  MAP_POINT_FLAG,
  MAP_POINTS_CONTENT_TYPE,
} from '@voltpark/contract/map-points';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoData } from '../../db/seed/index.js';

let t: TestApp;
let all: LocationListItem[];

beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
  const res = await t.app.inject({ url: '/api/v1/location/locations' });
  all = res.json().data;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const filtered = async (query: string): Promise<LocationListItem[]> => {
  const res = await get(`/api/v1/location/filtered-locations?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (list: { id: number }[]) => list.map((l) => l.id).sort((a, b) => a - b);
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('GET v1/location/locations', () => {
  it('lists every demo location as a compact marker matching the contract', async () => {
    const res = await get('/api/v1/location/locations');
    expect(res.statusCode).toBe(200);
    const body = apiRoutes.locations.response.parse(res.json());
    expect(body.data.length).toBeGreaterThanOrEqual(55);
    const westend = body.data.find((l) => l.name === 'Westend City Center')!;
    expect(westend).toMatchObject({
      city: 'Budapest',
      fullAddress: '1062 Budapest, Váci út 1-3.',
      hasCharger: true,
      hasParking: true,
      hasPoi: true,
    });
    expect(westend.lat).toBeCloseTo(47.5128, 3);
    // Compact: false flags and empty lists are left out.
    const shopOnly = body.data.find((l) => l.name === 'Flórián Üzletközpont')!;
    expect(shopOnly.hasCharger).toBeUndefined();
    expect(shopOnly.outlets).toBeUndefined();
    expect(shopOnly.hasPoi).toBe(true);
  });

  it('answers with an ETag, no-cache, and 304 on If-None-Match', async () => {
    const first = await get('/api/v1/location/locations');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('Accept-Encoding');
    const again = await get('/api/v1/location/locations', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/api/v1/location/locations', { 'if-none-match': 'W/"other"' });
    expect(other.statusCode).toBe(200);
  });

  it('sends gzip or brotli bytes made once, identical to the plain JSON', async () => {
    const plain = await get('/api/v1/location/locations', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toContain('application/json');
    const gz = await get('/api/v1/location/locations', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const br = await get('/api/v1/location/locations', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const refused = await get('/api/v1/location/locations', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('rebuilds the list when a charger status changes (and only then)', async () => {
    const before = await get('/api/v1/location/locations');
    const same = await get('/api/v1/location/locations');
    expect(same.headers.etag).toBe(before.headers.etag);

    const [target] = await rows<{ id: number; location_id: number }>(sql`
      select l.id, l.id as location_id from locations l
      where exists (select 1 from charge_points cp join chargers ch on ch.charge_point_id = cp.id where cp.location_id = l.id)
        and not exists (select 1 from charge_points cp join chargers ch on ch.charge_point_id = cp.id
          where cp.location_id = l.id and ch.status in ('AVAILABLE', 'PREPARING'))
      order by l.id limit 1`);
    expect(target).toBeDefined();
    const marker = (res: typeof before) =>
      (res.json().data as LocationListItem[]).find((l) => l.id === target!.id)!;
    expect(marker(before).available).toBeUndefined();

    await t.database.db.execute(sql`
      update chargers set status = 'AVAILABLE' where id = (
        select ch.id from chargers ch join charge_points cp on cp.id = ch.charge_point_id
        where cp.location_id = ${target!.id} order by ch.id limit 1)`);
    // The previous list is served at once while the new one is built (stale-while-revalidate).
    t.app.locationListCache.minRebuildIntervalMs = 0;
    const stale = await get('/api/v1/location/locations');
    expect(stale.headers.etag).toBe(before.headers.etag);
    await t.app.locationListCache.settled();
    const after = await get('/api/v1/location/locations', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(marker(after).available).toBe(true);

    // A heartbeat does not touch the list.
    const version = await t.app.locationListCache.version();
    await t.database.db.execute(sql`update charge_points set last_heartbeat_at = now()`);
    expect(await t.app.locationListCache.version()).toBe(version);
    all = after.json().data;
  });
});

/** The flags map-points must carry for a list item (the same facts, as bits). */
const flagsOf = (l: LocationListItem) =>
  (l.hasCharger ? MAP_POINT_FLAG.charger : 0) |
  (l.hasPoi ? MAP_POINT_FLAG.poi : 0) |
  (l.hasParking ? MAP_POINT_FLAG.parking : 0) |
  (l.available ? MAP_POINT_FLAG.available : 0) |
  (l.acceptsPoints ? MAP_POINT_FLAG.acceptsPoints : 0);

const mapPoints = async (query = '', headers: Record<string, string> = {}) => {
  const res = await get(`/api/v1/location/map-points${query ? `?${query}` : ''}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return decodeMapPoints(res.rawPayload);
};
const pointIds = (p: ReturnType<typeof decodeMapPoints>) => [...p.ids];

describe('GET v1/location/map-points (the map’s compact form)', () => {
  it('carries every location’s id, position and flags, the same facts as the list', async () => {
    const res = await get('/api/v1/location/map-points');
    expect(res.headers['content-type']).toContain(MAP_POINTS_CONTENT_TYPE);
    const points = decodeMapPoints(res.rawPayload);
    const list = (await get('/api/v1/location/locations')).json().data as LocationListItem[];
    expect(points.count).toBe(list.length);
    const byId = new Map(list.map((l) => [l.id, l]));
    for (let i = 0; i < points.count; i++) {
      const l = byId.get(points.ids[i]!);
      expect(l, `location ${points.ids[i]}`).toBeDefined();
      expect(points.lat[i]).toBeCloseTo(l!.lat, 6);
      expect(points.lng[i]).toBeCloseTo(l!.lng, 6);
      expect(points.flags[i], `flags of ${l!.name}`).toBe(flagsOf(l!));
    }
    // Much smaller than the list: no names, addresses, outlets or power.
    expect(res.rawPayload.length).toBeLessThan(
      (await get('/api/v1/location/locations')).rawPayload.length / 4,
    );
  });

  it('answers with an ETag and 304, and sends gzip/brotli of the same bytes', async () => {
    const plain = await get('/api/v1/location/map-points', { 'accept-encoding': 'identity' });
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const again = await get('/api/v1/location/map-points', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gz = await get('/api/v1/location/map-points', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const br = await get('/api/v1/location/map-points', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The SPEC list's ETag is a different one: the two answers are not interchangeable.
    expect((await get('/api/v1/location/locations')).headers.etag).not.toBe(etag);
  });

  it('applies the SPEC §3 filter like filtered-locations', async () => {
    for (const query of [
      'searchParking=true',
      'searchCharger=true&searchPoi=true',
      'city=godollo',
      'outletType=CCS&performanceFrom=50',
      'onlyAvailableChargers=true',
      'onlyPointAccepter=true',
    ]) {
      const points = await mapPoints(query);
      expect(pointIds(points), query).toEqual(ids(await filtered(query)));
      expect(points.count, query).toBeGreaterThan(0);
      expect(points.count, query).toBeLessThan(all.length);
    }
    // A filtered answer has its own ETag and also revalidates to 304.
    const first = await get('/api/v1/location/map-points?searchParking=true');
    const etag = first.headers.etag as string;
    expect(etag).not.toBe((await get('/api/v1/location/map-points')).headers.etag);
    const again = await get('/api/v1/location/map-points?searchParking=true', {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
  });

  it('rejects a bad filter with a translated 400, never a 500', async () => {
    for (const query of ['performanceFrom=abc', 'outletType=NOPE', 'selectedSubCategories=x']) {
      const res = await get(`/api/v1/location/map-points?${query}`, { 'x-lang': 'en' });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().result).toBe(false);
    }
  });

  it('is rebuilt when a charger status changes: the marker turns available', async () => {
    const [target] = await rows<{ id: number }>(sql`
      select l.id from locations l
      where l.active and exists (select 1 from charge_points cp join chargers ch on ch.charge_point_id = cp.id
          where cp.location_id = l.id and ch.active)
        and not exists (select 1 from charge_points cp join chargers ch on ch.charge_point_id = cp.id
          where cp.location_id = l.id and ch.status in ('AVAILABLE', 'PREPARING'))
      order by l.id limit 1`);
    expect(target).toBeDefined();
    const flagOf = (p: ReturnType<typeof decodeMapPoints>) =>
      p.flags[pointIds(p).indexOf(target!.id)]!;
    t.app.mapPointsCache.minRebuildIntervalMs = 0;
    t.app.mapPointsCache.rebuildDelayMs = 0;
    const before = await mapPoints();
    expect(flagOf(before) & MAP_POINT_FLAG.available).toBe(0);

    await t.database.db.execute(sql`
      update chargers set status = 'PREPARING' where id = (
        select ch.id from chargers ch join charge_points cp on cp.id = ch.charge_point_id
        where cp.location_id = ${target!.id} and ch.active order by ch.id limit 1)`);
    await mapPoints(); // finds the body stale, starts the rebuild
    await t.app.mapPointsCache.settled();
    const after = await mapPoints();
    expect(flagOf(after) & MAP_POINT_FLAG.available).toBe(MAP_POINT_FLAG.available);

    // The later tests compare with the list: take the list as it is now.
    t.app.locationListCache.minRebuildIntervalMs = 0;
    t.app.locationListCache.rebuildDelayMs = 0;
    await get('/api/v1/location/locations');
    await t.app.locationListCache.settled();
    all = (await get('/api/v1/location/locations')).json().data;
    expect(all.find((l) => l.id === target!.id)?.available).toBe(true);
  });
});

describe('GET v1/location/map-labels', () => {
  it('gives name and address of the asked active locations, as the list has them', async () => {
    const some = all.slice(0, 3);
    const res = await get(
      `/api/v1/location/map-labels?ids=${some.map((l) => l.id).join(',')},2147483647`,
    );
    expect(res.statusCode).toBe(200);
    const body = apiRoutes.mapLabels.response.parse(res.json());
    expect(body.data).toEqual(
      some
        .map((l) => ({ id: l.id, name: l.name, fullAddress: l.fullAddress }))
        .sort((a, b) => a.id - b.id),
    );
    // Repeated parameter works too.
    const repeated = await get(`/api/v1/location/map-labels?ids=${some[0]!.id}&ids=${some[1]!.id}`);
    expect(repeated.json().data).toHaveLength(2);
  });

  it('leaves out an inactive location', async () => {
    const [loc] = await rows<{ id: number }>(
      sql`select id from locations order by id desc limit 1`,
    );
    await t.database.db.execute(sql`update locations set active = false where id = ${loc!.id}`);
    try {
      const res = await get(`/api/v1/location/map-labels?ids=${loc!.id}`);
      expect(res.json().data).toEqual([]);
    } finally {
      await t.database.db.execute(sql`update locations set active = true where id = ${loc!.id}`);
    }
  });

  it('rejects missing, bad or too many ids with a translated 400', async () => {
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    for (const query of ['', 'ids=', 'ids=a', 'ids=0', 'ids=1.5', `ids=${many}`]) {
      const res = await get(`/api/v1/location/map-labels?${query}`, { 'x-lang': 'en' });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().result).toBe(false);
    }
    const bad = await get('/api/v1/location/map-labels?ids=a', { 'x-lang': 'en' });
    expect(JSON.stringify(bad.json().messages)).toContain('Invalid location ids');
  });
});

describe('GET v1/location/filtered-locations', () => {
  it('without filters returns every location, in id order, matching the contract', async () => {
    const res = await get('/api/v1/location/filtered-locations');
    expect(apiRoutes.filteredLocations.response.parse(res.json()).data).toEqual(all);
    const list = await filtered('');
    expect(ids(list)).toEqual(ids(all));
  });

  it('city matches case- and accent-insensitively', async () => {
    const list = await filtered('city=godollo');
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((l) => l.city === 'Gödöllő')).toBe(true);
    expect(ids(await filtered('city=SZEGED'))).toEqual(ids(all.filter((l) => l.city === 'Szeged')));
  });

  it('outletType keeps locations with such a connector', async () => {
    const list = await filtered('outletType=CHADEMO');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThan(all.length);
    expect(list.every((l) => l.outlets?.includes('CHADEMO'))).toBe(true);
    expect(ids(list)).toEqual(ids(all.filter((l) => l.outlets?.includes('CHADEMO'))));
  });

  it('currentType AC/DC narrows, all does not', async () => {
    const dc = await filtered('currentType=DC');
    const ac = await filtered('currentType=AC');
    expect(dc.length).toBeGreaterThan(0);
    expect(ac.length).toBeGreaterThan(dc.length);
    expect(dc.every((l) => (l.maxPowerKw ?? 0) >= 50)).toBe(true);
    expect((await filtered('currentType=all')).length).toBe(all.length);
  });

  it('performanceFrom keeps locations with a charger at least that strong', async () => {
    const list = await filtered('performanceFrom=100');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((l) => (l.maxPowerKw ?? 0) >= 100)).toBe(true);
    expect(ids(list)).toEqual(ids(all.filter((l) => (l.maxPowerKw ?? 0) >= 100)));
    expect((await filtered('performanceFrom=0')).length).toBe(all.length);
  });

  it('combined charger fields must hold for the same charger', async () => {
    // CHAdeMO connectors are 50 kW at most in the demo network.
    expect(await filtered('outletType=CHADEMO&performanceFrom=60')).toEqual([]);
    const list = await filtered('outletType=CCS&currentType=DC&performanceFrom=100');
    expect(list.every((l) => (l.maxPowerKw ?? 0) >= 100 && l.outlets?.includes('CCS'))).toBe(true);
    expect(list.map((l) => l.name)).toEqual(
      expect.arrayContaining(['Westend City Center', 'Campona', 'Audi Hungaria látogatóközpont']),
    );
  });

  it('onlyAvailableChargers keeps locations with a free charger', async () => {
    const list = await filtered('onlyAvailableChargers=true');
    expect(ids(list)).toEqual(ids(all.filter((l) => l.available)));
    expect(list.length).toBeLessThan(all.filter((l) => l.hasCharger).length);
  });

  it("gives parking places their lot's price (free, Ft/hour, free minutes), as in the database", async () => {
    const parking = await filtered('searchParking=1');
    const tariffs = await rows<{
      location_id: number;
      free_parking: boolean;
      gross_unit_parking: number;
      free_minutes: number;
    }>(sql`select pl.location_id, pt.free_parking, pt.gross_unit_parking, pt.free_minutes
      from parking_lots pl join parking_tariffs pt on pt.id = pl.tariff_id
      where pl.active and pt.active`);
    expect(tariffs.length).toBeGreaterThan(0);
    for (const tr of tariffs) {
      const item = parking.find((l) => l.id === tr.location_id)!;
      expect(item).toMatchObject({
        parkingFree: tr.free_parking,
        parkingUnitGross: tr.gross_unit_parking,
        parkingFreeMinutes: tr.free_minutes,
      });
    }
    expect(parking.some((l) => l.parkingFree === true)).toBe(true);
    expect(parking.some((l) => (l.parkingUnitGross ?? 0) > 0)).toBe(true);
    // A lot with no tariff has no price fields (the card says so); a place without a lot neither.
    const priced = new Set(tariffs.map((tr) => tr.location_id));
    for (const l of parking.filter((x) => !priced.has(x.id)))
      expect(l.parkingUnitGross).toBeUndefined();
    expect(all.filter((l) => !l.hasParking).every((l) => l.parkingFree === undefined)).toBe(true);
  });

  it('searchCharger / searchPoi / searchParking select kinds, several widen', async () => {
    const chargers = await filtered('searchCharger=true');
    const shops = await filtered('searchPoi=true');
    const parking = await filtered('searchParking=1');
    expect(ids(chargers)).toEqual(ids(all.filter((l) => l.hasCharger)));
    expect(ids(shops)).toEqual(ids(all.filter((l) => l.hasPoi)));
    expect(ids(parking)).toEqual(ids(all.filter((l) => l.hasParking)));
    const both = await filtered('searchCharger=true&searchPoi=true');
    expect(ids(both)).toEqual(ids(all.filter((l) => l.hasCharger || l.hasPoi)));
    expect((await filtered('searchCharger=false&searchPoi=false')).length).toBe(all.length);
  });

  it('onlyPointAccepter keeps locations with a shop that accepts points', async () => {
    const list = await filtered('searchPoi=true&onlyPointAccepter=true');
    expect(list.length).toBeGreaterThan(0);
    expect(ids(list)).toEqual(ids(all.filter((l) => l.acceptsPoints)));
  });

  it('selectedCategory includes its subcategories; subcategory and selectedSubCategories narrow', async () => {
    const cats = (await get('/api/v1/category')).json().data as {
      id: number;
      name: string;
      subcategories: { id: number; name: string; subcategories: { id: number }[] }[];
    }[];
    const food = cats.find((c) => c.name === 'Vendéglátás')!;
    const restaurant = food.subcategories.find((c) => c.name === 'Étterem')!;
    const cafe = food.subcategories.find((c) => c.name === 'Kávézó')!;
    const expectedFood = await rows<{ id: number }>(sql`
      select distinct l.id from locations l join pois po on po.location_id = l.id
      join poi_categories pc on pc.poi_id = po.id join categories c on c.id = pc.category_id
      left join categories p on p.id = c.parent_id left join categories gp on gp.id = p.parent_id
      where ${food.id} in (c.id, p.id, gp.id)`);
    const foodList = await filtered(`selectedCategory=${food.id}`);
    expect(ids(foodList)).toEqual(ids(expectedFood));
    const restaurants = await filtered(`selectedCategory=${food.id}&subcategory=${restaurant.id}`);
    expect(restaurants.length).toBeGreaterThan(0);
    expect(restaurants.length).toBeLessThan(foodList.length);
    const cafes = await filtered(`selectedSubCategories=${cafe.id}`);
    const either = await filtered(`selectedSubCategories=${cafe.id},${restaurant.id}`);
    const repeated = await filtered(
      `selectedSubCategories=${cafe.id}&selectedSubCategories=${restaurant.id}`,
    );
    expect(ids(either)).toEqual(
      ids([...cafes, ...restaurants].filter((l, i, a) => a.findIndex((x) => x.id === l.id) === i)),
    );
    expect(ids(repeated)).toEqual(ids(either));
    expect(await filtered('selectedCategory=999999')).toEqual([]);
  });

  it('with coordinates: distances in km (2 decimals), nearest first', async () => {
    // Deák Ferenc tér, Budapest
    const res = await get('/api/v1/location/filtered-locations?latitude=47.4979&longitude=19.0540');
    apiRoutes.filteredLocations.response.parse(res.json());
    const list = await filtered('latitude=47.4979&longitude=19.0540');
    expect(list.length).toBe(all.length);
    const d = list.map((l) => l.distanceInKm!);
    expect(d.every((x) => typeof x === 'number' && Number(x.toFixed(2)) === x)).toBe(true);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(list[0]!.city).toBe('Budapest');
    expect(list[0]!.distanceInKm).toBeLessThan(2);
    const pecs = list.find((l) => l.name === 'Árkád Pécs')!;
    expect(pecs.distanceInKm).toBeGreaterThan(170);
    expect(pecs.distanceInKm).toBeLessThan(185);
    expect(all[0]!.distanceInKm).toBeUndefined();
  });

  it('filters and distance combine', async () => {
    const list = await filtered(
      'latitude=46.25&longitude=20.15&currentType=DC&onlyAvailableChargers=1',
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((l) => l.available && l.distanceInKm !== undefined)).toBe(true);
  });

  it.each([
    'performanceFrom=101',
    'performanceFrom=-1',
    'performanceFrom=abc',
    'latitude=91&longitude=19',
    'latitude=47&longitude=181',
    'latitude=47',
    'outletType=SCHUKO',
    'currentType=XX',
    'selectedCategory=abc',
    'selectedSubCategories=1,x',
    'searchCharger=maybe',
    `city=${'x'.repeat(300)}`,
  ])('rejects %s with a 400 envelope', async (query) => {
    const res = await get(`/api/v1/location/filtered-locations?${query}`, { 'x-lang': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, useAlert: true });
    expect(res.json().messages.length).toBeGreaterThan(1);
  });
});

describe('GET v1/location/closest-location', () => {
  it('finds the nearest location with an available charger', async () => {
    const res = await get('/api/v1/location/closest-location?latitude=47.5128&longitude=19.0567');
    expect(res.statusCode).toBe(200);
    const id = res.json().data as number;
    const nearest = (
      await filtered('latitude=47.5128&longitude=19.0567&onlyAvailableChargers=true')
    )[0]!;
    expect(id).toBe(nearest.id);
  });

  it('honours product=service and product=parking', async () => {
    const here = 'latitude=46.07&longitude=18.23';
    const service = (await get(`/api/v1/location/closest-location?${here}&product=service`)).json()
      .data;
    const expectedService = (await filtered(`${here}&onlyPointAccepter=true`))[0]!.id;
    expect(service).toBe(expectedService);
    const parking = (await get(`/api/v1/location/closest-location?${here}&product=parking`)).json()
      .data;
    expect(parking).toBe((await filtered(`${here}&searchParking=true`))[0]!.id);
  });

  it('answers null far from every location', async () => {
    const res = await get('/api/v1/location/closest-location?latitude=0&longitude=0');
    expect(res.json()).toMatchObject({ result: true, data: null });
  });

  it('rejects missing or out-of-range coordinates and unknown products', async () => {
    for (const q of [
      '',
      'latitude=47',
      'latitude=-91&longitude=0',
      'latitude=47&longitude=19&product=car',
    ]) {
      const res = await get(`/api/v1/location/closest-location?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('GET v1/location/location and location-charger-poi/:id', () => {
  const byName = (name: string) => all.find((l) => l.name === name)!.id;

  it('returns a location with chargers, shops, parking lot and traits (hu)', async () => {
    const res = await get(
      `/api/v1/location/location?id=${byName('Westend City Center')}&refresh=true`,
    );
    expect(res.statusCode).toBe(200);
    const loc: LocationDetail = apiRoutes.location.response.parse(res.json()).data;
    expect(loc.address).toMatchObject({
      city: 'Budapest',
      zipCode: '1062',
      street: 'Váci',
      addressType: 'út',
    });
    expect(loc.fullAddress).toBe('1062 Budapest, Váci út 1-3.');
    expect(loc.description).toMatch(/mélygarázs/);
    expect(loc.chargers.length).toBeGreaterThan(0);
    expect(loc.chargers[0]!.status.title).not.toBe(loc.chargers[0]!.status.value);
    expect(loc.pois.length).toBe(3);
    expect(loc.pois[0]!.category.length).toBeGreaterThan(0);
    expect(loc.parkingLotId).toBe(loc.parkingLot!.id);
    expect(loc.parkingLot!.gateCount).toBeGreaterThan(0);
    // The lot sheet shows the free minutes too (decision 0064).
    expect(loc.parkingLot!.freeMinutes).toBeTypeOf('number');
    expect(loc.traits.map((tv) => tv.trait.identifier)).toEqual(
      expect.arrayContaining(['OPENING_HOURS', 'SITE_WEB', 'SITE_PHONE', 'SITE_EMAIL']),
    );
    expect(loc.outlets).toEqual(expect.arrayContaining(['TYPE2', 'CCS']));
  });

  it('speaks English with X-Lang: en', async () => {
    const id = byName('Westend City Center');
    const en = (await get(`/api/v1/location/location?id=${id}`, { 'x-lang': 'en' })).json()
      .data as LocationDetail;
    expect(en.description).toMatch(/garage/);
    expect(en.traits.find((tv) => tv.trait.identifier === 'OPENING_HOURS')!.trait.name).toBe(
      'Opening hours',
    );
    expect(
      en.chargers.some(
        (c) =>
          ['Available', 'Occupied', 'Cable connected'].some((s) => c.status.title.includes(s)) ||
          c.status.title.length > 0,
      ),
    ).toBe(true);
  });

  it('names the amenities in the asked language (no Hungarian values in English)', async () => {
    const id = byName('Westend City Center');
    const amenities = async (lang: string) => {
      const loc = (await get(`/api/v1/location/location?id=${id}`, { 'x-lang': lang })).json()
        .data as LocationDetail;
      const tv = loc.traits.find((x) => x.trait.identifier === 'AMENITIES')!;
      expect(tv.trait.type).toBe('LIST_MULTIPLE');
      return tv.listItems.map((i) => i.value);
    };
    const hu = await amenities('hu');
    const en = await amenities('en');
    expect(hu).toContain('Mosdó');
    expect(en).toContain('Toilets');
    for (const word of ['Mosdó', 'Játszótér', 'Kávézó']) expect(en).not.toContain(word);
  });

  it('location-charger-poi gives the location and the picture base', async () => {
    const id = byName('Westend City Center');
    const res = await get(`/api/v1/location/location-charger-poi/${id}`);
    const body = apiRoutes.locationChargerPoi.response.parse(res.json());
    expect(body.data.location.id).toBe(id);
    const pic = body.data.location.pois[0]!.pictureUrl!;
    const img = await get(`${body.data.pictureBase}${pic}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
  });

  it('unknown ids give a 404 with location.notFound; bad ids a 400', async () => {
    for (const url of [
      '/api/v1/location/location?id=999999',
      '/api/v1/location/location-charger-poi/999999',
    ]) {
      const res = await get(url, { 'x-lang': 'en' });
      expect(res.statusCode).toBe(404);
      expect(res.json().messages[0]).toMatchObject({
        messageKey: 'location.notFound',
        text: 'Location not found.',
      });
    }
    for (const url of [
      '/api/v1/location/location',
      '/api/v1/location/location?id=abc',
      '/api/v1/location/location?id=-1',
      '/api/v1/location/location?id=99999999999',
      '/api/v1/location/location-charger-poi/abc',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});
