import { and, eq, isNull } from 'drizzle-orm';
import { cameraParkingCars, userCars } from '../../db/schema/index.js';
import type { PaymentDeps } from '../payments/payments.js';
import { cancelRecurring } from '../payments/recurring.js';

/**
 * Camera parking off for one of the driver's cars (the caller has checked the car is theirs),
 * and automatic card payment (0051) off when no live camera car of theirs is left: only a
 * camera car's exit can use it (decision 0054). The one way camera parking goes off: the
 * driver's switch, removing the car and the operator's `camera off` all come here. True when
 * the car had camera parking on.
 */
export async function cameraParkingOff(
  pay: PaymentDeps,
  userId: number,
  carId: number,
): Promise<boolean> {
  const removed = await pay.db
    .delete(cameraParkingCars)
    .where(eq(cameraParkingCars.userCarId, carId))
    .returning({ id: cameraParkingCars.userCarId });
  const [left] = await pay.db
    .select({ id: userCars.id })
    .from(cameraParkingCars)
    .innerJoin(userCars, eq(userCars.id, cameraParkingCars.userCarId))
    .where(and(eq(userCars.userId, userId), isNull(userCars.deletedAt)))
    .limit(1);
  if (!left) await cancelRecurring(pay, userId);
  return removed.length > 0;
}
