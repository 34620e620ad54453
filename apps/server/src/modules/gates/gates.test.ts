import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { SimGateController } from '@voltpark/sim';
import type { Database } from '../../db/client.js';
import { gateMessages, gateOpenRequests } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { GateError } from './errors.js';
import { GatesModule } from './module.js';
import { addGate, setGateEnabled } from './registry.js';
import { collect, gateRow, seedLot, silentLog, until } from './test-helpers.js';

let database: Database;
let mod: GatesModule;
const keys = new Map<number, string>();
const sims: SimGateController[] = [];
let lotId: number;

async function newGate(direction: 'IN' | 'OUT' | 'BOTH' = 'BOTH') {
  const g = await addGate(database.db, { lotId, direction });
  keys.set(g.id, g.key);
  return g.id;
}

async function sim(gateId: number, passTimeMs = 60_000) {
  const c = new SimGateController({
    url: mod.url!,
    gateId,
    key: keys.get(gateId)!,
    passTimeMs,
    reconnectMs: 100,
  });
  sims.push(c);
  await c.start();
  await until(async () => (await gateRow(database.db, gateId)).online, `gate ${gateId} online`);
  return c;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return err as Error & { code?: number };
  }
  throw new Error('expected a refusal');
}

const gateError = async (p: Promise<unknown>) => {
  const err = await refusal(p);
  expect(err).toBeInstanceOf(GateError);
  return err as unknown as GateError;
};

beforeAll(async () => {
  database = await createTestDatabase();
  lotId = await seedLot(database.db);
  mod = new GatesModule(
    database.db,
    {
      host: '127.0.0.1',
      gates: { mqttPort: 0, mqttPortFallback: false, mqttUrl: undefined, simulateGates: false },
    },
    silentLog,
    { ackTimeoutMs: 1000, passGraceSec: 30, sweepEveryMs: 3_600_000 },
  );
  await mod.start();
});

afterAll(async () => {
  await Promise.allSettled(sims.map((s) => s.stop()));
  await mod?.stop();
  await database?.close();
});

