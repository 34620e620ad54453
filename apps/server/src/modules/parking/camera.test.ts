import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { SimGateController } from '@voltpark/sim';
import {
  billingData,
  parkingLots,
  parkingReceipts,
  parkingSessions,
  parkingTariffs,
  userCars,
  vehicles,
  ledgerEntries,
  wallets,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { addGate } from '../gates/registry.js';
import { gateRow, seedLot, silentLog, until } from '../gates/test-helpers.js';
import { createGateway } from '../payments/gateway.js';
import { onCameraPlate } from './camera-entry.js';
import { onCameraExitPlate } from './camera-exit.js';
import type { ParkingDeps } from './deps.js';
import {
  cameraDriverOf,
  CameraCarError,
  cameraOffByOperator,
  cameraOnByOperator,
} from './camera-cars.js';
import { addPermit } from './permits.js';
import { creditWallet } from '../payments/ledger.js';
import { TestSocket } from '../realtime/test-client.js';
import type { AddressInfo } from 'node:net';

let t: TestApp;
const sims: SimGateController[] = [];
let vehicleId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { HOST: '127.0.0.1', GATES_MQTT_PORT: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.gates.whenStarted();
  const [v] = await t.database.db
    .insert(vehicles)
    .values({ producer: 'Škoda', model: 'Enyaq' })
    .returning();
  vehicleId = v!.id;
});

afterAll(async () => {
  await Promise.allSettled(sims.map((s) => s.stop()));
  await t?.close();
});

/** A paid lot with one gate of the direction and its simulated controller. */
async function lotWithGate(direction: 'IN' | 'OUT' | 'BOTH') {
  const lotId = await seedLot(t.database.db);
  const [tariff] = await t.database.db
    .insert(parkingTariffs)
    .values({ name: 'Teszt', grossUnitParking: 600 })
    .returning();
  await t.database.db
    .update(parkingLots)
    .set({ tariffId: tariff!.id })
    .where(eq(parkingLots.id, lotId));
  const g = await addGate(t.database.db, { lotId, direction });
  const sim = new SimGateController({
    url: t.app.gates.url!,
    gateId: g.id,
    key: g.key,
    passTimeMs: 30_000,
    reconnectMs: 100,
  });
  sims.push(sim);
  await sim.start();
  await until(async () => (await gateRow(t.database.db, g.id)).online, 'gate online');
  return { lotId, gateId: g.id, sim };
}

async function driverWithCar(email: string, plate: string) {
  const user = await createActiveUser(t.database.db, email);
  await t.database.db
    .insert(userCars)
    .values({ userId: user.id, vehicleId, licensePlate: plate, defaultCar: true });
  return user;
}

const openSessionOf = async (userId: number) =>
  (
    await t.database.db
      .select()
      .from(parkingSessions)
      .where(and(eq(parkingSessions.userId, userId), ne(parkingSessions.status, 'FINISHED')))
  )[0];

