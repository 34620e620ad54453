import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponOffer } from '@voltpark/contract';
import { seedDemoData } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
  headers = (await createActiveUser(t.database.db, 'demo-coupons@example.hu')).headers;
});
afterAll(() => t.close());

describe('demo loyalty data', () => {
  it('has a dozen partner shops in several cities and categories with every kind of offer', async () => {
    const offers = (await t.app.inject({ url: '/api/v1/coupon/coupon-inventory', headers })).json()
      .data as CouponOffer[];
    expect(new Set(offers.map((o) => o.shopName)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(offers.flatMap((o) => o.cities)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(offers.flatMap((o) => o.categories)).size).toBeGreaterThanOrEqual(4);
    expect(offers.some((o) => o.priceUnit === 'FT')).toBe(true);
    expect(offers.some((o) => o.type === 'WEBSHOP' && o.activationUrl)).toBe(true);
    expect(offers.some((o) => o.styleClass === 'onlinepenztarca')).toBe(true);
    const categories = (
      await t.app.inject({
        url: '/api/v1/coupon/coupon-categories',
        headers: { ...headers, 'x-lang': 'en' },
      })
    ).json().data as { key: string; name: string }[];
    expect(categories.map((c) => c.key)).toEqual(
      expect.arrayContaining([...new Set(offers.flatMap((o) => o.categories))]),
    );
    expect(categories.find((c) => c.key === 'gastro')!.name).toBe('Food and drink');
  });

  it("puts the offers of shops beside a driver's charger first, with the distance", async () => {
    const found = (await t.database.db.execute(sql`
      select c.id as charger_id, s.name as shop from chargers c
      join charge_points cp on cp.id = c.charge_point_id
      join pois p on p.location_id = cp.location_id
      join partner_shop_pois sp on sp.poi_id = p.id
      join partner_shops s on s.id = sp.shop_id
      order by c.id limit 1`)) as unknown as { rows: { charger_id: number; shop: string }[] };
    const { charger_id: chargerId, shop } = found.rows[0]!;
    const offers = (
      await t.app.inject({ url: `/api/v1/coupon/coupon-inventory?chargerId=${chargerId}`, headers })
    ).json().data as CouponOffer[];
    expect(offers[0]!.distanceInMeters).toBeLessThanOrEqual(1000);
    const nearShops = offers.filter((o) => (o.distanceInMeters ?? Infinity) <= 1000);
    expect(nearShops.map((o) => o.shopName)).toContain(shop);
    const distances = nearShops.map((o) => o.distanceInMeters!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(offers.slice(0, nearShops.length)).toEqual(nearShops);
    expect(offers.find((o) => o.type === 'WEBSHOP')!.distanceInMeters).toBeNull();
    const plain = (await t.app.inject({ url: '/api/v1/coupon/coupon-inventory', headers })).json()
      .data as CouponOffer[];
    expect(plain[0]!.distanceInMeters).toBeUndefined();
    expect(plain).toHaveLength(offers.length);
  });
});
