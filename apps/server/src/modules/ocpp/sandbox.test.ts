import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoDataIfEmpty } from '../../db/seed/demo.js';
import { generateLocations } from '../../db/seed/generate.js';
import { GENERATED_CHARGE_POINT_PREFIX } from '../../db/seed/generated-ids.js';
import { sandboxFleet } from './sandbox.js';
import { rowsOf, until } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SIMULATE_CHARGERS: '1' },
    seed: (d) => seedDemoDataIfEmpty(d.db, { info: () => {} } as never).then(() => {}),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const counts = async () =>
  Object.fromEntries(
    rowsOf<{ status: string; n: number }>(
      await t.database.db.execute(
        sql`select status, count(*)::int as n from chargers group by status`,
      ),
    ).map((r) => [r.status, r.n]),
  );

describe('sandbox simulators (npm start)', () => {
  it('connect every seeded charge point over loopback OCPP, keeping every SPEC §4 state visible', async () => {
    const before = await counts();
    // onListen does not hold up listen(): the fleet starts in the background.
    const fleet = await until(() => t.app.ocpp.fleet, 30_000);
    const port = (t.app.server.address() as AddressInfo).port;
    expect(port).toBeGreaterThan(0);
    const total = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from charge_points`),
    )[0]!.n;
    const offline = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select count(distinct cp.id)::int as n from charge_points cp join chargers c on c.charge_point_id = cp.id
        where cp.last_boot_at is null or c.status in ('UNKNOWN', 'NEW_NOT_CONNECTED')`),
    )[0]!.n;
    expect(fleet.members.size).toBe(total - offline);
    for (const id of fleet.members.keys()) expect(t.app.ocpp.central.isConnected(id)).toBe(true);
    // Statuses reported by the simulators arrive; the mix of states stays.
    await until(async () => {
      const c = await counts();
      return Object.keys(c).length >= 10 && c.AVAILABLE === before.AVAILABLE;
    }, 20_000);
    const after = await counts();
    for (const st of [
      'AVAILABLE',
      'PREPARING',
      'OCCUPIED',
      'RESERVED',
      'FINISHING',
      'ERROR',
      'UNAVAILABLE',
      'UNKNOWN',
      'OUT_OF_SERVICE',
      'NEW_NOT_CONNECTED',
    ]) {
      expect(after[st], st).toBeGreaterThan(0);
    }
  }, 60_000);

  it("leave the scale-test generator's charge points to bench/ocpp and npm run sim", async () => {
    const seeded = await sandboxFleet(t.database.db);
    await generateLocations(t.database.db, 40, { seed: 7 });
    const generated = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from charge_points where id like ${`${GENERATED_CHARGE_POINT_PREFIX}%`}`,
      ),
    )[0]!.n;
    expect(generated).toBeGreaterThan(0);
    const inProcess = await sandboxFleet(t.database.db);
    expect(inProcess.map((m) => m.id)).toEqual(seeded.map((m) => m.id));
    const all = await sandboxFleet(t.database.db, { includeGenerated: true });
    expect(all.length).toBe(seeded.length + generated);
  }, 60_000);
});
