import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import { chargingTariffs } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { addChargePoint } from '../ocpp/registry.js';
import { creditWallet, walletBalance } from '../payments/ledger.js';
import { ChargingHarness, KEY, until, untilStatus } from './test-helpers.js';

/**
 * Billing from the charger's own meter and timestamps, with a parking fee: a hand-driven charge
 * point (raw OCPP 1.6J frames) so every figure of the receipt is known in advance.
 */
let h: ChargingHarness;
let anna: Awaited<ReturnType<typeof createActiveUser>>;
let cp: RPCClient;
let chargerId: number;
const remoteStarts: { idTag: string; connectorId: number }[] = [];
const remoteStops: { transactionId: number }[] = [];

const at = (minutes: number) =>
  new Date(Date.UTC(2026, 10, 22, 8, 0) + minutes * 60_000).toISOString();
const status = (s: string, timestamp: string) =>
  cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: s, timestamp });

beforeAll(async () => {
  h = await ChargingHarness.start();
  anna = await createActiveUser(h.db, 'anna.parking@example.hu');
  await h.db.transaction((tx) =>
    creditWallet(tx, { userId: anna.id, amount: 10_000, kind: 'topup', cause: 'test-topup' }),
  );
  const [t] = await h.db
    .insert(chargingTariffs)
    .values({
      name: 'Parking tariff',
      unitChargingGross: 150,
      convenienceFeeGross: 200,
      parkingEnabled: true,
      minutesAfterParkingStart: 10,
      unitParkingGross: 600,
      parkingToHoldGross: 2000,
    })
    .returning();
  const added = await addChargePoint(h.db, {
    id: 'CP-PARK',
    key: KEY,
    connectors: 1,
    tariffId: t!.id,
  });
  chargerId = added.chargerIds[0]!;
  cp = new RPCClient({
    endpoint: `ws://127.0.0.1:${h.port}/ocpp`,
    identity: 'CP-PARK',
    protocols: ['ocpp1.6'],
    strictMode: true,
    password: KEY,
  } as never);
  cp.handle('RemoteStartTransaction', async ({ params }) => {
    remoteStarts.push(params as never);
    return { status: 'Accepted' };
  });
  cp.handle('RemoteStopTransaction', async ({ params }) => {
    remoteStops.push(params as never);
    return { status: 'Accepted' };
  });
  await cp.connect();
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Raw' });
  await status('Available', at(0));
  await until(async () => (await h.chargerStatus(chargerId)) === 'AVAILABLE');
});
afterAll(async () => {
  await cp.close({ force: true });
  await h.close();
});

