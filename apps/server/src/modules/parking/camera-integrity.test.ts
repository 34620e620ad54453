import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userCars, vehicles } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { ChargingHarness } from '../charging/test-helpers.js';
import { cameraDriverOf } from './camera-cars.js';
import { runParkingCli } from './cli.js';
import { addPermit, hasValidPermit } from './permits.js';
import { normalisedPlateSql, normalisePlate, PLATE_SEPARATORS } from './plates.js';
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
async function car(u: Driver, licensePlate: string, opts: { camera?: boolean } = {}) {
  const [row] = await h.db
    .insert(userCars)
    .values({ userId: u.id, vehicleId, licensePlate })
    .returning({ id: userCars.id });
  if (opts.camera) expect((await switchCamera(u, row!.id, true)).status).toBe(200);
  return row!.id;
}

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
