import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { chargers, mailOutbox, ocppTransactions } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { creditWallet, walletBalance } from '../payments/ledger.js';
import { sweep } from './sweeper.js';
import { ChargingHarness, KEY, TARIFF, until, untilStatus } from './test-helpers.js';

/**
 * A charger that rebooted and lost its transaction (OCPP TC_032 without a kept transaction)
 * refuses the RemoteStop and reports its connector Available: the charge ends at once on the
 * last meter value, the rest of the hold goes back and the driver is told. And after a
 * reconnect only what the charger says now counts: an unplug nobody saw bills no parking.
 */
let h: ChargingHarness;

const price = (wh: number) =>
  Math.round((wh * TARIFF.unitChargingGross) / 1000) + TARIFF.convenienceFeeGross;

async function driver(email: string) {
  const d = await createActiveUser(h.db, email);
  await h.db.transaction((tx) =>
    creditWallet(tx, { userId: d.id, amount: 20_000, kind: 'topup', cause: `topup:${email}` }),
  );
  return d;
}

/** Starts a wallet charge and waits until the charger's meter value is stored; its energy. */
async function runningCharge(
  chargerId: number,
  sim: Awaited<ReturnType<ChargingHarness['charger']>>['sim'],
  d: Awaited<ReturnType<typeof driver>>,
) {
  await h.api(
    `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=5000`,
    d,
  );
  const started = await untilStatus(h, d, 'STARTED');
  await new Promise((r) => setTimeout(r, 50));
  await sim.tickAll();
  const tx = await until(async () => {
    const [t] = await h.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, (await h.charge(started.id)).ocppTransactionId!));
    return t?.lastMeterWh ? t : null;
  });
  return { id: started.id as number, lastWh: tx.lastMeterWh! - tx.meterStartWh };
}

beforeAll(async () => {
  h = await ChargingHarness.start();
});
afterAll(() => h.close());

