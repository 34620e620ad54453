import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { seedReferenceData } from '../../db/seed/index.js';

let t: TestApp;
let anna: Awaited<ReturnType<typeof createActiveUser>>;
let bela: Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedReferenceData(d.db) });
  anna = await createActiveUser(t.database.db, 'anna@example.hu');
  bela = await createActiveUser(t.database.db, 'bela@example.hu');
});
afterAll(() => t.close());

type CarDto = {
  id: number;
  vehicleId: number;
  producer: string;
  model: string;
  licensePlate: string;
  defaultCar: boolean;
  addedByUser: boolean;
  yearOfProduction: number | null;
  batteryCapacityKWh: number | null;
  maxChargingPowerACKw: number | null;
  chargePorts: { name: string }[];
};
const get = (url: string, user = anna) => t.app.inject({ url, headers: user.headers });
const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: Record<string, unknown>,
  form = true,
  user = anna,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...user.headers,
      ...(body
        ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }
        : {}),
    },
    payload: body
      ? form
        ? new URLSearchParams(body as Record<string, string>).toString()
        : body
      : undefined,
  });

describe('vehicle catalogue', () => {
  it('matches one or two words in any case and accents, and lists everything when empty', async () => {
    const all = (await get('/api/v1/vehicle')).json().data as { producer: string; model: string }[];
    expect(all.length).toBeGreaterThanOrEqual(40);
    const ioniq = (await get('/api/v1/vehicle?search=HYUNDAI%20ioniq')).json().data as {
      producer: string;
      model: string;
    }[];
    expect(ioniq.length).toBeGreaterThan(0);
    expect(ioniq.every((v) => `${v.producer} ${v.model}`.toLowerCase().includes('ioniq'))).toBe(
      true,
    );
    const enyaq = (await get('/api/v1/vehicle?search=skoda')).json().data as { producer: string }[];
    expect(enyaq.every((v) => v.producer === 'Škoda')).toBe(true);
    expect(enyaq.length).toBeGreaterThan(0);
    expect((await get('/api/v1/vehicle?search=zzzz')).json().data).toEqual([]);
  });
});

