import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  cameraParkingCars,
  cardRecurringTokens,
  cards,
  userCars,
  vehicles,
} from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { ChargingHarness } from '../charging/test-helpers.js';
import { cameraDriverOf } from './camera-cars.js';
import { runParkingCli } from './cli.js';
import { addPermit, hasValidPermit } from './permits.js';
import { normalisedPlateSql, normalisePlate, PLATE_SEPARATORS } from './plates.js';
import { form, until } from './test-helpers.js';
import { seedLot } from '../gates/test-helpers.js';

/**
 * Camera parking's integrity: one plate, one driver with camera parking on, also across plate
 * changes; every way camera parking goes off ends automatic card payment with the last camera
 * car; plates are normalised alike in JavaScript and SQL.
 */
let h: ChargingHarness;
let vehicleId: number;

beforeAll(async () => {
  h = await ChargingHarness.start();
  const [v] = await h.db.insert(vehicles).values({ producer: 'Kia', model: 'EV6' }).returning();
  vehicleId = v!.id;
});
afterAll(() => h?.close());

type Driver = Awaited<ReturnType<typeof createActiveUser>>;
// Test-only: each call's data has its own shape; the assertions say what is expected.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: { result: boolean; data: any; messages: any[] } };

async function call(
  u: Driver,
  method: 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
  bodyType: 'json' | 'form' = 'json',
): Promise<Answer> {
  const r = await fetch(`${h.base}${path}`, {
    method,
    headers: {
      ...u.headers,
      'x-lang': 'en',
      ...(body === undefined
        ? {}
        : {
            'content-type':
              bodyType === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
          }),
    },
    body:
      body === undefined
        ? undefined
        : bodyType === 'json'
          ? JSON.stringify(body)
          : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
  });
  return { status: r.status, body: (await r.json()) as Answer['body'] };
}

const switchCamera = (u: Driver, carId: number, on: boolean) =>
  call(u, 'PUT', `/api/v1/parking/camera-parking/${carId}`, { on });
const renameCar = (u: Driver, carId: number, licensePlate: string) =>
  call(u, 'PATCH', '/api/v1/car', { id: carId, licensePlate }, 'form');

async function car(
  u: Driver,
  licensePlate: string,
  opts: { camera?: boolean; custom?: boolean } = {},
) {
  let vehicle = vehicleId;
  if (opts.custom) {
    const [v] = await h.db
      .insert(vehicles)
      .values({ producer: 'Saját', model: 'Autó', addedByUser: true })
      .returning();
    vehicle = v!.id;
  }
  const [row] = await h.db
    .insert(userCars)
    .values({ userId: u.id, vehicleId: vehicle, licensePlate })
    .returning({ id: userCars.id });
  if (opts.camera) expect((await switchCamera(u, row!.id, true)).status).toBe(200);
  return row!.id;
}

const plateOf = async (carId: number) =>
  (await h.db.select().from(userCars).where(eq(userCars.id, carId)))[0]!.licensePlate;
const isOn = async (carId: number) =>
  (await h.db.select().from(cameraParkingCars).where(eq(cameraParkingCars.userCarId, carId)))
    .length === 1;

const tokenStatuses = async (userId: number) =>
  (
    await h.db
      .select({ status: cardRecurringTokens.status })
      .from(cardRecurringTokens)
      .where(eq(cardRecurringTokens.userId, userId))
  ).map((r) => r.status);
const count = (list: string[], v: string) => list.filter((x) => x === v).length;

