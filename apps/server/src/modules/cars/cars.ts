import type { Car, CustomVehicleBody } from '@voltpark/contract';
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { userCars } from '../../db/schema/cars.js';
import { vehicles } from '../../db/schema/vehicles.js';
import { notFound } from '../../core/errors.js';
import type { PaymentDeps } from '../payments/payments.js';
import { cameraParkingOff } from '../parking/camera-off.js';
import { checkCameraPlateChange } from '../parking/camera-plate.js';
import {
  catalogueMatch,
  customVehicleValues,
  portsOf,
  setVehiclePorts,
  toVehicleDto,
  vehicleName,
} from './vehicles.js';

const live = (userId: number) => and(eq(userCars.userId, userId), isNull(userCars.deletedAt));

/** The user's cars, default first, each with its vehicle's data. */
export async function listCars(db: Db, userId: number): Promise<Car[]> {
  const rows = await db
    .select({ car: userCars, vehicle: vehicles })
    .from(userCars)
    .innerJoin(vehicles, eq(vehicles.id, userCars.vehicleId))
    .where(live(userId))
    .orderBy(desc(userCars.defaultCar), asc(userCars.id));
  const ports = await portsOf(
    db,
    rows.map((r) => r.vehicle.id),
  );
  return rows.map(({ car, vehicle }) => {
    const { id: _vehicleId, ...v } = toVehicleDto(vehicle, ports.get(vehicle.id) ?? []);
    return {
      ...v,
      id: car.id,
      vehicleId: vehicle.id,
      licensePlate: car.licensePlate,
      defaultCar: car.defaultCar,
    };
  });
}

async function oneCar(db: Db, userId: number, carId: number): Promise<Car> {
  const car = (await listCars(db, userId)).find((c) => c.id === carId);
  if (!car) throw notFound('car.notFound');
  return car;
}

async function insertCar(db: DbOrTx, userId: number, vehicleId: number, licensePlate: string) {
  const existing = await db.select({ id: userCars.id }).from(userCars).where(live(userId));
  const [row] = await db
    .insert(userCars)
    .values({ userId, vehicleId, licensePlate, defaultCar: existing.length === 0 })
    .returning({ id: userCars.id });
  return row!.id;
}

export async function addCatalogueCar(
  db: Db,
  userId: number,
  vehicleId: number,
  licensePlate: string,
) {
  const [vehicle] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.addedByUser, false)));
  if (!vehicle) throw notFound('vehicle.notFound');
  return oneCar(db, userId, await insertCar(db, userId, vehicle.id, licensePlate));
}

export async function addCustomCar(db: Db, userId: number, body: CustomVehicleBody) {
  const carId = await db.transaction(async (tx) => {
    const [vehicle] = await tx
      .insert(vehicles)
      .values(customVehicleValues(body))
      .returning({ id: vehicles.id });
    await setVehiclePorts(tx, vehicle!.id, body.chargePorts);
    return insertCar(tx, userId, vehicle!.id, body.licensePlate);
  });
  return oneCar(db, userId, carId);
}

/** Edits a custom vehicle; `carId` must be one of the user's cars with a vehicle they added. */
export async function updateCustomCar(
  db: Db,
  userId: number,
  carId: number,
  body: CustomVehicleBody,
) {
  const car = await oneCar(db, userId, carId);
  if (!car.addedByUser) throw notFound('car.notFound');
  await db.transaction(async (tx) => {
    await checkCameraPlateChange(tx, userId, carId, body.licensePlate);
    await tx.update(vehicles).set(customVehicleValues(body)).where(eq(vehicles.id, car.vehicleId));
    await setVehiclePorts(tx, car.vehicleId, body.chargePorts);
    await tx
      .update(userCars)
      .set({ licensePlate: body.licensePlate })
      .where(eq(userCars.id, carId));
  });
  return oneCar(db, userId, carId);
}

/**
 * A new plate for the user's car. A camera parking car keeps camera parking for the new plate
 * when the camera can read it and no other driver has it on; otherwise the change is refused
 * (checkCameraPlateChange, under the plate's lock) and nothing changes.
 */