describe('controller authentication and authorization (embedded broker)', () => {
  it('lets a controller in with its own key and records its retained status', async () => {
    const id = await newGate();
    await sim(id);
    const row = await gateRow(database.db, id);
    expect(row).toMatchObject({ online: true, sensor: 'ok', firmware: 'voltpark-sim-gate 1.0' });
    expect(row.lastSeenAt).not.toBeNull();
  });

  it('refuses a wrong key, an unknown gate, a disabled gate and a client id that is not gate-{id}', async () => {
    const id = await newGate();
    const wrong = new SimGateController({ url: mod.url!, gateId: id, key: 'x'.repeat(20) });
    expect((await refusal(wrong.start())).code).toBe(4);
    const unknown = new SimGateController({ url: mod.url!, gateId: 999_999, key: keys.get(id)! });
    expect((await refusal(unknown.start())).code).toBe(4);
    await setGateEnabled(database.db, id, false);
    const disabled = new SimGateController({ url: mod.url!, gateId: id, key: keys.get(id)! });
    expect((await refusal(disabled.start())).code).toBe(5);
    await setGateEnabled(database.db, id, true);
    const impostor = mqtt.connectAsync(mod.url!, {
      clientId: 'not-a-gate',
      username: String(id),
      password: keys.get(id)!,
      reconnectPeriod: 0,
    });
    expect((await refusal(impostor)).code).toBe(2);
    expect((await gateRow(database.db, id)).online).toBe(false);
  });

  it("refuses a controller publishing on or subscribing to another gate's topics", async () => {
    const mine = await newGate();
    const other = await newGate();
    const otherSim = await sim(other);
    const rogue = await mqtt.connectAsync(mod.url!, {
      clientId: `gate-${mine}`,
      username: String(mine),
      password: keys.get(mine)!,
      reconnectPeriod: 0,
    });
    // SUBACK 0x80: the subscription is refused.
    await expect(rogue.subscribeAsync(`gates/${other}/cmd`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    const closed = new Promise<void>((r) => rogue.once('close', () => r()));
    rogue.publish(
      `gates/${other}/event`,
      JSON.stringify({ type: 'presence', present: true, ts: new Date().toISOString() }),
      { qos: 1 },
    );
    await closed; // the broker drops a client that publishes where it may not
    await rogue.endAsync(true);
    // The other gate's own next message arrives; the forged one never did.
    await otherSim.arrive(undefined);
    await until(async () => (await gateRow(database.db, other)).carPresent, 'real presence');
    const forged = await database.db
      .select()
      .from(gateMessages)
      .where(and(eq(gateMessages.gateId, other), eq(gateMessages.topic, 'event')));
    expect(forged).toHaveLength(1);
  });

  it('disconnects the controller of a gate disabled while it is connected', async () => {
    const id = await newGate();
    const s = await sim(id);
    await setGateEnabled(database.db, id, false);
    await mod.kickDisabled();
    await until(async () => !(await gateRow(database.db, id)).online, 'offline after disable');
    expect(s.connected).toBe(false);
    await expect(mod.service.openGate(id, 'admin:1')).rejects.toMatchObject({
      code: 'GATE_NOT_FOUND',
    });
    await s.stop();
  });
});

describe('opening a gate', () => {
  it('open → ack → passed: one command, recorded, and passed ends the request', async () => {
    const id = await newGate('IN');
    const s = await sim(id);
    const passed = collect(mod.service, 'passed');
    const acks: string[] = [];
    s.on('ack', (a) => acks.push(a.id));

    expect((await mod.service.canOpen(id, 'session:1')).error?.code).toBe('NO_CAR_AT_GATE');
    await s.arrive('abc-123');
    await until(async () => (await gateRow(database.db, id)).plate === 'ABC123', 'plate read');
    expect(await gateRow(database.db, id)).toMatchObject({
      carPresent: true,
      plateConfidence: 0.97,
    });
    expect(await mod.service.canOpen(id, 'session:1')).toEqual({ canOpen: true, error: null });

    const opened = await mod.service.openGate(id, 'session:1', {
      subject: 'session:1',
      requireCar: true,
    });
    expect(acks).toEqual([opened.requestId]);
    expect(s.state.barrierOpen).toBe(true);
    const pending = await mod.service.pendingRequest(id);
    expect(pending).toMatchObject({
      id: opened.requestId,
      reason: 'session:1',
      subject: 'session:1',
      outcome: null,
    });
    await until(async () => (await mod.service.pendingRequest(id))?.ackResult, 'ack recorded');

    // Pending: neither this car nor another may open it again.
    const busy = await mod.service.canOpen(id, 'session:1');
    expect(busy.canOpen).toBe(false);
    expect(busy.error).toMatchObject({ code: 'GATE_BUSY', messageKey: 'parking.gateBusy' });
    expect(busy.error!.retryInSeconds).toBeGreaterThan(0);
    expect((await gateError(mod.service.openGate(id, 'session:2'))).code).toBe('GATE_BUSY');

    expect(await s.driveThrough()).toBe(true);
    await until(() => passed.length === 1, 'passed');
    expect(passed[0]).toMatchObject({
      gateId: id,
      requestId: opened.requestId,
      subject: 'session:1',
    });
    const [row] = await database.db
      .select()
      .from(gateOpenRequests)
      .where(eq(gateOpenRequests.id, opened.requestId));
    expect(row).toMatchObject({ ackResult: 'opened', outcome: 'passed' });
    expect(row!.eventTs).not.toBeNull();
    await mod.service.settled();
    expect(await gateRow(database.db, id)).toMatchObject({ carPresent: false, plate: null });
  });

  it('a repeated passed changes nothing and is not emitted twice', async () => {
    const id = await newGate('OUT');
    const s = await sim(id);
    const passed = collect(mod.service, 'passed');
    await s.arrive();
    await until(async () => (await gateRow(database.db, id)).carPresent, 'car present');
    const { requestId } = await mod.service.openGate(id, 'session:7', { subject: 'session:7' });
    await s.driveThrough();
    await until(() => passed.length === 1, 'first passed');
    const [first] = await database.db
      .select()
      .from(gateOpenRequests)
      .where(eq(gateOpenRequests.id, requestId));

    await s.repeatPassed();
    await until(async () => {
      const r = await database.db.execute(
        sql`select count(*)::int as n from gate_messages where gate_id = ${id} and payload->>'type' = 'passed'`,
      );
      return (r as unknown as { rows: { n: number }[] }).rows[0]!.n === 2;
    }, 'second passed logged');
    await mod.service.settled();
    expect(passed).toHaveLength(1);
    const [again] = await database.db
      .select()
      .from(gateOpenRequests)
      .where(eq(gateOpenRequests.id, requestId));
    expect(again).toEqual(first);
  });

  it('an ack that never comes: an error, nothing opened, and the driver may try again', async () => {
    const id = await newGate();
    const s = await sim(id);
    await s.arrive();
    await until(async () => (await gateRow(database.db, id)).carPresent, 'car present');
    s.ackMode = 'silent';
    const err = await gateError(mod.service.openGate(id, 'session:9', { subject: 'session:9' }));
    expect(err).toMatchObject({ code: 'GATE_NO_ACK', messageKey: 'parking.gateNoAck' });
    expect(s.state.barrierOpen).toBe(false);
    const rows = await database.db
      .select()
      .from(gateOpenRequests)
      .where(eq(gateOpenRequests.gateId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'no_ack', ackResult: null });
    expect(await mod.service.canOpen(id, 'session:9')).toEqual({ canOpen: true, error: null });
    s.ackMode = 'normal';
    await mod.service.openGate(id, 'session:9', { subject: 'session:9' });
    expect(s.state.barrierOpen).toBe(true);
  });

  it('the barrier times out when the car does not pass: timeout ends the request', async () => {
    const id = await newGate();
    const s = await sim(id, 200);
    const timeouts = collect(mod.service, 'timeout');
    await s.arrive();
    await until(async () => (await gateRow(database.db, id)).carPresent, 'car present');
    const { requestId } = await mod.service.openGate(id, 'session:3', { subject: 'session:3' });
    await until(() => timeouts.length === 1, 'timeout');
    expect(timeouts[0]).toMatchObject({ requestId, subject: 'session:3', expired: false });
    expect(await mod.service.canOpen(id, 'session:3')).toEqual({ canOpen: true, error: null });
  });

  it('an offline gate cannot open: canOpen false, openGate refused, no command recorded', async () => {
    const id = await newGate();
    const s = await sim(id);
    await s.arrive();
    await until(async () => (await gateRow(database.db, id)).carPresent, 'car present');
    await s.stop(true); // power cut: the broker publishes the last will
    await until(async () => !(await gateRow(database.db, id)).online, 'last will');
    const answer = await mod.service.canOpen(id, 'session:4');
    expect(answer.canOpen).toBe(false);
    expect(answer.error).toMatchObject({ code: 'GATE_OFFLINE', messageKey: 'parking.gateOffline' });
    expect((await gateError(mod.service.openGate(id, 'session:4'))).code).toBe('GATE_OFFLINE');
    expect(
      await database.db.select().from(gateOpenRequests).where(eq(gateOpenRequests.gateId, id)),
    ).toHaveLength(0);
  });

  it("a faulty sensor is SPEC's 'sensor not active': canOpen false and nothing opens", async () => {
    const id = await newGate();
    const s = await sim(id);
    await s.arrive();
    await s.setSensor('fault');
    await until(async () => (await gateRow(database.db, id)).sensor === 'fault', 'fault status');
    const answer = await mod.service.canOpen(id, 'session:5');
    expect(answer.error).toMatchObject({
      code: 'SENSOR_NOT_ACTIVE',
      messageKey: 'parking.sensorNotActive',
    });
    expect((await gateError(mod.service.openGate(id, 'admin:1'))).code).toBe('SENSOR_NOT_ACTIVE');
    expect(s.state.barrierOpen).toBe(false);
    await s.setSensor('ok');
    await until(async () => (await gateRow(database.db, id)).sensor === 'ok', 'ok status');
    expect((await mod.service.canOpen(id, 'session:5')).canOpen).toBe(true);
  });

  it('an opened request that hears neither passed nor timeout expires, so the gate is not blocked', async () => {
    const id = await newGate();
    const s = await sim(id);
    const timeouts = collect(mod.service, 'timeout');
    await s.arrive();
    await until(async () => (await gateRow(database.db, id)).carPresent, 'car present');
    const { requestId } = await mod.service.openGate(id, 'session:6', { subject: 'session:6' });
    await until(async () => (await mod.service.pendingRequest(id))?.ackResult, 'ack recorded');
    await mod.service.sweep();
    expect(timeouts).toHaveLength(0);
    // As if the lot's pass time and the grace had gone by.
    await database.db
      .update(gateOpenRequests)
      .set({ ackedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(gateOpenRequests.id, requestId));
    await mod.service.sweep();
    await mod.service.sweep();
    expect(timeouts).toEqual([expect.objectContaining({ requestId, expired: true })]);
    expect(await mod.service.pendingRequest(id)).toBeNull();
  });

  it('the controller acts on a command id once and refuses a stale command', async () => {
    const id = await newGate();
    const s = await sim(id);
    const acks: { id: string; result: string; reason?: string }[] = [];
    s.on('ack', (a) => acks.push(a));
    const server = (mod.service as unknown as { client: mqtt.MqttClient }).client;
    const command = {
      id: 'cmd-once',
      action: 'open',
      reason: 'test',
      ts: new Date().toISOString(),
    };
    await server.publishAsync(`gates/${id}/cmd`, JSON.stringify(command), { qos: 1 });
    await server.publishAsync(`gates/${id}/cmd`, JSON.stringify(command), { qos: 1 });
    await until(() => acks.length === 2, 'two acks');
    expect(acks.map((a) => a.result)).toEqual(['opened', 'opened']);
    expect(s.state.opens).toBe(1);
    const stale = { ...command, id: 'cmd-stale', ts: new Date(Date.now() - 60_000).toISOString() };
    await server.publishAsync(`gates/${id}/cmd`, JSON.stringify(stale), { qos: 1 });
    await until(() => acks.length === 3, 'stale ack');
    expect(acks[2]).toEqual({ id: 'cmd-stale', result: 'rejected', reason: 'stale' });
    expect(s.state.opens).toBe(1);
  });

  it('an ack that comes after the server gave up makes the request pending again', async () => {
    const id = await newGate();
    const s = await sim(id);
    const late = collect(mod.service, 'lateOpen');
    const passed = collect(mod.service, 'passed');
    await s.arrive();
    await until(async () => (await gateRow(database.db, id)).carPresent, 'car present');
    s.ackMode = 'silent';
    await gateError(mod.service.openGate(id, 'session:11', { subject: 'session:11' }));
    const [request] = await database.db
      .select()
      .from(gateOpenRequests)
      .where(eq(gateOpenRequests.gateId, id));
    expect(request!.outcome).toBe('no_ack');
    const controller = (s as unknown as { client: mqtt.MqttClient }).client;
    await controller.publishAsync(
      `gates/${id}/ack`,
      JSON.stringify({ id: request!.id, result: 'opened' }),
      { qos: 1 },
    );
    await until(() => late.length === 1, 'late open');
    expect(await mod.service.pendingRequest(id)).toMatchObject({
      id: request!.id,
      ackResult: 'opened',
      outcome: null,
    });
    await controller.publishAsync(
      `gates/${id}/event`,
      JSON.stringify({ type: 'passed', ts: new Date().toISOString() }),
      { qos: 1 },
    );
    await until(() => passed.length === 1, 'passed');
    expect(passed[0]).toMatchObject({ requestId: request!.id, subject: 'session:11' });
  });

  it('answers a ping with pong', async () => {
    const id = await newGate();
    await sim(id);
    expect(await mod.service.ping(id)).toBe(true);
  });
});

describe('broker restart', () => {
  it('the controllers and the server reconnect and gates open again', async () => {
    const id = await newGate();
    const s = await sim(id);
    const port = mod.broker!.port;
    await mod.stopBroker();
    await until(() => !s.connected && !mod.service.connected, 'clients disconnected');
    const reconnected = new Promise<void>((r) => s.once('connected', () => r()));
    await mod.startBroker();
    expect(mod.broker!.port).toBe(port);
    await reconnected;
    await until(() => mod.service.connected, 'server client reconnected');
    await until(async () => (await gateRow(database.db, id)).online, 'online again');
    await s.arrive();
    await until(async () => (await gateRow(database.db, id)).carPresent, 'car present');
    await mod.service.openGate(id, 'session:8', { subject: 'session:8', requireCar: true });
    expect(s.state.barrierOpen).toBe(true);
  });
});
