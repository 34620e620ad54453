import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Evse, Location } from '@voltpark/contract/ocpi/locations';
import type { TestApp } from '../../../test/app.js';
import type { Db } from '../../../db/client.js';
import { ocpiCallLog, roamingObjectPushes, roamingPartners } from '../../../db/schema/index.js';
import { until as untilIn } from '../../ocpp/test-helpers.js';
import { getLocation } from '../emsp/location-store.js';
import { rows, seedLocation, seedTariffs } from '../model/test-seed.js';
import { ocpi, registerEmspWith, roamingServer } from '../test-helpers.js';

// Server A (HU/AAA) is the CPO; our server B (HU/BBB) registers with it as eMSP through the real
// handshake and takes A's pushes on its real Locations Receiver. A charger taken out, a charger
// deleted and then the site's last charge point deleted: B is told each EVSE is REMOVED, and a
// pull (also one with date_from) shows them so.
const until = <T>(fn: () => Promise<T> | T) => untilIn(fn, 20_000);

type Server = TestApp & { url: string };
let a: Server;
let b: Server;
let tokenB: string;
let locationId: number;
let chargerIds: number[];

async function partnerId(db: Db, party: string): Promise<number> {
  const [row] = await db
    .select({ id: roamingPartners.id })
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, party));
  return row!.id;
}

/** Every queued push of A delivered or dropped. */
const settled = () =>
  until(async () => {
    const pending = await a.database.db
      .select({ id: roamingObjectPushes.id })
      .from(roamingObjectPushes)
      .where(sql`delivered_at is null and dropped_at is null`);
    return pending.length === 0;
  });

/** A's Location as B holds it, and its EVSEs' statuses by charger. */
async function heldByB(): Promise<{ location: Location | null; status: (string | undefined)[] }> {
  const location = await getLocation(b.database.db, {
    partnerId: await partnerId(b.database.db, 'AAA'),
    countryCode: 'HU',
    partyId: 'AAA',
    locationId: String(locationId),
  });
  const status = chargerIds.map(
    (id) => location?.evses?.find((e: Evse) => e.uid === `HU*AAA*E${id}`)?.status,
  );
  return { location, status };
}

/** A's Location PUTs to B, as A logged them. */
const putsToB = async () =>
  a.database.db
    .select()
    .from(ocpiCallLog)
    .where(
      and(
        eq(ocpiCallLog.direction, 'out'),
        eq(ocpiCallLog.partnerId, await partnerId(a.database.db, 'BBB')),
        eq(ocpiCallLog.method, 'PUT'),
        eq(ocpiCallLog.module, 'locations'),
      ),
    )
    .orderBy(ocpiCallLog.id);

/** B pulls A's Locations (GET list, optionally since a time): A's site, if listed. */
async function pulled(query = '') {
  const res = await ocpi(`${a.url}/ocpi/2.2.1/locations${query}`, tokenB);
  expect(res.status).toBe(200);
  return (res.json.data as Location[]).find((l) => l.id === String(locationId));
}

