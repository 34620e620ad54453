import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { chargePoints, ocppIdTags, ocppTransactions } from '../../db/schema/index.js';
import { KEY, startOcppApp, until, type OcppTestApp } from './test-helpers.js';
import { setChargePointDisabled } from './registry.js';

let t: OcppTestApp;
beforeAll(async () => {
  t = await startOcppApp();
});
afterAll(async () => {
  await t?.close();
});

function rawClient(id: string, opts: { password?: string | null; protocols?: string[] } = {}) {
  return new RPCClient({
    endpoint: t.url,
    identity: id,
    protocols: opts.protocols ?? ['ocpp1.6'],
    password: opts.password === undefined ? KEY : opts.password,
    reconnect: false,
  } as never);
}

describe('handshake', () => {
  it('refuses a connection without the ocpp1.6 subprotocol', async () => {
    await t.add('HS-1');
    const c = rawClient('HS-1', { protocols: ['ocpp2.0.1'] });
    await expect(c.connect()).rejects.toThrow();
  });
  it('refuses an unknown charge point', async () => {
    await expect(rawClient('NOPE-1').connect()).rejects.toThrow(/Not Found/i);
  });
  it('refuses a wrong password and a missing one', async () => {
    await t.add('HS-2');
    await expect(rawClient('HS-2', { password: 'wrong-key-0123456789' }).connect()).rejects.toThrow(
      /Unauthorized/,
    );
    await expect(rawClient('HS-2', { password: null }).connect()).rejects.toThrow(/Unauthorized/);
  });
  it('accepts the right key with ocpp1.6', async () => {
    await t.add('HS-3');
    const c = rawClient('HS-3');
    await c.connect();
    expect(c.protocol).toBe('ocpp1.6');
    await c.close({ force: true });
  });
});

describe('TC_001 cold boot', () => {
  it('is accepted with currentTime and interval, and the connectors report their status', async () => {
    await t.add('TC001-A');
    expect(await t.statuses('TC001-A')).toEqual(['NEW_NOT_CONNECTED', 'NEW_NOT_CONNECTED']);
    const sim = t.sim({
      id: 'TC001-A',
      connectors: [{ powerKw: 22 }, { powerKw: 22, status: 'Faulted' }],
    });
    await sim.start();
    expect(sim.bootStatus).toBe('Accepted');
    expect(sim.heartbeatIntervalSec).toBeGreaterThan(0);
    expect(
      await until(
        async () => (await t.statuses('TC001-A'))[1] === 'ERROR' && t.statuses('TC001-A'),
      ),
    ).toEqual(['AVAILABLE', 'ERROR']);
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, 'TC001-A'));
    expect(cp!.lastBootAt).not.toBeNull();
  });
  it('is refused for a disabled charge point, and Rejected at boot when disabled while connected', async () => {
    await t.add('TC001-B');
    await setChargePointDisabled(t.database.db, 'TC001-B', true);
    await expect(rawClient('TC001-B').connect()).rejects.toThrow(/Forbidden/);

    await t.add('TC001-C');
    t.app.ocpp.central.stopTimers(); // the periodic flush would hang up before the boot
    const c = rawClient('TC001-C');
    await c.connect();
    await setChargePointDisabled(t.database.db, 'TC001-C', true);
    const res = (await c.call('BootNotification', {
      chargePointVendor: 'X',
      chargePointModel: 'Y',
    })) as {
      status: string;
      interval: number;
      currentTime: string;
    };
    expect(res.status).toBe('Rejected');
    expect(typeof res.currentTime).toBe('string');
    // The next batch of seen-timestamps notices the switch and hangs up.
    await c.call('Heartbeat', {});
    await t.app.ocpp.central.flushSeen();
    t.app.ocpp.central.start();
    await until(() => !t.app.ocpp.central.isConnected('TC001-C'));
    await c.close({ force: true });
  });
});

