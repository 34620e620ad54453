import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userCoupons } from '../../db/schema/loyalty.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { creditWallet, walletBalance } from '../payments/ledger.js';
import { createActiveUser } from '../../test/users.js';
import { loyaltyPersonalData } from './personal-data.js';
import { pointsBalance } from './points.js';
import { addOffer, addShop, driverWithPoints, providerOf } from './test-helpers.js';

let t: TestApp;
let shopA: { id: number };
let offer: { id: number };
let ftOffer: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  shopA = await addShop(db, 'Kávékert');
  await addShop(db, 'Paprika Bisztró');
  offer = await addOffer(db, shopA.id, { price: 300 });
  ftOffer = await addOffer(db, shopA.id, { price: 990, priceUnit: 'FT', nameEn: 'Coffee' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

describe('buying, activating and listing coupons', () => {
  it('buys an offer with points: the coupon is redeemable, the points are spent once', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'buyer@example.hu', 1000);
    const res = await get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers);
    expect(res.statusCode).toBe(200);
    const coupon = res.json().data;
    expect(coupon).toMatchObject({ state: 'REDEEMABLE', expire: null, points: 300 });
    expect(coupon.couponCode).toMatch(/^[2-9A-Z]{10}$/);
    expect(coupon.offer).toMatchObject({ id: offer.id, shopName: 'Kávékert', priceUnit: 'POINTS' });
    expect(await pointsBalance(db, driver.id)).toBe(700);

    const mine = (await get('/api/v1/coupon/my-coupons', driver.headers)).json().data;
    expect(mine.map((c: { couponCodeId: number }) => c.couponCodeId)).toEqual([
      coupon.couponCodeId,
    ]);

    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/coupon/activate-coupon/${coupon.couponCodeId}`,
      headers: driver.headers,
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data.state).toBe('ACTIVE');
    expect(activated.json().data.expireSec).toBeGreaterThan(59 * 60);
    expect(activated.json().data.expireSec).toBeLessThanOrEqual(60 * 60);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/coupon/activate-coupon/${coupon.couponCodeId}`,
      headers: driver.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a purchase without enough points and changes nothing', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'poor@example.hu', 299);
    const res = await get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.responseCode).toBe('NOT_ENOUGH_POINTS');
    expect(res.json().message.text).toContain('299');
    expect(await pointsBalance(db, driver.id)).toBe(299);
    expect((await get('/api/v1/coupon/my-coupons', driver.headers)).json().data).toEqual([]);
  });

  it('an Ft-priced offer is paid from the wallet, refused when the wallet is short', async () => {
    const driver = await driverWithPoints(t.database.db, 'ftbuyer@example.hu', 0);
    const res = await get(`/api/v1/coupon/buy-coupon/${ftOffer.id}`, driver.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.responseCode).toBe('NOT_ENOUGH_WALLET_FUNDS');
  });

  it('a second user sees nothing of the first user and cannot touch their coupons', async () => {
    const db = t.database.db;
    const owner = await driverWithPoints(db, 'owner@example.hu', 1000);
    const other = await createActiveUser(db, 'other@example.hu');
    const bought = (await get(`/api/v1/coupon/buy-coupon/${offer.id}`, owner.headers)).json().data;
    expect((await get('/api/v1/coupon/my-coupons', other.headers)).json().data).toEqual([]);
    expect((await get('/api/v1/coupon/history', other.headers)).json().data).toEqual([]);
    expect((await get('/api/v1/coupon/points-balance', other.headers)).json().data).toEqual({
      points: 0,
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/coupon/delete-coupon/${bought.couponCodeId}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    const act = await t.app.inject({
      method: 'POST',
      url: `/api/v1/coupon/activate-coupon/${bought.couponCodeId}`,
      headers: other.headers,
    });
    expect(act.statusCode).toBe(404);
    expect((await get('/api/v1/coupon/my-coupons', owner.headers)).json().data).toHaveLength(1);
    expect(await pointsBalance(db, owner.id)).toBe(700);
  });
});