beforeAll(async () => {
  [a, b] = await Promise.all([roamingServer('AAA'), roamingServer('BBB')]);
  ({ token: tokenB } = await registerEmspWith(
    { server: a, url: a.url, party: 'AAA' },
    { server: b, party: 'BBB' },
  ));
  const { paid } = await seedTariffs(a.database.db);
  ({ locationId, chargerIds } = await seedLocation(a.database.db, 'Fading site', [
    { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: paid },
    { outlet: 'CCS', current: 'DC', powerKw: 150, tariffId: paid },
    { outlet: 'TYPE2', current: 'AC', powerKw: 11, tariffId: paid },
  ]));
  await settled();
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('removed EVSEs reach the eMSP as REMOVED', () => {
  it('B holds the site as pushed, every EVSE usable', async () => {
    expect((await heldByB()).status).toEqual(['AVAILABLE', 'AVAILABLE', 'AVAILABLE']);
  });

  it('a charger taken out of the network (inactive) is pushed as REMOVED', async () => {
    await a.database.db.execute(
      sql`update chargers set active = false where id = ${chargerIds[0]}`,
    );
    await until(async () => (await heldByB()).status[0] === 'REMOVED');
    await settled();
    expect((await heldByB()).status).toEqual(['REMOVED', 'AVAILABLE', 'AVAILABLE']);
  });

  it('a deleted charger is pushed as REMOVED, with its connector as it was', async () => {
    const before = (await putsToB()).length;
    await a.database.db.execute(sql`delete from chargers where id = ${chargerIds[1]}`);
    await until(async () => (await heldByB()).status[1] === 'REMOVED');
    await settled();
    const { location, status } = await heldByB();
    expect(status).toEqual(['REMOVED', 'REMOVED', 'AVAILABLE']);
    expect(location!.evses!.find((e) => e.uid === `HU*AAA*E${chargerIds[1]}`)).toMatchObject({
      connectors: [{ standard: 'IEC_62196_T2_COMBO', power_type: 'DC' }],
    });
    const puts = (await putsToB()).slice(before);
    expect(puts.map((r) => [r.url.split('/ocpi/')[1], r.ocpiStatus])).toEqual([
      [`2.2.1/emsp/locations/HU/AAA/${locationId}`, 1000],
    ]);

    // A status push of the charger still queued when it was deleted: a PATCH to REMOVED.
    const [queued] = await a.database.db
      .insert(roamingObjectPushes)
      .values({
        partnerId: await partnerId(a.database.db, 'BBB'),
        kind: 'EVSE',
        objectId: chargerIds[1]!,
      })
      .returning();
    await settled();
    const [row] = await a.database.db
      .select()
      .from(roamingObjectPushes)
      .where(eq(roamingObjectPushes.id, queued!.id));
    expect(row!.deliveredAt).not.toBeNull();
    const [patch] = await a.database.db
      .select()
      .from(ocpiCallLog)
      .where(and(eq(ocpiCallLog.direction, 'out'), eq(ocpiCallLog.method, 'PATCH')))
      .orderBy(desc(ocpiCallLog.id))
      .limit(1);
    expect(patch).toMatchObject({
      url: expect.stringContaining(
        `/locations/HU/AAA/${locationId}/${encodeURIComponent(`HU*AAA*E${chargerIds[1]}`)}`,
      ),
      ocpiStatus: 1000,
      requestBody: { status: 'REMOVED' },
    });
  });

  it('the site whose last charge point is deleted is still pushed, all REMOVED, and B hides it', async () => {
    const mirrored = async () =>
      (
        await rows<{ active: boolean }>(
          b.database.db,
          sql`select l.active from locations l
            join roaming_partner_locations rpl on rpl.id = l.roaming_partner_location_id
            where rpl.location_id = ${String(locationId)}`,
        )
      ).map((r) => r.active);
    expect(await mirrored()).toEqual([true]);
    const beforeDelete = new Date(Date.now() - 1000);

    await a.database.db.execute(sql`delete from charge_points where location_id = ${locationId}`);
    await until(async () => (await heldByB()).status[2] === 'REMOVED');
    await settled();
    expect((await heldByB()).status).toEqual(['REMOVED', 'REMOVED', 'REMOVED']);
    // B's map no longer offers it (no EVSE that is not REMOVED).
    expect(await mirrored()).toEqual([false]);

    // B pulls: the site is listed, every EVSE REMOVED; a date_from pull from before the
    // deletion has it, one from after does not.
    const all = await pulled();
    expect(all!.evses!.map((e) => e.status)).toEqual(['REMOVED', 'REMOVED', 'REMOVED']);
    const since = await pulled(`?date_from=${encodeURIComponent(beforeDelete.toISOString())}`);
    expect(since!.evses!.map((e) => e.uid)).toEqual(chargerIds.map((id) => `HU*AAA*E${id}`));
    expect(
      await pulled(`?date_from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    ).toBeUndefined();
    // One EVSE by its ids.
    const one = await ocpi(
      `${a.url}/ocpi/2.2.1/locations/${locationId}/${encodeURIComponent(`HU*AAA*E${chargerIds[2]}`)}`,
      tokenB,
    );
    expect(one.json.data).toMatchObject({ status: 'REMOVED' });
  });
});
