import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponOffers, pointsLedger, userCoupons } from '../../db/schema/loyalty.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { grantPoints } from './operator.js';
import { NotEnoughPointsError, pointsBalance, spendPoints } from './points.js';
import { addOffer, addShop, driverWithPoints, providerOf } from './test-helpers.js';

/**
 * Races on the points ledger and coupons. Meant for PostgreSQL (real concurrent transactions:
 * `DATABASE_URL=… npx vitest run --project server-postgres`); on PGlite they run one by one.
 */
let t: TestApp;
let shopId: number;
beforeAll(async () => {
  t = await createTestApp();
  shopId = (await addShop(t.database.db, 'Versenybolt')).id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

async function ledgerSum(userId: number) {
  const [row] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return Number(row!.sum);
}

async function lowestRunningBalance(userId: number) {
  const rows = await t.database.db
    .select({ amount: pointsLedger.amount })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(pointsLedger.id);
  let run = 0;
  let low = 0;
  for (const r of rows) low = Math.min(low, (run += r.amount));
  return low;
}

describe('points never go below zero', () => {
  // Deterministic: the second spend starts while the first holds its transaction open. With the
  // per-user lock it waits, then sees the first spend and is refused; without it, it would read
  // the old balance and overdraw. Needs real concurrent connections (PostgreSQL).
  it.skipIf(!process.env.DATABASE_URL)(
    'a spend waits for a concurrent one and then sees its effect',
    async () => {
      const db = t.database.db;
      const driver = await driverWithPoints(db, 'race-lock@example.hu', 200);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let firstSpent!: () => void;
      const spent = new Promise<void>((r) => (firstSpent = r));
      const first = db.transaction(async (tx) => {
        await spendPoints(tx, {
          userId: driver.id,
          amount: 150,
          cause: 'lock:a',
          reason: 'COUPON_BUY',
        });
        firstSpent();
        await gate;
      });
      await spent;
      let settled = false;
      const second = db
        .transaction((tx) =>
          spendPoints(tx, {
            userId: driver.id,
            amount: 150,
            cause: 'lock:b',
            reason: 'COUPON_BUY',
          }),
        )
        .finally(() => (settled = true));
      second.catch(() => {});
      // Until the second is seen waiting on a lock (or, were there none, has finished).
      for (;;) {
        const waiting = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )) as unknown as { rows: { n: number }[] };
        if (waiting.rows[0]!.n > 0 || settled) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      release();
      await first;
      await expect(second).rejects.toBeInstanceOf(NotEnoughPointsError);
      expect(await pointsBalance(db, driver.id)).toBe(50);
    },
  );

  it('20 concurrent buys with points for 2 give 2 coupons', async () => {
    const db = t.database.db;
    const offer = await addOffer(db, shopId, { price: 100 });
    const driver = await driverWithPoints(db, 'race-buy@example.hu', 200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().data.responseCode).toBe('NOT_ENOUGH_POINTS');
    }
    expect(await pointsBalance(db, driver.id)).toBe(0);
    expect(await lowestRunningBalance(driver.id)).toBe(0);
    const coupons = await db.select().from(userCoupons).where(eq(userCoupons.userId, driver.id));
    expect(coupons).toHaveLength(2);
    expect(new Set(coupons.map((c) => c.code)).size).toBe(2);
  });

  it('buys, generated coupons and operator take-backs at once never overdraw', async () => {
    const db = t.database.db;
    const offer = await addOffer(db, shopId, { price: 300 });
    const driver = await driverWithPoints(db, 'race-mix@example.hu', 1000);
    const email = 'race-mix@example.hu';
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 6; i++) {
      ops.push(get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers));
      ops.push(get('/api/v1/coupon/generate-coupon?points=250', driver.headers));
      ops.push(grantPoints(db, { email, points: -200, reason: 'race' }).catch(() => null));
    }
    await Promise.all(ops);
    const balance = await pointsBalance(db, driver.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(await ledgerSum(driver.id));
    expect(await lowestRunningBalance(driver.id)).toBeGreaterThanOrEqual(0);
    // At most one generated coupon is active at a time.
    const generated = await db
      .select()
      .from(userCoupons)
      .where(sql`${userCoupons.userId} = ${driver.id} and ${userCoupons.offerId} is null`);
    expect(generated.length).toBeLessThanOrEqual(1);
  });
});

describe('stock and redemption under concurrency', () => {
  it('a stock of 3 is never oversold to 12 buyers at once', async () => {
    const db = t.database.db;
    const offer = await addOffer(db, shopId, { price: 50, stock: 3 });
    const buyers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => driverWithPoints(db, `stock${i}@example.hu`, 100)),
    );
    const answers = await Promise.all(
      buyers.map((b) => get(`/api/v1/coupon/buy-coupon/${offer.id}`, b.headers)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(
      answers.filter(
        (a) => a.statusCode === 409 && a.json().data.responseCode === 'COUPON_SOLD_OUT',
      ),
    ).toHaveLength(9);
    const [row] = await db.select().from(couponOffers).where(eq(couponOffers.id, offer.id));
    expect(row!.stock).toBe(0);
    const spent = await Promise.all(buyers.map((b) => pointsBalance(db, b.id)));
    expect(spent.filter((p) => p === 50)).toHaveLength(3);
    expect(spent.filter((p) => p === 100)).toHaveLength(9);
    // Sold out: gone from the offers.
    const inventory = (await get('/api/v1/coupon/coupon-inventory', buyers[0]!.headers)).json()
      .data as { id: number }[];
    expect(inventory.map((o) => o.id)).not.toContain(offer.id);
  });

  it('3 concurrent redemptions of one code give one success', async () => {
    const db = t.database.db;
    const offer = await addOffer(db, shopId, { price: 10 });
    const driver = await driverWithPoints(db, 'redeem-race@example.hu', 10);
    const staff = await Promise.all(
      [1, 2, 3].map((i) => providerOf(db, `till${i}@versenybolt.hu`, 'Versenybolt')),
    );
    const coupon = (await get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers)).json().data;
    const answers = await Promise.all(
      staff.map((s) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/coupon/redeem',
          headers: { ...s.headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `couponCode=${coupon.couponCode}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('a redemption and a removal at the same moment: used without refund, or removed with one', async () => {
    const db = t.database.db;
    const offer = await addOffer(db, shopId, { price: 40 });
    const driver = await driverWithPoints(db, 'redeem-remove@example.hu', 40);
    const [till] = await Promise.all([providerOf(db, 'till-rr@versenybolt.hu', 'Versenybolt')]);
    const coupon = (await get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers)).json().data;
    const [redeemed, removed] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/v1/coupon/redeem',
        headers: { ...till!.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `couponCode=${coupon.couponCode}`,
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/coupon/delete-coupon/${coupon.couponCodeId}`,
        headers: driver.headers,
      }),
    ]);
    expect(removed.statusCode).toBe(200);
    const balance = await pointsBalance(db, driver.id);
    if (redeemed.statusCode === 200) expect(balance).toBe(0);
    else {
      expect(redeemed.statusCode).toBe(404);
      expect(balance).toBe(40);
    }
  });
});
