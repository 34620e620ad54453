import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cameraParkingCars, userCars, users } from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { normalisedCarPlate } from './camera-cars.js';
import { parkingError } from './errors.js';
import { normalisePlate } from './plates.js';

/**
 * One plate, at most one driver with camera parking on (decision 0054): takes the plate's lock
 * for the rest of the transaction, then refuses (409 CAMERA_PLATE_IN_USE) a normalised plate
 * another live registered driver has camera parking on for. Run it in the transaction that
 * then switches camera parking on or gives a camera car the plate, so two racing requests
 * cannot both win.
 */
export async function claimCameraPlate(tx: DbOrTx, userId: number, plate: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`camera-plate:${plate}`}))`);
  const [taken] = await tx
    .select({ carId: userCars.id })
    .from(cameraParkingCars)
    .innerJoin(userCars, eq(userCars.id, cameraParkingCars.userCarId))
    .innerJoin(users, eq(users.id, userCars.userId))
    .where(
      and(
        eq(normalisedCarPlate, plate),
        ne(userCars.userId, userId),
        isNull(userCars.deletedAt),
        isNull(users.deletedAt),
        eq(users.casualUser, false),
      ),
    )
    .limit(1);
  if (taken) throw parkingError('CAMERA_PLATE_IN_USE', 'parking.cameraPlateInUse');
}

/** A readable plate for camera parking, or 409 CAMERA_NO_PLATE (correct the plate first). */
export function cameraPlateOf(licensePlate: string): string {
  const plate = normalisePlate(licensePlate);
  if (!plate) throw parkingError('CAMERA_NO_PLATE', 'parking.cameraNoPlate');
  return plate;
}

/**
 * Before the driver's car gets a new plate, in the transaction that changes it: the car is
 * locked, and if it has camera parking on, the camera parking stays on for the new plate only
 * if the camera can read it (else 409 CAMERA_NO_PLATE) and no other driver has it on (409
 * CAMERA_PLATE_IN_USE). Nothing is checked when the camera sees the same plate as before.
 * 404 car.notFound for a car that is not the driver's live car.
 */
export async function checkCameraPlateChange(
  tx: DbOrTx,
  userId: number,
  carId: number,
  licensePlate: string,
): Promise<void> {
  const [car] = await tx
    .select({ plate: userCars.licensePlate, camera: cameraParkingCars.userCarId })
    .from(userCars)
    .leftJoin(cameraParkingCars, eq(cameraParkingCars.userCarId, userCars.id))
    .where(and(eq(userCars.id, carId), eq(userCars.userId, userId), isNull(userCars.deletedAt)))
    .for('update', { of: userCars });
  if (!car) throw notFound('car.notFound');
  if (car.camera === null) return;
  const plate = cameraPlateOf(licensePlate);
  if (plate === normalisePlate(car.plate)) return;
  await claimCameraPlate(tx, userId, plate);
}
