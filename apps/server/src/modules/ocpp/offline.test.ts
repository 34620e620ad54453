import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { chargePoints, ocppFrames, ocppIdTags, ocppTransactions } from '../../db/schema/index.js';
import { KEY, startOcppApp, until, type OcppTestApp } from './test-helpers.js';
import { setChargePointDisabled, setOutOfService } from './registry.js';

let t: OcppTestApp;
beforeAll(async () => {
  t = await startOcppApp();
  await t.database.db.insert(ocppIdTags).values([{ idTag: 'OFF-TAG' }]);
});
afterAll(async () => {
  await t?.close();
});

describe('TC_037/TC_039 offline transactions', () => {
  it('messages queued while offline are sent late after reconnect, all answered and recorded', async () => {
    await t.add('TC037');
    const sim = t.sim({ id: 'TC037', speed: 3600 });
    await sim.start();
    await sim.goOffline();
    // Offline: plug in, start, charge, stop — all queued in the charger.
    await sim.startTransaction(1, 'OFF-TAG');
    await new Promise((r) => setTimeout(r, 20));
    await sim.tickAll();
    await sim.stopTransaction(1, 'Local');
    expect(sim.queued).toBe(3);
    const stopped = new Promise<{ transactionId: number; energyWh: number }>((r) =>
      t.app.ocpp.central.events.once('transactionStopped', r),
    );
    await sim.goOnline();
    const s = await stopped;
    expect(sim.queued).toBe(0);
    expect(s.energyWh).toBeGreaterThan(0);
    const frames = await t.frames(s.transactionId);
    expect(frames.filter((f) => f.direction === 'in').map((f) => f.action)).toEqual([
      'StartTransaction',
      'MeterValues',
      'StopTransaction',
    ]);
    expect(frames.filter((f) => f.direction === 'out').length).toBe(3);
  });

  it('late, out-of-order and unknown-transaction messages are all answered', async () => {
    await t.add('TC039');
    const c = new RPCClient({
      endpoint: t.url,
      identity: 'TC039',
      protocols: ['ocpp1.6'],
      password: KEY,
      reconnect: false,
    } as never);
    await c.connect();
    const t0 = Date.now() - 3600_000;
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    const start = (await c.call('StartTransaction', {
      connectorId: 1,
      idTag: 'OFF-TAG',
      meterStart: 5000,
      timestamp: at(0),
    })) as {
      transactionId: number;
    };
    // The same StartTransaction again (answer lost): the same transactionId.
    const again = (await c.call('StartTransaction', {
      connectorId: 1,
      idTag: 'OFF-TAG',
      meterStart: 5000,
      timestamp: at(0),
    })) as {
      transactionId: number;
    };
    expect(again.transactionId).toBe(start.transactionId);
    const mv = (min: number, wh: number) =>
      c.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [
          {
            timestamp: at(min),
            sampledValue: [
              {
                value: String(wh),
                measurand: 'Energy.Active.Import.Register',
                unit: 'Wh',
                context: 'Sample.Periodic',
              },
            ],
          },
        ],
      });
    expect(await mv(20, 9000)).toEqual({});
    expect(await mv(10, 7000)).toEqual({}); // older, arrives later
    expect(
      await c.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 12_000,
        timestamp: at(30),
        reason: 'Local',
      }),
    ).toEqual({});
    expect(await mv(25, 11_000)).toEqual({}); // after the stop
    // Unknown transaction: still answered.
    expect(
      await c.call('MeterValues', {
        connectorId: 1,
        transactionId: 987_654,
        meterValue: [{ timestamp: at(1), sampledValue: [{ value: '1' }] }],
      }),
    ).toEqual({});
    expect(
      await c.call('StopTransaction', { transactionId: 987_654, meterStop: 1, timestamp: at(2) }),
    ).toEqual({});
    // A repeated StopTransaction is answered and changes nothing.
    expect(
      await c.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 99_999,
        timestamp: at(40),
      }),
    ).toEqual({});

    const [row] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, start.transactionId));
    expect(row!.lastMeterWh).toBe(11_000); // latest by the charger's clock
    expect(row!.meterStopWh).toBe(12_000);
    expect(row!.stoppedAt!.toISOString()).toBe(at(30));
    const inFrames = (await t.frames(start.transactionId)).filter((f) => f.direction === 'in');
    expect(inFrames.length).toBe(2 + 2 + 1 + 1 + 1); // 2 starts, 3 meter values, 2 stops
    const unknown = await t.database.db
      .select()
      .from(ocppFrames)
      .where(eq(ocppFrames.transactionId, 987_654));
    expect(unknown.length).toBe(4);
    await c.close({ force: true });
  });
});

