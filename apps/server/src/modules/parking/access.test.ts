import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { apiRoutes, type ParkingLot } from '@voltpark/contract';
import { SimGateController } from '@voltpark/sim';
import { gateOpenRequests, parkingAdminGateOpens, parkingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { TestSocket } from '../realtime/test-client.js';
import { addGate } from '../gates/registry.js';
import { gateRow, seedLot, until } from '../gates/test-helpers.js';
import { addLotAdmin, removeLotAdmin } from './lot-admins.js';
import { addPermit } from './permits.js';

type User = Awaited<ReturnType<typeof createActiveUser>>;

let t: TestApp;
const sims: SimGateController[] = [];
let driver: User;
let stranger: User;
let admin: User;

beforeAll(async () => {
  t = await createTestApp({ env: { HOST: '127.0.0.1', GATES_MQTT_PORT: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.gates.whenStarted();
  driver = await createActiveUser(t.database.db, 'driver@example.com');
  stranger = await createActiveUser(t.database.db, 'stranger@example.com');
  admin = await createActiveUser(t.database.db, 'lot-admin@example.com');
});

afterAll(async () => {
  await Promise.allSettled(sims.map((s) => s.stop()));
  await t?.close();
});

/** A gate of the lot with a simulated controller connected over MQTT (or none: offline). */
async function gate(lotId: number, direction: 'IN' | 'OUT' | 'BOTH', connect = true) {
  const g = await addGate(t.database.db, { lotId, direction });
  if (!connect) return { id: g.id, sim: null };
  const sim = new SimGateController({
    url: t.app.gates.url!,
    gateId: g.id,
    key: g.key,
    passTimeMs: 300,
    reconnectMs: 100,
  });
  sims.push(sim);
  await sim.start();
  await until(async () => (await gateRow(t.database.db, g.id)).online, `gate ${g.id} online`);
  return { id: g.id, sim };
}

/** An open parking session of the user at the lot, in the given state. */
async function session(
  user: User,
  lotId: number,
  status: 'STARTING' | 'STARTED' = 'STARTING',
): Promise<number> {
  const [row] = await t.database.db
    .insert(parkingSessions)
    .values({
      userId: user.id,
      parkingLotId: lotId,
      status,
      chargeCode: `P${String(user.id).padStart(4, '0')}`.slice(0, 5),
      tariffName: 'Város',
      freeParking: false,
      grossUnitParking: 600,
      freeMinutes: 0,
      grossSurchargeFeePerDay: 10_000,
      convenienceFeeGross: 100,
    })
    .returning({ id: parkingSessions.id });
  return row!.id;
}

const sessionRow = async (id: number) =>
  (await t.database.db.select().from(parkingSessions).where(eq(parkingSessions.id, id)))[0]!;

const endSession = (id: number) =>
  t.database.db
    .update(parkingSessions)
    .set({ status: 'FINISHED' })
    .where(eq(parkingSessions.id, id));

const carPlate = async (user: User | null, sessionId: number, plate: string, lang = 'hu') => {
  const res = await t.app.inject({
    url: `/api/v1/parking/${sessionId}/car-plate/${encodeURIComponent(plate)}`,
    headers: { ...(user?.headers ?? {}), 'x-lang': lang },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

const openGate = async (user: User | null, lotId: number, direction: string, lang = 'hu') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/parking/parking-lot/${lotId}/${direction}/open`,
    headers: { ...(user?.headers ?? {}), 'x-lang': lang },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

const adminOpens = (userId: number) =>
  t.database.db
    .select()
    .from(parkingAdminGateOpens)
    .where(eq(parkingAdminGateOpens.userId, userId));

const requestsFor = (subject: string) =>
  t.database.db.select().from(gateOpenRequests).where(like(gateOpenRequests.subject, subject));

/** Waits until the admin's last open request is over (the simulated barrier timed out). */
const settled = (userId: number) =>
  until(
    async () =>
      (
        await t.database.db
          .select()
          .from(gateOpenRequests)
          .where(eq(gateOpenRequests.subject, `admin:${userId}`))
      ).every((r) => r.outcome !== null),
    'admin requests over',
  );

describe('the permit question: GET v1/parking/{parkingId}/car-plate/{plate}', () => {
  let lotId: number;
  beforeAll(async () => {
    lotId = await seedLot(t.database.db);
    await addPermit(t.database.db, { lotId, plate: 'PRM-001' });
    await addPermit(t.database.db, {
      lotId,
      plate: 'OLD-001',
      validFrom: '2020-01-01',
      validTo: '2020-12-31',
    });
  });

  it('a valid permit answers true and makes the STARTING session free with that plate, live on /ws', async () => {
    const id = await session(driver, lotId);
    const address = t.app.server.address() as { port: number };
    const ws = await TestSocket.open(`ws://127.0.0.1:${address.port}/ws`);
    try {
      const first = await ws.ask({ command: 'auth', accessToken: driver.accessToken });
      expect(first).toMatchObject({ topic: '/user/parkingSession', data: { id, free: false } });
      const r = await carPlate(driver, id, 'prm 001');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ result: true, data: null });
      expect(apiRoutes.parkingCarPlate.response.parse(r.body).messages[0]?.text).toBe(
        'Érvényes bérlet: a parkolás díjmentes.',
      );
      expect(await sessionRow(id)).toMatchObject({
        permitPlate: 'PRM001',
        permitValid: true,
        free: true,
      });
      expect(await ws.next()).toMatchObject({
        topic: '/user/parkingSession',
        data: { id, parkingStatus: 'STARTING', free: true },
      });
    } finally {
      ws.close();
      await endSession(id);
    }
  });

  it('an unknown or expired plate answers false with a translated reason; a permit given before is taken back', async () => {
    const id = await session(driver, lotId);
    try {
      expect((await carPlate(driver, id, 'PRM-001')).body.result).toBe(true);
      const expired = await carPlate(driver, id, 'OLD-001', 'en');
      expect(expired.status).toBe(200);
      expect(expired.body).toMatchObject({
        result: false,
        messages: [
          {
            severity: 'error',
            messageKey: 'parking.noValidPermit',
            text: 'This car plate has no valid permit at this parking lot.',
          },
        ],
      });
      expect(await sessionRow(id)).toMatchObject({
        permitPlate: null,
        permitValid: false,
        free: false,
      });
      expect((await carPlate(driver, id, 'XYZ-999')).body.result).toBe(false);
    } finally {
      await endSession(id);
    }
  });

  it('a permit of another lot does not count', async () => {
    const other = await seedLot(t.database.db);
    await addPermit(t.database.db, { lotId: other, plate: 'OTH-001' });
    const id = await session(driver, lotId);
    try {
      expect((await carPlate(driver, id, 'OTH-001')).body.result).toBe(false);
      expect((await sessionRow(id)).free).toBe(false);
    } finally {
      await endSession(id);
    }
  });

  it('once the car has entered, the answer is false and the price does not change', async () => {
    const id = await session(driver, lotId, 'STARTED');
    try {
      const r = await carPlate(driver, id, 'PRM-001');
      expect(r.body).toMatchObject({
        result: false,
        messages: [{ messageKey: 'parking.permitTooLate' }],
      });
      expect(await sessionRow(id)).toMatchObject({ permitValid: false, free: false });
    } finally {
      await endSession(id);
    }
  });

  it("another driver cannot ask about (or change) someone's session; anonymous callers are refused", async () => {
    const id = await session(driver, lotId);
    try {
      const r = await carPlate(stranger, id, 'PRM-001');
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({
        result: false,
        messages: [{ messageKey: 'parking.noCurrentParking' }],
      });
      expect((await carPlate(null, id, 'PRM-001')).status).toBe(401);
      expect(await sessionRow(id)).toMatchObject({ permitPlate: null, free: false });
    } finally {
      await endSession(id);
    }
    // A finished session is no current parking either.
    expect((await carPlate(driver, id, 'PRM-001')).status).toBe(404);
  });

  it('an empty or overlong plate is a translated field error, never a 500', async () => {
    const id = await session(driver, lotId);
    try {
      const long = await carPlate(driver, id, 'A'.repeat(21), 'en');
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body)).toContain('The value is too long!');
      const blank = await carPlate(driver, id, ' ');
      expect(blank.status).toBe(400);
      const odd = await carPlate(driver, id, 'AB<1>');
      expect(odd).toMatchObject({ status: 200, body: { result: false } });
    } finally {
      await endSession(id);
    }
  });
});

