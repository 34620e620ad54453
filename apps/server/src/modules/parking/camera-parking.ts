import type { CameraParkingCar } from '@voltpark/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cameraParkingCars, userCars } from '../../db/schema/index.js';
import { ApiError, notFound } from '../../core/errors.js';
import type { AuthUser } from '../auth/sessions.js';
import { cameraParkingOff } from './camera-off.js';
import { cameraPlateOf, claimCameraPlate } from './camera-plate.js';
import type { ParkingDeps } from './deps.js';

/** Guests (casual users) have no camera parking (the gate ignores their plates, decision 0020). */
export function refuseGuest(user: AuthUser) {
  if (user.casualUser)
    throw new ApiError(403, 'parking.cameraRegisteredOnly', {
      responseCode: 'REGISTERED_USERS_ONLY',
    });
}

/** The driver's live cars with their camera parking switch, default car first. */
export async function cameraParkingOf(db: Db, userId: number): Promise<CameraParkingCar[]> {
  return db
    .select({
      carId: userCars.id,
      licensePlate: userCars.licensePlate,
      on: sql<boolean>`${cameraParkingCars.userCarId} is not null`,
    })
    .from(userCars)
    .leftJoin(cameraParkingCars, eq(cameraParkingCars.userCarId, userCars.id))
    .where(and(eq(userCars.userId, userId), isNull(userCars.deletedAt)))
    .orderBy(desc(userCars.defaultCar), asc(userCars.id));
}

/**
 * The driver's switch (decision 0054). On: the car needs a plate the camera can read, and no
 * other driver may have camera parking on for that plate (the gate would ignore both, 0020);
 * the check and the insert run under a lock on the plate. Off: cameraParkingOff (automatic
 * card payment off with the last camera car).
 */
export async function switchCameraParking(
  deps: ParkingDeps,
  user: AuthUser,
  carId: number,
  on: boolean,
): Promise<CameraParkingCar[]> {
  refuseGuest(user);
  const ownLiveCar = and(
    eq(userCars.id, carId),
    eq(userCars.userId, user.id),
    isNull(userCars.deletedAt),
  );
  if (on) {
    await deps.db.transaction(async (tx) => {
      // The car locked: a plate change waits until it is on (and is then checked).
      const [row] = await tx
        .select({ plate: userCars.licensePlate })
        .from(userCars)
        .where(ownLiveCar)
        .for('update');
      if (!row) throw notFound('car.notFound');
      await claimCameraPlate(tx, user.id, cameraPlateOf(row.plate));
      await tx.insert(cameraParkingCars).values({ userCarId: carId }).onConflictDoNothing();
    });
  } else {
    const [row] = await deps.db.select({ id: userCars.id }).from(userCars).where(ownLiveCar);
    if (!row) throw notFound('car.notFound');
    await cameraParkingOff(deps.pay, user.id, carId);
  }
  return cameraParkingOf(deps.db, user.id);
}