describe('camera parking', () => {
  it('an entry camera read of a switched-on car starts the parking and opens without the phone', async () => {
    const { lotId, gateId, sim } = await lotWithGate('IN');
    const anna = await driverWithCar('anna.camera@example.hu', 'ABC-123');
    await cameraOnByOperator(t.database.db, {
      email: 'anna.camera@example.hu',
      plate: 'abc 123',
    });
    await sim.arrive('ABC123');
    const session = await until(async () => {
      const s = await openSessionOf(anna.id);
      return s?.inOpenRequestId ? s : null;
    }, 'the camera start');
    expect(session).toMatchObject({ parkingLotId: lotId, status: 'STARTING', free: false });
    expect(sim.state.opens).toBe(1);
    const pending = await t.app.gates.service.pendingRequest(gateId);
    expect(pending).toMatchObject({
      id: session.inOpenRequestId,
      subject: `session:${session.id}`,
    });
    // The car drives in: the session moves as for a phone start.
    expect(await sim.driveThrough()).toBe(true);
    await until(
      async () => (await openSessionOf(anna.id))?.status === 'STARTED',
      'STARTED after passed',
    );
  });

  it('does nothing for a car without the switch, an unknown plate, or at an exit gate', async () => {
    const entry = await lotWithGate('IN');
    const bela = await driverWithCar('bela.camera@example.hu', 'BBB-222');
    const exit = await lotWithGate('OUT');
    const cecil = await driverWithCar('cecil.camera@example.hu', 'CCC-333');
    await cameraOnByOperator(t.database.db, {
      email: 'cecil.camera@example.hu',
      plate: 'CCC-333',
    });
    await entry.sim.arrive();
    await exit.sim.arrive();
    await until(async () => (await gateRow(t.database.db, exit.gateId)).carPresent, 'car at exit');
    // The handler itself, awaited (the 'plate' listener runs it the same way).
    const deps: ParkingDeps = {
      db: t.database.db,
      pay: { db: t.database.db, config: t.config, gateway: createGateway(t.app, t.config) },
      gates: () => t.app.gates.service,
      log: silentLog,
      events: t.app.parking.events,
      publish: async () => undefined,
      publishSurcharge: () => {},
    };
    expect(await onCameraPlate(deps, { gateId: entry.gateId, plate: 'BBB222' })).toMatchObject({
      kind: 'ignored',
    });
    expect(await onCameraPlate(deps, { gateId: entry.gateId, plate: 'ZZZ999' })).toMatchObject({
      kind: 'ignored',
    });
    expect(await onCameraPlate(deps, { gateId: exit.gateId, plate: 'CCC333' })).toEqual({
      kind: 'ignored',
      why: 'not an entry gate',
    });
    expect(await openSessionOf(bela.id)).toBeUndefined();
    expect(await openSessionOf(cecil.id)).toBeUndefined();
    expect(entry.sim.state.opens).toBe(0);
    expect(exit.sim.state.opens).toBe(0);
    // The same call for the switched-on car at the entry does start and open.
    expect(await onCameraPlate(deps, { gateId: entry.gateId, plate: 'CCC-333' })).toMatchObject({
      kind: 'opened',
    });
    expect(entry.sim.state.opens).toBe(1);
  });

  it('a permit plate parks free; switching off stops it', async () => {
    const { lotId, sim } = await lotWithGate('BOTH');
    await addPermit(t.database.db, { lotId, plate: 'DDD-444' });
    const dora = await driverWithCar('dora.camera@example.hu', 'DDD-444');
    await cameraOnByOperator(t.database.db, {
      email: 'dora.camera@example.hu',
      plate: 'DDD444',
    });
    await sim.arrive('DDD444');
    const s = await until(async () => {
      const row = await openSessionOf(dora.id);
      return row?.inOpenRequestId ? row : null;
    }, 'the camera start');
    expect(s).toMatchObject({ permitPlate: 'DDD444', permitValid: true, free: true });
    const off = await cameraOffByOperator(
      { db: t.database.db, config: t.config, gateway: createGateway(t.app, t.config) },
      { email: 'dora.camera@example.hu', plate: 'DDD444' },
    );
    expect(off.changed).toBe(true);
    expect(await cameraDriverOf(t.database.db, 'DDD-444')).toBeNull();
  });

  it('refuses a plate the driver has no car with, and another driver’s car', async () => {
    await driverWithCar('erik.camera@example.hu', 'EEE-555');
    await createActiveUser(t.database.db, 'feri.camera@example.hu');
    await expect(
      cameraOnByOperator(t.database.db, {
        email: 'feri.camera@example.hu',
        plate: 'EEE-555',
      }),
    ).rejects.toBeInstanceOf(CameraCarError);
    expect(await cameraDriverOf(t.database.db, 'EEE555')).toBeNull();
  });
});

/** The handler itself, awaited (the 'plate' listener runs it the same way). */
const depsOf = (): ParkingDeps => ({
  db: t.database.db,
  pay: { db: t.database.db, config: t.config, gateway: createGateway(t.app, t.config) },
  gates: () => t.app.gates.service,
  log: silentLog,
  events: t.app.parking.events,
  publish: () => Promise.resolve(undefined),
  publishSurcharge: () => {},
});

/** A driver with camera parking on, a billing data and `balance` Ft in the wallet. */
async function cameraDriver(email: string, plate: string, balance: number) {
  const user = await driverWithCar(email, plate);
  await cameraOnByOperator(t.database.db, { email, plate });
  await t.database.db.insert(billingData).values({
    userId: user.id,
    type: 'PERSON',
    payerName: 'Kamera Kata',
    emailAddress: email,
    phone: '+36 30 123 4567',
    defaultBillingData: true,
    countryCode: 'HU',
    zipCode: '1051',
    city: 'Budapest',
    street: 'Nádor',
    addressType: 'utca',
    houseNumber: '12',
  });
  if (balance > 0)
    await t.database.db.transaction((tx) =>
      creditWallet(tx, { userId: user.id, amount: balance, kind: 'topup', cause: `t:${email}` }),
    );
  return user;
}

