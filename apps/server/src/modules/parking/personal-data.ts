import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  parkingLots,
  parkingReceipts,
  parkingSessions,
  parkingSurcharges,
} from '../../db/schema/index.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The parking part of the GDPR access copy: the user's parkings, surcharges and parking receipts. The gate
 * request ids and the payment address are left out: they are handles, not data about the user.
 */
export async function parkingPersonalData(db: Db, userId: number) {
  const rows = await db
    .select({ s: parkingSessions, lotName: parkingLots.name })
    .from(parkingSessions)
    .innerJoin(parkingLots, eq(parkingLots.id, parkingSessions.parkingLotId))
    .where(eq(parkingSessions.userId, userId))
    .orderBy(asc(parkingSessions.id));
  const receipts = await db
    .select()
    .from(parkingReceipts)
    .where(eq(parkingReceipts.userId, userId))
    .orderBy(asc(parkingReceipts.id));
  const surcharges = await db
    .select()
    .from(parkingSurcharges)
    .where(eq(parkingSurcharges.userId, userId))
    .orderBy(asc(parkingSurcharges.id));
  return {
    parkings: rows.map(({ s, lotName }) => ({
      id: s.id,
      parkingLot: { id: s.parkingLotId, name: lotName },
      status: s.status,
      guest: s.casual,
      email: s.email,
      chargeCode: s.chargeCode,
      permitPlate: s.permitPlate,
      parkingFrom: iso(s.parkingFrom),
      parkingTo: iso(s.parkingTo),
      leftAt: iso(s.leftAt),
      rounds: s.round + 1,
      amount: s.amount,
      free: s.free,
      tariff: {
        name: s.tariffName,
        freeParking: s.freeParking,
        grossUnitParking: s.grossUnitParking,
        freeMinutes: s.freeMinutes,
        convenienceFeeGross: s.convenienceFeeGross,
      },
      paymentMethod: s.paymentMethod,
      billingDataId: s.billingDataId,
      paymentStartedAt: iso(s.paymentStartedAt),
      paymentFinishedAt: iso(s.paymentFinishedAt),
      paymentFailed: s.paymentFailed,
      endReason: s.endReason,
      createdAt: iso(s.createdAt),
    })),
    parkingSurcharges: surcharges.map((x) => ({
      id: x.id,
      parkingId: x.parkingSessionId,
      round: x.round,
      status: x.status,
      days: x.days,
      amount: x.amount,
      parkingWillFinishAt: iso(x.parkingWillFinishAt),
      paymentMethod: x.paymentMethod,
      paymentStartedAt: iso(x.paymentStartedAt),
      paymentFinishedAt: iso(x.paymentFinishedAt),
      paymentFailed: x.paymentFailed,
      createdAt: iso(x.createdAt),
    })),
    parkingReceipts: receipts.map((r) => ({
      rowNumber: r.rowNumber,
      parkingId: r.parkingSessionId,
      round: r.round,
      paymentMethod: r.paymentMethod,
      billingDataId: r.billingDataId,
      grossPrice: r.grossPrice,
      billedFrom: iso(r.billedFrom),
      billedTo: iso(r.billedTo),
      issuedAt: iso(r.issuedAt),
    })),
  };
}
