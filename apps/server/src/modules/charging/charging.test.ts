import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  billingData,
  charges,
  ocppTransactions,
  pointsLedger,
  userCars,
  vehicles,
} from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { creditWallet, walletBalance, walletLedgerSum } from '../payments/ledger.js';
import { sweep } from './sweeper.js';
import { ChargingHarness, TARIFF, until, untilStatus, type Caller } from './test-helpers.js';

/**
 * The driver's charging flow end to end: real HTTP, the SimplePay emulator's pay page and IPNs,
 * and a simulated charger over a real OCPP 1.6J websocket.
 */
let h: ChargingHarness;
type User = Awaited<ReturnType<typeof createActiveUser>>;
let anna: User;
let bela: User;

beforeAll(async () => {
  h = await ChargingHarness.start();
  anna = await createActiveUser(h.db, 'anna.charge@example.hu');
  bela = await createActiveUser(h.db, 'bela.charge@example.hu');
});
afterAll(() => h.close());

async function topUp(userId: number, amount: number) {
  await h.db.transaction((tx) =>
    creditWallet(tx, { userId, amount, kind: 'topup', cause: `test-topup:${userId}:${amount}` }),
  );
}

/** The charger's own meter for the charge: meterStop − meterStart, Wh. */
async function meteredWh(chargeId: number) {
  const c = await h.charge(chargeId);
  const [tx] = await h.db
    .select()
    .from(ocppTransactions)
    .where(eq(ocppTransactions.id, c.ocppTransactionId!));
  return tx!.meterStopWh! - tx!.meterStartWh;
}
const expectedPrice = (wh: number) =>
  Math.round((wh * TARIFF.unitChargingGross) / 1000) + TARIFF.convenienceFeeGross;

async function finished(user: Caller) {
  await until(async () => (await h.api('/api/v1/charge/current', user)).body.data === null);
  return (await h.api('/api/v1/charge/last-finished', user)).body.data;
}

describe('card payment at SimplePay (two-step hold)', () => {
  it('waits in NEW with the pay page, starts after the IPN, stops on request and captures the metered cost', async () => {
    const { chargerId, sim } = await h.charger('CP-CARD');
    const start = await h.api(
      `/api/v1/charger/start-charging?charger-id=${chargerId}&charging-amount=5000`,
      anna,
    );
    expect(start.status).toBe(200);
    const paymentUrl: string = start.body.data;
    expect(paymentUrl).toMatch(/\/sandbox\/simplepay\/pay\//);

    const waiting = (await h.api('/api/v1/charge/current', anna)).body.data;
    expect(waiting).toMatchObject({ chargingStatus: 'NEW', paymentUrl, chargerId });
    expect(waiting.bookedEnergy).toBeCloseTo((5000 - 200) / 150, 2);
    // Another driver sees nothing and can neither cancel nor stop it.
    expect((await h.api('/api/v1/charge/current', bela)).body.data).toBeNull();
    expect(
      (await h.api(`/api/v1/charger/cancel-charge-before-start?chargeId=${waiting.id}`, bela))
        .status,
    ).toBe(404);

    await h.payOnPage(paymentUrl);
    const started = await untilStatus(h, anna, 'STARTED');
    expect(started.paymentUrl).toBeNull();
    expect(started.startTime).not.toBeNull();
    await sim.tickAll();
    await until(
      async () => (await h.api('/api/v1/charge/current', anna)).body.data.consumedEnergy > 0,
    );

    const foreignStop = await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      bela,
    );
    expect(foreignStop.status).toBe(404);
    expect((await h.charge(started.id)).status).toBe('STARTED');

    const stop = await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      anna,
    );
    expect(stop.status).toBe(200);
    const record = await finished(anna);
    const wh = await meteredWh(started.id);
    expect(wh).toBeGreaterThan(0);
    expect(record).toMatchObject({
      id: started.id,
      consumerEnergyInKw: wh / 1000,
      priceOfCharging: expectedPrice(wh),
      grossPrice: expectedPrice(wh),
      earnedPoints: Math.floor(expectedPrice(wh) / 100),
    });
    expect(record.rowNumber).toEqual(expect.any(Number));

    const receipt = await h.api(`/api/v1/receipt/${record.rowNumber}`, anna);
    expect(receipt.body.data).toMatchObject({
      rowNumber: record.rowNumber,
      consumedEnergyInKW: wh / 1000,
      grossPrice: expectedPrice(wh),
      paid: true,
    });
    // The receipt names the charge it is for, as the history does (decision 0066).
    expect(receipt.body.data.charge).toEqual(record);
    expect((await h.api(`/api/v1/receipt/${record.rowNumber}`, bela)).status).toBe(404);
    expect((await h.api(`/api/v1/simplepay/start/${record.rowNumber}`, bela)).status).toBe(404);
    expect((await h.api(`/api/v1/simplepay/start/${record.rowNumber}`, anna)).status).toBe(409);

    const hold = await h.hold(started.id);
    expect(hold).toMatchObject({ status: 'captured', capturedAmount: expectedPrice(wh) });
    const points = await h.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.cause, `charge:${started.id}`));
    expect(points.map((p) => p.amount)).toEqual([Math.floor(expectedPrice(wh) / 100)]);

    const history = (await h.api('/api/v1/charge/history', anna)).body.data;
    expect(history.map((r: { id: number }) => r.id)).toContain(started.id);
    expect((await h.api('/api/v1/charge/history', bela)).body.data).toEqual([]);
    expect((await h.api('/api/v1/charge/history?filterFrom=2099-01-01', anna)).body.data).toEqual(
      [],
    );
  });
});

