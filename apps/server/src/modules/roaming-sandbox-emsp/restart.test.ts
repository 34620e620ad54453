import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Location } from '@voltpark/contract/ocpi/locations';
import { buildApp } from '../../app.js';
import { roamingPartners, sandboxEmspPlatform } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { getToken } from '../roaming/cpo/tokens-store.js';
import { seedLocation, seedTariffs } from '../roaming/model/test-seed.js';
import { listObjects } from './store.js';

// VoltDrive (the eMSP emulator) and a server restart over the same database: it does not wait
// for pushes (our outbox sends only changes) but reads our network again, and a registration it
// lost the credentials of is done again.
let t: TestApp;
let current: FastifyInstance;
const closers: Array<() => Promise<void>> = [];

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.config.publicUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  current = app;
  return app.roamingSandboxEmsp!.whenRegistered();
}

/** The server stops and a new one starts on the same database. */
async function restart() {
  await current.close();
  const app = await buildApp({ config: t.config, database: t.database });
  closers.push(() => app.close());
  return listen(app);
}

const voltDrive = async () => {
  const [p] = await t.database.db
    .select()
    .from(roamingPartners)
    .where(and(eq(roamingPartners.countryCode, 'HU'), eq(roamingPartners.partyId, 'VDR')));
  return p!;
};
const heldLocations = () => listObjects<Location>(t.database.db, 'LOCATION');

beforeAll(async () => {
  t = await createTestApp({ env: { ROAMING_SANDBOX_EMSP: '1', ROAMING_PARTY_ID: 'VPK' } });
  closers.push(() => t.close());
  const { paid } = await seedTariffs(t.database.db);
  await seedLocation(t.database.db, 'Restart tér', [
    { outlet: 'TYPE2', current: 'AC', powerKw: 22, tariffId: paid },
  ]);
  expect(await listen(t.app)).toBe('registered');
  expect((await heldLocations()).map((l) => l.name)).toContain('Restart tér');
}, 120_000);

afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe('the eMSP emulator after a restart', () => {
  it('registered on both sides: reads our Locations and Tariffs again before it counts as started', async () => {
    // What it held is gone (as if its pushes had been lost); nothing changes on our side.
    await t.database.db.execute(sql`delete from sandbox_emsp_objects`);
    const before = await voltDrive();
    expect(await restart()).toBe('already');
    expect((await heldLocations()).map((l) => l.name)).toContain('Restart tér');
    expect((await listObjects(t.database.db, 'TARIFF')).length).toBeGreaterThan(0);
    // The same registration: no new handshake.
    expect(await voltDrive()).toMatchObject({
      status: 'REGISTERED',
      issuedTokenHash: before.issuedTokenHash,
    });
  }, 120_000);

  it('its credentials gone: registers again (a new token), sends its drivers’ tokens and reads our network', async () => {
    const before = await voltDrive();
    await t.database.db.execute(sql`delete from sandbox_emsp_objects`);
    await t.database.db.delete(sandboxEmspPlatform);
    await t.database.db.execute(sql`delete from roaming_tokens where partner_id = ${before.id}`);
    expect(await restart()).toBe('registered');
    const after = await voltDrive();
    expect(after).toMatchObject({ status: 'REGISTERED', role: 'EMSP' });
    expect(after.theirToken).not.toBe(before.theirToken);
    const [mine] = await t.database.db.select().from(sandboxEmspPlatform);
    expect(mine).toMatchObject({ status: 'REGISTERED', lastError: null });
    expect(
      await getToken(t.database.db, {
        partnerId: after.id,
        countryCode: 'HU',
        partyId: 'VDR',
        uid: 'VDR0000000001',
        type: 'RFID',
      }),
    ).toMatchObject({ valid: true });
    expect((await heldLocations()).map((l) => l.name)).toContain('Restart tér');
  }, 120_000);

  it('removed by our operator: left so, nothing read', async () => {
    await t.database.db
      .update(roamingPartners)
      .set({ status: 'UNREGISTERED' })
      .where(eq(roamingPartners.partyId, 'VDR'));
    await t.database.db.execute(sql`delete from sandbox_emsp_objects`);
    expect(await restart()).toBe('already');
    expect(await voltDrive()).toMatchObject({ status: 'UNREGISTERED' });
    expect(await heldLocations()).toEqual([]);
  }, 120_000);
});
