import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCServer } from 'ocpp-rpc';
import { SimChargePoint } from './charge-point.js';
import { fileStateStore } from './state-file.js';

// A minimal central system: records calls, hands out transaction ids.
const calls: { id: string; method: string; params: Record<string, unknown> }[] = [];
const clients = new Map<string, { call: (method: string, params: object) => Promise<unknown> }>();
let server: RPCServer;
let url: string;
let nextTx = 100;

beforeAll(async () => {
  server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  server.auth((accept, reject, hs) =>
    hs.password?.toString() === 'sim-test-key-123456' ? accept() : reject(401, 'no'),
  );
  server.on(
    'client',
    (client: {
      identity: string;
      handle: (fn: (o: { method: string; params: Record<string, unknown> }) => unknown) => void;
      call: (method: string, params: object) => Promise<unknown>;
    }) => {
      clients.set(client.identity, client);
      client.handle(({ method, params }) => {
        calls.push({ id: client.identity, method, params });
        if (method === 'BootNotification')
          return { status: 'Accepted', currentTime: new Date().toISOString(), interval: 300 };
        if (method === 'Heartbeat') return { currentTime: new Date().toISOString() };
        if (method === 'StartTransaction')
          return { transactionId: nextTx++, idTagInfo: { status: 'Accepted' } };
        if (method === 'StopTransaction') return {};
        return {};
      });
    },
  );
  const http = await server.listen(0, '127.0.0.1');
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close({ force: true });
});

const of = (id: string, method: string) => calls.filter((c) => c.id === id && c.method === method);

describe('SimChargePoint', () => {
  it('boots with Basic auth and reports each connector', async () => {
    const sim = new SimChargePoint({
      url,
      id: 'S1',
      key: 'sim-test-key-123456',
      connectors: [{ powerKw: 22 }, { powerKw: 22, status: 'Faulted' }],
    });
    await sim.start();
    expect(sim.bootStatus).toBe('Accepted');
    expect(of('S1', 'StatusNotification').map((c) => c.params.status)).toEqual([
      'Available',
      'Faulted',
    ]);
    await sim.stop();
  });

  it('is refused with a wrong key', async () => {
    const sim = new SimChargePoint({
      url,
      id: 'S2',
      key: 'wrong-key-123456789',
      connectors: [{ powerKw: 22 }],
    });
    await expect(sim.start()).rejects.toThrow();
    await sim.stop();
  });

  it('charges at the connector power capped by the car and stops when the car is full', async () => {
    // 1 ms of wall time = 1 h: 11 kW car on a 22 kW connector, 5 kWh battery.
    const sim = new SimChargePoint({
      url,
      id: 'S3',
      key: 'sim-test-key-123456',
      connectors: [{ powerKw: 22 }],
      car: { maxPowerKw: 11, batteryKwh: 5 },
      speed: 3_600_000,
      meterIntervalSec: 3600,
    });
    await sim.start();
    await sim.startTransaction(1, 'TAG');
    await new Promise((r) => setTimeout(r, 5));
    await sim.tickAll();
    const stop = of('S3', 'StopTransaction')[0]!.params;
    const start = of('S3', 'StartTransaction')[0]!.params;
    expect(stop.reason).toBe('EVDisconnected');
    expect((stop.meterStop as number) - (start.meterStart as number)).toBe(5000);
    expect(sim.status(1)).toBe('Available');
    await sim.stop();
  });

  it('queues transaction messages while offline and sends them in order after reconnect', async () => {
    const sim = new SimChargePoint({
      url,
      id: 'S4',
      key: 'sim-test-key-123456',
      connectors: [{ powerKw: 7 }],
      speed: 3600,
      meterIntervalSec: 3600,
    });
    await sim.start();
    await sim.goOffline();
    await sim.startTransaction(1, 'TAG');
    await new Promise((r) => setTimeout(r, 5));
    await sim.tickAll();
    await sim.stopTransaction(1);
    expect(sim.queued).toBe(3);
    expect(of('S4', 'StartTransaction')).toHaveLength(0);
    await sim.goOnline();
    expect(sim.queued).toBe(0);
    const seq = calls.filter(
      (c) =>
        c.id === 'S4' && ['StartTransaction', 'MeterValues', 'StopTransaction'].includes(c.method),
    );
    expect(seq.map((c) => c.method)).toEqual([
      'StartTransaction',
      'MeterValues',
      'StopTransaction',
    ]);
    const txId = (seq[1]!.params as { transactionId: number }).transactionId;
    expect((seq[2]!.params as { transactionId: number }).transactionId).toBe(txId);
    await sim.stop();
  });

  describe('over a restart of its process (state kept in a file)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltpark-sim-state-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const options = (id: string) => ({
      url,
      id,
      key: 'sim-test-key-123456',
      connectors: [{ powerKw: 22 }],
      speed: 3600,
      meterIntervalSec: 3600,
      store: fileStateStore(dir, id),
    });

    it('keeps its transaction: RemoteStop is Accepted and StopTransaction has the meter register', async () => {
      const before = new SimChargePoint(options('S5'));
      await before.start();
      await before.startTransaction(1, 'TAG5');
      await new Promise((r) => setTimeout(r, 5));
      await before.tickAll();
      const txId = before.transactionOn(1)!.id!;
      const sampled = before.register(1);
      // The process dies: nothing more is written.
      await before.stop();

      const after = new SimChargePoint(options('S5'));
      expect(after.register(1)).toBe(sampled);
      await after.start();
      expect(after.status(1)).toBe('Charging');
      expect(
        await clients.get('S5')!.call('RemoteStopTransaction', { transactionId: txId }),
      ).toEqual({ status: 'Accepted' });
      await until(() => of('S5', 'StopTransaction').length === 1);
      const stop = of('S5', 'StopTransaction')[0]!.params;
      const start = of('S5', 'StartTransaction')[0]!.params;
      expect(stop.transactionId).toBe(txId);
      expect(stop.meterStop as number).toBeGreaterThanOrEqual(sampled);
      expect(stop.meterStop as number).toBeGreaterThan(start.meterStart as number);
      await until(() => after.status(1) === 'Available');
      await after.stop();
    });

    it('sends the messages it had queued before the restart, and a stopped car has left', async () => {
      const before = new SimChargePoint(options('S6'));
      await before.start();
      await before.startTransaction(1, 'TAG6');
      const txId = before.transactionOn(1)!.id!;
      await before.goOffline();
      await before.stopTransaction(1, 'EVDisconnected');
      expect(before.queued).toBe(1);
      await before.stop();

      const after = new SimChargePoint(options('S6'));
      await after.start();
      expect(after.queued).toBe(0);
      const stops = of('S6', 'StopTransaction');
      expect(stops.map((c) => c.params.transactionId)).toEqual([txId]);
      expect(after.status(1)).toBe('Available');
      await after.stop();
    });
  });
});

async function until(fn: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !fn(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(fn()).toBe(true);
}
