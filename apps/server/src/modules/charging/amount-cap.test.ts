import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { chargingTariffs, pointsLedger } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { addChargePoint } from '../ocpp/registry.js';
import { creditWallet, walletBalance, walletLedgerSum } from '../payments/ledger.js';
import { costOf } from './pricing.js';
import { ChargingHarness, KEY, until, untilStatus } from './test-helpers.js';

/**
 * Decision 0063: a charge started with a maximum price ("A töltés ára legfeljebb: 500 Ft") is
 * never billed more than that, however far the charger's meter went past it; under it, the
 * metered price. A hand-driven charge point (raw OCPP 1.6J) so the energy is exact.
 */
const PRICES = {
  freeCharging: false,
  unitChargingGross: 180,
  convenienceFeeGross: 200,
  parkingEnabled: true,
  minutesAfterParkingStart: 15,
  unitParkingGross: 600,
};

describe('costOf with a maximum price', () => {
  it('bills min(metered, maximum) for the charging; without a maximum the metered price', () => {
    // 1.67 kWh × 180 Ft + 200 Ft = 500.6 Ft: 501 metered, 500 with the maximum.
    expect(costOf(1670, 0, PRICES).priceOfCharging).toBe(501);
    expect(costOf(1670, 0, { ...PRICES, bookedAmount: 500 })).toEqual({
      priceOfCharging: 500,
      parkingPrice: 0,
      grossPrice: 500,
    });
    expect(costOf(50_000, 0, { ...PRICES, bookedAmount: 500 }).priceOfCharging).toBe(500);
    expect(costOf(1500, 0, { ...PRICES, bookedAmount: 500 }).priceOfCharging).toBe(470);
    // Parking comes on top of the capped charging (it has its own hold).
    expect(costOf(1670, 25, { ...PRICES, bookedAmount: 500 })).toEqual({
      priceOfCharging: 500,
      parkingPrice: 100,
      grossPrice: 600,
    });
  });
});

let h: ChargingHarness;
let anna: Awaited<ReturnType<typeof createActiveUser>>;
let cp: RPCClient;
let chargerId: number;
const remoteStarts: { idTag: string }[] = [];

const at = (minutes: number) =>
  new Date(Date.UTC(2026, 10, 24, 8, 0) + minutes * 60_000).toISOString();
const status = (s: string, timestamp: string) =>
  cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: s, timestamp });

beforeAll(async () => {
  h = await ChargingHarness.start();
  anna = await createActiveUser(h.db, 'anna.cap@example.hu');
  await h.db.transaction((tx) =>
    creditWallet(tx, { userId: anna.id, amount: 20_000, kind: 'topup', cause: 'test-topup' }),
  );
  const [t] = await h.db
    .insert(chargingTariffs)
    .values({ name: 'Cap tariff', ...PRICES, parkingToHoldGross: 3000 })
    .returning();
  chargerId = (
    await addChargePoint(h.db, { id: 'CP-CAP', key: KEY, connectors: 1, tariffId: t!.id })
  ).chargerIds[0]!;
  cp = new RPCClient({
    endpoint: `ws://127.0.0.1:${h.port}/ocpp`,
    identity: 'CP-CAP',
    protocols: ['ocpp1.6'],
    strictMode: true,
    password: KEY,
  } as never);
  cp.handle('RemoteStartTransaction', async ({ params }) => {
    remoteStarts.push(params as never);
    return { status: 'Accepted' };
  });
  cp.handle('RemoteStopTransaction', async () => ({ status: 'Accepted' }));
  await cp.connect();
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Raw' });
  await status('Available', at(0));
  await until(async () => (await h.chargerStatus(chargerId)) === 'AVAILABLE');
});
afterAll(async () => {
  await cp.close({ force: true });
  await h.close();
});

/** A wallet charge with a maximum of 500 Ft that the charger meters `wh` for; its record. */
async function chargeWithMaximum(wh: number, startMinute: number) {
  const before = await walletBalance(h.db, anna.id);
  const start = await h.api(
    `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=500`,
    anna,
  );
  // The hold: the 500 Ft maximum plus the 3 000 Ft parking hold.
  expect(start.body.data).toBe(before - 3500);
  await until(() => remoteStarts.length > 0);
  const { idTag } = remoteStarts.shift()!;
  const started = (await cp.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 1_000_000,
    timestamp: at(startMinute),
  })) as { transactionId: number };
  await status('Charging', at(startMinute));
  await untilStatus(h, anna, 'STARTED');
  await status('Finishing', at(startMinute + 10));
  await cp.call('StopTransaction', {
    transactionId: started.transactionId,
    idTag,
    meterStop: 1_000_000 + wh,
    timestamp: at(startMinute + 10),
    reason: 'EVDisconnected',
  });
  // Unplugged at once: no parking.
  await status('Available', at(startMinute + 10));
  await until(async () => (await h.api('/api/v1/charge/current', anna)).body.data === null);
  const record = (await h.api('/api/v1/charge/last-finished', anna)).body.data;
  return { before, record };
}

/** Receipt, history, points and the wallet's ledger all say `billed`. */
async function expectBilled(run: Awaited<ReturnType<typeof chargeWithMaximum>>, billed: number) {
  const { before, record } = run;
  expect(record).toMatchObject({
    priceOfCharging: billed,
    parkingPrice: 0,
    grossPrice: billed,
    earnedPoints: Math.floor(billed / 100),
  });
  const receipt = (await h.api(`/api/v1/receipt/${record.rowNumber}`, anna)).body.data;
  expect(receipt).toMatchObject({ grossPrice: billed, paid: true });
  const history = (await h.api('/api/v1/charge/history', anna)).body.data;
  expect(history.find((c: { id: number }) => c.id === record.id)).toMatchObject({
    grossPrice: billed,
  });
  const points = await h.db
    .select({ amount: pointsLedger.amount })
    .from(pointsLedger)
    .where(eq(pointsLedger.chargeId, record.id));
  expect(points.map((p) => p.amount)).toEqual([Math.floor(billed / 100)]);
  expect(await walletBalance(h.db, anna.id)).toBe(before - billed);
  expect(await walletLedgerSum(h.db, anna.id)).toBe(await walletBalance(h.db, anna.id));
}

describe('a charge with a maximum price', () => {
  it('metered a fraction above the maximum (500.6 Ft): billed the maximum, 500 Ft', async () => {
    await expectBilled(await chargeWithMaximum(1670, 0), 500);
  });

  it('metered far above the maximum (the charger reported late): billed the maximum', async () => {
    await expectBilled(await chargeWithMaximum(5000, 60), 500);
  });

  it('metered under the maximum: billed as metered', async () => {
    // 1.5 kWh × 180 Ft + 200 Ft = 470 Ft.
    await expectBilled(await chargeWithMaximum(1500, 120), 470);
  });
});
