import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { charges } from '../../db/schema/charging.js';
import { couponErrors } from './errors.js';
import { pointsBalance } from './points.js';

/**
 * GET v1/coupon/latest-points/{chargeId}: what one of the user's charges earned, and the new
 * balance; null until the charge is settled. Another user's charge is not found.
 */
export async function latestPoints(db: Db, userId: number, chargeId: number) {
  const [charge] = await db
    .select({ id: charges.id, status: charges.status, earnedPoints: charges.earnedPoints })
    .from(charges)
    .where(and(eq(charges.id, chargeId), eq(charges.userId, userId)));
  if (!charge) throw couponErrors.chargeNotFound();
  if (charge.status !== 'FINISHED') return null;
  return {
    chargeId: charge.id,
    earnedPoints: charge.earnedPoints,
    points: await pointsBalance(db, userId),
  };
}
