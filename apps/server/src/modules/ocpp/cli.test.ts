import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../../db/client.js';
import { chargePoints, chargers } from '../../db/schema/index.js';
import { runChargersCli } from './cli.js';
import { verifyChargePointKey } from './keys.js';

let database: Database;
const open = async () => ({ ...database, close: async () => {} });
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function run(...argv: string[]) {
  const lines: string[] = [];
  const err = vi
    .spyOn(console, 'error')
    .mockImplementation((s: string) => void lines.push(`ERR ${s}`));
  try {
    const code = await runChargersCli(argv, open, (s) => lines.push(s));
    return { code, text: lines.join('\n') };
  } finally {
    err.mockRestore();
  }
}

describe('npm run chargers', () => {
  it('adds a charge point with its connectors, hashed key, NEW_NOT_CONNECTED', async () => {
    const r = await run(
      'add',
      '--id',
      'CLI-1',
      '--key',
      'cli-key-0123456789',
      '--connectors',
      '2',
      '--type',
      'dc',
      '--power',
      '150',
      '--outlet',
      'ccs',
    );
    expect(r.code).toBe(0);
    const [cp] = await database.db.select().from(chargePoints).where(eq(chargePoints.id, 'CLI-1'));
    expect(await verifyChargePointKey(cp!.authKeyHash!, 'cli-key-0123456789')).toBe(true);
    const cs = await database.db.select().from(chargers).where(eq(chargers.chargePointId, 'CLI-1'));
    expect(cs.map((c) => [c.connectorId, c.status, c.powerKw, c.outletType])).toEqual([
      [1, 'NEW_NOT_CONNECTED', 150, 'CCS'],
      [2, 'NEW_NOT_CONNECTED', 150, 'CCS'],
    ]);
    expect((await run('list')).text).toContain('CLI-1');
  });
  it('refuses bad input with exit code 2 and failures with 1', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run('add', '--id', 'CLI-2')).code).toBe(2);
    expect((await run('add', '--id', 'CLI-2', '--key', 'short')).code).toBe(1);
    expect(
      (await run('add', '--id', 'CLI-2', '--key', 'cli-key-0123456789', '--type', 'XX')).code,
    ).toBe(2);
    expect(
      (await run('add', '--id', 'CLI-2', '--key', 'cli-key-0123456789', '--location', '99999'))
        .code,
    ).toBe(1);
    expect((await run('add', '--id', 'CLI-1', '--key', 'cli-key-0123456789')).code).toBe(1);
    expect((await run('disable', '--id', 'NOPE')).code).toBe(1);
    expect((await run('add', '--id', 'CLI-3', '--key', 'cli-key-0123456789', '--bogus')).code).toBe(
      2,
    );
  });
  it('disables, enables and rotates keys (a generated key is printed once)', async () => {
    expect((await run('disable', '--id', 'CLI-1')).code).toBe(0);
    let [cp] = await database.db.select().from(chargePoints).where(eq(chargePoints.id, 'CLI-1'));
    expect(cp!.disabled).toBe(true);
    expect((await run('enable', '--id', 'CLI-1')).code).toBe(0);
    const r = await run('rotate-key', '--id', 'CLI-1');
    expect(r.code).toBe(0);
    const key = /shown once\): (\S+)/.exec(r.text)![1]!;
    [cp] = await database.db.select().from(chargePoints).where(eq(chargePoints.id, 'CLI-1'));
    expect(cp!.disabled).toBe(false);
    expect(await verifyChargePointKey(cp!.authKeyHash!, key)).toBe(true);
    expect(await verifyChargePointKey(cp!.authKeyHash!, 'cli-key-0123456789')).toBe(false);
  });
});
