import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chargeReceipts, chargers, charges, pointsLedger } from '../../db/schema/index.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The charging part of the GDPR access copy: charges, receipts and loyalty points. The charge's
 * id tag and payment address are left out: they are handles that act for the user, not data
 * about them.
 */
export async function chargingPersonalData(db: Db, userId: number) {
  const chargeRows = await db
    .select({ charge: charges, chargerName: chargers.name })
    .from(charges)
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .where(eq(charges.userId, userId))
    .orderBy(asc(charges.id));
  const receipts = await db
    .select()
    .from(chargeReceipts)
    .where(eq(chargeReceipts.userId, userId))
    .orderBy(asc(chargeReceipts.id));
  const points = await db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(asc(pointsLedger.id));
  return {
    charges: chargeRows.map(({ charge: c, chargerName }) => ({
      id: c.id,
      charger: { id: c.chargerId, name: chargerName },
      status: c.status,
      paymentMethod: c.paymentMethod,
      guest: c.casual,
      carId: c.carId,
      billingDataId: c.billingDataId,
      parkCode: c.parkCode,
      bookedMinutes: c.bookedMinutes,
      bookedAmount: c.bookedAmount,
      bookedEnergyWh: c.bookedEnergyWh,
      heldAmount: c.holdAmount,
      freeCharging: c.freeCharging,
      unitChargingGross: c.unitChargingGross,
      convenienceFeeGross: c.convenienceFeeGross,
      unitParkingGross: c.unitParkingGross,
      startTime: iso(c.startTime),
      endTime: iso(c.endTime),
      unpluggedAt: iso(c.unpluggedAt),
      energyWh: c.energyWh,
      priceOfCharging: c.priceOfCharging,
      parkingPrice: c.parkingPrice,
      grossPrice: c.grossPrice,
      earnedPoints: c.earnedPoints,
      endReason: c.endReason,
      createdAt: iso(c.createdAt),
    })),
    receipts: receipts.map((r) => ({
      rowNumber: r.rowNumber,
      chargeId: r.chargeId,
      energyWh: r.energyWh,
      grossPrice: r.grossPrice,
      paidAmount: r.paidAmount,
      paidAt: iso(r.paidAt),
      issuedAt: iso(r.issuedAt),
    })),
    points: {
      balance: points.reduce((sum, p) => sum + p.amount, 0),
      ledger: points.map((p) => ({
        amount: p.amount,
        cause: p.cause,
        createdAt: iso(p.createdAt),
      })),
    },
  };
}
