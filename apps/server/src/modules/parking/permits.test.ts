import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parkingLots } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { seedLot } from '../gates/test-helpers.js';
import {
  addPermit,
  budapestDay,
  hasValidPermit,
  listPermits,
  PermitError,
  removePermit,
} from './permits.js';
import { normalisePlate } from './plates.js';

let database: Database;
let lotId: number;
let otherLotId: number;
// 10:00 in Budapest on 15 June 2026.
const now = new Date('2026-06-15T08:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  lotId = await seedLot(database.db);
  otherLotId = await seedLot(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe('plates', () => {
  it('are kept in capitals without spaces, dashes or dots', () => {
    expect(normalisePlate('abc-123')).toBe('ABC123');
    expect(normalisePlate(' aa bb-123 ')).toBe('AABB123');
    expect(normalisePlate('AB.CD–456')).toBe('ABCD456');
    expect(normalisePlate('öü-12')).toBe('ÖÜ12');
  });

  it('are refused when nothing or more than letters and digits is left', () => {
    expect(normalisePlate(' - ')).toBeNull();
    expect(normalisePlate('AB<1>')).toBeNull();
    expect(normalisePlate("ABC123'; drop")).toBeNull();
    expect(normalisePlate('A'.repeat(13))).toBeNull();
  });
});

describe('permit days', () => {
  it('are Budapest calendar days, in summer and in winter time', () => {
    expect(budapestDay(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04-01');
    expect(budapestDay(new Date('2026-03-31T21:30:00Z'))).toBe('2026-03-31');
    expect(budapestDay(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-02');
    expect(budapestDay(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
  });
});

describe('the permit check', () => {
  it('holds for a plate with a permit valid today at that lot, however the plate is typed', async () => {
    await addPermit(database.db, { lotId, plate: 'PRM-001' });
    expect(await hasValidPermit(database.db, lotId, 'PRM-001', now)).toBe(true);
    expect(await hasValidPermit(database.db, lotId, 'prm 001', now)).toBe(true);
  });

  it('fails at another lot and for another plate', async () => {
    await addPermit(database.db, { lotId, plate: 'PRM-002' });
    expect(await hasValidPermit(database.db, otherLotId, 'PRM-002', now)).toBe(false);
    expect(await hasValidPermit(database.db, lotId, 'PRM-999', now)).toBe(false);
  });

  it('fails for an expired permit and one that has not started; both end days count', async () => {
    await addPermit(database.db, {
      lotId,
      plate: 'OLD-001',
      validFrom: '2026-01-01',
      validTo: '2026-06-14',
    });
    await addPermit(database.db, { lotId, plate: 'NEW-001', validFrom: '2026-06-16' });
    await addPermit(database.db, {
      lotId,
      plate: 'DAY-001',
      validFrom: '2026-06-15',
      validTo: '2026-06-15',
    });
    expect(await hasValidPermit(database.db, lotId, 'OLD-001', now)).toBe(false);
    expect(await hasValidPermit(database.db, lotId, 'NEW-001', now)).toBe(false);
    expect(await hasValidPermit(database.db, lotId, 'DAY-001', now)).toBe(true);
    // 23:30 UTC on 15 June is already 16 June in Budapest.
    expect(
      await hasValidPermit(database.db, lotId, 'DAY-001', new Date('2026-06-15T22:30:00Z')),
    ).toBe(false);
    expect(
      await hasValidPermit(database.db, lotId, 'NEW-001', new Date('2026-06-15T22:30:00Z')),
    ).toBe(true);
  });

  it('fails while the lot has its permits switched off', async () => {
    const lot = await seedLot(database.db);
    await addPermit(database.db, { lotId: lot, plate: 'OFF-001' });
    expect(await hasValidPermit(database.db, lot, 'OFF-001', now)).toBe(true);
    await database.db.update(parkingLots).set({ hasPermits: false }).where(eq(parkingLots.id, lot));
    expect(await hasValidPermit(database.db, lot, 'OFF-001', now)).toBe(false);
  });
});

describe('managing permits', () => {
  it('switches the lot to asking for permits with its first permit', async () => {
    const lot = await seedLot(database.db);
    const first = await addPermit(database.db, { lotId: lot, plate: 'ABC-123' });
    expect(first).toMatchObject({ created: true, lotSwitchedOn: true });
    expect(first.permit).toMatchObject({ plate: 'ABC123', validFrom: null, validTo: null });
    const [row] = await database.db.select().from(parkingLots).where(eq(parkingLots.id, lot));
    expect(row!.hasPermits).toBe(true);
    const second = await addPermit(database.db, { lotId: lot, plate: 'XYZ-789' });
    expect(second.lotSwitchedOn).toBe(false);
  });

  it('keeps one permit per plate and lot: adding again changes its validity', async () => {
    const lot = await seedLot(database.db);
    await addPermit(database.db, { lotId: lot, plate: 'ABC-123', validTo: '2026-01-31' });
    const again = await addPermit(database.db, {
      lotId: lot,
      plate: 'abc123',
      validFrom: '2026-06-01',
      validTo: '2026-12-31',
    });
    expect(again.created).toBe(false);
    expect(await listPermits(database.db, lot)).toEqual([
      {
        id: again.permit.id,
        lotId: lot,
        plate: 'ABC123',
        validFrom: '2026-06-01',
        validTo: '2026-12-31',
      },
    ]);
    expect(await hasValidPermit(database.db, lot, 'ABC123', now)).toBe(true);
  });

  it('removes a permit, after which the plate has none', async () => {
    const lot = await seedLot(database.db);
    await addPermit(database.db, { lotId: lot, plate: 'RMV-001' });
    expect(await removePermit(database.db, lot, 'rmv-001')).toBe(true);
    expect(await removePermit(database.db, lot, 'RMV-001')).toBe(false);
    expect(await hasValidPermit(database.db, lot, 'RMV-001', now)).toBe(false);
  });

  it('refuses bad plates, impossible dates, a reversed period and unknown lots', async () => {
    const bad = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(PermitError);
    await bad(addPermit(database.db, { lotId, plate: '<script>' }));
    await bad(addPermit(database.db, { lotId, plate: 'BAD-001', validFrom: '2026-02-30' }));
    await bad(addPermit(database.db, { lotId, plate: 'BAD-001', validTo: '31.12.2026' }));
    await expect(
      addPermit(database.db, {
        lotId,
        plate: 'BAD-001',
        validFrom: '2026-06-02',
        validTo: '2026-06-01',
      }),
    ).rejects.toThrow('--to is before --from');
    await expect(addPermit(database.db, { lotId: 999_999, plate: 'BAD-001' })).rejects.toThrow(
      'no parking lot with id 999999',
    );
    expect((await listPermits(database.db, lotId)).map((p) => p.plate)).not.toContain('BAD001');
  });
});