describe('paying in Ft, removing and expiring', () => {
  it('an Ft-priced coupon is paid from the wallet, and removing it unused pays it back once', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'ftpaid@example.hu', 0);
    await db.transaction((tx) =>
      creditWallet(tx, { userId: driver.id, amount: 1000, kind: 'topup', cause: 'test-ft' }),
    );
    const res = await get(`/api/v1/coupon/buy-coupon/${ftOffer.id}`, driver.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ points: null, offer: { priceUnit: 'FT', price: 990 } });
    expect(await walletBalance(db, driver.id)).toBe(10);
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/coupon/delete-coupon/${res.json().data.couponCodeId}`,
        headers: driver.headers,
      });
    expect((await del()).statusCode).toBe(200);
    expect(await walletBalance(db, driver.id)).toBe(1000);
    expect((await del()).statusCode).toBe(404);
    expect(await walletBalance(db, driver.id)).toBe(1000);
  });

  it('an expired coupon is refused at the till, shows in history, and returns nothing when removed', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'expiring@example.hu', 300);
    const till = await providerOf(db, 'till-exp@kavekert.hu', 'Kávékert');
    const coupon = (await get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers)).json().data;
    await db
      .update(userCoupons)
      .set({
        activatedAt: new Date(Date.now() - 61 * 60_000),
        expiresAt: new Date(Date.now() - 60_000),
      })
      .where(eq(userCoupons.id, coupon.couponCodeId));
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coupon/redeem',
      headers: { ...till.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `couponCode=${coupon.couponCode}`,
    });
    expect(redeemed.statusCode).toBe(409);
    expect(redeemed.json().data.responseCode).toBe('COUPON_EXPIRED');
    expect((await get('/api/v1/coupon/my-coupons', driver.headers)).json().data).toEqual([]);
    const history = (await get('/api/v1/coupon/history', driver.headers)).json().data;
    expect(history[0]).toMatchObject({
      couponCodeId: coupon.couponCodeId,
      state: 'EXPIRED',
      usedAt: null,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/coupon/delete-coupon/${coupon.couponCodeId}`,
      headers: driver.headers,
    });
    expect(await pointsBalance(db, driver.id)).toBe(0);
    expect((await get('/api/v1/coupon/history', driver.headers)).json().data).toEqual([]);
  });
});

describe('generated coupons', () => {
  it('generates a 60-minute coupon, one at a time, and removing it returns the points', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'gen@example.hu', 500);
    const res = await get('/api/v1/coupon/generate-coupon?points=200', driver.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'ACTIVE', points: 200, offer: null });
    expect(await pointsBalance(db, driver.id)).toBe(300);
    const second = await get('/api/v1/coupon/generate-coupon?points=100', driver.headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().data.responseCode).toBe('COUPON_ALREADY_ACTIVE');
    const active = (await get('/api/v1/coupon', driver.headers)).json().data;
    expect(active.couponCodeId).toBe(res.json().data.couponCodeId);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/coupon',
      headers: driver.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await pointsBalance(db, driver.id)).toBe(500);
    expect((await get('/api/v1/coupon', driver.headers)).json().data).toBeNull();
    const removedAgain = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/coupon',
      headers: driver.headers,
    });
    expect(removedAgain.statusCode).toBe(404);
    expect(await pointsBalance(db, driver.id)).toBe(500);
  });

  it('refuses points that are not a positive whole number, in the asked language', async () => {
    const driver = await driverWithPoints(t.database.db, 'badpoints@example.hu', 500);
    const res = await t.app.inject({
      url: '/api/v1/coupon/generate-coupon?points=-5',
      headers: { ...driver.headers, 'x-lang': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('positive whole number');
  });
});

describe('redemption', () => {
  it('the shop redeems its coupon once; another shop and a driver are refused', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'customer@example.hu', 1000);
    const provider = await providerOf(db, 'staff@kavekert.hu', 'Kávékert');
    const stranger = await providerOf(db, 'staff@paprika.hu', 'paprika bisztró');
    const coupon = (await get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers)).json().data;
    const redeem = (headers: Record<string, string>, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/coupon/redeem',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `couponCode=${encodeURIComponent(code)}`,
      });
    const byDriver = await redeem(driver.headers, coupon.couponCode);
    expect(byDriver.statusCode).toBe(403);
    expect(byDriver.json().data.responseCode).toBe('NOT_SERVICE_PROVIDER');
    const byOther = await redeem(stranger.headers, coupon.couponCode);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().data.responseCode).toBe('COUPON_OTHER_SHOP');
    const unknown = await redeem(provider.headers, 'ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);

    // Typed in lower case with a space: the same code.
    const typed = `${coupon.couponCode.slice(0, 5).toLowerCase()} ${coupon.couponCode.slice(5)}`;
    const ok = await redeem(provider.headers, typed);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.usedAt).not.toBeNull();
    expect(ok.json().messages[0].text).toContain('10%');
    const twice = await redeem(provider.headers, coupon.couponCode);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.responseCode).toBe('COUPON_ALREADY_USED');

    const history = (await get('/api/v1/coupon/history', driver.headers)).json().data;
    expect(history[0]).toMatchObject({ couponCodeId: coupon.couponCodeId, state: 'EXPIRED' });
    expect(history[0].usedAt).not.toBeNull();
    expect((await get('/api/v1/coupon/my-coupons', driver.headers)).json().data).toEqual([]);
  });
});

describe('personal data', () => {
  it("the access copy lists the user's coupons without their codes, and nothing of another user", async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'gdpr@example.hu', 500);
    const other = await createActiveUser(db, 'gdpr-other@example.hu');
    const bought = (await get(`/api/v1/coupon/buy-coupon/${offer.id}`, driver.headers)).json().data;
    const copy = await loyaltyPersonalData(db, driver.id);
    expect(copy.coupons).toEqual([
      expect.objectContaining({ shop: 'Kávékert', points: 300, usedAt: null }),
    ]);
    expect(JSON.stringify(copy)).not.toContain(bought.couponCode);
    expect((await loyaltyPersonalData(db, other.id)).coupons).toEqual([]);
  });
});
