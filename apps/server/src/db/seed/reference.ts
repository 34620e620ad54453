import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  addressTypes,
  chargePorts,
  countries,
  vehicleChargePorts,
  vehicles,
} from '../schema/index.js';
import { addressTypeList } from './data/address-types.js';
import { countryList } from './data/countries.js';
import { chargePortNames, vehicleList } from './data/vehicles.js';

const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

/** Countries, public-space types, charge ports and the vehicle catalogue. Idempotent. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(countryList.map(([alpha2Code, nameHu, nameEn]) => ({ alpha2Code, nameHu, nameEn })))
    .onConflictDoNothing();
  await db
    .insert(addressTypes)
    .values(addressTypeList.map((name, i) => ({ name, orderNumber: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(chargePorts)
    .values(chargePortNames.map((name) => ({ name })))
    .onConflictDoNothing();

  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(sql`${vehicles.addedByUser} = false`);
  if (count > 0) return;

  const ports = await db.select().from(chargePorts);
  const portId = new Map(ports.map((p) => [p.name, p.id]));
  const inserted = await db
    .insert(vehicles)
    .values(
      vehicleList.map((v) => {
        const efficiency = round(v.batteryKWh / v.wltpKm, 3);
        return {
          producer: v.producer,
          model: v.model,
          addedByUser: false,
          image: null,
          yearOfProduction: v.year,
          batteryCapacityKWh: v.batteryKWh,
          rangeKm: v.wltpKm,
          enginePowerKw: v.powerKw,
          efficiencyKWhpKm: efficiency,
          maxChargingPowerACKw: v.acKw,
          maxChargingPowerDCKw: v.dcKw,
          rangeEPAKm: round(v.wltpKm * 0.87),
          rangeNEDCKm: v.year <= 2021 ? round(v.wltpKm * 1.17) : null,
          rangeWLPTKm: v.wltpKm,
          topSpeedKmph: v.topSpeed,
          accelerationZeroToHundredKmph: v.zeroToHundred,
          // km of range added per hour at the average DC power (about 60% of the peak).
          averageChargingSpeedDCKmph: round((v.dcKw * 0.6) / (efficiency * 1.1), -1),
          engineTorqueNm: v.torqueNm,
          motorType: v.motor === 'AWD' ? 'Dual motor (AWD)' : `Single motor (${v.motor})`,
          seats: v.seats,
          wheelbaseMM: v.wheelbaseMm,
          bodyStyle: v.body,
          cargoVolumeL: v.cargoL,
          crubWeightKg: v.weightKg,
          towingCapacityKg: v.towingKg,
        };
      }),
    )
    .returning({ id: vehicles.id });
  const links = inserted.flatMap((row, i) =>
    vehicleList[i]!.ports.map((p) => ({ vehicleId: row.id, chargePortId: portId.get(p)! })),
  );
  await db.insert(vehicleChargePorts).values(links).onConflictDoNothing();
}
