import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

// Seeding for the roaming-model and open-data tests: plain SQL, so a thousand sites are one
// statement each.

export const rows = async <T>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

export async function seedTariffs(db: Db) {
  const [paid] = await rows<{ id: number }>(
    db,
    sql`insert into charging_tariffs (name, unit_charging_gross, convenience_fee_gross,
          parking_enabled, minutes_after_parking_start, unit_parking_gross, parking_to_hold_gross)
        values ('Paid', 150, 100, true, 30, 600, 2000) returning id`,
  );
  const [free] = await rows<{ id: number }>(
    db,
    sql`insert into charging_tariffs (name, free_charging) values ('Free', true) returning id`,
  );
  return { paid: paid!.id, free: free!.id };
}

export interface SeedCharger {
  outlet: 'TYPE2' | 'CCS' | 'CHADEMO';
  current: 'AC' | 'DC';
  powerKw: number;
  status?: string;
  tariffId?: number | null;
}

/** One site with one charge point per charger (a parking-only site when `chargers` is empty). */
export async function seedLocation(
  db: Db,
  name: string,
  chargers: SeedCharger[],
): Promise<{ locationId: number; chargerIds: number[] }> {
  const [loc] = await rows<{ id: number }>(
    db,
    sql`insert into locations (name, zip_code, city, street, address_type, house_number, lat, lng)
        values (${name}, '1117', 'Budapest', 'Hunyadi János', 'út', '19', 47.42902, 19.03897)
        returning id`,
  );
  const chargerIds: number[] = [];
  for (const [i, c] of chargers.entries()) {
    const cpId = `T${loc!.id}-${i}`;
    await db.execute(sql`insert into charge_points (id, location_id, vendor, model, current_type)
      values (${cpId}, ${loc!.id}, 'Vendor', 'Model', ${c.current}::current_type)`);
    const [ch] = await rows<{ id: number }>(
      db,
      sql`insert into chargers (charge_point_id, connector_id, name, short_name, outlet_type,
            power_kw, status, tariff_id)
          values (${cpId}, 1, ${`${name} ${i + 1}`}, ${`C${i + 1}`}, ${c.outlet}::outlet_type,
            ${c.powerKw}, ${c.status ?? 'AVAILABLE'}::charger_status, ${c.tariffId ?? null})
          returning id`,
    );
    chargerIds.push(ch!.id);
  }
  return { locationId: loc!.id, chargerIds };
}

/** `count` sites named `${prefix} n`, each with one 22 kW Type 2 charger. */
export async function seedManyLocations(db: Db, prefix: string, count: number, tariffId: number) {
  await db.execute(sql`
    insert into locations (name, zip_code, city, street, address_type, house_number, lat, lng)
    select ${prefix} || ' ' || g, '1111', 'Budapest', 'Bartók Béla', 'út', g::text,
      47.4 + g * 0.00001, 19.0 + g * 0.00001
    from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into charge_points (id, location_id, vendor, model, current_type)
    select 'M' || l.id, l.id, 'Vendor', 'Model', 'AC' from locations l
    where l.name like ${`${prefix} %`}`);
  await db.execute(sql`
    insert into chargers (charge_point_id, connector_id, name, short_name, outlet_type, power_kw,
      status, tariff_id)
    select cp.id, 1, 'Charger', 'C1', 'TYPE2', 22, 'AVAILABLE', ${tariffId}
    from charge_points cp join locations l on l.id = cp.location_id
    where l.name like ${`${prefix} %`}`);
}

/** What the OCPP module does on a StatusNotification, for one charger. */
export const setStatus = (db: Db, chargerId: number, status: string) =>
  db.execute(sql`update chargers set status = ${status}::charger_status,
    status_changed_at = now() where id = ${chargerId}`);