describe('TC_003/TC_004 regular charging session', () => {
  it('records start, meter values (Wh) and stop with the charger timestamps', async () => {
    await t.add('TC003');
    await t.database.db.insert(ocppIdTags).values({ idTag: 'CARD-OK' });
    const sim = t.sim({ id: 'TC003' });
    await sim.start();
    const started = new Promise((r) => t.app.ocpp.central.events.once('transactionStarted', r));
    const tx = await sim.startTransaction(1, 'CARD-OK');
    await started;
    expect(tx.id).toBeGreaterThan(0);
    expect(await until(async () => (await t.statuses('TC003'))[0] === 'OCCUPIED')).toBe(true);
    const meters: number[] = [];
    t.app.ocpp.central.events.on('meterValues', (m) => {
      if (m.transactionId === tx.id && m.energyWh !== null) meters.push(m.energyWh);
    });
    // 22 kW for a simulated hour (speed) → 22,000 Wh.
    (sim.opts as { speed?: number }).speed = 3_600_000 / 1; // 1 ms = 1 h
    await new Promise((r) => setTimeout(r, 1));
    await sim.tickAll();
    expect(meters.length).toBe(1);
    // No more energy after that sample (meterStop is the register at the stop).
    (sim.opts as { speed?: number }).speed = 0;
    const stopped = new Promise<{ energyWh: number; reason: string | null }>((r) =>
      t.app.ocpp.central.events.once('transactionStopped', r),
    );
    await sim.stopTransaction(1, 'Local');
    const s = await stopped;
    const [row] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, tx.id!));
    expect(row!.stoppedAt).not.toBeNull();
    expect(row!.meterStopWh! - row!.meterStartWh).toBe(s.energyWh);
    expect(s.energyWh).toBe(meters[0]);
    expect(s.energyWh).toBeGreaterThan(0);
    expect(await until(async () => (await t.statuses('TC003'))[0] === 'AVAILABLE')).toBe(true);
  });

  it('reads kWh meter values as Wh', async () => {
    await t.add('TC004');
    await t.database.db.insert(ocppIdTags).values({ idTag: 'CARD-KWH' });
    const sim = t.sim({ id: 'TC004', energyUnit: 'kWh' });
    await sim.start();
    const tx = await sim.startTransaction(1, 'CARD-KWH');
    const got = new Promise<{ energyWh: number | null; registerWh: number | null }>((r) =>
      t.app.ocpp.central.events.once('meterValues', r),
    );
    (sim.opts as { speed?: number }).speed = 3_600_000 / 2; // 1 ms = 30 min: 11 kWh per ms
    await new Promise((r) => setTimeout(r, 2));
    await sim.tickAll();
    const m = await got;
    expect(m.registerWh).toBe(Math.round(sim.register(1)));
    expect(m.energyWh).toBeGreaterThan(10_000);
    const [row] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, tx.id!));
    expect(row!.lastMeterWh).toBe(m.registerWh);
  });
});

describe('TC_023 id tags', () => {
  it('answers Invalid, Expired and Blocked, and Accepted for a good tag', async () => {
    await t.add('TC023');
    await t.database.db
      .insert(ocppIdTags)
      .values([
        { idTag: 'TAG-BLOCKED', status: 'Blocked' },
        { idTag: 'TAG-EXPIRED', status: 'Accepted', expiresAt: new Date(Date.now() - 60_000) },
        { idTag: 'TAG-GOOD' },
      ]);
    const c = rawClient('TC023');
    await c.connect();
    const auth = async (idTag: string) =>
      ((await c.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo
        .status;
    expect(await auth('TAG-UNKNOWN')).toBe('Invalid');
    expect(await auth('TAG-BLOCKED')).toBe('Blocked');
    expect(await auth('TAG-EXPIRED')).toBe('Expired');
    expect(await auth('TAG-GOOD')).toBe('Accepted');
    const start = (await c.call('StartTransaction', {
      connectorId: 1,
      idTag: 'TAG-BLOCKED',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(start.idTagInfo.status).toBe('Blocked');
    expect(Number.isInteger(start.transactionId)).toBe(true);
    // A pluggable authorizer answers tags the table does not know.
    t.app.ocpp.central.authorizer = async (idTag) =>
      idTag.startsWith('APP-') ? { status: 'Accepted' } : null;
    expect(await auth('APP-123')).toBe('Accepted');
    t.app.ocpp.central.authorizer = null;
    await c.close({ force: true });
  });
});