describe('cars', () => {
  let catalogueId: number;
  let catalogueName: { producer: string; model: string };
  let first: CarDto;

  it('adds a catalogue car with an upper-cased plate; the first car is the default', async () => {
    const [vehicle] = (await get('/api/v1/vehicle?search=model%203')).json().data as {
      id: number;
      producer: string;
      model: string;
    }[];
    catalogueId = vehicle!.id;
    catalogueName = { producer: vehicle!.producer, model: vehicle!.model };
    const res = await send('POST', '/api/v1/car', {
      vehicleId: String(catalogueId),
      licencePlate: 'aa-bc-123',
    });
    expect(res.statusCode).toBe(200);
    first = res.json().data;
    expect(first).toMatchObject({
      vehicleId: catalogueId,
      licensePlate: 'AA-BC-123',
      defaultCar: true,
      addedByUser: false,
    });
  });

  it('adds a custom car with SPEC rounding and charge ports, and can switch it to the catalogue vehicle', async () => {
    const ports = (await get('/api/v1/vehicle/charger-ports')).json().data as {
      id: number;
      name: string;
    }[];
    const res = await send(
      'POST',
      '/api/v1/vehicle',
      {
        licensePlate: 'xyz-987',
        producer: catalogueName.producer.toUpperCase(),
        model: ` ${catalogueName.model} `,
        yearOfProduction: '2021.9',
        batteryCapacityKWh: 57.5,
        maxChargingPowerACKw: '11,5',
        chargePorts: [ports[0]!.id],
      },
      false,
    );
    expect(res.statusCode).toBe(200);
    const custom = res.json().data as CarDto;
    expect(custom).toMatchObject({
      addedByUser: true,
      yearOfProduction: 2021,
      batteryCapacityKWh: 57,
      maxChargingPowerACKw: 11.5,
      defaultCar: false,
    });
    expect(custom.chargePorts.map((p) => p.name)).toEqual([ports[0]!.name]);

    const offers = (await get('/api/v1/vehicle/approved-vehicles')).json().data as {
      id: number;
      name: string;
    }[];
    expect(offers).toContainEqual({
      id: custom.vehicleId,
      name: `${catalogueName.producer} ${catalogueName.model}`,
    });
    expect((await get('/api/v1/vehicle/approved-vehicles', bela)).json().data).toEqual([]);
    expect(
      (
        await get(
          `/api/v1/vehicle/switch-to-vehicle-from-list?vehicle-id=${custom.vehicleId}`,
          bela,
        )
      ).statusCode,
    ).toBe(404);

    const switched = (
      await get(`/api/v1/vehicle/switch-to-vehicle-from-list?vehicle-id=${custom.vehicleId}`)
    ).json().data as CarDto;
    expect(switched).toMatchObject({
      id: custom.id,
      vehicleId: catalogueId,
      addedByUser: false,
      licensePlate: 'XYZ-987',
    });
    expect((await get('/api/v1/vehicle/approved-vehicles')).json().data).toEqual([]);
  });

  it("keeps one user's cars away from another user", async () => {
    expect((await get('/api/v1/car', bela)).json().data).toEqual([]);
    expect(
      (
        await send(
          'PATCH',
          '/api/v1/car',
          { id: String(first.id), licensePlate: 'STOLEN1' },
          true,
          bela,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', `/api/v1/car/default/${first.id}`, undefined, true, bela)).statusCode,
    ).toBe(404);
    expect(
      (await send('DELETE', `/api/v1/car/${first.id}`, undefined, true, bela)).statusCode,
    ).toBe(404);
    const mine = (await get('/api/v1/car')).json().data as CarDto[];
    expect(mine.find((c) => c.id === first.id)?.licensePlate).toBe('AA-BC-123');
  });

  it('changes the plate, sets the default and deletes with the default moving on', async () => {
    const renamed = await send('PATCH', '/api/v1/car', {
      id: String(first.id),
      licensePlate: 'new-111',
    });
    expect(renamed.json().data.licensePlate).toBe('NEW-111');
    const cars = (await get('/api/v1/car')).json().data as CarDto[];
    const other = cars.find((c) => c.id !== first.id)!;
    const afterDefault = (await send('PATCH', `/api/v1/car/default/${other.id}`)).json()
      .data as CarDto[];
    expect(afterDefault[0]).toMatchObject({ id: other.id, defaultCar: true });
    expect(afterDefault.filter((c) => c.defaultCar)).toHaveLength(1);
    expect((await send('DELETE', `/api/v1/car/${other.id}`)).statusCode).toBe(200);
    expect((await get('/api/v1/car')).json().data).toEqual([
      expect.objectContaining({ id: first.id, defaultCar: true }),
    ]);
  });

  it('refuses bad input: missing plate, too long plate, unknown vehicle, missing custom fields', async () => {
    expect(
      (await send('POST', '/api/v1/car', { vehicleId: String(catalogueId), licencePlate: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await send('POST', '/api/v1/car', {
          vehicleId: String(catalogueId),
          licencePlate: 'X'.repeat(21),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/api/v1/car', { vehicleId: '99999', licencePlate: 'ABC-123' }))
        .statusCode,
    ).toBe(404);
    const custom = await send(
      'POST',
      '/api/v1/vehicle',
      { licensePlate: 'ABC-123', producer: '', model: 'X' },
      false,
    );
    expect(custom.statusCode).toBe(400);
    expect(custom.json().messages.map((m: { field?: string }) => m.field)).toEqual(
      expect.arrayContaining(['producer', 'yearOfProduction']),
    );
    expect((await get('/api/v1/car')).json().data).toHaveLength(1);
  });
});
