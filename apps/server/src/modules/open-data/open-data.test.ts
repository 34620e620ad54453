import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { location as locationSchema } from '@voltpark/contract/ocpi/locations';
import { tariff as tariffSchema } from '@voltpark/contract/ocpi/tariffs';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  rows,
  seedLocation,
  seedManyLocations,
  seedTariffs,
  setStatus,
} from '../roaming/model/test-seed.js';

const BULK = 1_050;
let t: TestApp;
let tariffs: { paid: number; free: number };
let site: { locationId: number; chargerIds: number[] };
let parkingOnly: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { OPEN_DATA_CACHE_SECONDS: '0', OPEN_DATA_RATE_LIMIT: '100000' },
  });
  tariffs = await seedTariffs(t.database.db);
  site = await seedLocation(t.database.db, 'Westend', [
    { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
  ]);
  parkingOnly = (await seedLocation(t.database.db, 'Parking only', [])).locationId;
  await seedManyLocations(t.database.db, 'Bulk', BULK, tariffs.paid);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
/** The path and query of an absolute URL in a Link header. */
const nextOf = (link: string | undefined) => {
  const m = /^<([^>]+)>; rel="next"$/.exec(link ?? '');
  return m ? new URL(m[1]!).pathname + new URL(m[1]!).search : null;
};

describe('GET /open-data/v1/locations', () => {
  it('pages through every location by following Link, the total matching', async () => {
    const seen = new Set<string>();
    let url: string | null = '/open-data/v1/locations?limit=200';
    let pages = 0;
    let total = -1;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-limit']).toBe('500');
      const body = res.json() as { status_code: number; data: { id: string }[] };
      expect(body.status_code).toBe(1000);
      total = Number(res.headers['x-total-count']);
      for (const l of body.data) {
        expect(seen.has(l.id)).toBe(false);
        seen.add(l.id);
      }
      url = nextOf(res.headers.link as string | undefined);
      pages += 1;
    }
    expect(total).toBe(BULK + 1);
    expect(seen.size).toBe(total);
    expect(pages).toBe(Math.ceil((BULK + 1) / 200));
    expect(seen.has(String(parkingOnly))).toBe(false);
  });

  it('serves valid OCPI Locations with live status, no credentials needed, open to any origin', async () => {
    const res = await get(`/open-data/v1/locations/${site.locationId}`, {
      origin: 'https://map.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-expose-headers'])).toContain('Link');
    const loc = locationSchema.parse((res.json() as { data: unknown }).data);
    expect(loc.evses![0]).toMatchObject({
      uid: `HU*VPK*E${site.chargerIds[0]}`,
      status: 'AVAILABLE',
    });

    await setStatus(t.database.db, site.chargerIds[0]!, 'OCCUPIED');
    const again = await get(`/open-data/v1/locations/${site.locationId}`);
    expect((again.json() as { data: { evses: { status: string }[] } }).data.evses[0]!.status).toBe(
      'CHARGING',
    );
    await setStatus(t.database.db, site.chargerIds[0]!, 'AVAILABLE');
  });

  it('answers a browser preflight from any origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/open-data/v1/locations',
      headers: { origin: 'https://map.example', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
  });

  it('answers 304 to a client that already has the data', async () => {
    const first = await get('/open-data/v1/locations?limit=5');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('public, max-age=0');
    const second = await get('/open-data/v1/locations?limit=5', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const other = await get('/open-data/v1/locations?limit=5&offset=5', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('filters on last_updated: date_from inclusive, date_to exclusive', async () => {
    const ids = (
      await rows<{ id: number }>(
        t.database.db,
        sql`select id from locations where name in ('Bulk 1', 'Bulk 2', 'Bulk 3') order by id`,
      )
    ).map((r) => r.id);
    const times = ['2020-01-01T00:00:00Z', '2020-01-02T00:00:00Z', '2020-01-03T00:00:00Z'];
    // Everything else is later than 2025; these three are alone in 2020.
    for (const [i, id] of ids.entries()) {
      await t.database.db.execute(
        sql`update locations set updated_at = ${times[i]} where id = ${id}`,
      );
      await t.database.db.execute(sql`update chargers set updated_at = ${times[i]},
        status_changed_at = ${times[i]}
        where charge_point_id in (select id from charge_points where location_id = ${id})`);
    }
    const list = async (q: string) => {
      const res = await get(`/open-data/v1/locations?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: (res.json() as { data: { id: string }[] }).data.map((l) => Number(l.id)),
        total: Number(res.headers['x-total-count']),
      };
    };
    expect(await list('date_from=2020-01-01T00:00:00Z&date_to=2020-01-03T00:00:00Z')).toEqual({
      ids: ids.slice(0, 2),
      total: 2,
    });
    expect(await list('date_from=2020-01-02T00:00:00Z&date_to=2021-01-01T00:00:00Z')).toEqual({
      ids: ids.slice(1),
      total: 2,
    });
    const after = await list('date_from=2020-01-02T12:00:00Z&limit=1');
    expect(after.total).toBe(BULK + 1 - 2);
    // The next link carries the filter.
    const res = await get(
      '/open-data/v1/locations?date_from=2020-01-01T00:00:00Z&date_to=2020-01-03T00:00:00Z&limit=1',
    );
    expect(nextOf(res.headers.link as string)).toBe(
      '/open-data/v1/locations?offset=1&limit=1&date_from=2020-01-01T00%3A00%3A00.000Z&date_to=2020-01-03T00%3A00%3A00.000Z',
    );
  });

  it('bad paging parameters are OCPI 2001 with HTTP 400', async () => {
    for (const q of [
      'offset=-1',
      'limit=0',
      'limit=abc',
      'date_from=tomorrow',
      'offset=1&offset=2',
    ]) {
      const res = await get(`/open-data/v1/locations?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ status_code: 2001 });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('never answers a 5xx to odd query strings or ids', async () => {
    const cases: [string, number][] = [
      ['/open-data/v1/locations?%zz=1', 200],
      ['/open-data/v1/locations?offset=%00', 400],
      ['/open-data/v1/locations?limit[]=5', 200],
      ['/open-data/v1/locations?date_from[a]=b', 200],
      [`/open-data/v1/locations?${'x'.repeat(5000)}=1`, 200],
      ['/open-data/v1/locations?offset=999999999', 200],
      ['/open-data/v1/locations?date_from=9999-12-31T23:59:59Z', 200],
      ['/open-data/v1/locations/0', 404],
      ['/open-data/v1/locations/99999999999999999999', 404],
      ['/open-data/v1/locations/abc%00', 404],
      [`/open-data/v1/locations/${parkingOnly}`, 404],
      ['/open-data/v1/tariffs?limit=-5', 400],
      ['/open-data/v1/tariffs?offset=1e3', 400],
    ];
    for (const [url, status] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.json(), url).toHaveProperty('status_code');
    }
    // Malformed percent-encoding in the path is refused by the HTTP layer before any route.
    expect((await get('/open-data/v1/locations/%E0%A4%A')).statusCode).toBe(400);
    const past = await get('/open-data/v1/locations?offset=999999999');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ data: [], status_code: 1000 });
    expect(past.headers['x-total-count']).toBe(String(BULK + 1));
    const unknown = await get(`/open-data/v1/locations/${parkingOnly}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status_code: 2003 });
  });
});

describe('GET /open-data/v1/tariffs', () => {
  it('lists the active price settings as OCPI Tariffs', async () => {
    const res = await get('/open-data/v1/tariffs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const data = (res.json() as { data: unknown[] }).data.map((x) => tariffSchema.parse(x));
    expect(data.map((x) => x.id)).toEqual([String(tariffs.paid), String(tariffs.free)]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { OPEN_DATA_RATE_LIMIT: '3' } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After once a client address used its requests', async () => {
    const call = (ip: string) =>
      limited.app.inject({ method: 'GET', url: '/open-data/v1/tariffs', remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await call('203.0.113.7')).statusCode).toBe(200);
    const refused = await call('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ status_code: 2000 });
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // Another address is not affected.
    expect((await call('203.0.113.8')).statusCode).toBe(200);
  });
});
