import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { chargerStatusSchema } from '@voltpark/contract';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../client.js';
import { generateLocations, seedDemoData, seedDemoDataIfEmpty } from './index.js';

let d: Database;
beforeAll(async () => {
  d = await createTestDatabase();
  expect(await seedDemoDataIfEmpty(d.db, { info: () => {} })).toBe(true);
});
afterAll(() => d.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await d.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (table: string) =>
  (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('demo seed', () => {
  it('has about 60 locations across Budapest and other Hungarian cities', async () => {
    expect(await count('locations')).toBeGreaterThanOrEqual(55);
    const cities = await rows<{ city: string; n: number }>(
      sql`select city, count(*)::int as n from locations group by city`,
    );
    const names = cities.map((c) => c.city);
    expect(names).toEqual(
      expect.arrayContaining([
        'Budapest',
        'Debrecen',
        'Szeged',
        'Pécs',
        'Győr',
        'Miskolc',
        'Székesfehérvár',
        'Gödöllő',
        'Kecskemét',
        'Siófok',
      ]),
    );
    const districts = await rows<{ n: number }>(
      sql`select count(distinct zip_code)::int as n from locations where city = 'Budapest'`,
    );
    expect(districts[0]!.n).toBeGreaterThan(10);
    const outside = await rows<{ n: number }>(sql`
      select count(*)::int as n from locations where lat not between 45.7 and 48.6 or lng not between 16.1 and 22.9`);
    expect(outside[0]!.n).toBe(0);
  });

  it('covers every connector status of SPEC §4', async () => {
    const statuses = (
      await rows<{ status: string }>(sql`select distinct status::text as status from chargers`)
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([...chargerStatusSchema.options].sort());
  });

  it('mixes AC Type 2 with DC CCS and CHAdeMO, and free, paid and missing tariffs', async () => {
    const kinds = await rows<{
      current_type: string;
      outlet_type: string;
      min: number;
      max: number;
    }>(sql`
      select cp.current_type::text, ch.outlet_type::text, min(ch.power_kw) as min, max(ch.power_kw) as max
      from chargers ch join charge_points cp on cp.id = ch.charge_point_id group by 1, 2 order by 1, 2`);
    expect(kinds).toEqual([
      { current_type: 'AC', outlet_type: 'TYPE2', min: 11, max: 22 },
      { current_type: 'DC', outlet_type: 'CCS', min: 50, max: 150 },
      { current_type: 'DC', outlet_type: 'CHADEMO', min: 50, max: 50 },
    ]);
    const tariffs = await rows<{ kind: string }>(sql`
      select distinct case when ch.tariff_id is null then 'none' when not tf.active then 'inactive'
        when tf.free_charging then 'free' else 'paid' end as kind
      from chargers ch left join charging_tariffs tf on tf.id = ch.tariff_id`);
    expect(tariffs.map((r) => r.kind).sort()).toEqual(['free', 'inactive', 'none', 'paid']);
  });

  it('has parking lots with and without tariffs, with one or several gates', async () => {
    const lots = await rows<{ with_tariff: boolean; gates: number }>(sql`
      select pl.tariff_id is not null as with_tariff, (select count(*)::int from gates g where g.parking_lot_id = pl.id) as gates
      from parking_lots pl`);
    expect(lots.some((l) => l.with_tariff)).toBe(true);
    expect(lots.some((l) => !l.with_tariff)).toBe(true);
    expect(lots.some((l) => l.gates === 1)).toBe(true);
    expect(lots.some((l) => l.gates > 1)).toBe(true);
  });

  it('has shops with nested categories and point acceptance, and traits of all five types', async () => {
    const accept = await rows<{ accept_point: boolean }>(
      sql`select distinct accept_point from pois`,
    );
    expect(accept).toHaveLength(2);
    expect(
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from categories where parent_id in (select id from categories where parent_id is not null)`,
        )
      )[0]!.n,
    ).toBeGreaterThan(0);
    const types = await rows<{ type: string }>(sql`
      select distinct t.type::text as type from trait_values v join traits t on t.id = v.trait_id`);
    expect(types.map((r) => r.type).sort()).toEqual([
      'BOOLEAN',
      'LIST_CUSTOM',
      'LIST_MULTIPLE',
      'LIST_SINGLE',
      'TEXT',
    ]);
    const identifiers = await rows<{ identifier: string }>(sql`
      select distinct t.identifier from trait_values v join traits t on t.id = v.trait_id`);
    expect(identifiers.map((r) => r.identifier)).toEqual(
      expect.arrayContaining([
        'SITE_WEB',
        'SITE_EMAIL',
        'SITE_PHONE',
        'outlets',
        'performance',
        'OPENING_HOURS',
      ]),
    );
  });

  it('names the amenities in both languages (list items, not Hungarian free text)', async () => {
    const items = await rows<{ value_hu: string; value_en: string }>(sql`
      select i.value_hu, i.value_en from trait_list_items i join traits t on t.id = i.trait_id
      where t.identifier = 'AMENITIES' order by i.order_number`);
    expect(items).toEqual([
      { value_hu: 'Wi-Fi', value_en: 'Wi-Fi' },
      { value_hu: 'Mosdó', value_en: 'Toilets' },
      { value_hu: 'Kávézó', value_en: 'Café' },
      { value_hu: 'Játszótér', value_en: 'Playground' },
    ]);
    const custom = await rows<{ n: number }>(sql`
      select count(*)::int as n from trait_values v join traits t on t.id = v.trait_id
      where t.identifier = 'AMENITIES' and cardinality(v.list_strings) > 0`);
    expect(custom[0]!.n).toBe(0);
  });

  it('writes English tariff lines with Ft, as the app formats money', async () => {
    const lines = await rows<{ lines: string[] }>(sql`
      select description_lines_en as lines from charging_tariffs`);
    const all = lines.flatMap((r) => r.lines).join('\n');
    expect(all).toContain('120 Ft/kWh');
    expect(all).not.toContain('HUF');
  });

  it('has the reference data: 249 countries, 35 public-space types, about 50 EV models', async () => {
    expect(await count('countries')).toBe(249);
    const hu = await rows<{ name_hu: string; name_en: string }>(
      sql`select name_hu, name_en from countries where alpha2_code = 'HU'`,
    );
    expect(hu[0]).toEqual({ name_hu: 'Magyarország', name_en: 'Hungary' });
    expect(await count('address_types')).toBe(35);
    const types = (await rows<{ name: string }>(sql`select name from address_types`)).map(
      (r) => r.name,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'utca',
        'út',
        'tér',
        'körút',
        'sétány',
        'köz',
        'fasor',
        'rakpart',
        'dűlő',
        'lakótelep',
      ]),
    );
    expect(await count('vehicles')).toBeGreaterThanOrEqual(50);
    const models = (
      await rows<{ name: string }>(sql`select producer || ' ' || model as name from vehicles`)
    ).map((r) => r.name);
    for (const m of [
      'Tesla Model 3',
      'Tesla Model Y',
      'Volkswagen ID.3',
      'Volkswagen ID.4',
      'Hyundai Ioniq 5',
      'Kia EV6',
      'Škoda Enyaq',
      'Renault Zoe',
      'Nissan Leaf',
      'BMW i4',
      'Audi Q4 e-tron',
      'BYD',
    ]) {
      expect(
        models.some((n) => n.startsWith(m)),
        m,
      ).toBe(true);
    }
    const leaf = await rows<{ ports: string }>(sql`
      select string_agg(p.name, ',' order by p.name) as ports from vehicles v
      join vehicle_charge_ports vp on vp.vehicle_id = v.id join charge_ports p on p.id = vp.charge_port_id
      where v.model = 'Leaf e+ 62 kWh'`);
    expect(leaf[0]!.ports).toBe('CHAdeMO,Type 1');
  });

  it('has news with images, one active ad and footer texts', async () => {
    expect(await count('news_posts')).toBeGreaterThanOrEqual(6);
    expect(await count('footer_texts')).toBeGreaterThanOrEqual(3);
    const active = await rows<{ n: number }>(sql`
      select count(*)::int as n from front_page_ads where active and active_from <= now() and (active_to is null or active_to > now())`);
    expect(active[0]!.n).toBe(1);
  });

  it('is not seeded twice', async () => {
    const before = await count('locations');
    expect(await seedDemoDataIfEmpty(d.db, { info: () => {} })).toBe(false);
    expect(await count('locations')).toBe(before);
  });

  it('is deterministic', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoData(other.db);
      const fingerprint = async (db: Database) =>
        (
          (await db.db.execute(sql`
          select md5(string_agg(ch.id || ch.charge_point_id || ch.status || coalesce(ch.tariff_id, 0) || ch.power_kw, ',' order by ch.id)) as f
          from chargers ch`)) as unknown as { rows: { f: string }[] }
        ).rows[0]!.f;
      expect(await fingerprint(other)).toBe(await fingerprint(d));
    } finally {
      await other.close();
    }
  });

  it('the generator adds locations with chargers, parking and shops in proportion', async () => {
    const before = await count('locations');
    const result = await generateLocations(d.db, 2000, { seed: 7 });
    expect(result.locations).toBe(2000);
    expect(await count('locations')).toBe(before + 2000);
    const generated = await rows<{ chargers: number; lots: number; shops: number }>(sql`
      select
        count(*) filter (where exists (select 1 from charge_points cp where cp.location_id = l.id))::int as chargers,
        count(*) filter (where exists (select 1 from parking_lots pl where pl.location_id = l.id))::int as lots,
        count(*) filter (where exists (select 1 from pois po where po.location_id = l.id))::int as shops
      from locations l where l.id > ${before}`);
    expect(generated[0]!.chargers).toBeGreaterThan(1500);
    expect(generated[0]!.lots).toBeGreaterThan(200);
    expect(generated[0]!.shops).toBeGreaterThan(100);
    const outside = await rows<{ n: number }>(sql`
      select count(*)::int as n from locations where id > ${before} and (lat not between 45.6 and 48.7 or lng not between 16.0 and 23.0)`);
    expect(outside[0]!.n).toBe(0);
    // New rows get ids after the generated ones.
    const [{ id } = { id: 0 }] = await rows<{ id: number }>(sql`
      insert into locations (name, zip_code, city, street, address_type, house_number, lat, lng)
      values ('x', '1000', 'Budapest', 'Teszt', 'utca', '1', 47.5, 19) returning id`);
    expect(id).toBe(before + 2001);
  });
});
