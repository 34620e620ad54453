import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parkingLotAdmins, parkingLots, userCars, users, vehicles } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { createActiveUser } from '../../test/users.js';
import { seedLot } from '../gates/test-helpers.js';
import { runParkingCli } from './cli.js';
import { cameraDriverOf } from './camera-cars.js';
import { isLotAdmin } from './lot-admins.js';
import { budapestDay, hasValidPermit } from './permits.js';

let database: Database;
let lotId: number;
let userId: number;
let closes = 0;
const open = async () => ({
  ...database,
  close: async () => {
    closes += 1;
  },
});
beforeAll(async () => {
  database = await createTestDatabase();
  lotId = await seedLot(database.db);
  userId = (await createActiveUser(database.db, 'Operator.Admin@example.com'.toLowerCase())).id;
});
afterAll(async () => {
  await database?.close();
});

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await runParkingCli(
    argv,
    open,
    (s) => lines.push(s),
    (s) => lines.push(`ERR ${s}`),
  );
  return { code, text: lines.join('\n') };
}

describe('npm run parking -- admins', () => {
  it('adds an admin by e-mail (any letter case), lists and removes them', async () => {
    const added = await run(
      'admins',
      'add',
      '--lot',
      String(lotId),
      '--email',
      'OPERATOR.admin@example.com ',
    );
    expect(added).toEqual({
      code: 0,
      text: `OPERATOR.admin@example.com (user ${userId}) is now an admin of parking lot ${lotId}.`,
    });
    expect(await isLotAdmin(database.db, lotId, userId)).toBe(true);
    const again = await run(
      'admins',
      'add',
      '--lot',
      String(lotId),
      '--email',
      'operator.admin@example.com',
    );
    expect(again.text).toContain('was already an admin');
    const list = await run('admins', 'list', '--lot', String(lotId));
    expect(list.code).toBe(0);
    expect(list.text).toMatch(
      new RegExp(`^operator\\.admin@example\\.com  user ${userId}  since \\d{4}-\\d{2}-\\d{2}$`),
    );
    const json = JSON.parse(
      (await run('admins', 'list', '--lot', String(lotId), '--json')).text,
    ) as {
      userId: number;
    }[];
    expect(json.map((a) => a.userId)).toEqual([userId]);
    const removed = await run(
      'admins',
      'remove',
      '--lot',
      String(lotId),
      '--email',
      'operator.admin@example.com',
    );
    expect(removed).toEqual({
      code: 0,
      text: `operator.admin@example.com is no longer an admin of parking lot ${lotId}.`,
    });
    expect(await isLotAdmin(database.db, lotId, userId)).toBe(false);
    expect((await run('admins', 'list', '--lot', String(lotId))).text).toBe(
      `Parking lot ${lotId} has no admins.`,
    );
  });

  it('refuses unknown e-mails, guest users and unknown lots, changing nothing', async () => {
    const unknown = await run(
      'admins',
      'add',
      '--lot',
      String(lotId),
      '--email',
      'nobody@example.com',
    );
    expect(unknown).toEqual({
      code: 1,
      text: 'ERR No user has the e-mail address nobody@example.com.',
    });
    const [guest] = await database.db
      .insert(users)
      .values({ email: 'guest@example.com', casualUser: true })
      .returning({ id: users.id });
    const casual = await run(
      'admins',
      'add',
      '--lot',
      String(lotId),
      '--email',
      'guest@example.com',
    );
    expect(casual.code).toBe(1);
    expect(casual.text).toContain('guest (casual) user');
    expect(await isLotAdmin(database.db, lotId, guest!.id)).toBe(false);
    const noLot = await run(
      'admins',
      'add',
      '--lot',
      '999999',
      '--email',
      'operator.admin@example.com',
    );
    expect(noLot).toEqual({ code: 1, text: 'ERR no parking lot with id 999999' });
    expect(
      await database.db.select().from(parkingLotAdmins).where(eq(parkingLotAdmins.userId, userId)),
    ).toHaveLength(0);
  });
});