/** Automatic card payment switched on: the registration paid on SimplePay's page. */
async function consent(u: Driver) {
  const on = await form(h, '/api/v1/parking/automatic-card-payment', u, {
    cardSecret: 'titok1234',
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  await h.payOnPage(on.body.data);
  await until(
    async () => count(await tokenStatuses(u.id), 'available') === 10,
    'automatic card payment on',
  );
}

/** The consent is off here and at the SimplePay emulator. */
async function expectConsentCancelled(u: Driver) {
  expect(count(await tokenStatuses(u.id), 'cancelled')).toBe(10);
  const [card] = await h.db.select().from(cards).where(eq(cards.userId, u.id));
  expect(
    await h.count(
      'sandbox_sp_tokens',
      sql`registration_id = ${card!.simplePayCardId} and status = 'DISABLED'`,
    ),
  ).toBe(10);
}

describe('a camera car’s plate change', () => {
  it('is refused for a plate another driver has camera parking on for; a free plate keeps it on', async () => {
    const anna = await createActiveUser(h.db, 'anna.camplate@example.hu');
    const bela = await createActiveUser(h.db, 'bela.camplate@example.hu');
    const annas = await car(anna, 'PLT-100', { camera: true });
    const annasOther = await car(anna, 'PLT-101');
    await car(bela, 'PLT-200', { camera: true });

    // Another driver's plate, however typed: the same 409 as switching it on, nothing changes.
    for (const plate of ['PLT-200', 'plt 200', 'PLT–200']) {
      const taken = await renameCar(anna, annas, plate);
      expect(taken.status, plate).toBe(409);
      expect(taken.body.messages[0]).toMatchObject({
        messageKey: 'parking.cameraPlateInUse',
        text: expect.stringContaining('another account'),
      });
    }
    expect(await plateOf(annas)).toBe('PLT-100');
    expect(await isOn(annas)).toBe(true);
    expect(await cameraDriverOf(h.db, 'PLT200')).toBe(bela.id);
    expect(await cameraDriverOf(h.db, 'PLT100')).toBe(anna.id);

    // A plate the camera cannot read: refused too (camera parking needs one).
    const unreadable = await renameCar(anna, annas, '<?>');
    expect(unreadable.status).toBe(409);
    expect(unreadable.body.messages[0]).toMatchObject({ messageKey: 'parking.cameraNoPlate' });
    expect(await plateOf(annas)).toBe('PLT-100');

    // Béla cannot rename Anna's car.
    expect((await renameCar(bela, annas, 'PLT-999')).status).toBe(404);
    expect(await plateOf(annas)).toBe('PLT-100');

    // A free plate: the switch stays on and the camera follows the new plate.
    const moved = await renameCar(anna, annas, 'plt-300');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.licensePlate).toBe('PLT-300');
    expect(await isOn(annas)).toBe(true);
    expect(await cameraDriverOf(h.db, 'PLT300')).toBe(anna.id);
    expect(await cameraDriverOf(h.db, 'PLT100')).toBeNull();

    // Only camera cars are checked: Anna's other car may carry Béla's plate (the camera
    // ignores it), but switching it on is then refused.
    expect((await renameCar(anna, annasOther, 'PLT-200')).status).toBe(200);
    expect((await switchCamera(anna, annasOther, true)).status).toBe(409);
    expect(await cameraDriverOf(h.db, 'PLT200')).toBe(bela.id);
  });

  it('is refused through the custom vehicle edit too', async () => {
    const cili = await createActiveUser(h.db, 'cili.camplate@example.hu');
    const dani = await createActiveUser(h.db, 'dani.camplate@example.hu');
    const cilis = await car(cili, 'CST-100', { camera: true, custom: true });
    await car(dani, 'CST-200', { camera: true });
    const edit = (licensePlate: string) =>
      call(cili, 'PATCH', '/api/v1/vehicle', {
        id: cilis,
        licensePlate,
        producer: 'Saját',
        model: 'Autó',
        yearOfProduction: 2020,
      });
    const taken = await edit('CST 200');
    expect(taken.status).toBe(409);
    expect(taken.body.messages[0]).toMatchObject({ messageKey: 'parking.cameraPlateInUse' });
    expect(await plateOf(cilis)).toBe('CST-100');
    expect((await edit('CST-300')).status).toBe(200);
    expect(await cameraDriverOf(h.db, 'CST300')).toBe(cili.id);
  });

  it('racing a switch-on of the same plate, only one wins', async () => {
    const ede = await createActiveUser(h.db, 'ede.camplate@example.hu');
    const feri = await createActiveUser(h.db, 'feri.camplate@example.hu');
    for (let round = 0; round < 3; round++) {
      const edes = await car(ede, `RCA-${round}00`, { camera: true });
      const feris = await car(feri, `RCE ${round}99`);
      const [renamed, switched] = await Promise.all([
        renameCar(ede, edes, `RCE-${round}99`),
        switchCamera(feri, feris, true),
      ]);
      expect([renamed.status, switched.status].sort()).toEqual([200, 409]);
      expect(await cameraDriverOf(h.db, `RCE${round}99`)).toBe(
        renamed.status === 200 ? ede.id : feri.id,
      );
    }
  });
});

describe('camera parking off', () => {
  it('removing the last camera car switches automatic card payment off, only for that driver', async () => {
    const gabi = await createActiveUser(h.db, 'gabi.camoff@example.hu');
    const hedi = await createActiveUser(h.db, 'hedi.camoff@example.hu');
    const gabis = [await car(gabi, 'DEL-001', { camera: true }), await car(gabi, 'DEL-002')];
    await car(hedi, 'DEL-900', { camera: true });
    await consent(gabi);
    await consent(hedi);

    // Removing a car that is not a camera car leaves it.
    expect((await call(gabi, 'DELETE', `/api/v1/car/${gabis[1]}`)).status).toBe(200);
    expect(count(await tokenStatuses(gabi.id), 'available')).toBe(10);
    // Another driver cannot remove Gabi's camera car.
    expect((await call(hedi, 'DELETE', `/api/v1/car/${gabis[0]}`)).status).toBe(404);
    expect(count(await tokenStatuses(gabi.id), 'available')).toBe(10);

    expect((await call(gabi, 'DELETE', `/api/v1/car/${gabis[0]}`)).status).toBe(200);
    expect(await isOn(gabis[0]!)).toBe(false);
    await expectConsentCancelled(gabi);
    expect(count(await tokenStatuses(hedi.id), 'available')).toBe(10);
    expect(await cameraDriverOf(h.db, 'DEL900')).toBe(hedi.id);
  });

  it('the operator’s camera off for the last camera car switches automatic card payment off', async () => {
    const ivan = await createActiveUser(h.db, 'ivan.camoff@example.hu');
    const ivans = [await car(ivan, 'OPR-001', { camera: true }), await car(ivan, 'OPR-002')];
    expect((await switchCamera(ivan, ivans[1]!, true)).status).toBe(200);
    await consent(ivan);
    const lines: string[] = [];
    const cli = (plate: string) =>
      runParkingCli(
        ['camera', 'off', '--email', 'ivan.camoff@example.hu', '--plate', plate],
        async () => ({ ...h.database, close: async () => {} }),
        (s) => lines.push(s),
        (s) => lines.push(`ERR ${s}`),
      );

    // One camera car left: the consent stays.
    expect(await cli('opr 001')).toBe(0);
    expect(count(await tokenStatuses(ivan.id), 'available')).toBe(10);
    // None left: cancelled here and at SimplePay (the command's own emulator, same database).
    expect(await cli('OPR-002')).toBe(0);
    expect(lines.at(-1)).toBe('Camera parking off for OPR002 of ivan.camoff@example.hu.');
    expect(await isOn(ivans[1]!)).toBe(false);
    await expectConsentCancelled(ivan);
  });
});

describe('plates normalised alike in JavaScript and SQL', () => {
  const sqlNormal = async (plate: string) => {
    const [row] = await h.db
      .select({ n: normalisedPlateSql(sql`${plate}::text`) })
      .from(vehicles)
      .limit(1);
    return row!.n;
  };

  it('every separator, and letters with accents, on both sides', async () => {
    const typed = [
      ...[...PLATE_SEPARATORS].map((c) => `abc${c}123`),
      'ABC–123',
      'ABC‑123',
      'ABC\u00a0123',
      'ABC\u202f123',
      'ABC−123',
      'AB·C.1 2-3',
      'öü-12',
    ];
    for (const plate of typed) {
      const js = normalisePlate(plate);
      expect(js, JSON.stringify(plate)).not.toBeNull();
      expect(await sqlNormal(plate), JSON.stringify(plate)).toBe(js);
    }
    expect(normalisePlate('ABC–123')).toBe('ABC123');
    expect(normalisePlate('ABC−123')).toBe('ABC123');
  });

  it('a camera car and a permit match however the plate is written', async () => {
    const jani = await createActiveUser(h.db, 'jani.camplate@example.hu');
    const kati = await createActiveUser(h.db, 'kati.camplate@example.hu');
    // Stored with typographic hyphens and spaces (as typed, upper-cased by the contract).
    await car(jani, 'NRM‑123', { camera: true });
    await car(kati, 'NRM\u00a0456', { camera: true });
    for (const read of ['NRM-123', 'NRM 123', 'NRM–123', 'nrm−123'])
      expect(await cameraDriverOf(h.db, read), read).toBe(jani.id);
    expect(await cameraDriverOf(h.db, 'NRM-456')).toBe(kati.id);

    // Another driver's camera car written with an en dash is the same plate.
    const lali = await createActiveUser(h.db, 'lali.camplate@example.hu');
    const lalis = await car(lali, 'NRM 123');
    expect((await switchCamera(lali, lalis, true)).status).toBe(409);

    // The operator finds the car by the plate however it is typed.
    const out: string[] = [];
    const code = await runParkingCli(
      ['camera', 'on', '--email', 'kati.camplate@example.hu', '--plate', 'nrm–456'],
      async () => ({ ...h.database, close: async () => {} }),
      (s) => out.push(s),
      (s) => out.push(`ERR ${s}`),
    );
    expect({ code, out }).toEqual({
      code: 0,
      out: ['Camera parking on for NRM456 of kati.camplate@example.hu (it already was).'],
    });

    const lotId = await seedLot(h.db);
    await addPermit(h.db, { lotId, plate: 'PRM−777' });
    for (const plate of ['PRM-777', 'prm 777', 'PRM–777', 'PRM\u00a0777'])
      expect(await hasValidPermit(h.db, lotId, plate), plate).toBe(true);
  });
});