export async function updatePlate(db: Db, userId: number, carId: number, licensePlate: string) {
  await db.transaction(async (tx) => {
    await checkCameraPlateChange(tx, userId, carId, licensePlate);
    await tx.update(userCars).set({ licensePlate }).where(eq(userCars.id, carId));
  });
  return oneCar(db, userId, carId);
}

export async function setDefaultCar(db: Db, userId: number, carId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userCars)
      .set({ defaultCar: true })
      .where(and(live(userId), eq(userCars.id, carId)))
      .returning({ id: userCars.id });
    if (!row) throw notFound('car.notFound');
    await tx
      .update(userCars)
      .set({ defaultCar: false })
      .where(and(live(userId), ne(userCars.id, carId)));
  });
  return listCars(db, userId);
}

/**
 * Removes a car from the user's list; if it was the default, the oldest other car becomes it.
 * Its camera parking goes off as with the driver's switch (with the last camera car, automatic
 * card payment too).
 */
export async function deleteCar(pay: PaymentDeps, userId: number, carId: number) {
  await pay.db.transaction(async (tx) => {
    const [row] = await tx
      .update(userCars)
      .set({ deletedAt: new Date(), defaultCar: false })
      .where(and(live(userId), eq(userCars.id, carId)))
      .returning({ id: userCars.id });
    if (!row) throw notFound('car.notFound');
    const [next] = await tx
      .select({ id: userCars.id, isDefault: userCars.defaultCar })
      .from(userCars)
      .where(live(userId))
      .orderBy(desc(userCars.defaultCar), asc(userCars.id))
      .limit(1);
    if (next && !next.isDefault)
      await tx.update(userCars).set({ defaultCar: true }).where(eq(userCars.id, next.id));
  });
  await cameraParkingOff(pay, userId, carId);
}

/**
 * The approved-vehicle switch (SPEC §2 Other): for each of the user's custom vehicles that the
 * catalogue now has (same producer and model), `id` is the custom vehicle's id and `name` the
 * catalogue entry the car can switch to. Cars whose owner chose to keep theirs are left out.
 */
export async function approvedVehicles(db: Db, userId: number) {
  const cars = await db
    .select({ vehicle: vehicles, keep: userCars.keepCustomVehicle })
    .from(userCars)
    .innerJoin(vehicles, eq(vehicles.id, userCars.vehicleId))
    .where(and(live(userId), eq(vehicles.addedByUser, true)));
  const out: { id: number; name: string }[] = [];
  for (const c of cars) {
    if (c.keep) continue;
    const match = await catalogueMatch(db, c.vehicle);
    if (match) out.push({ id: c.vehicle.id, name: vehicleName(match) });
  }
  return out;
}

async function carWithCustomVehicle(db: Db, userId: number, vehicleId: number) {
  const [row] = await db
    .select({ carId: userCars.id, vehicle: vehicles })
    .from(userCars)
    .innerJoin(vehicles, eq(vehicles.id, userCars.vehicleId))
    .where(and(live(userId), eq(userCars.vehicleId, vehicleId), eq(vehicles.addedByUser, true)));
  if (!row) throw notFound('vehicle.notFound');
  return row;
}

export async function keepCustomVehicle(db: Db, userId: number, vehicleId: number) {
  const { carId } = await carWithCustomVehicle(db, userId, vehicleId);
  await db.update(userCars).set({ keepCustomVehicle: true }).where(eq(userCars.id, carId));
}

/** Points the car at the catalogue vehicle; null when the catalogue has no match (any more). */
export async function switchToCatalogueVehicle(db: Db, userId: number, vehicleId: number) {
  const { carId, vehicle } = await carWithCustomVehicle(db, userId, vehicleId);
  const match = await catalogueMatch(db, vehicle);
  if (!match) return null;
  await db.update(userCars).set({ vehicleId: match.id }).where(eq(userCars.id, carId));
  return oneCar(db, userId, carId);
}
