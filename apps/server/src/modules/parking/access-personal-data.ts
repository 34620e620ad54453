import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  cameraParkingCars,
  parkingAdminGateOpens,
  parkingLotAdmins,
  parkingLots,
  userCars,
} from '../../db/schema/index.js';

/**
 * The lot-admin part of the GDPR access copy: the lots the user administers, every gate open
 * they asked for, and their cars with camera parking. Permits are kept by plate, not by user,
 * so they are not in it.
 */
export async function parkingAccessPersonalData(db: Db, userId: number) {
  const [adminOf, opens, cameraCars] = await Promise.all([
    db
      .select({ id: parkingLots.id, name: parkingLots.name, since: parkingLotAdmins.createdAt })
      .from(parkingLotAdmins)
      .innerJoin(parkingLots, eq(parkingLots.id, parkingLotAdmins.parkingLotId))
      .where(eq(parkingLotAdmins.userId, userId))
      .orderBy(asc(parkingLots.id)),
    db
      .select()
      .from(parkingAdminGateOpens)
      .where(eq(parkingAdminGateOpens.userId, userId))
      .orderBy(asc(parkingAdminGateOpens.id)),
    db
      .select({ carId: userCars.id, since: cameraParkingCars.enabledAt })
      .from(cameraParkingCars)
      .innerJoin(userCars, eq(userCars.id, cameraParkingCars.userCarId))
      .where(eq(userCars.userId, userId))
      .orderBy(asc(userCars.id)),
  ]);
  return {
    parkingLotAdminOf: adminOf.map((l) => ({
      parkingLot: { id: l.id, name: l.name },
      since: l.since.toISOString(),
    })),
    adminGateOpens: opens.map((o) => ({
      parkingLotId: o.parkingLotId,
      direction: o.direction,
      gateId: o.gateId,
      requestedAt: o.requestedAt.toISOString(),
      opened: o.opened,
      errorCode: o.errorCode,
    })),
    cameraParkingCars: cameraCars.map((c) => ({ carId: c.carId, since: c.since.toISOString() })),
  };
}
