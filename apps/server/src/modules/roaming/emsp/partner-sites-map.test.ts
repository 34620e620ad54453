import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiRoutes, type LocationDetail, type LocationListItem } from '@voltpark/contract';
import { decodeMapPoints, MAP_POINT_FLAG } from '@voltpark/contract/map-points';
import type { Location } from '@voltpark/contract/ocpi/locations';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { TestApp } from '../../../test/app.js';
import { cli, ocpi, roamingServer } from '../test-helpers.js';
import { mirrorUnmirroredPartnerSites } from './partner-sites-mirror.js';
import { fakeLocation, startFakeCpo, type FakeCpo } from './test-fake-cpo.js';

// Decision 0039: a CPO partner's Location pushed to us appears as a site of our map, list,
// search and location panel, marked as the partner's, with its live status and the price a
// driver pays (the partner's tariff + our 10% roaming fee), and goes when the partner goes.
let us: TestApp & { url: string };
let pcp: FakeCpo;

beforeAll(async () => {
  [us, pcp] = await Promise.all([
    roamingServer('VPK', { ROAMING_FEE_PERCENT: '10' }),
    startFakeCpo({ countryCode: 'HU', partyId: 'PCP', locations: 0 }),
  ]);
  const r = await cli(
    us,
    'register',
    '--versions-url',
    `${pcp.url}/ocpi/versions`,
    '--token',
    pcp.tokenA,
    '--country',
    'HU',
    '--party',
    'PCP',
    '--role',
    'CPO',
    '--name',
    'VoltPartner Kft.',
  );
  if (r.code !== 0) throw new Error(r.text);
  // The cached answers rebuild as soon as the data version moves (no delay between rebuilds).
  for (const cache of [us.app.locationListCache, us.app.mapPointsCache]) {
    cache.rebuildDelayMs = 0;
    cache.minRebuildIntervalMs = 0;
  }
});
afterAll(async () => {
  await us?.close();
  await pcp?.close();
});

const T1 = '2026-11-24T09:00:00Z';
const T2 = '2026-11-24T10:00:00Z';
const T3 = '2026-11-24T11:00:00Z';
const push = (path: string, method: string, body?: unknown) =>
  ocpi(`${us.url}/ocpi/2.2.1/emsp/${path}`, pcp.ourToken!, {
    method,
    ...(body === undefined ? {} : { body }),
  });

/** A Debrecen site: EVSE 1 AC (Type 2, HUF tariff), 2 DC (CCS, EUR), 3 CHAdeMO (out of order,
 * its tariff never sent), 4 REMOVED. */
function debrecen(lastUpdated: string, publish = true): Location {
  const base = fakeLocation('HU', 'PCP', 1, lastUpdated);
  const [ac, dc] = base.evses!;
  return {
    ...base,
    id: 'DEB-1',
    publish,
    name: 'Partner Debrecen Piac',
    address: 'Piac utca 20.',
    city: 'Debrecen',
    postal_code: '4024',
    country: 'HUN',
    coordinates: { latitude: '47.529600', longitude: '21.624400' },
    time_zone: 'Europe/Budapest',
    evses: [
      { ...ac!, connectors: [{ ...ac!.connectors[0]!, tariff_ids: ['AC-HUF'] }] },
      { ...dc!, connectors: [{ ...dc!.connectors[0]!, tariff_ids: ['DC-EUR'] }] },
      {
        uid: 'EVSE-3',
        status: 'OUTOFORDER',
        connectors: [
          {
            id: '1',
            standard: 'CHADEMO',
            format: 'CABLE',
            power_type: 'DC',
            max_voltage: 500,
            max_amperage: 100,
            max_electric_power: 50_000,
            tariff_ids: ['NEVER-SENT'],
            last_updated: lastUpdated,
          },
        ],
        last_updated: lastUpdated,
      },
      { ...ac!, uid: 'EVSE-4', status: 'REMOVED' },
    ],
  };
}

/** HUF, net prices with 27% VAT: energy 100 Ft/kWh and a 200 Ft start; parking 1000 Ft/h after 2 h. */
function acTariff(lastUpdated: string, energyNet = 100): Tariff {
  return {
    country_code: 'HU',
    party_id: 'PCP',
    id: 'AC-HUF',
    currency: 'HUF',
    tariff_alt_text: [
      { language: 'hu', text: 'Energia 127 Ft/kWh, 2 óra után parkolás 1270 Ft/óra' },
      { language: 'en', text: 'Energy 127 Ft/kWh, parking 1270 Ft/h after 2 h' },
    ],
    elements: [
      {
        price_components: [
          { type: 'ENERGY', price: energyNet, vat: 27, step_size: 1 },
          { type: 'FLAT', price: 200, vat: 27, step_size: 1 },
        ],
      },
      {
        price_components: [{ type: 'PARKING_TIME', price: 1000, vat: 27, step_size: 60 }],
        restrictions: { min_duration: 7200 },
      },
      // Never applies: ENERGY is settled by the first element, which has no restrictions.
      { price_components: [{ type: 'ENERGY', price: 1, vat: 27, step_size: 1 }] },
    ],
    last_updated: lastUpdated,
  };
}

