import { and, eq } from 'drizzle-orm';
import type { ParkingReceipt } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { locations, parkingLots, parkingReceipts, parkingSessions } from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { formatAddress } from '../locations/address.js';

/** One of the user's parking receipts by its number; another user's is simply not found. */
export async function ownParkingReceipt(
  db: Db,
  userId: number,
  rowNumber: number,
): Promise<ParkingReceipt> {
  const [row] = await db
    .select({
      rowNumber: parkingReceipts.rowNumber,
      issuedAt: parkingReceipts.issuedAt,
      billedFrom: parkingReceipts.billedFrom,
      billedTo: parkingReceipts.billedTo,
      round: parkingReceipts.round,
      paymentMethod: parkingReceipts.paymentMethod,
      grossPrice: parkingReceipts.grossPrice,
      billedMinutes: parkingReceipts.billedMinutes,
      grossUnitParking: parkingReceipts.grossUnitParking,
      freeMinutes: parkingReceipts.freeMinutes,
      convenienceFeeGross: parkingReceipts.convenienceFeeGross,
      chargingMinutes: parkingReceipts.chargingMinutes,
      lotName: parkingLots.name,
      zipCode: locations.zipCode,
      city: locations.city,
      street: locations.street,
      addressType: locations.addressType,
      houseNumber: locations.houseNumber,
    })
    .from(parkingReceipts)
    .innerJoin(parkingSessions, eq(parkingSessions.id, parkingReceipts.parkingSessionId))
    .innerJoin(parkingLots, eq(parkingLots.id, parkingSessions.parkingLotId))
    .innerJoin(locations, eq(locations.id, parkingLots.locationId))
    .where(and(eq(parkingReceipts.rowNumber, rowNumber), eq(parkingReceipts.userId, userId)));
  if (!row) throw notFound('receipt.notFound');
  return {
    rowNumber: row.rowNumber,
    issueDate: row.issuedAt.toISOString(),
    lotName: row.lotName,
    fullAddress: formatAddress(row),
    billedFrom: row.billedFrom.toISOString(),
    billedTo: row.billedTo.toISOString(),
    round: row.round,
    paymentMethod: row.paymentMethod,
    grossPrice: row.grossPrice,
    ...(row.billedMinutes !== null &&
    row.grossUnitParking !== null &&
    row.freeMinutes !== null &&
    row.convenienceFeeGross !== null
      ? {
          price: {
            billedMinutes: row.billedMinutes,
            grossUnitParking: row.grossUnitParking,
            freeMinutes: row.freeMinutes,
            convenienceFeeGross: row.convenienceFeeGross,
            // Kept since migration 0039: absent on the receipts issued before.
            ...(row.chargingMinutes !== null ? { chargingMinutes: row.chargingMinutes } : {}),
          },
        }
      : {}),
  };
}
