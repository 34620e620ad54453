import type { CustomVehicleBody, Vehicle } from '@voltpark/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { chargePorts, vehicleChargePorts, vehicles } from '../../db/schema/vehicles.js';

export type VehicleRow = typeof vehicles.$inferSelect;

/** Fold case and accents so "skoda enyaq" finds "Škoda Enyaq". */
export const fold = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export const vehicleName = (v: { producer: string; model: string }) => `${v.producer} ${v.model}`;

export async function portsOf(db: Db, vehicleIds: number[]) {
  const byVehicle = new Map<number, { id: number; name: string }[]>();
  if (vehicleIds.length === 0) return byVehicle;
  const rows = await db
    .select({ vehicleId: vehicleChargePorts.vehicleId, id: chargePorts.id, name: chargePorts.name })
    .from(vehicleChargePorts)
    .innerJoin(chargePorts, eq(chargePorts.id, vehicleChargePorts.chargePortId))
    .where(inArray(vehicleChargePorts.vehicleId, vehicleIds))
    .orderBy(asc(chargePorts.id));
  for (const r of rows) {
    const list = byVehicle.get(r.vehicleId) ?? [];
    list.push({ id: r.id, name: r.name });
    byVehicle.set(r.vehicleId, list);
  }
  return byVehicle;
}

export function toVehicleDto(v: VehicleRow, ports: { id: number; name: string }[]): Vehicle {
  return {
    id: v.id,
    producer: v.producer,
    model: v.model,
    addedByUser: v.addedByUser,
    image: v.image,
    yearOfProduction: v.yearOfProduction,
    batteryCapacityKWh: v.batteryCapacityKWh,
    rangeKm: v.rangeKm,
    enginePowerKw: v.enginePowerKw,
    efficiencyKWhpKm: v.efficiencyKWhpKm,
    maxChargingPowerACKw: v.maxChargingPowerACKw,
    maxChargingPowerDCKw: v.maxChargingPowerDCKw,
    chargePorts: ports,
    rangeEPAKm: v.rangeEPAKm,
    rangeNEDCKm: v.rangeNEDCKm,
    rangeWLPTKm: v.rangeWLPTKm,
    topSpeedKmph: v.topSpeedKmph,
    accelerationZeroToHundredKmph: v.accelerationZeroToHundredKmph,
    averageChargingSpeedDCKmph: v.averageChargingSpeedDCKmph,
    engineTorqueNm: v.engineTorqueNm,
    motorType: v.motorType,
    seats: v.seats,
    wheelbaseMM: v.wheelbaseMM,
    bodyStyle: v.bodyStyle,
    cargoVolumeL: v.cargoVolumeL,
    crubWeightKg: v.crubWeightKg,
    towingCapacityKg: v.towingCapacityKg,
  };
}

/**
 * The approved catalogue (SPEC §5 Cars): one or two typed words must each appear in
 * "producer model", any case and accents; an empty search lists everything.
 */
export async function searchCatalogue(db: Db, search: string | undefined): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.addedByUser, false))
    .orderBy(asc(vehicles.producer), asc(vehicles.model));
  const words = fold(search ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 2);
  const hits = rows.filter((v) => {
    const name = fold(vehicleName(v));
    return words.every((w) => name.includes(w));
  });
  const ports = await portsOf(
    db,
    hits.map((v) => v.id),
  );
  return hits.map((v) => toVehicleDto(v, ports.get(v.id) ?? []));
}

/** Custom vehicle values as SPEC §5 says: whole numbers rounded down by the schema, decimals kept. */
export function customVehicleValues(body: CustomVehicleBody) {
  return {
    producer: body.producer,
    model: body.model,
    addedByUser: true,
    yearOfProduction: body.yearOfProduction,
    batteryCapacityKWh: body.batteryCapacityKWh ?? null,
    rangeKm: body.rangeKm ?? null,
    efficiencyKWhpKm: body.efficiencyKWhpKm ?? null,
    enginePowerKw: body.enginePowerKw ?? null,
    maxChargingPowerACKw: body.maxChargingPowerACKw ?? null,
    maxChargingPowerDCKw: body.maxChargingPowerDCKw ?? null,
    motorType: body.motorType || null,
    bodyStyle: body.bodyStyle || null,
  };
}

export async function setVehiclePorts(db: DbOrTx, vehicleId: number, portIds: number[]) {
  await db.delete(vehicleChargePorts).where(eq(vehicleChargePorts.vehicleId, vehicleId));
  if (portIds.length === 0) return;
  const known = await db
    .select({ id: chargePorts.id })
    .from(chargePorts)
    .where(inArray(chargePorts.id, portIds));
  if (known.length === 0) return;
  await db.insert(vehicleChargePorts).values(known.map((p) => ({ vehicleId, chargePortId: p.id })));
}

export async function catalogueMatch(db: Db, custom: { producer: string; model: string }) {
  const rows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.addedByUser, false)));
  const want = fold(vehicleName(custom));
  return rows.find((v) => fold(vehicleName(v)) === want) ?? null;
}
