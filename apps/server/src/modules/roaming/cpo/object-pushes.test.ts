import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import type { Evse, Location } from '@voltpark/contract/ocpi/locations';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import { buildApp } from '../../../app.js';
import type { TestApp } from '../../../test/app.js';
import { ocpiCallLog, roamingObjectPushes, roamingPartners } from '../../../db/schema/index.js';
import type { Db } from '../../../db/client.js';
import { addChargePoint } from '../../ocpp/registry.js';
import { KEY, startOcppApp, until as untilIn, type OcppTestApp } from '../../ocpp/test-helpers.js';
import { seedLocation, seedTariffs } from '../model/test-seed.js';
import { getLocation } from '../emsp/location-store.js';
import { getTariff } from '../emsp/tariff-store.js';
import { cli, registerEmspWith, roamingServer } from '../test-helpers.js';

// Server A (HU/AAA) is the CPO with an OCPP charger; our own servers B (HU/BBB) and C (HU/CCC)
// register with it as eMSPs through the real handshake, and A pushes to their real Locations
// and Tariffs Receiver interfaces; at the end A is restarted with pushes queued. Rounds run
// every 2 s (sooner on a status report): waits are bounded, generous.
const until = <T>(fn: () => Promise<T> | T) => untilIn(fn, 20_000);

type Server = TestApp & { url: string };
let a: OcppTestApp & { http: string };
let b: Server;
let c: Server;
let restarted: FastifyInstance | null = null;
let tariffs: { paid: number; free: number };
let cp: RPCClient;
let locationId: number;
let chargerId: number;

/** A partner's row id in `db`, by party. */
async function partnerId(db: Db, party: string): Promise<number> {
  const [row] = await db
    .select({ id: roamingPartners.id })
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, party));
  return row!.id;
}

/** The calls A made to a partner's Locations/Tariffs receivers (its call log). */
async function callsTo(db: Db, party: string, module: 'locations' | 'tariffs') {
  const id = await partnerId(db, party);
  return db
    .select()
    .from(ocpiCallLog)
    .where(
      and(
        eq(ocpiCallLog.direction, 'out'),
        eq(ocpiCallLog.partnerId, id),
        eq(ocpiCallLog.module, module),
      ),
    )
    .orderBy(ocpiCallLog.id);
}

/** A's Location as eMSP `server` holds it (its Receiver's store). */
async function heldBy(server: Server, cpoParty: string, id: number): Promise<Location | null> {
  return getLocation(server.database.db, {
    partnerId: await partnerId(server.database.db, cpoParty),
    countryCode: 'HU',
    partyId: cpoParty,
    locationId: String(id),
  });
}
const evseOf = (l: Location | null) =>
  l?.evses?.find((e: Evse) => e.uid === `HU*AAA*E${chargerId}`);

/** A push row that another replica holds (its lease runs): nothing is sent until released. */
async function holdPush(party: string) {
  const pid = await partnerId(a.database.db, party);
  await until(async () => {
    const pending = await a.database.db
      .select({ id: roamingObjectPushes.id })
      .from(roamingObjectPushes)
      .where(
        and(
          eq(roamingObjectPushes.partnerId, pid),
          sql`delivered_at is null and dropped_at is null`,
        ),
      );
    return pending.length === 0;
  });
  const [row] = await a.database.db
    .insert(roamingObjectPushes)
    .values({
      partnerId: pid,
      kind: 'EVSE',
      objectId: chargerId,
      claimedUntil: sql`now() + interval '1 hour'`,
    })
    .returning();
  return row!;
}
const pushRow = async (id: number) =>
  (
    await a.database.db.select().from(roamingObjectPushes).where(eq(roamingObjectPushes.id, id))
  )[0]!;
const release = (id: number) =>
  a.database.db
    .update(roamingObjectPushes)
    .set({ claimedUntil: sql`now() - interval '1 second'` })
    .where(eq(roamingObjectPushes.id, id));