describe('heartbeat-based online/offline', () => {
  it('a silent charge point becomes UNKNOWN; heard from again, it shows its last status', async () => {
    await t.add('HB-1');
    const sim = t.sim({
      id: 'HB-1',
      connectors: [{ powerKw: 22 }, { powerKw: 22, status: 'Faulted' }],
    });
    await sim.start();
    const central = t.app.ocpp.central;
    await until(async () => (await t.statuses('HB-1'))[1] === 'ERROR');
    await central.flushSeen();
    // Not heard from for longer than 2 × interval + margin.
    await t.database.db
      .update(chargePoints)
      .set({ lastHeartbeatAt: new Date(Date.now() - 3600_000 * 24) })
      .where(eq(chargePoints.id, 'HB-1'));
    expect(await central.sweepOffline()).toContain('HB-1');
    expect(await t.statuses('HB-1')).toEqual(['UNKNOWN', 'UNKNOWN']);
    expect(await central.sweepOffline()).not.toContain('HB-1'); // claimed once
    await t.app.ocpp.commands.triggerMessage('HB-1', 'Heartbeat');
    await new Promise((r) => setTimeout(r, 50));
    await central.flushSeen();
    expect(await t.statuses('HB-1')).toEqual(['AVAILABLE', 'ERROR']);
    const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.id, 'HB-1'));
    expect(Date.now() - cp!.lastHeartbeatAt!.getTime()).toBeLessThan(10_000);
    expect(cp!.offlineAt).toBeNull();
  });

  it('a charge point heard from again soon is not rewritten each flush, yet a disabled one is hung up at the next flush', async () => {
    await t.add('HB-2');
    const central = t.app.ocpp.central;
    central.stopTimers();
    try {
      const sim = t.sim({ id: 'HB-2' });
      await sim.start();
      await central.flushSeen();
      const seenAt = async () =>
        (
          await t.database.db.select().from(chargePoints).where(eq(chargePoints.id, 'HB-2'))
        )[0]!.lastHeartbeatAt!.getTime();
      const written = await seenAt();
      await new Promise((r) => setTimeout(r, 20));
      await t.app.ocpp.commands.triggerMessage('HB-2', 'Heartbeat');
      await new Promise((r) => setTimeout(r, 50));
      await central.flushSeen();
      expect(await seenAt()).toBe(written);

      await setChargePointDisabled(t.database.db, 'HB-2', true);
      await t.app.ocpp.commands.triggerMessage('HB-2', 'Heartbeat');
      await new Promise((r) => setTimeout(r, 50));
      await central.flushSeen();
      await until(() => !central.isConnected('HB-2'));
    } finally {
      central.start();
    }
  });

  it('the operator OUT_OF_SERVICE switch wins over reported statuses and heartbeats', async () => {
    await t.add('OOS-1');
    const sim = t.sim({ id: 'OOS-1' });
    await sim.start();
    await until(async () => (await t.statuses('OOS-1'))[0] === 'AVAILABLE');
    await setOutOfService(t.database.db, 'OOS-1', true, 1);
    await sim.setStatus(1, 'Preparing');
    await sim.setStatus(2, 'Preparing');
    expect(await t.statuses('OOS-1')).toEqual(['OUT_OF_SERVICE', 'PREPARING']);
    await setOutOfService(t.database.db, 'OOS-1', false, 1);
    expect(await t.statuses('OOS-1')).toEqual(['PREPARING', 'PREPARING']);
  });

  it('connector 0 Unavailable/Faulted applies to the whole charge point', async () => {
    await t.add('C0-1');
    const sim = t.sim({ id: 'C0-1' });
    await sim.start();
    await until(async () => (await t.statuses('C0-1'))[1] === 'AVAILABLE');
    await sim.setChargePointStatus('Faulted', 'OtherError');
    expect(await t.statuses('C0-1')).toEqual(['ERROR', 'ERROR']);
    await sim.setChargePointStatus('Available');
    expect(await t.statuses('C0-1')).toEqual(['AVAILABLE', 'AVAILABLE']);
  });

  it('the offline sweep skips rows another replica holds (FOR UPDATE SKIP LOCKED)', async () => {
    await t.add('HB-LOCK');
    await t.database.db.execute(
      sql`update charge_points set last_boot_at = now() - interval '2 days', last_heartbeat_at = now() - interval '2 days' where id = 'HB-LOCK'`,
    );
    if (t.database.kind !== 'postgres') return; // PGlite has one connection: nothing to hold a lock
    const central = t.app.ocpp.central;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const locked = new Promise<void>((ready) => {
      void t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from charge_points where id = 'HB-LOCK' for update`);
        ready();
        await held;
      });
    });
    await locked;
    expect(await central.sweepOffline()).not.toContain('HB-LOCK');
    release();
    await until(
      async () =>
        (await central.sweepOffline()).includes('HB-LOCK') ||
        (await t.statuses('HB-LOCK'))[0] === 'UNKNOWN',
    );
  });
});
