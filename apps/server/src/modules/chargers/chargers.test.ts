import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  apiRoutes,
  chargerStatusSchema,
  type Charger,
  type ChargerStatus,
} from '@voltpark/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoData } from '../../db/seed/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const getCharger = async (id: number, lang = 'hu') => {
  const res = await t.app.inject({
    url: `/api/v1/charger/charger?charger-id=${id}`,
    headers: { 'x-lang': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return apiRoutes.charger.response.parse(res.json()).data as Charger;
};
/** A charger by status and tariff kind. */
const find = async (where: ReturnType<typeof sql>) =>
  (
    await rows<{ id: number }>(sql`
      select ch.id from chargers ch
      join charge_points cp on cp.id = ch.charge_point_id
      left join charging_tariffs tf on tf.id = ch.tariff_id
      where ${where} order by ch.id limit 1`)
  )[0]?.id;

describe('GET v1/charger/charger', () => {
  it('shows a paid charger: status, tariff lines, outlets, traits, device type', async () => {
    const id = (await find(
      sql`tf.active and not tf.free_charging and tf.parking_enabled and ch.status = 'AVAILABLE'`,
    ))!;
    const c = await getCharger(id);
    expect(c.status).toEqual({ value: 'AVAILABLE', title: 'Szabad' });
    expect(c.tariff).toMatchObject({ freeCharging: false });
    expect(c.tariff!.unitChargingGross).toBeGreaterThan(0);
    expect(c.tariffs).toHaveLength(1);
    expect(c.tariffs[0]!.descriptionLines.length).toBeGreaterThan(0);
    const labels = c.tariffs[0]!.tariffLines.map((l) => l.label);
    expect(labels).toEqual(expect.arrayContaining(['Energiadíj', 'Parkolási díj']));
    expect(c.tariffs[0]!.tariffLines[0]!.value).toMatch(/^\d[\d ]* Ft\/kWh$/);
    expect(c.outlets).toHaveLength(1);
    expect(c.staticTraits.map((tv) => tv.trait.identifier)).toEqual(
      expect.arrayContaining(['outlets', 'performance']),
    );
    const perf = c.staticTraits.find((tv) => tv.trait.identifier === 'performance')!;
    expect(perf.numericValue).toBe(c.performanceKw);
    expect(perf.trait.unit).toBe('kW');
    expect(c.fullAddress).toMatch(/^\d{4} /);
    expect(c.canStart).toBe(true);
  });

  it('translates texts with X-Lang: en', async () => {
    const id = (await find(
      sql`tf.active and not tf.free_charging and tf.convenience_fee_gross > 0 and ch.status = 'OCCUPIED'`,
    ))!;
    const c = await getCharger(id, 'en');
    expect(c.status.title).toBe('Occupied');
    expect(c.tariffs[0]!.tariffLines.map((l) => l.label)).toContain('Convenience fee');
    expect(c.tariffs[0]!.descriptionLines[0]).toMatch(/^Energy fee/);
    expect(c.canStart).toBe(false);
  });

  it('a free tariff shows the free line', async () => {
    const id = (await find(sql`tf.active and tf.free_charging`))!;
    const c = await getCharger(id);
    expect(c.tariff).toEqual({ freeCharging: true, unitChargingGross: 0 });
    expect(c.tariffs[0]!.tariffLines[0]!.label).toBe('Ingyenes töltés');
  });

  it('no tariff, or an inactive one: tariff null and no start', async () => {
    for (const where of [sql`ch.tariff_id is null`, sql`not tf.active`]) {
      const id = (await find(where))!;
      expect(id).toBeDefined();
      const c = await getCharger(id);
      expect(c.tariff).toBeNull();
      expect(c.tariffs).toEqual([]);
      expect(c.canStart).toBe(false);
    }
  });

  it('canStart follows the SPEC §4 rule for every status', async () => {
    const [row] = await rows<{ id: number; cp: string }>(sql`
      select ch.id, ch.charge_point_id as cp from chargers ch join charging_tariffs tf on tf.id = ch.tariff_id
      where tf.active order by ch.id limit 1`);
    const expectations: Record<ChargerStatus, [boolean, boolean]> = {
      // [canStart when finishing is not allowed, when the device allows a new charge while finishing]
      AVAILABLE: [true, true],
      PREPARING: [true, true],
      FINISHING: [false, true],
      OCCUPIED: [false, false],
      RESERVED: [false, false],
      ERROR: [false, false],
      UNAVAILABLE: [false, false],
      UNKNOWN: [false, false],
      OUT_OF_SERVICE: [false, false],
      NEW_NOT_CONNECTED: [false, false],
    };
    for (const allowFinishing of [false, true]) {
      await t.database.db.execute(
        sql`update charge_points set can_start_new_charge_while_in_finishing_state = ${allowFinishing} where id = ${row!.cp}`,
      );
      for (const status of chargerStatusSchema.options) {
        await t.database.db.execute(
          sql`update chargers set status = ${status} where id = ${row!.id}`,
        );
        const c = await getCharger(row!.id);
        expect(c.status.value).toBe(status);
        expect(c.deviceType.canStartNewChargeWhileInFinishingState).toBe(allowFinishing);
        expect(c.canStart, `${status} finishing-allowed=${allowFinishing}`).toBe(
          expectations[status][allowFinishing ? 1 : 0],
        );
      }
    }
  });

  it('knows whether the location has parking', async () => {
    const [withLot] = await rows<{ id: number }>(sql`
      select ch.id from chargers ch join charge_points cp on cp.id = ch.charge_point_id
      where exists (select 1 from parking_lots pl where pl.location_id = cp.location_id) order by ch.id limit 1`);
    const [withoutLot] = await rows<{ id: number }>(sql`
      select ch.id from chargers ch join charge_points cp on cp.id = ch.charge_point_id
      where not exists (select 1 from parking_lots pl where pl.location_id = cp.location_id) order by ch.id limit 1`);
    expect((await getCharger(withLot!.id)).locationHasParking).toBe(true);
    expect((await getCharger(withoutLot!.id)).locationHasParking).toBe(false);
  });

  it('unknown charger: 404 charger.notFound; bad id: 400', async () => {
    const res = await t.app.inject({
      url: '/api/v1/charger/charger?charger-id=999999',
      headers: { 'x-lang': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      result: false,
      data: { responseCode: 'NOT_FOUND' },
      messages: [{ messageKey: 'charger.notFound', severity: 'error' }],
    });
    for (const q of [
      '',
      '?charger-id=',
      '?charger-id=abc',
      '?charger-id=0',
      '?charger-id=1.5',
      '?chargerId=1',
    ]) {
      const bad = await t.app.inject({ url: `/api/v1/charger/charger${q}` });
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().result).toBe(false);
    }
  });
});
