import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemoData } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { sandboxGateKey } from './keys.js';
import { verifyGateKey } from './keys.js';
import { gateRow, until } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: (d) => seedDemoData(d.db),
    env: { HOST: '127.0.0.1', GATES_MQTT_PORT: '0', SIMULATE_GATES: '1', SIMULATE_CHARGERS: '0' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.gates.whenStarted();
});
afterAll(() => t?.close());

describe('sandbox gates (SIMULATE_GATES)', () => {
  it('gives every demo gate its sandbox key and connects a simulated controller for each over MQTT', async () => {
    const rows = (
      (await t.database.db.execute(sql`select id, key_hash from gates order by id`)) as unknown as {
        rows: { id: number; key_hash: string }[];
      }
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows.slice(0, 3)) {
      expect(await verifyGateKey(r.key_hash, sandboxGateKey(r.id))).toBe(true);
    }
    expect(t.app.gates.broker).not.toBeNull();
    expect([...t.app.gates.sims!.controllers.keys()].sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.id),
    );
    await until(async () => {
      const r = (await t.database.db.execute(
        sql`select count(*)::int as n from gates where online`,
      )) as unknown as { rows: { n: number }[] };
      return r.rows[0]!.n === rows.length;
    }, 'every demo gate online');
  });

  it('a tester plays a car at a demo gate and the server opens it', async () => {
    const [first] = t.app.gates.sims!.controllers.values();
    const gateId = first!.gateId;
    const passed: number[] = [];
    t.app.gates.service.on('passed', (e) => passed.push(e.gateId));
    await first!.arrive('AAA111');
    await until(async () => (await gateRow(t.database.db, gateId)).carPresent, 'car present');
    await t.app.gates.service.openGate(gateId, 'sandbox test', { requireCar: true });
    await first!.driveThrough();
    await until(() => passed.includes(gateId), 'passed');
  });
});
