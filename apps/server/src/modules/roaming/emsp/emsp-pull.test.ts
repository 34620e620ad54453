import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  ocpiCallLog,
  roamingPartnerLocations,
  roamingPartnerPulls,
  roamingPartners,
  roamingPartnerTariffs,
} from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/app.js';
import { cli, closedPort, roamingServer } from '../test-helpers.js';
import { at, fakeLocation, startFakeCpo, type FakeCpo } from './test-fake-cpo.js';
import { partnerLocationDetail, partnerLocationsForMap } from './partner-locations-read.js';
import { startPartnerPulls } from './pull-loop.js';
import { pullWake } from './pull-schedule.js';

// We (HU/VPK) are the eMSP; two partner CPOs (AT/PCP with 1,050 locations, AT/OTH with 3) are
// tiny Fastify servers. We register with them through the real handshake and pull their data.
let us: TestApp & { url: string };
let pcp: FakeCpo;
let oth: FakeCpo;
let pcpId: number;
let othId: number;

async function register(cpo: FakeCpo): Promise<number> {
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
  const [row] = await us.database.db
    .select({ id: roamingPartners.id })
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, cpo.partyId));
  return row!.id;
}

const schedule = async (partnerId: number) => {
  const [row] = await us.database.db
    .select()
    .from(roamingPartnerPulls)
    .where(eq(roamingPartnerPulls.partnerId, partnerId));
  return row;
};

/** Polls (bounded) until `check` holds. */
async function until<T>(what: string, check: () => Promise<T | undefined | false>): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The partner's pull made due now; waits until a loop (any) has pulled it. */
async function pullNow(partnerId: number) {
  const before = (await schedule(partnerId))?.lastAttemptAt?.getTime() ?? 0;
  await us.database.db
    .update(roamingPartnerPulls)
    .set({ nextPullAt: sql`now()` })
    .where(eq(roamingPartnerPulls.partnerId, partnerId));
  pullWake.emit('wake');
  return until('the pull', async () => {
    const s = await schedule(partnerId);
    return s && (s.lastAttemptAt?.getTime() ?? 0) > before && s.claimedBy === null && s;
  });
}

const locationCount = async (partnerId: number) => {
  const [r] = await us.database.db
    .select({ n: count() })
    .from(roamingPartnerLocations)
    .where(eq(roamingPartnerLocations.partnerId, partnerId));
  return r!.n;
};
const tariffCount = async (partnerId: number) => {
  const [r] = await us.database.db
    .select({ n: count() })
    .from(roamingPartnerTariffs)
    .where(eq(roamingPartnerTariffs.partnerId, partnerId));
  return r!.n;
};

beforeAll(async () => {
  [us, pcp, oth] = await Promise.all([
    roamingServer('VPK', { ROAMING_PULL_MINUTES: '15' }),
    startFakeCpo({ countryCode: 'AT', partyId: 'PCP', locations: 1050 }),
    startFakeCpo({ countryCode: 'AT', partyId: 'OTH', locations: 3 }),
  ]);
  pcpId = await register(pcp);
  othId = await register(oth);
});
afterAll(async () => {
  await us?.close();
  await Promise.all([pcp?.close(), oth?.close()]);
});

