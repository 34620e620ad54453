import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiRoutes, type ParkingLot } from '@voltpark/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { users } from '../schema/index.js';
import { hasValidPermit, listPermits } from '../../modules/parking/permits.js';
import { seedDemoData } from './demo.js';
import { DEMO_ADMIN_LOT, DEMO_LOT_ADMIN } from './demo-parking-access.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db, { demoLotAdmin: true }) });
});
afterAll(() => t.close());

const lotsByName = async () =>
  (
    (await t.database.db.execute(sql`
      select pl.id, l.name, pl.has_permits from parking_lots pl join locations l on l.id = pl.location_id`)) as unknown as {
      rows: { id: number; name: string; has_permits: boolean }[];
    }
  ).rows;

describe('demo seed: permits and the demo lot admin', () => {
  it('gives every demo lot with permits valid, expired and future permit plates', async () => {
    const permitLots = (await lotsByName()).filter((l) => l.has_permits);
    expect(permitLots.length).toBeGreaterThanOrEqual(2);
    const now = new Date('2026-06-15T10:00:00Z');
    for (const lot of permitLots) {
      expect((await listPermits(t.database.db, lot.id)).length).toBe(5);
      expect(await hasValidPermit(t.database.db, lot.id, 'PRM-001', now)).toBe(true);
      expect(await hasValidPermit(t.database.db, lot.id, 'AA BB-123', now)).toBe(true);
      expect(await hasValidPermit(t.database.db, lot.id, 'OLD-001', now)).toBe(false);
      expect(await hasValidPermit(t.database.db, lot.id, 'NEW-001', now)).toBe(false);
    }
    const noPermits = (await lotsByName()).find((l) => !l.has_permits)!;
    expect(await listPermits(t.database.db, noPermits.id)).toEqual([]);
  });

  it('seeds the sandbox lot admin, who logs in and sees gate buttons on that lot only', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...DEMO_LOT_ADMIN }).toString(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const { accessToken } = login.json().data as { accessToken: string };
    const lots = await lotsByName();
    const own = lots.find((l) => l.name === DEMO_ADMIN_LOT)!;
    const other = lots.find((l) => l.name !== DEMO_ADMIN_LOT)!;
    const admin = async (id: number) => {
      const res = await t.app.inject({
        url: `/api/v1/parking/parking-lot/${id}`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return (apiRoutes.parkingLot.response.parse(res.json()).data as ParkingLot)
        .isCurrentUserAdmin;
    };
    expect(await admin(own.id)).toBe(true);
    expect(await admin(other.id)).toBe(false);
  });

  it('seeds no demo lot admin unless asked (the production server never asks)', async () => {
    const plain = await createTestApp({ seed: (d) => seedDemoData(d.db) });
    try {
      expect(
        await plain.database.db.select().from(users).where(eq(users.email, DEMO_LOT_ADMIN.email)),
      ).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
