import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { location as locationSchema } from '@voltpark/contract/ocpi/locations';
import { tariff as tariffSchema } from '@voltpark/contract/ocpi/tariffs';
import type { TestApp } from '../../../test/app.js';
import { ocpiCallLog, roamingPartners } from '../../../db/schema/index.js';
import { seedLocation, seedManyLocations, seedTariffs } from '../model/test-seed.js';
import { hashToken } from '../tokens.js';
import { cli, ocpi, registerEmspWith, roamingServer } from '../test-helpers.js';

// Server A (HU/AAA) is the CPO serving its chargers; server B (HU/BBB) registers with it as an
// eMSP through the real credentials handshake and pulls them over HTTP.
const BULK = 130;
let a: TestApp & { url: string };
let b: TestApp & { url: string };
let tokenA: string;
/** The token B calls A with (token C of A's handshake with B). */
let token: string;
let tariffs: { paid: number; free: number };
let site: { locationId: number; chargerIds: number[] };

beforeAll(async () => {
  [a, b] = await Promise.all([roamingServer('AAA'), roamingServer('BBB')]);
  tariffs = await seedTariffs(a.database.db);
  site = await seedLocation(a.database.db, 'Westend', [
    { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
    { outlet: 'CCS', current: 'DC', powerKw: 150, tariffId: tariffs.free },
  ]);
  await seedManyLocations(a.database.db, 'Bulk', BULK, tariffs.paid);

  ({ tokenA, token } = await registerEmspWith(
    { server: a, url: a.url, party: 'AAA' },
    { server: b, party: 'BBB' },
  ));
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** The path and query of the absolute URL in a Link header, checked to be under A's locations. */
const nextOf = (link: string | null, list: string) => {
  if (!link) return null;
  const m = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(m, link).not.toBeNull();
  expect(m![1]!.startsWith(`${a.url}/ocpi/2.2.1/${list}?`)).toBe(true);
  return m![1]!;
};

describe('the CPO modules in the version details', () => {
  it('lists locations and tariffs as SENDER and RECEIVER (at emsp/…), tokens and commands as RECEIVER, and B learned them', async () => {
    const details = await ocpi(`${a.url}/ocpi/2.2.1`, token);
    expect(details.json.data).toEqual({
      version: '2.2.1',
      endpoints: [
        { identifier: 'credentials', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/credentials` },
        { identifier: 'locations', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/locations` },
        { identifier: 'tariffs', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/tariffs` },
        { identifier: 'tokens', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/tokens` },
        { identifier: 'sessions', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/sessions` },
        { identifier: 'cdrs', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/cdrs` },
        { identifier: 'commands', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/commands` },
        {
          identifier: 'locations',
          role: 'RECEIVER',
          url: `${a.url}/ocpi/2.2.1/emsp/locations`,
        },
        { identifier: 'tariffs', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/emsp/tariffs` },
        { identifier: 'tokens', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/emsp/tokens` },
        {
          identifier: 'sessions',
          role: 'RECEIVER',
          url: `${a.url}/ocpi/2.2.1/emsp/sessions`,
        },
        { identifier: 'cdrs', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/emsp/cdrs` },
        { identifier: 'commands', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/emsp/commands` },
      ],
    });
    expect((await cli(b, 'list')).text).toContain(
      'cdrs:RECEIVER cdrs:SENDER commands:RECEIVER commands:SENDER credentials:SENDER locations:RECEIVER locations:SENDER sessions:RECEIVER sessions:SENDER tariffs:RECEIVER tariffs:SENDER tokens:RECEIVER tokens:SENDER',
    );
  });
});

describe('GET /ocpi/2.2.1/locations (Sender interface)', () => {
  it('pages through every location by following Link, with the totals and routing headers', async () => {
    const seen = new Set<string>();
    let url: string | null = `${a.url}/ocpi/2.2.1/locations?limit=50`;
    let pages = 0;
    while (url) {
      const res = await ocpi(url, token);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.status_code).toBe(1000);
      expect(res.headers.get('x-total-count')).toBe(String(BULK + 1));
      expect(res.headers.get('x-limit')).toBe('500');
      expect(res.headers.get('ocpi-from-party-id')).toBe('AAA');
      expect(res.headers.get('ocpi-to-party-id')).toBe('BBB');
      const page = res.json.data as unknown[];
      expect(page.length).toBeLessThanOrEqual(50);
      for (const l of page) {
        const loc = locationSchema.parse(l);
        expect(loc).toMatchObject({ country_code: 'HU', party_id: 'AAA' });
        expect(seen.has(loc.id)).toBe(false);
        seen.add(loc.id);
      }
      url = nextOf(res.headers.get('link'), 'locations');
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.size).toBe(BULK + 1);
    expect(seen.has(String(site.locationId))).toBe(true);
  });

  it('serves 100 a page by default, and refuses malformed paging with 2001', async () => {
    const first = await ocpi(`${a.url}/ocpi/2.2.1/locations`, token);
    expect((first.json.data as unknown[]).length).toBe(100);
    expect(first.headers.get('link')).toContain('offset=100&limit=100');
    const bad = await ocpi(`${a.url}/ocpi/2.2.1/locations?offset=-1`, token);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status_code: 2001 });
    expect(bad.json.data).toBeUndefined();
  });

  it('filters on last_updated with date_from and date_to', async () => {
    const future = await ocpi(
      `${a.url}/ocpi/2.2.1/locations?date_from=2099-01-01T00:00:00Z`,
      token,
    );
    expect(future.json.data).toEqual([]);
    expect(future.headers.get('x-total-count')).toBe('0');
    await a.database.db.execute(
      sql`update locations set name = 'Westend City Center', updated_at = '2100-01-01T00:00:00Z'
          where id = ${site.locationId}`,
    );
    const changed = await ocpi(
      `${a.url}/ocpi/2.2.1/locations?date_from=2099-01-01T00:00:00Z`,
      token,
    );
    expect((changed.json.data as { name: string }[]).map((l) => l.name)).toEqual([
      'Westend City Center',
    ]);
  });
});

describe('GET one location, EVSE or connector', () => {
  it('gets the location, one of its EVSEs and that EVSE connector; a removed EVSE is REMOVED', async () => {
    await a.database.db.execute(
      sql`update chargers set active = false, updated_at = now() where id = ${site.chargerIds[1]!}`,
    );
    const loc = await ocpi(`${a.url}/ocpi/2.2.1/locations/${site.locationId}`, token);
    expect(loc.status).toBe(200);
    const parsed = locationSchema.parse(loc.json.data);
    expect(parsed.id).toBe(String(site.locationId));
    // The operator is who we are on roaming (our credentials' business details).
    expect(parsed.operator).toEqual({ name: 'Voltpark' });
    const uids = site.chargerIds.map((id) => `HU*AAA*E${id}`);
    expect(parsed.evses?.map((e) => [e.uid, e.status])).toEqual([
      [uids[0], 'AVAILABLE'],
      [uids[1], 'REMOVED'],
    ]);

    // EVSE uids are CiStrings; a partner may percent-encode the asterisks.
    const evse = await ocpi(
      `${a.url}/ocpi/2.2.1/locations/${site.locationId}/${encodeURIComponent(uids[0]!.toLowerCase())}`,
      token,
    );
    expect(evse.status).toBe(200);
    expect(evse.json.data).toMatchObject({ uid: uids[0], status: 'AVAILABLE' });

    const connector = await ocpi(
      `${a.url}/ocpi/2.2.1/locations/${site.locationId}/${uids[0]}/1`,
      token,
    );
    expect(connector.status).toBe(200);
    expect(connector.json.data).toMatchObject({
      id: '1',
      standard: 'IEC_62196_T2',
      power_type: 'AC_3_PHASE',
      tariff_ids: [String(tariffs.paid)],
    });
    expect(connector.headers.get('ocpi-to-party-id')).toBe('BBB');
  });

  it('answers an unknown location, EVSE or connector with 2003 and HTTP 404', async () => {
    const uid = `HU*AAA*E${site.chargerIds[0]}`;
    for (const path of [
      '999999',
      '0',
      'not-a-number',
      '9'.repeat(40),
      `${site.locationId}/HU*AAA*E999999`,
      `${site.locationId}/${'x'.repeat(300)}`,
      `${site.locationId}/${uid}/2`,
      `${site.locationId}/${uid}/1/extra`,
    ]) {
      const res = await ocpi(`${a.url}/ocpi/2.2.1/locations/${path}`, token);
      expect(res.status, path).toBe(404);
      expect(res.json, path).toMatchObject({ status_code: 2003 });
      expect(res.json.data, path).toBeUndefined();
    }
  });
});

describe('GET /ocpi/2.2.1/tariffs (Sender interface)', () => {
  it('serves the active tariffs, paged', async () => {
    const first = await ocpi(`${a.url}/ocpi/2.2.1/tariffs?limit=1`, token);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('2');
    const [paid] = (first.json.data as unknown[]).map((t) => tariffSchema.parse(t));
    expect(paid).toMatchObject({ id: String(tariffs.paid), currency: 'HUF', party_id: 'AAA' });
    const next = nextOf(first.headers.get('link'), 'tariffs');
    const second = await ocpi(next!, token);
    expect((second.json.data as { id: string }[]).map((t) => t.id)).toEqual([String(tariffs.free)]);
    expect(second.headers.get('link')).toBeNull();
  });
});

describe('who may pull', () => {
  const cpoToken = 'a-cpo-partners-token-c-0123456789';
  beforeAll(async () => {
    await a.database.db.insert(roamingPartners).values({
      countryCode: 'DE',
      partyId: 'CPO',
      name: 'Another CPO',
      role: 'CPO',
      status: 'REGISTERED',
      issuedTokenKind: 'C',
      issuedTokenHash: hashToken(cpoToken),
      roles: [],
    });
  });

  it('refuses a CPO partner (403), Token A and an unknown token (401)', async () => {
    for (const path of ['locations', `locations/${site.locationId}`, 'tariffs']) {
      const cpo = await ocpi(`${a.url}/ocpi/2.2.1/${path}`, cpoToken);
      expect(cpo.status, path).toBe(403);
      expect(cpo.json.data, path).toBeUndefined();
      for (const t of [tokenA, 'not-a-token-0123456789', null]) {
        const res = await ocpi(`${a.url}/ocpi/2.2.1/${path}`, t);
        expect(res.status, path).toBe(401);
        expect(res.json).toMatchObject({ status_code: 2001 });
        expect(res.json.data).toBeUndefined();
      }
    }
  });

  it('refuses a partner that names another receiver in OCPI-to', async () => {
    const res = await ocpi(`${a.url}/ocpi/2.2.1/locations`, token, {
      headers: { 'ocpi-to-country-code': 'HU', 'ocpi-to-party-id': 'XYZ' },
    });
    expect(res.json).toMatchObject({ status_code: 2001 });
    expect(res.json.data).toBeUndefined();
  });
});

describe('the call log', () => {
  it('records the partner calls with partner, module and status, and never a token', async () => {
    const [partner] = await a.database.db
      .select({ id: roamingPartners.id })
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'BBB'));
    const calls = await a.database.db
      .select()
      .from(ocpiCallLog)
      .where(and(eq(ocpiCallLog.direction, 'in'), eq(ocpiCallLog.partnerId, partner!.id)));
    const byModule = (m: string) => calls.filter((c) => c.module === m);
    expect(byModule('locations').length).toBeGreaterThanOrEqual(10);
    expect(byModule('tariffs').length).toBe(2);
    expect(byModule('locations')).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        url: `/ocpi/2.2.1/locations/${site.locationId}/HU*AAA*E${site.chargerIds[0]}/1`,
        httpStatus: 200,
        ocpiStatus: 1000,
      }),
    );
    expect(byModule('locations')).toContainEqual(
      expect.objectContaining({
        url: '/ocpi/2.2.1/locations/999999',
        httpStatus: 404,
        ocpiStatus: 2003,
      }),
    );
    const everything = JSON.stringify(await a.database.db.select().from(ocpiCallLog));
    for (const secret of [token, tokenA]) expect(everything).not.toContain(secret);
  });
});