describe('lot admins: isCurrentUserAdmin', () => {
  it('is true for the lot’s admins only, on both lot calls', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    const lot = async (user: User | null, url: string) => {
      const res = await t.app.inject({ url, headers: user?.headers ?? {} });
      expect(res.statusCode, res.body).toBe(200);
      return apiRoutes.parkingLot.response.parse(res.json()).data as ParkingLot;
    };
    const byId = `/api/v1/parking/parking-lot/${lotId}`;
    expect((await lot(admin, byId)).isCurrentUserAdmin).toBe(true);
    expect((await lot(stranger, byId)).isCurrentUserAdmin).toBe(false);
    expect((await lot(null, byId)).isCurrentUserAdmin).toBe(false);
    const { location } = await lot(null, byId);
    const byLocation = `/api/v1/parking/location/${location.id}`;
    expect((await lot(admin, byLocation)).isCurrentUserAdmin).toBe(true);
    expect((await lot(stranger, byLocation)).isCurrentUserAdmin).toBe(false);
    // Admin of one lot is not admin of another.
    const other = await seedLot(t.database.db);
    expect((await lot(admin, `/api/v1/parking/parking-lot/${other}`)).isCurrentUserAdmin).toBe(
      false,
    );
  });
});

describe('the admin gate open: POST v1/parking/parking-lot/{lotId}/{direction}/open', () => {
  it('an admin opens the in gate without a car; the barrier goes up and the open is logged', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    const entry = await gate(lotId, 'IN');
    const exit = await gate(lotId, 'OUT');
    const before = new Date();
    const r = await openGate(admin, lotId, 'in');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: true, data: null });
    expect(entry.sim!.state.opens).toBe(1);
    expect(exit.sim!.state.opens).toBe(0);
    // The answer comes on the ack's arrival; its record follows in the gate's message queue.
    const [request] = await until(async () => {
      const rows = await requestsFor(`admin:${admin.id}`);
      return rows[0]?.ackResult ? rows : null;
    }, 'the ack recorded');
    expect(request).toMatchObject({ gateId: entry.id, ackResult: 'opened' });
    const log = (await adminOpens(admin.id)).filter((l) => l.parkingLotId === lotId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      direction: 'in',
      gateId: entry.id,
      opened: true,
      errorCode: null,
      gateRequestId: request!.id,
    });
    expect(log[0]!.requestedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    await settled(admin.id);

    const out = await openGate(admin, lotId, 'out');
    expect(out.body).toMatchObject({ result: true });
    expect(exit.sim!.state.opens).toBe(1);
    expect(entry.sim!.state.opens).toBe(1);
    await settled(admin.id);
    const all = (await adminOpens(admin.id)).filter((l) => l.parkingLotId === lotId);
    expect(all.map((l) => [l.direction, l.gateId, l.opened])).toEqual([
      ['in', entry.id, true],
      ['out', exit.id, true],
    ]);
  });

  it('one gate for both directions opens for in and for out', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    const both = await gate(lotId, 'BOTH');
    expect((await openGate(admin, lotId, 'out')).body.result).toBe(true);
    await settled(admin.id);
    expect((await openGate(admin, lotId, 'in')).body.result).toBe(true);
    await settled(admin.id);
    expect(both.sim!.state.opens).toBe(2);
  });

  it('a non-admin gets 403 "Not a parking lot admin": nothing opens, nothing is sent or logged', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    const g = await gate(lotId, 'BOTH');
    const r = await openGate(stranger, lotId, 'in');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      result: false,
      messages: [{ messageKey: 'parking.notAdmin', text: 'Nem parkoló adminisztrátor' }],
    });
    const en = await openGate(stranger, lotId, 'out', 'en');
    expect(en.body).toMatchObject({ messages: [{ text: 'Not a parking lot admin' }] });
    expect(g.sim!.state.opens).toBe(0);
    expect(await requestsFor(`admin:${stranger.id}`)).toHaveLength(0);
    expect(
      await t.database.db.select().from(gateOpenRequests).where(eq(gateOpenRequests.gateId, g.id)),
    ).toHaveLength(0);
    expect(await adminOpens(stranger.id)).toHaveLength(0);
    // An admin of another lot is a non-admin here.
    const other = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, other, 'stranger@example.com');
    expect((await openGate(stranger, lotId, 'in')).status).toBe(403);
    expect(g.sim!.state.opens).toBe(0);
    expect((await openGate(null, lotId, 'in')).status).toBe(401);
  });

  it('an offline gate answers false with its translated error; opens nothing; is logged', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    const g = await gate(lotId, 'BOTH', false);
    const r = await openGate(admin, lotId, 'in', 'en');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      result: false,
      messages: [
        {
          severity: 'error',
          messageKey: 'parking.gateOffline',
          text: 'The gate cannot be reached right now. Please try again later.',
        },
      ],
    });
    expect(
      await t.database.db.select().from(gateOpenRequests).where(eq(gateOpenRequests.gateId, g.id)),
    ).toHaveLength(0);
    const [log] = (await adminOpens(admin.id)).filter((l) => l.parkingLotId === lotId);
    expect(log).toMatchObject({ gateId: g.id, opened: false, errorCode: 'GATE_OFFLINE' });
  });

  it('a controller that went offline (last will) or reports a faulty sensor does not open', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    const g = await gate(lotId, 'BOTH');
    await g.sim!.setSensor('fault');
    await until(
      async () => (await gateRow(t.database.db, g.id)).sensor === 'fault',
      'sensor fault',
    );
    const fault = await openGate(admin, lotId, 'in');
    expect(fault.body).toMatchObject({
      result: false,
      messages: [{ messageKey: 'parking.sensorNotActive' }],
    });
    await g.sim!.stop(true);
    await until(async () => !(await gateRow(t.database.db, g.id)).online, 'gate offline');
    const offline = await openGate(admin, lotId, 'in');
    expect(offline.body).toMatchObject({
      result: false,
      messages: [{ messageKey: 'parking.gateOffline' }],
    });
    expect(g.sim!.state.opens).toBe(0);
    const log = (await adminOpens(admin.id)).filter((l) => l.parkingLotId === lotId);
    expect(log.map((l) => [l.opened, l.errorCode])).toEqual([
      [false, 'SENSOR_NOT_ACTIVE'],
      [false, 'GATE_OFFLINE'],
    ]);
  });

  it('an ack that never comes answers false (no ack); the admin may try again', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    const g = await gate(lotId, 'BOTH');
    g.sim!.ackMode = 'silent';
    const r = await openGate(admin, lotId, 'in');
    expect(r.body).toMatchObject({
      result: false,
      messages: [{ messageKey: 'parking.gateNoAck' }],
    });
    expect(g.sim!.state.opens).toBe(0);
    g.sim!.ackMode = 'normal';
    expect((await openGate(admin, lotId, 'in')).body.result).toBe(true);
    expect(g.sim!.state.opens).toBe(1);
    await settled(admin.id);
    const log = (await adminOpens(admin.id)).filter((l) => l.parkingLotId === lotId);
    expect(log.map((l) => [l.opened, l.errorCode])).toEqual([
      [false, 'GATE_NO_ACK'],
      [true, null],
    ]);
  }, 20_000);

  it('a lot without a gate for the direction answers gate not found; an unknown lot is 404', async () => {
    const lotId = await seedLot(t.database.db);
    await addLotAdmin(t.database.db, lotId, 'lot-admin@example.com');
    await gate(lotId, 'IN', false);
    const r = await openGate(admin, lotId, 'out');
    expect(r.body).toMatchObject({
      result: false,
      messages: [{ messageKey: 'parking.gateNotFound' }],
    });
    const [log] = (await adminOpens(admin.id)).filter((l) => l.parkingLotId === lotId);
    expect(log).toMatchObject({ gateId: null, opened: false, errorCode: 'GATE_NOT_FOUND' });
    expect((await openGate(admin, 999_999, 'in')).status).toBe(404);
    expect((await openGate(admin, lotId, 'sideways')).status).toBe(400);
  });

  it('an admin whose right was taken away may no longer open', async () => {
    const lotId = await seedLot(t.database.db);
    const g = await gate(lotId, 'BOTH');
    const helper = await createActiveUser(t.database.db, 'helper@example.com');
    await addLotAdmin(t.database.db, lotId, 'helper@example.com');
    expect((await openGate(helper, lotId, 'in')).body.result).toBe(true);
    await settled(helper.id);
    await removeLotAdmin(t.database.db, lotId, 'helper@example.com');
    expect((await openGate(helper, lotId, 'in')).status).toBe(403);
    expect(g.sim!.state.opens).toBe(1);
    expect((await adminOpens(helper.id)).map((l) => l.opened)).toEqual([true]);
  });

  it("the personal data export holds the admin's lots and gate opens, and nothing of others", async () => {
    const exportOf = async (user: User) => {
      const res = await t.app.inject({
        url: '/api/v1/user/personal-data-export',
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        parkingLotAdminOf: { parkingLot: { id: number } }[];
        adminGateOpens: { parkingLotId: number; opened: boolean; direction: string }[];
      };
    };
    const mine = await exportOf(admin);
    const logged = await adminOpens(admin.id);
    expect(mine.adminGateOpens).toHaveLength(logged.length);
    expect(mine.adminGateOpens.filter((o) => o.opened).length).toBeGreaterThanOrEqual(4);
    expect(mine.parkingLotAdminOf.length).toBeGreaterThanOrEqual(5);
    const theirs = await exportOf(driver);
    expect(theirs).toMatchObject({
      parkingLotAdminOf: [],
      adminGateOpens: [],
      cameraParkingCars: [],
    });
  });
});