/** The car comes in by camera and drives through: the parking is STARTED. */
async function parkedByCamera(sim: SimGateController, userId: number, plate: string) {
  await sim.arrive(plate);
  await until(async () => (await openSessionOf(userId))?.inOpenRequestId, 'the camera start');
  expect(await sim.driveThrough()).toBe(true);
  return until(async () => {
    const s = await openSessionOf(userId);
    return s?.status === 'STARTED' ? s : null;
  }, 'STARTED');
}

const balanceOf = async (userId: number) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balance ?? 0;

describe('camera parking at the exit', () => {
  it('pays with the wallet and opens the exit gate without the phone, once however often it reads', async () => {
    const { gateId, sim } = await lotWithGate('BOTH');
    const gabi = await cameraDriver('gabi.camera@example.hu', 'GGG-777', 5000);
    const started = await parkedByCamera(sim, gabi.id, 'GGG777');

    await sim.arrive('GGG777');
    const finishing = await until(async () => {
      const s = await openSessionOf(gabi.id);
      return s?.status === 'FINISHING' && s.outOpenRequestId ? s : null;
    }, 'paid and opened at the exit');
    expect(finishing).toMatchObject({ id: started.id, paymentMethod: 'WALLET', free: false });
    expect(finishing.amount).toBeGreaterThan(0);
    expect(sim.state.opens).toBe(2);
    expect(await balanceOf(gabi.id)).toBe(5000 - finishing.amount);
    const receipts = await t.database.db
      .select()
      .from(parkingReceipts)
      .where(eq(parkingReceipts.parkingSessionId, started.id));
    expect(receipts.map((r) => r.grossPrice)).toEqual([finishing.amount]);

    // The camera reads the plate again (and again, at once): nothing more is paid or opened.
    const again = await Promise.all([
      onCameraExitPlate(depsOf(), { gateId, plate: 'GGG-777' }),
      onCameraExitPlate(depsOf(), { gateId, plate: 'GGG-777' }),
    ]);
    expect(again.map((r) => r.kind)).toEqual(['ignored', 'ignored']);
    expect(sim.state.opens).toBe(2);
    const debits = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, gabi.id), eq(ledgerEntries.kind, 'debit')));
    expect(debits).toHaveLength(1);

    expect(await sim.driveThrough()).toBe(true);
    await until(async () => (await openSessionOf(gabi.id)) === undefined, 'FINISHED');
  });

  it('keeps the barrier shut and tells the phone when the wallet does not cover it', async () => {
    const { gateId, sim } = await lotWithGate('BOTH');
    const hedi = await cameraDriver('hedi.camera@example.hu', 'HHH-888', 0);
    const started = await parkedByCamera(sim, hedi.id, 'HHH888');
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = await TestSocket.open(`ws://127.0.0.1:${port}/ws`);
    await ws.ask({ command: 'auth', accessToken: hedi.accessToken });

    await sim.arrive('HHH888');
    let error;
    for (let i = 0; i < 20 && !error; i++) {
      const f = await ws.next();
      if (f.topic === '/user/error') error = f;
    }
    ws.close();
    expect(error).toMatchObject({
      topic: '/user/error',
      data: { message: { severity: 'error', messageKey: 'parking.walletNotEnough' } },
    });
    expect(await openSessionOf(hedi.id)).toMatchObject({
      id: started.id,
      status: 'STARTED',
      paymentStartedAt: null,
      outOpenRequestId: null,
    });
    expect(sim.state.opens).toBe(1);
    // A direct read says the same, and another driver's plate at this gate changes nothing.
    expect(await onCameraExitPlate(depsOf(), { gateId, plate: 'HHH888' })).toMatchObject({
      kind: 'refused',
      code: 'WALLET_NOT_ENOUGH',
    });
    expect(await onCameraExitPlate(depsOf(), { gateId, plate: 'GGG777' })).toMatchObject({
      kind: 'ignored',
    });
    expect(sim.state.opens).toBe(1);
  });
});
