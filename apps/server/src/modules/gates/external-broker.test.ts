import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import mqtt from 'mqtt';
import { SimGateController } from '@voltpark/sim';
import type { Database } from '../../db/client.js';
import { gates } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { GatesModule } from './module.js';
import { collect, gateRow, seedLot, silentLog, until } from './test-helpers.js';

/**
 * GATES_MQTT_URL: an external broker (the local Mosquitto, TEST_MQTT_URL, default
 * mqtt://127.0.0.1:1883 with anonymous access) authenticates the controllers; the server is
 * one more client. Skipped, saying so, when no broker answers.
 */
const url = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

async function brokerAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 1883), timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const reachable = await brokerAnswers();
if (!reachable)
  console.warn(`No MQTT broker answers at ${url}: the external broker test is skipped.`);

describe.skipIf(!reachable)('an external broker (GATES_MQTT_URL)', () => {
  let database: Database;
  let mod: GatesModule;
  let sim: SimGateController;
  // Ids far from other runs' so leftovers on the shared broker cannot meet this run's gates.
  const gateId = 1_000_000 + randomInt(1_000_000_000);

  /** Removes the retained status this test leaves on the shared broker. */
  async function clearRetained() {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    await c.publishAsync(`gates/${gateId}/status`, '', { qos: 1, retain: true });
    await c.endAsync();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const lotId = await seedLot(database.db);
    await database.db.insert(gates).values({
      id: gateId,
      parkingLotId: lotId,
      name: 'Sorompó',
      direction: 'BOTH',
      controllerId: `gate-${gateId}`,
    });
    mod = new GatesModule(
      database.db,
      {
        host: '127.0.0.1',
        gates: { mqttPort: 0, mqttPortFallback: false, mqttUrl: url, simulateGates: false },
      },
      silentLog,
    );
    await mod.start();
  });

  afterAll(async () => {
    await sim?.stop();
    await mod?.stop();
    await clearRetained().catch(() => {});
    await database?.close();
  });

  it('opens through the external broker: status, presence, open → ack → passed, last will', async () => {
    expect(mod.broker).toBeNull();
    // The broker decides who may connect; this one lets anyone in.
    sim = new SimGateController({ url, gateId, key: 'external-broker-key', reconnectMs: 100 });
    await sim.start();
    await until(async () => (await gateRow(database.db, gateId)).online, 'online');
    const passed = collect(mod.service, 'passed');
    await sim.arrive('RXT456');
    await until(async () => (await gateRow(database.db, gateId)).plate === 'RXT456', 'plate');
    expect((await mod.service.canOpen(gateId, 'session:1')).canOpen).toBe(true);
    const { requestId } = await mod.service.openGate(gateId, 'session:1', {
      subject: 'session:1',
      requireCar: true,
    });
    await sim.driveThrough();
    await until(() => passed.length === 1, 'passed');
    expect(passed[0]).toMatchObject({ gateId, requestId });
    await sim.stop(true);
    await until(async () => !(await gateRow(database.db, gateId)).online, 'last will');
  });
});
