import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Location } from '@voltpark/contract/ocpi/locations';
import { ocpiCallLog, roamingPartners } from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/app.js';
import { cli, ocpi, roamingServer } from '../test-helpers.js';
import { fakeLocation, fakeTariff, startFakeCpo, type FakeCpo } from './test-fake-cpo.js';
import { partnerLocationDetail, partnerLocationsForMap } from './partner-locations-read.js';

// We (HU/VPK) are the eMSP; partner CPOs AT/PCP and AT/OTH push to our Receiver interfaces with
// the tokens we gave them in the real handshake. Pulls are off here: only pushes bring data.
let us: TestApp & { url: string };
let pcp: FakeCpo;
let oth: FakeCpo;

async function register(cpo: FakeCpo) {
  const r = await cli(
    us,
    'register',
    '--versions-url',
    `${cpo.url}/ocpi/versions`,
    '--token',
    cpo.tokenA,
    '--country',
    cpo.countryCode,
    '--party',
    cpo.partyId,
    '--role',
    'CPO',
    '--name',
    `CPO ${cpo.partyId}`,
  );
  if (r.code !== 0) throw new Error(r.text);
}

beforeAll(async () => {
  [us, pcp, oth] = await Promise.all([
    roamingServer('VPK'),
    startFakeCpo({ countryCode: 'AT', partyId: 'PCP', locations: 0 }),
    startFakeCpo({ countryCode: 'AT', partyId: 'OTH', locations: 0 }),
  ]);
  await register(pcp);
  await register(oth);
});
afterAll(async () => {
  await us?.close();
  await Promise.all([pcp?.close(), oth?.close()]);
});

const loc = (path: string) => `${us.url}/ocpi/2.2.1/emsp/locations/${path}`;
const tar = (path: string) => `${us.url}/ocpi/2.2.1/emsp/tariffs/${path}`;
const T1 = '2026-11-24T09:00:00Z';
const T2 = '2026-11-24T10:00:00Z';
const T3 = '2026-11-24T11:00:00Z';
const push = (cpo: FakeCpo, url: string, method: string, body?: unknown) =>
  ocpi(url, cpo.ourToken!, { method, ...(body === undefined ? {} : { body }) });

const mapEntry = async (name: string) =>
  (await partnerLocationsForMap(us.database.db)).find((m) => m.name === name);