describe('pulling a CPO partner’s Locations and Tariffs', () => {
  it('pulls everything after we register, following Link pages, within the partner’s X-Limit', async () => {
    const s = await until('the first pull', async () => {
      const row = await schedule(pcpId);
      return row?.lastSuccessAt ? row : undefined;
    });
    expect(s.lastError).toBeNull();
    expect(s.lastFullPullAt).not.toBeNull();
    expect(await locationCount(pcpId)).toBe(1050);
    expect(await tariffCount(pcpId)).toBe(3);
    // The full pull: 11 pages of 100 (later pulls would ask with date_from).
    const pages = pcp.requests.filter((r) => r.module === 'locations' && !r.query.date_from);
    expect(pages.map((r) => Number(r.query.offset ?? 0))).toEqual(
      Array.from({ length: 11 }, (_, i) => i * 100),
    );
    // Its Links asked for 250 a page; its X-Limit is 100, so we asked for 100.
    expect(pages.slice(1).every((r) => r.query.limit === '100')).toBe(true);
    // The other partner's data is its own.
    await until('the other partner', async () => (await schedule(othId))?.lastSuccessAt);
    expect(await locationCount(othId)).toBe(3);
    // Every page was an OCPI call in the log, with the routing headers' module.
    const [logged] = await us.database.db
      .select({ n: count() })
      .from(ocpiCallLog)
      .where(
        and(
          eq(ocpiCallLog.partnerId, pcpId),
          eq(ocpiCallLog.direction, 'out'),
          eq(ocpiCallLog.module, 'locations'),
        ),
      );
    expect(logged!.n).toBeGreaterThanOrEqual(11);
  });

  it('gives the map every published location with counts, and one location with its tariffs', async () => {
    const map = await partnerLocationsForMap(us.database.db);
    expect(map).toHaveLength(1053);
    const one = map.find((m) => m.name === 'Station 7' && m.partnerName === 'CPO PCP')!;
    expect(one).toMatchObject({
      city: 'Wien',
      lat: 48.1007,
      lng: 16.3007,
      connectorCount: 2,
      evseCount: 2,
      availableCount: 1,
      maxPowerW: 150_000,
    });
    const detail = await partnerLocationDetail(us.database.db, one.id);
    expect(detail).toMatchObject({
      partnerName: 'CPO PCP',
      locationId: 'LOC-0007',
      operator: 'Operator PCP',
      evses: [
        {
          uid: 'EVSE-0007-1',
          status: 'AVAILABLE',
          connectors: [{ standard: 'IEC_62196_T2', maxPowerW: 22_080, tariffIds: ['AC-1'] }],
        },
        { uid: 'EVSE-0007-2', status: 'CHARGING', connectors: [{ maxPowerW: 150_000 }] },
      ],
    });
    // The tariffs its connectors name, not the partner's others.
    expect(detail!.tariffs.map((t) => t.id)).toEqual(['AC-1', 'DC-1']);
    expect(detail!.tariffs[0]!.elements[0]!.price_components[0]).toMatchObject({
      type: 'ENERGY',
      price: 0.39,
    });
  });

  it('pulls only what changed since the last pull (date_from), and applies it', async () => {
    const before = await schedule(pcpId);
    const changed = fakeLocation('AT', 'PCP', 5, at(new Date(Date.now() + 1000)));
    changed.name = 'Station 5 (renamed)';
    changed.evses![0]!.status = 'OUTOFORDER';
    pcp.locations[4] = changed;
    pcp.requests.length = 0;
    await pullNow(pcpId);
    const first = pcp.requests.find((r) => r.module === 'locations')!;
    expect(first.query.date_from).toBe(at(before!.locationsSince!));
    expect(pcp.requests.filter((r) => r.module === 'locations')).toHaveLength(1);
    const map = await partnerLocationsForMap(us.database.db);
    expect(map.find((m) => m.name === 'Station 5 (renamed)')).toMatchObject({ availableCount: 0 });
    expect(await locationCount(pcpId)).toBe(1050);
  });

  it('stops at a Link loop, a Link to another host and a broken Link, and keeps the data', async () => {
    for (const mode of ['loop', 'foreign', 'broken'] as const) {
      pcp.linkMode = mode;
      // A full pull: an incomplete one must not delete what it did not see.
      await us.database.db
        .update(roamingPartnerPulls)
        .set({ lastFullPullAt: null })
        .where(eq(roamingPartnerPulls.partnerId, pcpId));
      pcp.requests.length = 0;
      const s = await pullNow(pcpId);
      expect(s.lastError, mode).toMatch(
        { loop: /page loop/, foreign: /leads to http:\/\/127\.0\.0\.2:9, not/, broken: /bad Link/ }[
          mode
        ],
      );
      expect(s.lastFullPullAt, mode).toBeNull();
      // The loop is seen on the second page at the latest; nothing goes to another host.
      expect(pcp.requests.filter((r) => r.module === 'locations').length).toBeLessThanOrEqual(2);
      expect(await locationCount(pcpId)).toBe(1050);
    }
    pcp.linkMode = 'ok';
    // Our token never went to the other host.
    const calls = await us.database.db.select({ url: ocpiCallLog.url }).from(ocpiCallLog);
    expect(calls.some((c) => c.url.includes('127.0.0.2'))).toBe(false);
  });

  it('a complete full pull deletes what the partner no longer lists', async () => {
    const removed = pcp.locations.splice(1049, 1)[0]!;
    await us.database.db
      .update(roamingPartnerPulls)
      .set({ lastFullPullAt: null })
      .where(eq(roamingPartnerPulls.partnerId, pcpId));
    const s = await pullNow(pcpId);
    expect(s.lastError).toBeNull();
    expect(await locationCount(pcpId)).toBe(1049);
    const map = await partnerLocationsForMap(us.database.db);
    expect(map.some((m) => m.name === removed.name)).toBe(false);
    expect(await locationCount(othId)).toBe(3);
  });

  it('a partner that is down: logged, retried next period, and nothing is wiped', async () => {
    const [p] = await us.database.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.id, pcpId));
    const port = await closedPort();
    const down = (p!.endpoints as { identifier: string; role: string; url: string }[]).map((e) => ({
      ...e,
      url: e.url.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${port}`),
    }));
    await us.database.db
      .update(roamingPartners)
      .set({ endpoints: down })
      .where(eq(roamingPartners.id, pcpId));
    try {
      await us.database.db
        .update(roamingPartnerPulls)
        .set({ lastFullPullAt: null })
        .where(eq(roamingPartnerPulls.partnerId, pcpId));
      const s = await pullNow(pcpId);
      expect(s.lastError).toMatch(/ECONNREFUSED/);
      expect(s.failures).toBeGreaterThanOrEqual(1);
      // Retried a period (15 minutes) later.
      expect(s.nextPullAt.getTime() - s.lastAttemptAt!.getTime()).toBeGreaterThan(14 * 60_000);
      expect(await locationCount(pcpId)).toBe(1049);
      expect(await tariffCount(pcpId)).toBe(3);
    } finally {
      await us.database.db
        .update(roamingPartners)
        .set({ endpoints: p!.endpoints })
        .where(eq(roamingPartners.id, pcpId));
    }
    const again = await pullNow(pcpId);
    expect(again.lastError).toBeNull();
    expect(again.failures).toBe(0);
  });

  it('two loops on one database pull a due partner once', async () => {
    const deps = { db: us.database.db, config: us.config, log: us.app.log };
    const stops = [startPartnerPulls(deps), startPartnerPulls(deps)];
    try {
      pcp.requests.length = 0;
      await pullNow(pcpId);
      // Let any other loop that was woken finish its round too.
      pullWake.emit('wake');
      await until('no claim', async () => (await schedule(pcpId))?.claimedBy === null);
      const firstPages = pcp.requests.filter((r) => r.module === 'locations' && !r.query.offset);
      expect(firstPages).toHaveLength(1);
      expect(pcp.requests.filter((r) => r.module === 'tariffs' && !r.query.offset)).toHaveLength(1);
    } finally {
      await Promise.all(stops.map((s) => s()));
    }
  });

  it('removing the partner removes its data, and only its data', async () => {
    const r = await cli(us, 'remove', '--country', 'AT', '--party', 'PCP');
    expect(r.code, r.text).toBe(0);
    expect(await locationCount(pcpId)).toBe(0);
    expect(await tariffCount(pcpId)).toBe(0);
    expect(await schedule(pcpId)).toBeUndefined();
    expect(await locationCount(othId)).toBe(3);
    const map = await partnerLocationsForMap(us.database.db);
    expect(map).toHaveLength(3);
    expect(map.every((m) => m.partnerName === 'CPO OTH')).toBe(true);
  });
});