/** Every queued push of `db` delivered or dropped (the partner's answer is in the call log). */
const settled = (db: Db) =>
  until(async () => {
    const pending = await db
      .select({ id: roamingObjectPushes.id })
      .from(roamingObjectPushes)
      .where(sql`delivered_at is null and dropped_at is null`);
    return pending.length === 0;
  });

const status = (s: string) =>
  cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: s });

beforeAll(async () => {
  const ocppApp = await startOcppApp({ ROAMING_PARTY_ID: 'AAA' });
  const http = ocppApp.url.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  ocppApp.config.publicUrl = http;
  a = Object.assign(ocppApp, { http });
  [b, c] = await Promise.all([roamingServer('BBB'), roamingServer('CCC')]);
  await Promise.all([
    registerEmspWith({ server: a, url: a.http, party: 'AAA' }, { server: b, party: 'BBB' }),
    registerEmspWith({ server: a, url: a.http, party: 'AAA' }, { server: c, party: 'CCC' }),
  ]);
  ({ locationId } = await seedLocation(a.database.db, 'Westend', []));
  // Three servers and two handshakes: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await cp?.close({ force: true });
  // A's first app was closed by the restart test: then its second one and its database are.
  const closeA = restarted ? restarted.close().then(() => a.database.close()) : a?.close();
  await Promise.all([closeA, b?.close(), c?.close()]);
});

describe('our Locations pushed to eMSP partners', () => {
  it('a charger the operator adds reaches every registered eMSP as a PUT of its Location', async () => {
    tariffs = await seedTariffs(a.database.db);
    const tariffId = tariffs.paid;
    const added = await addChargePoint(a.database.db, {
      id: 'PUSH-CP',
      key: KEY,
      connectors: 1,
      locationId,
      tariffId,
    });
    chargerId = added.chargerIds[0]!;
    await settled(a.database.db);
    for (const server of [b, c]) {
      const l = await heldBy(server, 'AAA', locationId);
      expect(l).toMatchObject({ id: String(locationId), name: 'Westend', party_id: 'AAA' });
      expect(evseOf(l)).toMatchObject({ status: 'PLANNED' });
      expect(evseOf(l)!.connectors[0]!.tariff_ids).toEqual([String(tariffId)]);
    }
    const puts = (await callsTo(a.database.db, 'BBB', 'locations')).filter(
      (r) => r.method === 'PUT',
    );
    expect(puts.map((r) => [r.url.split('/ocpi/')[1], r.ocpiStatus])).toEqual([
      [`2.2.1/emsp/locations/HU/AAA/${locationId}`, 1000],
    ]);
    cp = new RPCClient({
      endpoint: a.url,
      identity: 'PUSH-CP',
      protocols: ['ocpp1.6'],
      password: KEY,
      reconnect: false,
    } as never);
    await cp.connect();
  });

  it('status changes before a send become one PATCH with the latest status', async () => {
    const held = await holdPush('BBB');
    const before = (await callsTo(a.database.db, 'BBB', 'locations')).length;
    await status('Available');
    await status('Preparing');
    await status('Charging');
    // Each change joined the one pending push; nothing was sent while it was held.
    expect((await pushRow(held.id)).generation).toBe(3);
    expect(await callsTo(a.database.db, 'BBB', 'locations')).toHaveLength(before);

    await release(held.id);
    await until(async () => (await pushRow(held.id)).deliveredAt);
    const calls = (await callsTo(a.database.db, 'BBB', 'locations')).slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: expect.stringMatching(
        new RegExp(`/ocpi/2\\.2\\.1/emsp/locations/HU/AAA/${locationId}/HU\\*AAA\\*E${chargerId}$`),
      ),
      ocpiStatus: 1000,
      requestBody: { status: 'CHARGING', last_updated: expect.any(String) },
    });
    expect(evseOf(await heldBy(b, 'AAA', locationId))!.status).toBe('CHARGING');
  });

  it('a removed partner is sent nothing, not even what was queued for it', async () => {
    const held = await holdPush('CCC');
    const before = (await callsTo(a.database.db, 'CCC', 'locations')).length;
    const removed = await cli(a, 'remove', '--country', 'HU', '--party', 'CCC');
    expect(removed.code, removed.text).toBe(0);
    await status('Finishing');
    await release(held.id);
    const dropped = await until(async () => {
      const row = await pushRow(held.id);
      return row.droppedAt ? row : null;
    });
    expect(dropped.deliveredAt).toBeNull();
    expect(dropped.lastError).toMatch(/no longer a registered eMSP/);
    // B (still registered) hears of the change; C gets no call and no new push row.
    await settled(a.database.db);
    expect(evseOf(await heldBy(b, 'AAA', locationId))!.status).toBe('BLOCKED');
    expect(await callsTo(a.database.db, 'CCC', 'locations')).toHaveLength(before);
    const forC = await a.database.db
      .select()
      .from(roamingObjectPushes)
      .where(eq(roamingObjectPushes.partnerId, await partnerId(a.database.db, 'CCC')));
    expect(forC.filter((r) => r.id > held.id)).toEqual([]);
  });

  it('an EVSE the partner does not know yet is sent as its whole Location', async () => {
    // B forgets A's location (as if it had never pulled it): the PATCH gets "unknown location".
    await b.database.db.execute(sql`delete from roaming_partner_locations`);
    await status('Available');
    await until(
      async () => (await callsTo(a.database.db, 'BBB', 'locations')).at(-1)?.method === 'PUT',
    );
    const l = await heldBy(b, 'AAA', locationId);
    expect(l!.name).toBe('Westend');
    expect(evseOf(l)!.status).toBe('AVAILABLE');
    const last = (await callsTo(a.database.db, 'BBB', 'locations')).slice(-2);
    expect(last.map((r) => [r.method, r.ocpiStatus])).toEqual([
      ['PATCH', 2003],
      ['PUT', 1000],
    ]);
  });
});

