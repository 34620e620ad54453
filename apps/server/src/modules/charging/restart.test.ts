import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chargeReceipts, charges, ledgerEntries, ocppTransactions } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { creditWallet, walletBalance, walletLedgerSum } from '../payments/ledger.js';
import { sweep } from './sweeper.js';
import { ChargingHarness, TARIFF, until, untilStatus } from './test-helpers.js';

/** The server goes away mid-charge; a new server on the same database finishes and bills it once. */
let h: ChargingHarness;
let anna: Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  h = await ChargingHarness.start();
  anna = await createActiveUser(h.db, 'anna.restart@example.hu');
  await h.db.transaction((tx) =>
    creditWallet(tx, { userId: anna.id, amount: 20_000, kind: 'topup', cause: 'test-topup' }),
  );
});
afterAll(() => h.close());

describe('server restart mid-charge', () => {
  it('the stop the charger sent while the server was down is billed exactly once by the new server', async () => {
    const { chargerId, sim } = await h.charger('CP-RESTART');
    const start = await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=5000`,
      anna,
    );
    expect(start.status).toBe(200);
    const started = await untilStatus(h, anna, 'STARTED');
    await new Promise((r) => setTimeout(r, 200));
    await sim.tickAll();

    await h.restart(async () => {
      // The driver unplugs while the server is down: the charger queues its StopTransaction.
      await sim.goOffline();
      await sim.stopTransaction(1, 'EVDisconnected');
      expect(sim.queued).toBeGreaterThan(0);
    });
    expect((await h.api('/api/v1/charge/current', anna)).body.data.chargingStatus).toBe('STARTED');
    await sim.goOnline();
    // The new server's event handler and its sweeps race to settle.
    await Promise.all([sweep(h.deps()), sweep(h.deps()), sweep(h.deps())]);
    await until(async () => (await h.api('/api/v1/charge/current', anna)).body.data === null);
    await Promise.all([sweep(h.deps()), sweep(h.deps())]);

    const [tx] = await h.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, (await h.charge(started.id)).ocppTransactionId!));
    const wh = tx!.meterStopWh! - tx!.meterStartWh;
    expect(wh).toBeGreaterThan(0);
    const price = Math.round((wh * TARIFF.unitChargingGross) / 1000) + TARIFF.convenienceFeeGross;

    const receipts = await h.db
      .select()
      .from(chargeReceipts)
      .where(eq(chargeReceipts.chargeId, started.id));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ grossPrice: price, energyWh: wh });
    const captures = await h.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.cause, `charge:${started.id}`), eq(ledgerEntries.kind, 'capture')),
      );
    expect(captures.map((c) => c.amount)).toEqual([-Math.min(price, 5000)]);
    expect(await walletBalance(h.db, anna.id)).toBe(20_000 - price);
    expect(await walletLedgerSum(h.db, anna.id)).toBe(20_000 - price);
    expect((await h.api('/api/v1/charge/last-finished', anna)).body.data).toMatchObject({
      id: started.id,
      grossPrice: price,
    });
  });

  it('a charge waiting for its remote start when the server died ends at the start window, money back', async () => {
    const { chargerId } = await h.charger('CP-RESTART-2', {}, { ignoreRemoteStart: true });
    const before = await walletBalance(h.db, anna.id);
    await h.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-amount=2000`,
      anna,
    );
    const starting = await untilStatus(h, anna, 'STARTING');
    await h.restart(async () => {
      // The window passes while no server runs.
      await h.db
        .update(charges)
        .set({ startDeadline: new Date(Date.now() - 1000) })
        .where(eq(charges.id, starting.id));
    });
    // The deadline is in the database: the new server's start-up sweep enforces it.
    await until(async () => (await h.charge(starting.id)).status === 'FINISHED');
    expect((await h.charge(starting.id)).endReason).toBe('startTimeout');
    // The release follows the status change (the sweeper repeats it if a crash came between).
    await until(async () => (await walletBalance(h.db, anna.id)) === before);
    expect(await h.hold(starting.id)).toMatchObject({ status: 'released', capturedAmount: 0 });
  });
});
