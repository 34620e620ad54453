import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../../db/client.js';
import { gates } from '../../db/schema/index.js';
import { runGatesCli } from './cli.js';
import { verifyGateKey } from './keys.js';
import { seedLot } from './test-helpers.js';

let database: Database;
let lotId: number;
const open = async () => ({ ...database, close: async () => {} });
beforeAll(async () => {
  database = await createTestDatabase();
  lotId = await seedLot(database.db);
});
afterAll(async () => {
  await database?.close();
});

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await runGatesCli(
    argv,
    open,
    (s) => lines.push(s),
    (s) => lines.push(`ERR ${s}`),
  );
  return { code, text: lines.join('\n') };
}

const row = async (id: number) =>
  (await database.db.select().from(gates).where(eq(gates.id, id)))[0]!;

describe('npm run gates', () => {
  it('adds a gate with a given key, stored hashed, named after its direction', async () => {
    const r = await run(
      'add',
      '--lot',
      String(lotId),
      '--direction',
      'in',
      '--key',
      'gate-key-0123456789',
    );
    expect(r.code, r.text).toBe(0);
    const id = Number(/Added gate (\d+)/.exec(r.text)![1]);
    expect(r.text).toContain(`client id gate-${id}, user name ${id}`);
    expect(r.text).not.toContain('gate-key-0123456789');
    const g = await row(id);
    expect(g).toMatchObject({
      parkingLotId: lotId,
      direction: 'IN',
      name: 'Behajtó',
      enabled: true,
      controllerId: `gate-${id}`,
    });
    expect(g.keyHash).not.toContain('gate-key-0123456789');
    expect(await verifyGateKey(g.keyHash!, 'gate-key-0123456789')).toBe(true);
  });

  it('adds a gate with a generated key printed once', async () => {
    const r = await run(
      'add',
      '--lot',
      String(lotId),
      '--direction',
      'BOTH',
      '--name',
      'Sorompó 2',
    );
    expect(r.code, r.text).toBe(0);
    const id = Number(/Added gate (\d+)/.exec(r.text)![1]);
    const key = /shown once\): (\S+)/.exec(r.text)![1]!;
    expect(key.length).toBeGreaterThanOrEqual(16);
    expect(await verifyGateKey((await row(id)).keyHash!, key)).toBe(true);
  });

  it('set-key with --key sets it; without --key generates and prints one', async () => {
    const added = await run('add', '--lot', String(lotId), '--direction', 'OUT');
    const id = Number(/Added gate (\d+)/.exec(added.text)![1]);
    const set = await run('set-key', '--gate', String(id), '--key', 'another-key-456789');
    expect(set).toEqual({ code: 0, text: `Key of gate ${id} changed.` });
    expect(await verifyGateKey((await row(id)).keyHash!, 'another-key-456789')).toBe(true);
    const gen = await run('set-key', '--gate', String(id));
    expect(gen.code).toBe(0);
    const key = /shown once\): (\S+)/.exec(gen.text)![1]!;
    expect(await verifyGateKey((await row(id)).keyHash!, key)).toBe(true);
    expect(await verifyGateKey((await row(id)).keyHash!, 'another-key-456789')).toBe(false);
  });

  it('disables and enables a gate, and lists gates with their state', async () => {
    const added = await run('add', '--lot', String(lotId), '--direction', 'IN', '--name', 'Listed');
    const id = Number(/Added gate (\d+)/.exec(added.text)![1]);
    expect(await run('disable', '--gate', String(id))).toEqual({
      code: 0,
      text: `Gate ${id} disabled.`,
    });
    expect((await row(id)).enabled).toBe(false);
    const list = await run('list', '--lot', String(lotId));
    expect(list.text).toMatch(
      new RegExp(
        `^${id}  lot ${lotId}  IN  Listed  \\[gate-${id}\\]  last seen never  DISABLED, offline$`,
        'm',
      ),
    );
    await run('enable', '--gate', String(id));
    expect((await row(id)).enabled).toBe(true);
    const json = JSON.parse((await run('list', '--json')).text) as { id: number }[];
    expect(json.map((g) => g.id)).toContain(id);
  });

  it('refuses bad usage and unknown gates with clear messages, changing nothing', async () => {
    expect((await run('add', '--lot', String(lotId), '--direction', 'SIDEWAYS')).code).toBe(2);
    expect((await run('add', '--lot', '999999', '--direction', 'IN')).text).toContain(
      'no parking lot with id 999999',
    );
    const short = await run('add', '--lot', String(lotId), '--direction', 'IN', '--key', 'short');
    expect(short).toMatchObject({ code: 1 });
    expect(short.text).toContain('16 to 40 characters');
    expect((await run('set-key', '--gate', '999999', '--key', 'x'.repeat(20))).text).toBe(
      'ERR no gate with id 999999',
    );
    expect((await run('disable', '--gate', 'abc')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run()).code).toBe(2);
  });
});