describe('our Tariffs pushed to eMSP partners', () => {
  it('new price settings are PUT; edits queued while the server was down go out after a restart', async () => {
    const { paid, free } = tariffs;
    const db = a.database.db;
    const tariffAtB = async (id: number) =>
      getTariff(b.database.db, {
        partnerId: await partnerId(b.database.db, 'AAA'),
        countryCode: 'HU',
        partyId: 'AAA',
        tariffId: String(id),
      });
    const energy = (t: Tariff | null) =>
      t?.elements[0]!.price_components.find((p) => p.type === 'ENERGY')?.price;
    // B was registered when they were made: each new price setting was pushed to it.
    await settled(db);
    expect(energy(await tariffAtB(paid))).toBe(118.1102);
    expect(await tariffAtB(free)).not.toBeNull();

    // The server stops; the operator edits the prices meanwhile (the data path of our tariffs).
    await cp.close({ force: true });
    await a.app.close();
    await db.execute(sql`update charging_tariffs set unit_charging_gross = 254 where id = ${paid}`);
    await db.execute(sql`update charging_tariffs set active = false where id = ${free}`);
    const queued = await db
      .select()
      .from(roamingObjectPushes)
      .where(sql`delivered_at is null and dropped_at is null and kind = 'TARIFF'`);
    expect(queued.map((r) => [r.partnerId, r.objectId])).toEqual(
      expect.arrayContaining([
        [await partnerId(db, 'BBB'), paid],
        [await partnerId(db, 'BBB'), free],
      ]),
    );

    restarted = await buildApp({ config: a.config, database: a.database });
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    await settled(db);
    expect(energy(await tariffAtB(paid))).toBe(200);
    expect(await tariffAtB(free)).toBeNull();
    const calls = await callsTo(db, 'BBB', 'tariffs');
    expect(
      calls.slice(-2).map((r) => [r.method, r.url.split('/tariffs/')[1], r.ocpiStatus]),
    ).toEqual(
      expect.arrayContaining([
        ['PUT', `HU/AAA/${paid}`, 1000],
        ['DELETE', `HU/AAA/${free}`, 1000],
      ]),
    );
  });
});