const eurTariff: Tariff = {
  country_code: 'HU',
  party_id: 'PCP',
  id: 'DC-EUR',
  currency: 'EUR',
  elements: [{ price_components: [{ type: 'ENERGY', price: 0.5, vat: 27, step_size: 1 }] }],
  last_updated: T1,
};

const get = (url: string, lang = 'hu', headers: Record<string, string> = {}) =>
  us.app.inject({ url, headers: { 'x-lang': lang, ...headers } });
/** A cached answer once it has caught up with the data (the stale one first starts its rebuild). */
const current = async (url: string) => {
  await get(url);
  await Promise.all([us.app.locationListCache.settled(), us.app.mapPointsCache.settled()]);
  return get(url);
};
const list = async (): Promise<LocationListItem[]> => {
  const res = await current('/api/v1/location/locations');
  return apiRoutes.locations.response.parse(res.json()).data;
};
const site = async () => (await list()).find((l) => l.name === 'Partner Debrecen Piac');
const filtered = async (query: string) => {
  const res = await get(`/api/v1/location/filtered-locations?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = apiRoutes.filteredLocations.response.parse(res.json()).data;
  return data.some((l) => l.name === 'Partner Debrecen Piac');
};
const pointFlags = async (id: number) => {
  const points = decodeMapPoints((await current('/api/v1/location/map-points')).rawPayload);
  const i = [...points.ids].indexOf(id);
  return i < 0 ? null : points.flags[i];
};
const detail = async (id: number, lang = 'hu'): Promise<LocationDetail> => {
  const res = await get(`/api/v1/location/location?id=${id}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return apiRoutes.location.response.parse(res.json()).data;
};

describe('a partner site on our map (decision 0039)', () => {
  let id: number;

  it('appears in the location list marked as the partner’s, with status, outlets and power', async () => {
    expect((await push('tariffs/HU/PCP/AC-HUF', 'PUT', acTariff(T1))).json.status_code).toBe(1000);
    expect((await push('tariffs/HU/PCP/DC-EUR', 'PUT', eurTariff)).json.status_code).toBe(1000);
    const put = await push('locations/HU/PCP/DEB-1', 'PUT', debrecen(T1));
    expect(put.json.status_code, JSON.stringify(put.json)).toBe(1000);

    const item = await site();
    expect(item).toMatchObject({
      partnerName: 'VoltPartner Kft.',
      fullAddress: '4024 Debrecen, Piac utca 20.',
      city: 'Debrecen',
      hasCharger: true,
      available: true,
      maxPowerKw: 150,
    });
    expect(item!.outlets!.slice().sort()).toEqual(['CCS', 'CHADEMO', 'TYPE2']);
    expect(item!.lat).toBeCloseTo(47.5296, 4);
    id = item!.id;
  });

  it('is a map point with the charger and available flags, and its label names the partner', async () => {
    expect(await pointFlags(id)).toBe(MAP_POINT_FLAG.charger | MAP_POINT_FLAG.available);
    const res = await get(`/api/v1/location/map-labels?ids=${id},${id + 1000}`);
    expect(apiRoutes.mapLabels.response.parse(res.json()).data).toEqual([
      {
        id,
        name: 'Partner Debrecen Piac',
        fullAddress: '4024 Debrecen, Piac utca 20.',
        partnerName: 'VoltPartner Kft.',
      },
    ]);
  });

  it('is found by search and the charger filter, connector by connector', async () => {
    expect(await filtered('city=debrecen&searchCharger=true')).toBe(true);
    expect(await filtered('outletType=CCS&performanceFrom=100')).toBe(true);
    expect(await filtered('outletType=TYPE2&onlyAvailableChargers=true')).toBe(true);
    // Its CHAdeMO is out of order, its Type 2 is only 22 kW, it has no POI.
    expect(await filtered('outletType=CHADEMO&onlyAvailableChargers=true')).toBe(false);
    expect(await filtered('outletType=TYPE2&performanceFrom=50')).toBe(false);
    expect(await filtered('searchPoi=true')).toBe(false);
  });

  it('shows in the panel whose it is, each EVSE’s status and every price component', async () => {
    const d = await detail(id, 'en');
    expect(d.chargers).toEqual([]);
    expect(d.hasCharger).toBe(true);
    expect(d.partnerSite).toMatchObject({ partnerName: 'VoltPartner Kft.', roamingFeePercent: 10 });
    const evses = d.partnerSite!.evses;
    expect(evses.map((e) => [e.uid, e.status])).toEqual([
      ['EVSE-0001-1', 'AVAILABLE'],
      ['EVSE-0001-2', 'CHARGING'],
      ['EVSE-3', 'OUTOFORDER'],
    ]);
    const [ac, dc, chademo] = evses.map((e) => e.connectors[0]!);
    expect(ac).toMatchObject({ outlet: 'TYPE2', currentType: 'AC', powerKw: 22.1 });
    // 100 Ft + 27% VAT = 127 Ft, + 10% = 139.7 → 140 Ft/kWh (13 Ft of it ours), and so on.
    expect(ac!.price).toEqual({
      caveat: 'conditional',
      text: 'Energy 127 Ft/kWh, parking 1270 Ft/h after 2 h',
      textLanguage: 'en',
      components: [
        { type: 'ENERGY', grossFt: 140, roamingFeeFt: 13, stepSize: 1, conditional: false },
        { type: 'FLAT', grossFt: 279, roamingFeeFt: 25, stepSize: 1, conditional: false },
        // Decision 0047: the step in words (from 2 hours after the start).
        {
          type: 'PARKING_TIME',
          grossFt: 1397,
          roamingFeeFt: 127,
          stepSize: 60,
          conditional: true,
          condition: { minDurationSec: 7200 },
        },
      ],
    });
    // Never a converted or guessed price.
    expect(dc!.price).toEqual({ caveat: 'currency', components: [], text: null });
    expect(chademo!.price).toEqual({ caveat: 'noTariff', components: [], text: null });
    expect((await detail(id, 'hu')).partnerSite!.evses[0]!.connectors[0]!.price.text).toBe(
      'Energia 127 Ft/kWh, 2 óra után parkolás 1270 Ft/óra',
    );
  });

  it('follows a status push at once: list, map point and panel (their caches move)', async () => {
    const before = await current('/api/v1/location/locations');
    const patch = await push('locations/HU/PCP/DEB-1/EVSE-0001-1', 'PATCH', {
      status: 'CHARGING',
      last_updated: T2,
    });
    expect(patch.json.status_code, JSON.stringify(patch.json)).toBe(1000);
    const after = await current('/api/v1/location/locations');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await site())!.available).toBeUndefined();
    expect(await pointFlags(id)).toBe(MAP_POINT_FLAG.charger);
    expect((await detail(id)).partnerSite!.evses[0]!.status).toBe('CHARGING');
    expect(await filtered('outletType=TYPE2&onlyAvailableChargers=true')).toBe(false);
  });

  it('shows a changed tariff in the panel at once', async () => {
    expect((await push('tariffs/HU/PCP/AC-HUF', 'PUT', acTariff(T2, 200))).json.status_code).toBe(
      1000,
    );
    const energy = (await detail(id)).partnerSite!.evses[0]!.connectors[0]!.price.components[0];
    // 200 × 1.27 = 254, × 1.1 = 279.4 → 279.
    expect(energy).toMatchObject({ type: 'ENERGY', grossFt: 279, roamingFeeFt: 25 });
  });

  it('leaves the map when the partner stops publishing it, and comes back', async () => {
    await push('locations/HU/PCP/DEB-1', 'PUT', debrecen(T3, false));
    expect(await site()).toBeUndefined();
    expect(await pointFlags(id)).toBeNull();
    expect((await get(`/api/v1/location/location?id=${id}`)).statusCode).toBe(404);
    await push('locations/HU/PCP/DEB-1', 'PUT', debrecen(T3, true));
    expect((await site())?.id).toBe(id);
  });

  it('a partner Location held without its site (stored before 0039) is put on the map at start', async () => {
    await us.database.db.execute(
      sql`delete from locations where roaming_partner_location_id is not null`,
    );
    expect(await site()).toBeUndefined();
    expect(await mirrorUnmirroredPartnerSites(us.database.db)).toBe(1);
    expect(await mirrorUnmirroredPartnerSites(us.database.db)).toBe(0);
    const back = await site();
    expect(back).toMatchObject({ partnerName: 'VoltPartner Kft.', hasCharger: true });
    id = back!.id;
  });

  it('disappears with the partner: list, map points, search, panel and the site row', async () => {
    const r = await cli(us, 'remove', '--country', 'HU', '--party', 'PCP');
    expect(r.code, r.text).toBe(0);
    expect(await site()).toBeUndefined();
    expect(await pointFlags(id)).toBeNull();
    expect(await filtered('city=debrecen')).toBe(false);
    expect((await get(`/api/v1/location/location?id=${id}`)).statusCode).toBe(404);
    const left = (await us.database.db.execute(
      sql`select count(*)::int as n from locations where roaming_partner_location_id is not null`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });
});