describe('wallet hold', () => {
  it('holds the amount, stops by itself when the amount is used up, and takes the metered cost, never more than the amount', async () => {
    const { chargerId, sim } = await h.charger('CP-WALLET');
    await topUp(anna.id, 20_000);
    const before = await walletBalance(h.db, anna.id);
    const start = await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=1000`,
      anna,
    );
    expect(start.status).toBe(200);
    expect(start.body.data).toBe(before - 1000);
    const started = await untilStatus(h, anna, 'STARTED');

    await h.meterUntilStopped(sim, started.id);
    const record = await finished(anna);
    const wh = await meteredWh(started.id);
    // The booking was (1000 − 200) / 150 kWh; the charger stops a moment after it, but the
    // driver chose 1000 Ft as the maximum (decision 0063).
    expect(wh).toBeGreaterThanOrEqual(5333);
    const billed = Math.min(expectedPrice(wh), 1000);
    expect(record.grossPrice).toBe(billed);
    expect(await walletBalance(h.db, anna.id)).toBe(before - billed);
    expect(await walletLedgerSum(h.db, anna.id)).toBe(await walletBalance(h.db, anna.id));
  });

  it('bills nothing when no energy was delivered: the hold goes back and there is no receipt', async () => {
    // A car that is already full: the charger meters nothing.
    const { chargerId } = await h.charger(
      'CP-ZERO',
      {},
      { car: { maxPowerKw: 22, batteryKwh: 0 } },
    );
    const before = await walletBalance(h.db, anna.id);
    await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-minutes=30`,
      anna,
    );
    const started = await untilStatus(h, anna, 'STARTED');
    expect(started.bookedTime).toBe(30);
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      anna,
    );
    const record = await finished(anna);
    expect(record).toMatchObject({ id: started.id, grossPrice: 0, rowNumber: null });
    expect(await walletBalance(h.db, anna.id)).toBe(before);
    expect(await h.hold(started.id)).toMatchObject({ status: 'released', capturedAmount: 0 });
  });

  it('a double-tapped start makes one charge and one hold', async () => {
    const { chargerId } = await h.charger('CP-DOUBLE');
    const before = await walletBalance(h.db, bela.id);
    await topUp(bela.id, 10_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        h.api(
          `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=2000`,
          bela,
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.data.responseCode).toBe('ALREADY_CHARGING');
    }
    expect(await h.count('charges', sql`user_id = ${bela.id}`)).toBe(1);
    expect(await walletBalance(h.db, bela.id)).toBe(before + 10_000 - 2000);
    const c = await untilStatus(h, bela, 'STARTED');
    // A late tap, after the charger is already busy with this driver's charge, says so too.
    const late = await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=2000`,
      bela,
    );
    expect(late.body.data.responseCode).toBe('ALREADY_CHARGING');
    await h.api(`/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${c.id}`, bela);
    await finished(bela);
  });
});

describe('start rules and bad input', () => {
  it('refuses with the SPEC §8 codes and stores nothing', async () => {
    const { chargerId, sim } = await h.charger('CP-RULES');
    const before = await h.count('charges');
    const startWallet = (q: string, user: Caller = bela) =>
      h.api(`/api/v1/charger/start-charging-wallet?${q}`, user);

    await h.db.execute(sql`update chargers set tariff_id = null where id = ${chargerId}`);
    const noTariff = await startWallet(`charger-id=${chargerId}&charging-amount=1000`);
    expect(noTariff.body.data.responseCode).toBe('NO_ACTIVE_TARIFF');
    expect((await h.api(`/api/v1/user/price-settings/${chargerId}`, bela)).status).toBe(409);
    await h.db.execute(
      sql`update chargers set tariff_id = (select id from charging_tariffs where name = 'T CP-RULES') where id = ${chargerId}`,
    );
    expect((await h.api(`/api/v1/user/price-settings/${chargerId}`, bela)).body.data).toMatchObject(
      { unitChargingGross: 150, convenienceFeeGross: 200, freeCharging: false },
    );
    const gross = await h.api(
      `/api/v1/charger/get-gross-to-pay?charger-id=${chargerId}&charging-minutes=60`,
      bela,
    );
    expect(gross.body.data).toEqual({ reservedEnergy: 22, time: 60, amount: 22 * 150 + 200 });

    await sim.fault(1);
    await until(async () => (await h.chargerStatus(chargerId)) === 'ERROR');
    const faulted = await startWallet(`charger-id=${chargerId}&charging-amount=1000`);
    expect(faulted.body.data.responseCode).toBe('CHARGER_NOT_ACTIVE');
    await sim.clearFault(1);
    await until(async () => (await h.chargerStatus(chargerId)) === 'AVAILABLE');

    const poor = await createActiveUser(h.db, 'poor.charge@example.hu');
    await topUp(poor.id, 4000);
    const notEnough = await startWallet(`charger-id=${chargerId}&charging-amount=1000`, poor);
    expect(notEnough.body.data.responseCode).toBe('WALLET_NOT_ENOUGH');
    expect(notEnough.body.messages[0]!.text).toContain('5');
    await h.db.execute(sql`update wallets set balance = -100 where user_id = ${poor.id}`);
    const negative = await h.api(
      `/api/v1/charger/start-charging?charger-id=${chargerId}&charging-amount=1000`,
      poor,
    );
    expect(negative.body.data.responseCode).toBe('NEGATIVE_WALLET');

    for (const q of [
      'charger-id=abc&charging-amount=1000',
      `charger-id=${chargerId}&charging-amount=1000&charging-minutes=30`,
      `charger-id=${chargerId}&charging-energy=600`,
      `charger-id=${chargerId}&charging-amount=-5`,
      `charger-id=${chargerId}&parkCode=ab%24`,
    ]) {
      const bad = await startWallet(q);
      expect(bad.status, q).toBe(400);
      expect(bad.body.messages.length, q).toBeGreaterThan(1);
    }
    const belowFee = await startWallet(`charger-id=${chargerId}&charging-amount=150`);
    expect(belowFee.body.data.responseCode).toBe('AMOUNT_BELOW_FEE');
    expect(
      (await startWallet(`charger-id=${chargerId}&car-id=99999&charging-amount=1000`)).status,
    ).toBe(404);
    expect((await startWallet('charger-id=999999&charging-amount=1000')).status).toBe(404);
    expect((await h.api('/api/v1/charge/history?filterFrom=2026-13-45', bela)).status).toBe(400);
    expect(
      (await h.api(`/api/v1/charger/start-charging-wallet?charger-id=${chargerId}`)).status,
    ).toBe(401);
    expect(await h.count('charges')).toBe(before);
  });
});

describe('durable timers', () => {
  it('the payment window passes: the charge ends, and a payment made after it is released', async () => {
    const { chargerId } = await h.charger('CP-PAYWIN');
    const start = await h.api(
      `/api/v1/charger/start-charging?charger-id=${chargerId}&charging-amount=3000`,
      bela,
    );
    const waiting = (await h.api('/api/v1/charge/current', bela)).body.data;
    await h.db
      .update(charges)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(eq(charges.id, waiting.id));
    await sweep(h.deps());
    expect(await h.charge(waiting.id)).toMatchObject({
      status: 'FINISHED',
      endReason: 'paymentTimeout',
    });
    expect((await h.api('/api/v1/charge/current', bela)).body.data).toBeNull();

    await h.payOnPage(start.body.data);
    // Released by the settled event or, had it been lost, by the sweep.
    await until(async () => (await h.hold(waiting.id))?.status !== 'pending');
    await sweep(h.deps());
    await until(async () => (await h.hold(waiting.id))?.status === 'released');
    expect((await h.hold(waiting.id))!.capturedAmount).toBe(0);
    expect((await h.charge(waiting.id)).ocppTransactionId).toBeNull();
  });

  it('a charger that accepts the remote start but never starts: the start window passes and the wallet gets its money back', async () => {
    const { chargerId } = await h.charger('CP-SILENT', {}, { ignoreRemoteStart: true });
    const before = await walletBalance(h.db, bela.id);
    await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=2000`,
      bela,
    );
    const starting = await untilStatus(h, bela, 'STARTING');
    expect(await walletBalance(h.db, bela.id)).toBe(before - 2000);
    await h.db
      .update(charges)
      .set({ startDeadline: new Date(Date.now() - 1000) })
      .where(eq(charges.id, starting.id));
    await sweep(h.deps());
    expect(await h.charge(starting.id)).toMatchObject({
      status: 'FINISHED',
      endReason: 'startTimeout',
    });
    // The background sweeper may have taken the step a moment earlier and still be releasing.
    await until(async () => (await walletBalance(h.db, bela.id)) === before);
  });

  it('a stop the charger never confirms: closed hours later on its last meter value; the late StopTransaction changes nothing', async () => {
    const { chargerId, sim } = await h.charger('CP-GONE');
    await topUp(bela.id, 10_000);
    const before = await walletBalance(h.db, bela.id);
    await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=5000`,
      bela,
    );
    const started = await untilStatus(h, bela, 'STARTED');
    await new Promise((r) => setTimeout(r, 50));
    await sim.tickAll();
    const [tx] = await until(async () => {
      const rows = await h.db
        .select()
        .from(ocppTransactions)
        .where(eq(ocppTransactions.chargePointId, 'CP-GONE'));
      return rows[0]?.lastMeterWh ? rows : null;
    });
    const lastWh = tx!.lastMeterWh! - tx!.meterStartWh;

    await sim.goOffline();
    const stop = await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      bela,
    );
    expect(stop.status).toBe(502);
    expect((await h.charge(started.id)).status).toBe('FINISHING');
    await sweep(h.deps());
    expect((await h.charge(started.id)).status).toBe('FINISHING');

    await h.db
      .update(charges)
      .set({ stopRequestedAt: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(charges.id, started.id));
    await sweep(h.deps());
    const closed = await h.charge(started.id);
    expect(closed).toMatchObject({
      status: 'FINISHED',
      endReason: 'stopNotConfirmed',
      energyWh: lastWh,
      grossPrice: expectedPrice(lastWh),
    });
    expect(await walletBalance(h.db, bela.id)).toBe(before - expectedPrice(lastWh));

    // The charger comes back and reports its stop with more energy: billed already, once.
    await sim.goOnline();
    await new Promise((r) => setTimeout(r, 50));
    await sim.tickAll();
    await sim.stopTransaction(1, 'Remote');
    const late = await until(async () => {
      const [t] = await h.db
        .select()
        .from(ocppTransactions)
        .where(eq(ocppTransactions.id, closed.ocppTransactionId!));
      return t?.stoppedAt ? t : null;
    });
    expect(late.meterStopWh! - late.meterStartWh).toBeGreaterThan(lastWh);
    await sweep(h.deps());
    expect(await h.charge(started.id)).toMatchObject({ grossPrice: expectedPrice(lastWh) });
    expect(await h.count('charge_receipts', sql`charge_id = ${started.id}`)).toBe(1);
    expect(await walletBalance(h.db, bela.id)).toBe(before - expectedPrice(lastWh));
  });

  it('cancel before start ends a NEW charge only', async () => {
    const { chargerId } = await h.charger('CP-CANCEL');
    await h.api(
      `/api/v1/charger/start-charging?charger-id=${chargerId}&charging-amount=3000`,
      bela,
    );
    const waiting = (await h.api('/api/v1/charge/current', bela)).body.data;
    expect(
      (await h.api(`/api/v1/charger/cancel-charge-before-start?chargeId=${waiting.id}`, anna))
        .status,
    ).toBe(404);
    const cancel = await h.api(
      `/api/v1/charger/cancel-charge-before-start?chargeId=${waiting.id}`,
      bela,
    );
    expect(cancel.status).toBe(200);
    expect((await h.api('/api/v1/charge/current', bela)).body.data).toBeNull();
    expect(
      (await h.api(`/api/v1/charger/cancel-charge-before-start?chargeId=${waiting.id}`, bela))
        .status,
    ).toBe(409);
  });
});

describe('cars and billing data belong to their driver', () => {
  it('estimates with the car’s power, records the car on the charge, and refuses another driver’s car or billing data', async () => {
    const { chargerId } = await h.charger('CP-CAR');
    const [v] = await h.db
      .insert(vehicles)
      .values({ producer: 'Tesla', model: 'Model 3', maxChargingPowerACKw: 11 })
      .returning();
    const [car] = await h.db
      .insert(userCars)
      .values({ userId: anna.id, vehicleId: v!.id, licensePlate: 'AAA-111', defaultCar: true })
      .returning();
    const [billing] = await h.db
      .insert(billingData)
      .values({
        userId: anna.id,
        type: 'PERSON',
        payerName: 'Kovács Anna',
        emailAddress: 'anna.charge@example.hu',
        phone: '+36 30 123 4567',
        countryCode: 'HU',
        zipCode: '1051',
        city: 'Budapest',
        street: 'Nádor',
        addressType: 'utca',
        houseNumber: '12',
      })
      .returning();

    const gross = await h.api(
      `/api/v1/charger/get-gross-to-pay?charger-id=${chargerId}&car-id=${car!.id}&charging-minutes=60`,
      anna,
    );
    // The car takes 11 kW on AC although the charger gives 22.
    expect(gross.body.data).toEqual({ reservedEnergy: 11, time: 60, amount: 11 * 150 + 200 });
    expect(
      (
        await h.api(
          `/api/v1/charger/get-gross-to-pay?charger-id=${chargerId}&car-id=${car!.id}&charging-minutes=60`,
          bela,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await h.api(
          `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&billing-data-id=${billing!.id}&charging-amount=1000`,
          bela,
        )
      ).status,
    ).toBe(404);
    expect((await h.api('/api/v1/charge/current', bela)).body.data).toBeNull();

    await topUp(anna.id, 10_000);
    const start = await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&car-id=${car!.id}&billing-data-id=${billing!.id}&charging-minutes=15`,
      anna,
    );
    expect(start.status).toBe(200);
    const started = await untilStatus(h, anna, 'STARTED');
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      anna,
    );
    const record = await finished(anna);
    expect(record).toMatchObject({ car: 'Tesla Model 3', licencePlate: 'AAA-111' });
    const belasLast = (await h.api('/api/v1/charge/last-finished', bela)).body.data;
    expect(belasLast?.id).not.toBe(started.id);
  });
});