describe('billing from the charger’s meter and clock, with parking', () => {
  it('charges energy × unit price + fee, and parking for the minutes past the grace period until the car left', async () => {
    const gross = await h.api(
      `/api/v1/charger/get-gross-to-pay?charger-id=${chargerId}&charging-minutes=60`,
      anna,
    );
    // The amount to hold for an hour at 22 kW: the price plus the parking hold.
    expect(gross.body.data).toEqual({ reservedEnergy: 22, time: 60, amount: 3300 + 200 + 2000 });
    const before = await walletBalance(h.db, anna.id);
    const start = await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-energy=10`,
      anna,
    );
    // The hold: 10 kWh × 150 + 200 fee, plus the parking hold.
    expect(start.body.data).toBe(before - (1500 + 200 + 2000));
    await until(() => remoteStarts.length === 1);
    const { idTag } = remoteStarts[0]!;

    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 1_000_000,
      timestamp: at(0),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    await status('Charging', at(0));
    await untilStatus(h, anna, 'STARTED');
    await cp.call('MeterValues', {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: at(10),
          sampledValue: [
            { value: '1003.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
            { value: '21000', measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    });
    const running = await until(async () => {
      const c = (await h.api('/api/v1/charge/current', anna)).body.data;
      return c.consumedEnergy > 0 ? c : null;
    });
    expect(running).toMatchObject({ consumedEnergy: 3.5, consumptionPower: 21, bookedEnergy: 10 });

    const stop = await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${running.id}`,
      anna,
    );
    expect(stop.status).toBe(200);
    expect(remoteStops).toEqual([{ transactionId: started.transactionId }]);
    await status('Finishing', at(20));
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag,
      meterStop: 1_004_000,
      timestamp: at(20),
      reason: 'Remote',
    });
    const parking = await until(async () => {
      const c = (await h.api('/api/v1/charge/current', anna)).body.data;
      return c?.countParkingFee ? c : null;
    });
    expect(parking).toMatchObject({ chargingStatus: 'FINISHING', minutesAfterParkingStart: 10 });

    // The car leaves 40 minutes after the charge ended: 30 minutes past the grace period.
    await status('Available', at(60));
    await until(async () => (await h.api('/api/v1/charge/current', anna)).body.data === null);
    const record = (await h.api('/api/v1/charge/last-finished', anna)).body.data;
    expect(record).toMatchObject({
      consumerEnergyInKw: 4,
      chargeDurationInMinutes: 20,
      priceOfCharging: 4 * 150 + 200,
      parkingPrice: (30 * 600) / 60,
      grossPrice: 800 + 300,
      earnedPoints: 11,
    });
    expect(await walletBalance(h.db, anna.id)).toBe(before - 1100);

    // A late StartTransaction with the ended charge's tag is refused, so the charger stops.
    const late = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 1_004_000,
      timestamp: at(90),
    })) as { idTagInfo: { status: string } };
    expect(late.idTagInfo.status).toBe('Invalid');
  });

  it('bills parking up to the unplug also when the car-gone report comes before the stop message', async () => {
    const before = await walletBalance(h.db, anna.id);
    await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-energy=10`,
      anna,
    );
    await until(() => remoteStarts.length === 2);
    const { idTag } = remoteStarts[1]!;
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 2_000_000,
      timestamp: at(100),
    })) as { transactionId: number };
    await status('Charging', at(100));
    const running = await untilStatus(h, anna, 'STARTED');
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${running.id}`,
      anna,
    );
    await status('Finishing', at(110));
    // The stop message was queued (the charger was offline); the car left 40 minutes later and
    // that report went out first.
    await status('Available', at(150));
    await until(async () => (await h.chargerStatus(chargerId)) === 'AVAILABLE');
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag,
      meterStop: 2_002_000,
      timestamp: at(110),
      reason: 'Remote',
    });
    await until(async () => (await h.api('/api/v1/charge/current', anna)).body.data === null);
    const record = (await h.api('/api/v1/charge/last-finished', anna)).body.data;
    expect(record).toMatchObject({
      consumerEnergyInKw: 2,
      priceOfCharging: 2 * 150 + 200,
      // 40 minutes parked, 10 of them free.
      parkingPrice: (30 * 600) / 60,
      grossPrice: 500 + 300,
    });
    expect(await walletBalance(h.db, anna.id)).toBe(before - 800);
  });

  it('stops counting parking at the hold, also when the car-gone report came first', async () => {
    const before = await walletBalance(h.db, anna.id);
    await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-energy=10`,
      anna,
    );
    await until(() => remoteStarts.length === 3);
    const { idTag } = remoteStarts[2]!;
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 3_000_000,
      timestamp: at(200),
    })) as { transactionId: number };
    await status('Charging', at(200));
    const running = await untilStatus(h, anna, 'STARTED');
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${running.id}`,
      anna,
    );
    await status('Finishing', at(210));
    // Ten hours parked: the fee would be far above what was held for it.
    await status('Available', at(810));
    await until(async () => (await h.chargerStatus(chargerId)) === 'AVAILABLE');
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag,
      meterStop: 3_002_000,
      timestamp: at(210),
      reason: 'Remote',
    });
    await until(async () => (await h.api('/api/v1/charge/current', anna)).body.data === null);
    const record = (await h.api('/api/v1/charge/last-finished', anna)).body.data;
    // Held: 10 kWh × 150 + 200 fee + 2000 parking hold = 3700; the charging itself cost 500.
    expect(record).toMatchObject({ priceOfCharging: 500, parkingPrice: 3200, grossPrice: 3700 });
    expect(await walletBalance(h.db, anna.id)).toBe(before - 3700);
  });
});