describe('a charger that lost the transaction in a reboot', () => {
  it('the stop is refused: closed at once on the last meter value, the rest released, the driver mailed; a late stop bills nothing more', async () => {
    const anna = await driver('anna.lost@example.hu');
    const { chargerId, sim } = await h.charger('CP-LOST');
    const charge = await runningCharge(chargerId, sim, anna);
    const before = await walletBalance(h.db, anna.id);

    await sim.rebootLosingTransactions();
    await sim.goOnline();
    await until(async () => (await h.chargerStatus(chargerId)) === 'AVAILABLE');

    const stop = await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${charge.id}`,
      anna,
    );
    expect(stop.status).toBe(200);
    const closed = await until(async () => {
      const c = await h.charge(charge.id);
      return c.status === 'FINISHED' ? c : null;
    });
    expect(closed).toMatchObject({
      endReason: 'chargerLostTransaction',
      energyWh: charge.lastWh,
      grossPrice: price(charge.lastWh),
      parkingPrice: 0,
    });
    expect(await h.hold(charge.id)).toMatchObject({
      status: 'captured',
      capturedAmount: price(charge.lastWh),
    });
    // The hold (5000) was taken at the start; settling gives back all but the price.
    expect(await walletBalance(h.db, anna.id)).toBe(before + 5000 - price(charge.lastWh));
    const mails = await h.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, 'anna.lost@example.hu'),
          eq(mailOutbox.template, 'chargeClosed'),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Töltése lezárult');
    expect(mails[0]!.textBody).toContain(`${price(charge.lastWh)} Ft`);
    expect((await h.api('/api/v1/charge/current', anna)).body.data).toBeNull();

    // The charger finds the transaction after all and reports it with more energy.
    await sim.stop();
    const late = new RPCClient({
      endpoint: `ws://127.0.0.1:${h.port}/ocpp`,
      identity: 'CP-LOST',
      protocols: ['ocpp1.6'],
      strictMode: true,
      password: KEY,
    } as never);
    await late.connect();
    const tx = closed.ocppTransactionId!;
    const [row] = await h.db.select().from(ocppTransactions).where(eq(ocppTransactions.id, tx));
    await late.call('StopTransaction', {
      transactionId: tx,
      meterStop: row!.meterStartWh + charge.lastWh + 5000,
      timestamp: new Date().toISOString(),
      reason: 'PowerLoss',
    });
    await late.close({ force: true });
    await Promise.all([sweep(h.deps()), sweep(h.deps())]);
    expect(await h.charge(charge.id)).toMatchObject({ grossPrice: price(charge.lastWh) });
    expect(await h.count('charge_receipts', sql`charge_id = ${charge.id}`)).toBe(1);
    expect(await walletBalance(h.db, anna.id)).toBe(before + 5000 - price(charge.lastWh));
  });

  it('nobody stops it: a minute after the connector went Available the stop is asked for, refused, and the charge closed', async () => {
    const bela = await driver('bela.lost@example.hu');
    const { chargerId, sim } = await h.charger('CP-LOST-2');
    const charge = await runningCharge(chargerId, sim, bela);

    await sim.rebootLosingTransactions();
    await sim.goOnline();
    await until(async () => (await h.chargerStatus(chargerId)) === 'AVAILABLE');
    await sweep(h.deps());
    // The StopTransaction a charger that kept the transaction would send gets its minute.
    expect((await h.charge(charge.id)).status).toBe('STARTED');

    // Five minutes into the charge, Available for the last two.
    const { ocppTransactionId } = await h.charge(charge.id);
    await h.db
      .update(ocppTransactions)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(ocppTransactions.id, ocppTransactionId!));
    await h.db
      .update(chargers)
      .set({ statusChangedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(chargers.id, chargerId));
    await sweep(h.deps());
    expect(await h.charge(charge.id)).toMatchObject({
      status: 'FINISHED',
      endReason: 'chargerLostTransaction',
      energyWh: charge.lastWh,
      grossPrice: price(charge.lastWh),
    });
  });

  it('a charger that kept the transaction accepts the stop and bills its own meterStop', async () => {
    const cecil = await driver('cecil.kept@example.hu');
    const { chargerId, sim } = await h.charger('CP-KEPT');
    const charge = await runningCharge(chargerId, sim, cecil);
    // A reboot that keeps the transaction (the StopTransaction is queued for the return).
    await sim.goOffline();
    await sim.goOnline();
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${charge.id}`,
      cecil,
    );
    const done = await until(async () => {
      const c = await h.charge(charge.id);
      return c.status === 'FINISHED' ? c : null;
    });
    expect(done.endReason).toBe('finished');
    expect(done.energyWh!).toBeGreaterThanOrEqual(charge.lastWh);
  });
});

describe('after a reconnect only what the charger says now counts', () => {
  it('the car left while the charger was away: the unplug time is unknown, so no parking is billed', async () => {
    const dora = await driver('dora.parking@example.hu');
    const { chargerId, sim } = await h.charger('CP-PARK-RECONNECT', {
      parkingEnabled: true,
      minutesAfterParkingStart: 0,
      unitParkingGross: 6000,
      parkingToHoldGross: 3000,
    });
    const charge = await runningCharge(chargerId, sim, dora);
    // The charge ends while the car stays: the connector stays Finishing, parking counts.
    await sim.goOffline();
    await sim.stopTransaction(1, 'Local');
    await sim.setStatus(1, 'Finishing');
    await sim.goOnline();
    await until(async () => (await h.charge(charge.id)).endTime !== null);
    expect((await h.charge(charge.id)).status).toBe('FINISHING');

    // The server restarts; the car leaves meanwhile. Back, the charger's first report is
    // Available: when the car left nobody knows.
    await h.restart(async () => {
      await sim.goOffline();
      await sim.setStatus(1, 'Available');
    });
    await sim.goOnline();
    const done = await until(async () => {
      const c = await h.charge(charge.id);
      return c.status === 'FINISHED' ? c : null;
    });
    expect(done).toMatchObject({ parkingPrice: 0, grossPrice: done.priceOfCharging });
    expect(done.unpluggedAt).toEqual(done.endTime);
  });

  it('the car leaves after the reconnect: that unplug is seen, and parking is billed up to it', async () => {
    const emil = await driver('emil.parking@example.hu');
    const { chargerId, sim } = await h.charger('CP-PARK-SEEN', {
      parkingEnabled: true,
      minutesAfterParkingStart: 0,
      unitParkingGross: 6000,
      parkingToHoldGross: 3000,
    });
    const charge = await runningCharge(chargerId, sim, emil);
    await sim.goOffline();
    await sim.stopTransaction(1, 'Local');
    await sim.setStatus(1, 'Finishing');
    await h.restart();
    await sim.goOnline();
    await until(async () => (await h.charge(charge.id)).endTime !== null);
    await new Promise((r) => setTimeout(r, 100));
    expect((await h.charge(charge.id)).status).toBe('FINISHING');
    await sim.setStatus(1, 'Available');
    const done = await until(async () => {
      const c = await h.charge(charge.id);
      return c.status === 'FINISHED' ? c : null;
    });
    // Parked for part of a minute, rounded up: one minute at 6000 Ft/h.
    expect(done.parkingPrice).toBe(100);
    expect(done.unpluggedAt!.getTime()).toBeGreaterThan(done.endTime!.getTime());
  });
});
