import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger } from '../../db/schema/loyalty.js';
import { createActiveUser } from '../../test/users.js';
import { settle } from '../charging/lifecycle.js';
import { sweep } from '../charging/sweeper.js';
import { ChargingHarness, until, untilStatus } from '../charging/test-helpers.js';
import { creditWallet } from '../payments/ledger.js';
import { pointsBalance } from './points.js';

/** Points earned by a real charge (simulated charger over OCPP), and replayed settlements. */
let h: ChargingHarness;
beforeAll(async () => {
  h = await ChargingHarness.start();
});
afterAll(() => h.close());

describe('points earned by charging', () => {
  it('a settled charge books its points once, however often the settlement is replayed', async () => {
    const driver = await createActiveUser(h.db, 'earner@example.hu');
    const other = await createActiveUser(h.db, 'nosy@example.hu');
    await h.db.transaction((tx) =>
      creditWallet(tx, { userId: driver.id, amount: 20_000, kind: 'topup', cause: 'test-topup' }),
    );
    const { chargerId, sim } = await h.charger('CP-POINTS');
    const start = await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=1000`,
      driver,
    );
    expect(start.status).toBe(200);
    const started = await untilStatus(h, driver, 'STARTED');
    await h.meterUntilStopped(sim, started.id);
    await until(async () => (await h.charge(started.id)).status === 'FINISHED');
    const charge = await h.charge(started.id);
    expect(charge.earnedPoints).toBe(Math.floor(charge.grossPrice! / 100));
    expect(charge.earnedPoints).toBeGreaterThan(0);

    // Replays: three settlements at once, and the sweeper.
    await Promise.all([1, 2, 3].map(() => settle(h.deps(), started.id)));
    await sweep(h.deps());
    const rows = await h.db.select().from(pointsLedger).where(eq(pointsLedger.userId, driver.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: charge.earnedPoints,
      reason: 'CHARGE',
      chargeId: started.id,
    });
    expect(await pointsBalance(h.db, driver.id)).toBe(charge.earnedPoints);

    const latest = await h.api(`/api/v1/coupon/latest-points/${started.id}`, driver);
    expect(latest.body.data).toEqual({
      chargeId: started.id,
      earnedPoints: charge.earnedPoints,
      points: charge.earnedPoints,
    });
    expect((await h.api(`/api/v1/coupon/latest-points/${started.id}`, other)).status).toBe(404);
    const history = await h.api('/api/v1/coupon/points-history', driver);
    expect(history.body.data).toEqual([
      expect.objectContaining({
        points: charge.earnedPoints,
        reason: 'CHARGE',
        chargeId: started.id,
      }),
    ]);
    expect((await h.api('/api/v1/coupon/points-history', other)).body.data).toEqual([]);
  });
});
