import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiRoutes, type ParkingLot } from '@voltpark/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoData } from '../../db/seed/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const lotByLocationName = async (name: string) =>
  (
    await rows<{ id: number; location_id: number }>(sql`
    select pl.id, pl.location_id from parking_lots pl join locations l on l.id = pl.location_id where l.name = ${name}`)
  )[0]!;
const getLot = async (url: string, lang = 'hu') => {
  const res = await t.app.inject({ url, headers: { 'x-lang': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return apiRoutes.parkingLot.response.parse(res.json()).data as ParkingLot;
};

describe('GET v1/parking/parking-lot/:id and v1/parking/location/:id', () => {
  it('shows a paid lot with tariff, gates, traits and chargers', async () => {
    const { id, location_id } = await lotByLocationName('Westend City Center');
    const lot = await getLot(`/api/v1/parking/parking-lot/${id}`);
    expect(lot.location.id).toBe(location_id);
    expect(lot.location.address.full).toBe('1062 Budapest, Váci út 1-3.');
    expect(lot.tariff).toMatchObject({
      freeParking: false,
      name: 'Bevásárlóközpont',
      freeMinutes: 120,
    });
    expect(lot.tariff!.grossUnitParking).toBeGreaterThan(0);
    expect(lot.tariffs).toHaveLength(1);
    expect(lot.tariff!.descriptionLines[0]).toBe('Az első 2 óra ingyenes.');
    expect(lot.gates.length).toBeGreaterThanOrEqual(1);
    expect(lot.hasChargers).toBe(true);
    expect(lot.isCurrentUserAdmin).toBe(false);
    expect(lot.staticTraits.map((tv) => tv.trait.identifier)).toContain('PARKING_KIND');
    const kind = lot.staticTraits.find((tv) => tv.trait.identifier === 'PARKING_KIND')!;
    expect(kind.listItem?.value).toBe('Mélygarázs');
    const byLocation = await getLot(`/api/v1/parking/location/${location_id}`);
    expect(byLocation).toEqual(lot);
  });

  it('speaks English', async () => {
    const { id } = await lotByLocationName('Westend City Center');
    const lot = await getLot(`/api/v1/parking/parking-lot/${id}`, 'en');
    expect(lot.tariff!.descriptionLines[0]).toBe('The first 2 hours are free.');
    expect(
      lot.staticTraits.find((tv) => tv.trait.identifier === 'PARKING_KIND')!.listItem?.value,
    ).toBe('Underground garage');
  });

  it('a lot without tariff answers tariff null; a free lot has freeParking', async () => {
    const none = await getLot(
      `/api/v1/parking/parking-lot/${(await lotByLocationName('Infopark')).id}`,
    );
    expect(none.tariff).toBeNull();
    expect(none.tariffs).toEqual([]);
    expect(none.hasPermits).toBe(true);
    const free = await getLot(
      `/api/v1/parking/parking-lot/${(await lotByLocationName('Gödöllői Királyi Kastély')).id}`,
    );
    expect(free.tariff!.freeParking).toBe(true);
    const noChargers = await getLot(
      `/api/v1/parking/parking-lot/${(await lotByLocationName('Sopron Fő tér')).id}`,
    );
    expect(noChargers.hasChargers).toBe(false);
  });

  it('lots have one gate (BOTH) or several (in and out)', async () => {
    const counts = await rows<{ id: number; n: number }>(sql`
      select parking_lot_id as id, count(*)::int as n from gates group by 1 order by 2`);
    const single = await getLot(`/api/v1/parking/parking-lot/${counts[0]!.id}`);
    expect(single.gates).toHaveLength(1);
    expect(single.gates[0]!.direction).toBe('BOTH');
    const many = await getLot(`/api/v1/parking/parking-lot/${counts[counts.length - 1]!.id}`);
    expect(many.gates.length).toBeGreaterThan(1);
    expect(many.gates.map((g) => g.direction)).toEqual(expect.arrayContaining(['IN', 'OUT']));
  });

  it('unknown lot, location without lot, unknown location: 404 with a specific key', async () => {
    const [noLot] = await rows<{ id: number }>(sql`
      select l.id from locations l where not exists (select 1 from parking_lots pl where pl.location_id = l.id) limit 1`);
    const cases: [string, string][] = [
      ['/api/v1/parking/parking-lot/999999', 'parking.notFound'],
      [`/api/v1/parking/location/${noLot!.id}`, 'parking.notFound'],
      ['/api/v1/parking/location/999999', 'location.notFound'],
    ];
    for (const [url, key] of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().messages[0].messageKey).toBe(key);
    }
    for (const url of [
      '/api/v1/parking/parking-lot/abc',
      '/api/v1/parking/location/-5',
      '/api/v1/parking/parking-lot/1.5',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(400);
    }
  });
});
