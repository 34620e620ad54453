import type { CameraParkingCar } from '@voltpark/contract';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cameraParkingCars, userCars, users } from '../../db/schema/index.js';
import { ApiError, notFound } from '../../core/errors.js';
import type { AuthUser } from '../auth/sessions.js';
import { normalisedCarPlate } from './camera-cars.js';
import { cameraParkingOff } from './camera-off.js';
import type { ParkingDeps } from './deps.js';
import { parkingError } from './errors.js';
import { normalisePlate } from './plates.js';

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
  const [car] = await deps.db
    .select({ id: userCars.id, plate: userCars.licensePlate })
    .from(userCars)
    .where(and(eq(userCars.id, carId), eq(userCars.userId, user.id), isNull(userCars.deletedAt)));
  if (!car) throw notFound('car.notFound');

  if (on) {
    const plate = normalisePlate(car.plate);
    if (!plate) throw parkingError('CAMERA_NO_PLATE', 'parking.cameraNoPlate');
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`camera-plate:${plate}`}))`);
      const [taken] = await tx
        .select({ carId: userCars.id })
        .from(cameraParkingCars)
        .innerJoin(userCars, eq(userCars.id, cameraParkingCars.userCarId))
        .innerJoin(users, eq(users.id, userCars.userId))
        .where(
          and(
            eq(normalisedCarPlate, plate),
            ne(userCars.userId, user.id),
            isNull(userCars.deletedAt),
            isNull(users.deletedAt),
            eq(users.casualUser, false),
          ),
        )
        .limit(1);
      if (taken) throw parkingError('CAMERA_PLATE_IN_USE', 'parking.cameraPlateInUse');
      await tx.insert(cameraParkingCars).values({ userCarId: car.id }).onConflictDoNothing();
    });
  } else {
    await cameraParkingOff(deps.pay, user.id, car.id);
  }
  return cameraParkingOf(deps.db, user.id);
}
