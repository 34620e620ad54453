import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roamingPartnerPulls, roamingPartners } from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/app.js';
import { seedLocation, seedTariffs } from '../model/test-seed.js';
import { cli, roamingServer } from '../test-helpers.js';
import { partnerLocationDetail, partnerLocationsForMap } from './partner-locations-read.js';

// Two of our own servers: A (HU/AAA) is a CPO with a charging site, B (HU/BBB) the eMSP that
// pulls it. B's operator adds A as a CPO partner, A registers with B (the partner's POST): B
// then pulls A's Locations and Tariffs from A's real Sender interfaces.
let a: TestApp & { url: string };
let b: TestApp & { url: string };

beforeAll(async () => {
  [a, b] = await Promise.all([
    roamingServer('AAA'),
    roamingServer('BBB', { ROAMING_PULL_MINUTES: '15' }),
  ]);
  const tariffs = await seedTariffs(a.database.db);
  await seedLocation(a.database.db, 'Westend', [
    { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: tariffs.paid },
    { outlet: 'CCS', current: 'DC', powerKw: 150, tariffId: tariffs.paid, status: 'OCCUPIED' },
  ]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('a CPO partner that registers with us', () => {
  it('is pulled at once, and its site is on our map with its prices', async () => {
    const added = await cli(
      b,
      'add-partner',
      '--country',
      'HU',
      '--party',
      'AAA',
      '--role',
      'CPO',
      '--name',
      'Server A',
    );
    expect(added.code).toBe(0);
    const reg = await cli(
      a,
      'register',
      '--versions-url',
      `${b.url}/ocpi/versions`,
      '--token',
      added.last,
      '--country',
      'HU',
      '--party',
      'BBB',
      '--role',
      'EMSP',
      '--name',
      'Server B',
    );
    expect(reg.code, reg.text).toBe(0);

    const [partner] = await b.database.db
      .select({ id: roamingPartners.id })
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'AAA'));
    for (let i = 0; i < 1200; i++) {
      const [s] = await b.database.db
        .select()
        .from(roamingPartnerPulls)
        .where(eq(roamingPartnerPulls.partnerId, partner!.id));
      if (s?.lastSuccessAt) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const map = await partnerLocationsForMap(b.database.db);
    expect(map).toEqual([
      expect.objectContaining({
        partnerName: 'Server A',
        name: 'Westend',
        city: 'Budapest',
        evseCount: 2,
        availableCount: 1,
        connectorCount: 2,
        maxPowerW: 150_000,
      }),
    ]);
    const detail = await partnerLocationDetail(b.database.db, map[0]!.id);
    expect(detail!.evses.map((e) => e.status)).toEqual(['AVAILABLE', 'CHARGING']);
    expect(detail!.tariffs).toHaveLength(1);
    expect(detail!.tariffs[0]!.currency).toBe('HUF');
  });
});