describe('the Locations Receiver interface', () => {
  it('is announced at emsp/locations and emsp/tariffs with role RECEIVER', async () => {
    const details = await ocpi(`${us.url}/ocpi/2.2.1`, pcp.ourToken!);
    expect((details.json.data as { endpoints: unknown[] }).endpoints).toEqual(
      expect.arrayContaining([
        { identifier: 'locations', role: 'SENDER', url: `${us.url}/ocpi/2.2.1/locations` },
        { identifier: 'locations', role: 'RECEIVER', url: `${us.url}/ocpi/2.2.1/emsp/locations` },
        { identifier: 'tariffs', role: 'RECEIVER', url: `${us.url}/ocpi/2.2.1/emsp/tariffs` },
      ]),
    );
  });

  it('stores a pushed Location and gives it back whole, by EVSE and by Connector', async () => {
    const l = fakeLocation('AT', 'PCP', 1, T1);
    const put = await push(pcp, loc('AT/PCP/LOC-0001'), 'PUT', l);
    expect(put.json.status_code, JSON.stringify(put.json)).toBe(1000);
    expect(put.headers.get('ocpi-to-party-id')).toBe('PCP');
    expect((await push(pcp, loc('AT/PCP/LOC-0001'), 'GET')).json.data).toEqual(l);
    // Ids are CiString: any letter case finds them.
    expect((await push(pcp, loc('at/pcp/loc-0001/evse-0001-2'), 'GET')).json.data).toEqual(
      l.evses![1],
    );
    expect((await push(pcp, loc('AT/PCP/LOC-0001/EVSE-0001-1/1'), 'GET')).json.data).toEqual(
      l.evses![0]!.connectors[0],
    );
    const unknown = await push(pcp, loc('AT/PCP/LOC-0001/NO-EVSE'), 'GET');
    expect(unknown.status).toBe(404);
    expect(unknown.json.status_code).toBe(2003);
    expect(await mapEntry('Station 1')).toMatchObject({ availableCount: 1, evseCount: 2 });
  });

  it('applies a PATCH of an EVSE status, bumps the Location’s last_updated, ignores an older one', async () => {
    const patch = await push(pcp, loc('AT/PCP/LOC-0001/EVSE-0001-1'), 'PATCH', {
      status: 'CHARGING',
      last_updated: T2,
    });
    expect(patch.json.status_code, JSON.stringify(patch.json)).toBe(1000);
    expect(await mapEntry('Station 1')).toMatchObject({ availableCount: 0 });
    const l = (await push(pcp, loc('AT/PCP/LOC-0001'), 'GET')).json.data as Location;
    expect(l.evses![0]).toMatchObject({ status: 'CHARGING', last_updated: T2 });
    expect(l.last_updated).toBe(T2);

    // One sent earlier that arrives late changes nothing.
    const late = await push(pcp, loc('AT/PCP/LOC-0001/EVSE-0001-1'), 'PATCH', {
      status: 'AVAILABLE',
      last_updated: T1,
    });
    expect(late.json.status_code).toBe(1000);
    expect(await mapEntry('Station 1')).toMatchObject({ availableCount: 0 });

    // A Connector's change moves its EVSE's and Location's last_updated too.
    await push(pcp, loc('AT/PCP/LOC-0001/EVSE-0001-2/1'), 'PATCH', {
      tariff_ids: ['DC-2'],
      last_updated: T3,
    });
    const after = (await push(pcp, loc('AT/PCP/LOC-0001'), 'GET')).json.data as Location;
    expect(after.evses![1]!.connectors[0]!.tariff_ids).toEqual(['DC-2']);
    expect(after.evses![1]!.last_updated).toBe(T3);
    expect(after.last_updated).toBe(T3);
  });

  it('two PATCHes of different EVSEs at once both stay', async () => {
    const l = fakeLocation('AT', 'PCP', 2, T1);
    await push(pcp, loc('AT/PCP/LOC-0002'), 'PUT', l);
    const results = await Promise.all(
      ['EVSE-0002-1', 'EVSE-0002-2'].map((uid) =>
        push(pcp, loc(`AT/PCP/LOC-0002/${uid}`), 'PATCH', {
          status: 'OUTOFORDER',
          last_updated: T2,
        }),
      ),
    );
    expect(results.map((r) => r.json.status_code)).toEqual([1000, 1000]);
    const got = (await push(pcp, loc('AT/PCP/LOC-0002'), 'GET')).json.data as Location;
    expect(got.evses!.map((e) => e.status)).toEqual(['OUTOFORDER', 'OUTOFORDER']);
  });

  it('adds an EVSE by PUT; unknown objects are 2003, bad bodies 2001', async () => {
    const l = fakeLocation('AT', 'PCP', 3, T1);
    await push(pcp, loc('AT/PCP/LOC-0003'), 'PUT', l);
    const evse = { ...l.evses![0]!, uid: 'EVSE-NEW', status: 'AVAILABLE', last_updated: T2 };
    const added = await push(pcp, loc('AT/PCP/LOC-0003/EVSE-NEW'), 'PUT', evse);
    expect(added.json.status_code, JSON.stringify(added.json)).toBe(1000);
    expect(await mapEntry('Station 3')).toMatchObject({ evseCount: 3, availableCount: 2 });

    for (const [url, method, body] of [
      [loc('AT/PCP/NO-LOC/EVSE-NEW'), 'PUT', evse],
      [loc('AT/PCP/LOC-0003/NO-EVSE'), 'PATCH', { status: 'CHARGING', last_updated: T3 }],
      [loc('AT/PCP/LOC-0003/NO-EVSE/1'), 'PUT', l.evses![0]!.connectors[0]],
      [loc('AT/PCP/NO-LOC'), 'PATCH', { name: 'x', last_updated: T3 }],
    ] as const) {
      const r = await push(pcp, url, method, body);
      expect(r.status, url).toBe(404);
      expect(r.json.status_code, url).toBe(2003);
    }
    for (const [url, method, body] of [
      [loc('AT/PCP/LOC-0003/EVSE-NEW'), 'PATCH', { status: 'CHARGING' }],
      [loc('AT/PCP/LOC-0003/EVSE-NEW'), 'PATCH', { status: 'BUSY', last_updated: T3 }],
      [loc('AT/PCP/LOC-0003/EVSE-NEW'), 'PATCH', { connectors: [], last_updated: T3 }],
      [loc('AT/PCP/LOC-0003/EVSE-NEW'), 'PUT', { ...evse, uid: 'OTHER' }],
      [loc('AT/PCP/LOC-0004'), 'PUT', fakeLocation('AT', 'PCP', 5, T1)],
      [loc('AT/PCP/LOC-0004'), 'PUT', { id: 'LOC-0004' }],
    ] as const) {
      const r = await push(pcp, url, method, body);
      expect(r.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(200);
      expect(r.json.status_code, `${method} ${url} ${JSON.stringify(body)}`).toBe(2001);
    }
    expect((await push(pcp, loc('AT/PCP/LOC-0003/EVSE-NEW'), 'GET')).json.data).toMatchObject({
      status: 'AVAILABLE',
    });
  });

  it("refuses another partner's pushes and reads of PCP's Locations; its own are its own", async () => {
    const l = fakeLocation('AT', 'PCP', 1, T3);
    for (const [method, body] of [
      ['PUT', l],
      ['PATCH', { status: 'REMOVED', last_updated: T3 }],
      ['GET', undefined],
    ] as const) {
      const r = await push(oth, loc('AT/PCP/LOC-0001'), method, body);
      expect(r.status, method).toBe(403);
      expect(r.json.status_code, method).toBe(2000);
    }
    expect(await mapEntry('Station 1')).toMatchObject({ evseCount: 2 });
    // OTH's own Location with the same id is another one.
    const own = fakeLocation('AT', 'OTH', 1, T1);
    own.name = 'OTH station 1';
    expect((await push(oth, loc('AT/OTH/LOC-0001'), 'PUT', own)).json.status_code).toBe(1000);
    expect((await push(pcp, loc('AT/OTH/LOC-0001'), 'GET')).status).toBe(403);
    expect((await ocpi(loc('AT/PCP/LOC-0001'), 'no-such-token')).status).toBe(401);
    const map = await partnerLocationsForMap(us.database.db);
    expect(map.filter((m) => m.partnerName === 'CPO OTH').map((m) => m.name)).toEqual([
      'OTH station 1',
    ]);
  });
});

describe('the Tariffs Receiver interface', () => {
  it('stores, gives back and deletes a Tariff; the location detail shows the tariffs that apply', async () => {
    const t = fakeTariff('AT', 'PCP', 'DC-2', T1);
    const put = await push(pcp, tar('AT/PCP/DC-2'), 'PUT', t);
    expect(put.json.status_code, JSON.stringify(put.json)).toBe(1000);
    expect((await push(pcp, tar('AT/PCP/DC-2'), 'GET')).json.data).toEqual(t);
    await push(pcp, tar('AT/PCP/AC-1'), 'PUT', fakeTariff('AT', 'PCP', 'AC-1', T1));
    const station = (await mapEntry('Station 1'))!;
    const detail = await partnerLocationDetail(us.database.db, station.id);
    expect(detail!.tariffs.map((x) => x.id)).toEqual(['AC-1', 'DC-2']);

    expect((await push(oth, tar('AT/PCP/DC-2'), 'DELETE')).status).toBe(403);
    expect((await push(oth, tar('AT/PCP/DC-2'), 'PUT', t)).status).toBe(403);
    expect(
      (await push(pcp, tar('AT/PCP/DC-2'), 'PUT', { ...t, id: 'DC-3' })).json.status_code,
    ).toBe(2001);

    expect((await push(pcp, tar('AT/PCP/DC-2'), 'DELETE')).json.status_code).toBe(1000);
    // A replayed DELETE changes nothing and succeeds.
    expect((await push(pcp, tar('AT/PCP/DC-2'), 'DELETE')).json.status_code).toBe(1000);
    expect((await push(pcp, tar('AT/PCP/DC-2'), 'GET')).status).toBe(404);
    const after = await partnerLocationDetail(us.database.db, station.id);
    expect(after!.tariffs.map((x) => x.id)).toEqual(['AC-1']);
  });

  it('logs the pushes, and a removed partner can push no more', async () => {
    const [p] = await us.database.db
      .select({ id: roamingPartners.id })
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'PCP'));
    const calls = await us.database.db
      .select({ method: ocpiCallLog.method, module: ocpiCallLog.module })
      .from(ocpiCallLog)
      .where(eq(ocpiCallLog.partnerId, p!.id));
    expect(calls).toContainEqual({ method: 'PATCH', module: 'locations' });
    expect(calls).toContainEqual({ method: 'DELETE', module: 'tariffs' });

    const token = pcp.ourToken!;
    expect((await cli(us, 'remove', '--country', 'AT', '--party', 'PCP')).code).toBe(0);
    const r = await ocpi(loc('AT/PCP/LOC-0001'), token, {
      method: 'PUT',
      body: fakeLocation('AT', 'PCP', 1, T3),
    });
    expect(r.status).toBe(401);
    expect(await mapEntry('Station 1')).toBeUndefined();
    expect(await mapEntry('OTH station 1')).toBeDefined();
  });
});