describe('npm run parking -- permits', () => {
  it('adds a permit with a validity, normalising the plate, and switches the lot to permits', async () => {
    const today = budapestDay();
    const r = await run(
      'permits',
      'add',
      '--lot',
      String(lotId),
      '--plate',
      'abc-123',
      '--to',
      '2099-12-31',
    );
    expect(r).toEqual({
      code: 0,
      text: `Permit for ABC123 at parking lot ${lotId}: valid until 2099-12-31.\nParking lot ${lotId} now asks drivers for their permit.`,
    });
    const [row] = await database.db.select().from(parkingLots).where(eq(parkingLots.id, lotId));
    expect(row!.hasPermits).toBe(true);
    expect(await hasValidPermit(database.db, lotId, 'ABC 123')).toBe(true);
    const changed = await run(
      'permits',
      'add',
      '--lot',
      String(lotId),
      '--plate',
      'ABC123',
      '--from',
      '2099-01-01',
    );
    expect(changed.text).toBe(
      `Permit of ABC123 at parking lot ${lotId} changed: valid from 2099-01-01.`,
    );
    expect(await hasValidPermit(database.db, lotId, 'ABC123')).toBe(false);
    await run(
      'permits',
      'add',
      '--lot',
      String(lotId),
      '--plate',
      'XY 987',
      '--from',
      today,
      '--to',
      today,
    );
    expect(await hasValidPermit(database.db, lotId, 'XY987')).toBe(true);
    expect((await run('permits', 'list', '--lot', String(lotId))).text).toBe(
      `ABC123  valid from 2099-01-01\nXY987  valid from ${today} until ${today}`,
    );
    const json = JSON.parse(
      (await run('permits', 'list', '--lot', String(lotId), '--json')).text,
    ) as {
      plate: string;
    }[];
    expect(json.map((p) => p.plate)).toEqual(['ABC123', 'XY987']);
  });

  it('removes a permit', async () => {
    await run('permits', 'add', '--lot', String(lotId), '--plate', 'RMV-001');
    expect(await run('permits', 'remove', '--lot', String(lotId), '--plate', 'rmv 001')).toEqual({
      code: 0,
      text: `Permit of rmv 001 at parking lot ${lotId} removed.`,
    });
    expect(await hasValidPermit(database.db, lotId, 'RMV001')).toBe(false);
    expect((await run('permits', 'remove', '--lot', String(lotId), '--plate', 'RMV001')).text).toBe(
      `RMV001 had no permit at parking lot ${lotId}.`,
    );
  });

  it('refuses bad usage with exit code 2 and bad values with 1, changing nothing', async () => {
    const before = closes;
    expect((await run('permits', 'add', '--lot', String(lotId))).code).toBe(2);
    expect((await run('permits', 'add', '--lot', 'x', '--plate', 'A1')).code).toBe(2);
    expect(
      (await run('permits', 'add', '--lot', String(lotId), '--plate', 'A1', '--from', '1.1.2026'))
        .code,
    ).toBe(2);
    expect(
      (await run('permits', 'add', '--lot', String(lotId), '--plate', 'A1', '--bogus')).code,
    ).toBe(2);
    expect((await run('permits', 'frobnicate')).code).toBe(2);
    expect((await run('admins')).code).toBe(2);
    expect((await run()).code).toBe(2);
    expect(closes).toBe(before);
    const impossible = await run(
      'permits',
      'add',
      '--lot',
      String(lotId),
      '--plate',
      'A1',
      '--from',
      '2026-02-30',
    );
    expect(impossible).toEqual({ code: 1, text: 'ERR --from must be a date as YYYY-MM-DD' });
    const reversed = await run(
      'permits',
      'add',
      '--lot',
      String(lotId),
      '--plate',
      'A1',
      '--from',
      '2026-06-02',
      '--to',
      '2026-06-01',
    );
    expect(reversed.code).toBe(1);
    expect((await run('permits', 'add', '--lot', String(lotId), '--plate', '<>')).code).toBe(1);
    expect((await run('permits', 'list', '--lot', String(lotId))).text).not.toContain('A1');
    expect((await run('permits', 'list', '--lot', '999999')).text).toBe(
      'ERR no parking lot with id 999999',
    );
    const help = await run('help');
    expect(help.code).toBe(0);
    expect(help.text).toContain('permits add --lot <lotId> --plate <plate>');
  });
});

describe('npm run parking -- camera', () => {
  it('switches camera parking on and off for a driver’s car and lists it', async () => {
    const [v] = await database.db
      .insert(vehicles)
      .values({ producer: 'Nissan', model: 'Leaf' })
      .returning();
    await database.db
      .insert(userCars)
      .values({ userId, vehicleId: v!.id, licensePlate: 'CAM-001', defaultCar: true });
    const on = await run(
      'camera',
      'on',
      '--email',
      'operator.admin@example.com',
      '--plate',
      'cam 001',
    );
    expect(on).toEqual({
      code: 0,
      text: 'Camera parking on for CAM001 of operator.admin@example.com.',
    });
    expect(await cameraDriverOf(database.db, 'CAM-001')).toBe(userId);
    expect((await run('camera', 'list')).text).toMatch(
      /^operator\.admin@example\.com {2}CAM-001 {2}car \d+ {2}since \d{4}-\d{2}-\d{2}$/,
    );
    const off = await run(
      'camera',
      'off',
      '--email',
      'operator.admin@example.com',
      '--plate',
      'CAM001',
    );
    expect(off.code).toBe(0);
    expect(await cameraDriverOf(database.db, 'CAM001')).toBeNull();
    expect((await run('camera', 'list')).text).toBe('No car has camera parking.');
    const noCar = await run(
      'camera',
      'on',
      '--email',
      'operator.admin@example.com',
      '--plate',
      'XXX-999',
    );
    expect(noCar).toEqual({
      code: 1,
      text: 'ERR operator.admin@example.com has no car with plate XXX999',
    });
    expect((await run('camera', 'on', '--plate', 'CAM001')).code).toBe(2);
  });
});
