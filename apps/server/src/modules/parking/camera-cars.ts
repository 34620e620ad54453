import { and, asc, eq, isNull } from 'drizzle-orm';
import { noUserWithEmail } from '../../core/operator-cli.js';
import type { DbOrTx } from '../../db/client.js';
import { cameraParkingCars, userCars, users } from '../../db/schema/index.js';
import type { PaymentDeps } from '../payments/payments.js';
import { cameraParkingOff } from './camera-off.js';
import { normalisedPlateSql, normalisePlate } from './plates.js';

/** A refusal of a camera-parking change the operator can fix (unknown e-mail or car). */
export class CameraCarError extends Error {}

/** The plate of user_cars in the permits' form (SQL side of normalisePlate). */
export const normalisedCarPlate = normalisedPlateSql(userCars.licensePlate);

/** The operator's car: the live registered driver with that e-mail, their live car with that plate. */
async function carOf(db: DbOrTx, email: string, plate: string) {
  const normal = normalisePlate(plate);
  if (!normal) throw new CameraCarError(`"${plate}" is not a car plate (letters and digits)`);
  const mail = email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, casualUser: users.casualUser })
    .from(users)
    .where(and(eq(users.email, mail), isNull(users.deletedAt)));
  if (!user) throw new CameraCarError(noUserWithEmail(mail));
  if (user.casualUser) throw new CameraCarError(`${mail} is a guest (casual) user without cars`);
  const [car] = await db
    .select({ id: userCars.id })
    .from(userCars)
    .where(
      and(eq(userCars.userId, user.id), isNull(userCars.deletedAt), eq(normalisedCarPlate, normal)),
    );
  if (!car) throw new CameraCarError(`${mail} has no car with plate ${normal}`);
  return { userId: user.id, carId: car.id, plate: normal };
}

/**
 * The operator's `camera on` for the driver's car with that plate. Unlike the driver's switch it
 * does not refuse a plate another driver has on (decision 0054: the operator resolves disputes).
 */
export async function cameraOnByOperator(
  db: DbOrTx,
  input: { email: string; plate: string },
): Promise<{ carId: number; plate: string; changed: boolean }> {
  const car = await carOf(db, input.email, input.plate);
  const rows = await db
    .insert(cameraParkingCars)
    .values({ userCarId: car.carId })
    .onConflictDoNothing()
    .returning({ id: cameraParkingCars.userCarId });
  return { carId: car.carId, plate: car.plate, changed: rows.length > 0 };
}

/**
 * The operator's `camera off` for the driver's car with that plate: as the driver's switch-off,
 * automatic card payment goes off with the driver's last camera car.
 */
export async function cameraOffByOperator(
  pay: PaymentDeps,
  input: { email: string; plate: string },
): Promise<{ carId: number; plate: string; changed: boolean }> {
  const car = await carOf(pay.db, input.email, input.plate);
  const changed = await cameraParkingOff(pay, car.userId, car.carId);
  return { carId: car.carId, plate: car.plate, changed };
}

export async function listCameraCars(db: DbOrTx) {
  return db
    .select({
      carId: userCars.id,
      email: users.email,
      plate: userCars.licensePlate,
      since: cameraParkingCars.enabledAt,
    })
    .from(cameraParkingCars)
    .innerJoin(userCars, eq(userCars.id, cameraParkingCars.userCarId))
    .innerJoin(users, eq(users.id, userCars.userId))
    .where(and(isNull(userCars.deletedAt), isNull(users.deletedAt)))
    .orderBy(asc(users.email), asc(userCars.id));
}

/**
 * The driver whose car with camera parking has this plate, or null: none, a deleted car or
 * account, or two drivers with the plate switched on (ambiguous: the phone decides then).
 */
export async function cameraDriverOf(db: DbOrTx, plate: string): Promise<number | null> {
  const normal = normalisePlate(plate);
  if (!normal) return null;
  const rows = await db
    .selectDistinct({ userId: users.id })
    .from(cameraParkingCars)
    .innerJoin(userCars, eq(userCars.id, cameraParkingCars.userCarId))
    .innerJoin(users, eq(users.id, userCars.userId))
    .where(
      and(
        eq(normalisedCarPlate, normal),
        isNull(userCars.deletedAt),
        isNull(users.deletedAt),
        eq(users.casualUser, false),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.userId : null;
}

/** The driver's own cars with camera parking switched on (the car page shows its setting). */
export async function cameraCarsOfUser(db: DbOrTx, userId: number) {
  return db
    .select({ carId: userCars.id, licensePlate: userCars.licensePlate })
    .from(cameraParkingCars)
    .innerJoin(userCars, eq(userCars.id, cameraParkingCars.userCarId))
    .where(and(eq(userCars.userId, userId), isNull(userCars.deletedAt)))
    .orderBy(asc(userCars.id));
}
