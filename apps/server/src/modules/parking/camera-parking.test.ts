import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  cameraParkingCars,
  cardRecurringTokens,
  cards,
  userCars,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { ChargingHarness } from '../charging/test-helpers.js';
import { cameraDriverOf } from './camera-cars.js';
import { form, until } from './test-helpers.js';

/** Decision 0054: the driver switches camera parking on and off per car. */
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
  method: 'GET' | 'PUT',
  carId?: number | string,
  body?: unknown,
  lang = 'hu',
): Promise<Answer> {
  const r = await fetch(
    `${h.base}/api/v1/parking/camera-parking${carId === undefined ? '' : `/${carId}`}`,
    {
      method,
      headers: {
        ...u.headers,
        'x-lang': lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  return { status: r.status, body: (await r.json()) as Answer['body'] };
}

async function car(u: Driver, licensePlate: string, defaultCar = false) {
  const [row] = await h.db
    .insert(userCars)
    .values({ userId: u.id, vehicleId, licensePlate, defaultCar })
    .returning({ id: userCars.id });
  return row!.id;
}

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
  await until(async () => {
    const r = await fetch(`${h.base}/api/v1/parking/automatic-card-payment`, {
      headers: u.headers,
    });
    const { data } = (await r.json()) as { data: { automaticCardPayment: { state: string } } };
    return data.automaticCardPayment?.state === 'on';
  }, 'automatic card payment on');
}

describe("the driver's camera parking switch", () => {
  it('lists and switches only the caller’s own live cars; the entry camera follows it', async () => {
    const anna = await createActiveUser(h.db, 'anna.camswitch@example.hu');
    const bela = await createActiveUser(h.db, 'bela.camswitch@example.hu');
    const second = await car(anna, 'SWT-002');
    const first = await car(anna, 'swt-001', true);
    const belas = await car(bela, 'SWT-900', true);

    expect((await call(anna, 'GET')).body.data).toEqual([
      { carId: first, licensePlate: 'swt-001', on: false },
      { carId: second, licensePlate: 'SWT-002', on: false },
    ]);

    const on = await call(anna, 'PUT', first, { on: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toEqual([
      { carId: first, licensePlate: 'swt-001', on: true },
      { carId: second, licensePlate: 'SWT-002', on: false },
    ]);
    expect(await cameraDriverOf(h.db, 'SWT001')).toBe(anna.id);
    // Switching on again changes nothing.
    expect((await call(anna, 'PUT', first, { on: true })).status).toBe(200);
    expect(await isOn(first)).toBe(true);

    // Béla neither sees nor switches Anna's cars: 404 both ways, nothing changes.
    expect((await call(bela, 'GET')).body.data).toEqual([
      { carId: belas, licensePlate: 'SWT-900', on: false },
    ]);
    const off = await call(bela, 'PUT', first, { on: false });
    expect(off.status).toBe(404);
    expect(off.body.messages[0]).toMatchObject({ messageKey: 'car.notFound' });
    expect(await isOn(first)).toBe(true);
    expect((await call(bela, 'PUT', second, { on: true })).status).toBe(404);
    expect(await isOn(second)).toBe(false);

    // Bad input: a translated field error, no change.
    const bad = await call(anna, 'PUT', first, { on: 'maybe' }, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.messages[0].text).toBeTruthy();
    expect(await isOn(first)).toBe(true);
    expect((await call(anna, 'PUT', 'abc', { on: true })).status).toBe(400);
    expect((await call(anna, 'PUT', first, {})).status).toBe(400);
    expect(await isOn(first)).toBe(true);

    // A removed car is gone from the list and cannot be switched.
    const removed = await fetch(`${h.base}/api/v1/car/${second}`, {
      method: 'DELETE',
      headers: anna.headers,
    });
    expect(removed.status).toBe(200);
    expect((await call(anna, 'PUT', second, { on: true })).status).toBe(404);
    expect(await isOn(second)).toBe(false);
    expect((await call(anna, 'GET')).body.data).toEqual([
      { carId: first, licensePlate: 'swt-001', on: true },
    ]);

    const offNow = await call(anna, 'PUT', first, { on: false });
    expect(offNow.status).toBe(200);
    expect(offNow.body.data).toEqual([{ carId: first, licensePlate: 'swt-001', on: false }]);
    expect(await cameraDriverOf(h.db, 'SWT001')).toBeNull();
  });

  it('refuses a car without a readable plate, with a translated error', async () => {
    const cili = await createActiveUser(h.db, 'cili.camswitch@example.hu');
    const noPlate = await car(cili, '--', true);
    const r = await call(cili, 'PUT', noPlate, { on: true }, 'en');
    expect(r.status).toBe(409);
    expect(r.body.messages[0]).toMatchObject({
      messageKey: 'parking.cameraNoPlate',
      text: expect.stringContaining('licence plate'),
    });
    expect(await isOn(noPlate)).toBe(false);
  });

  it('refuses a plate another driver has switched on, until they switch it off', async () => {
    const dora = await createActiveUser(h.db, 'dora.camswitch@example.hu');
    const ede = await createActiveUser(h.db, 'ede.camswitch@example.hu');
    const doras = await car(dora, 'DUP-100', true);
    const edes = await car(ede, 'dup 100', true);
    expect((await call(dora, 'PUT', doras, { on: true })).status).toBe(200);

    const taken = await call(ede, 'PUT', edes, { on: true });
    expect(taken.status).toBe(409);
    expect(taken.body.messages[0]).toMatchObject({ messageKey: 'parking.cameraPlateInUse' });
    expect(taken.body.messages[0].text).toContain('kamerás parkolás');
    expect(await isOn(edes)).toBe(false);
    // Dóra's camera parking still works at the gate.
    expect(await cameraDriverOf(h.db, 'DUP100')).toBe(dora.id);

    // The same driver with the plate twice is no ambiguity.
    const dorasSecond = await car(dora, 'DUP100');
    expect((await call(dora, 'PUT', dorasSecond, { on: true })).status).toBe(200);

    // Once Dóra has switched it off on both cars, Ede may switch it on.
    await call(dora, 'PUT', doras, { on: false });
    expect((await call(ede, 'PUT', edes, { on: true })).status).toBe(409);
    await call(dora, 'PUT', dorasSecond, { on: false });
    expect((await call(ede, 'PUT', edes, { on: true })).status).toBe(200);
    expect(await cameraDriverOf(h.db, 'DUP100')).toBe(ede.id);
  });

  it('is not for guests', async () => {
    const guest = await createActiveUser(h.db, 'guest.camswitch@example.hu');
    await h.db.update(users).set({ casualUser: true }).where(eq(users.id, guest.id));
    const guestCar = await car(guest, 'GST-001', true);
    for (const r of [
      await call(guest, 'GET', undefined, undefined, 'en'),
      await call(guest, 'PUT', guestCar, { on: true }, 'en'),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.messages[0]).toMatchObject({
        messageKey: 'parking.cameraRegisteredOnly',
        text: 'Camera parking is for registered users only.',
      });
    }
    expect(await isOn(guestCar)).toBe(false);
  });

  it('switching off the last camera car switches automatic card payment off, only for that driver', async () => {
    const feri = await createActiveUser(h.db, 'feri.camswitch@example.hu');
    const gizi = await createActiveUser(h.db, 'gizi.camswitch@example.hu');
    const feris = [await car(feri, 'AUT-001', true), await car(feri, 'AUT-002')];
    const gizis = await car(gizi, 'AUT-900', true);
    for (const id of feris) expect((await call(feri, 'PUT', id, { on: true })).status).toBe(200);
    expect((await call(gizi, 'PUT', gizis, { on: true })).status).toBe(200);
    await consent(feri);
    expect(count(await tokenStatuses(feri.id), 'available')).toBe(10);

    // Gizi switching off her only camera car leaves Feri's consent alone.
    expect((await call(gizi, 'PUT', gizis, { on: false })).status).toBe(200);
    expect(count(await tokenStatuses(feri.id), 'available')).toBe(10);

    // One camera car left: the consent stays.
    expect((await call(feri, 'PUT', feris[0]!, { on: false })).status).toBe(200);
    expect(count(await tokenStatuses(feri.id), 'available')).toBe(10);

    // None left: the tokens are cancelled here and at SimplePay.
    expect((await call(feri, 'PUT', feris[1]!, { on: false })).status).toBe(200);
    expect(count(await tokenStatuses(feri.id), 'cancelled')).toBe(10);
    const [card] = await h.db.select().from(cards).where(eq(cards.userId, feri.id));
    expect(
      await h.count(
        'sandbox_sp_tokens',
        sql`registration_id = ${card!.simplePayCardId} and status = 'DISABLED'`,
      ),
    ).toBe(10);
    const after = await fetch(`${h.base}/api/v1/parking/automatic-card-payment`, {
      headers: feri.headers,
    });
    expect(((await after.json()) as { data: unknown }).data).toMatchObject({
      cameraCars: [],
      automaticCardPayment: null,
    });
  });
});
