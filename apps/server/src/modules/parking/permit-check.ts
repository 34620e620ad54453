import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parkingSessions } from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { hasValidPermit } from './permits.js';
import { normalisePlate } from './plates.js';

export type PermitCheckResult =
  | { valid: true; plate: string }
  /** `tooLate`: the car has already entered; the permit question is asked while STARTING. */
  | { valid: false; reason: 'noPermit' | 'tooLate' };

/**
 * The permit question of SPEC §4 (GET v1/parking/{parkingId}/car-plate/{plate}): `parkingId` is
 * the driver's own parking session, asked while it is STARTING. A plate with a permit valid
 * today at the session's lot makes the session free (permitPlate, permitValid, free); a failed
 * check takes a permit given earlier back, so the session is what the driver last saw.
 * Another driver's session, or none, is 404 parking.noCurrentParking.
 */
export async function checkSessionPermit(
  db: Db,
  input: { sessionId: number; userId: number; plate: string },
  now: Date = new Date(),
): Promise<PermitCheckResult> {
  const [session] = await db
    .select({
      id: parkingSessions.id,
      lotId: parkingSessions.parkingLotId,
      status: parkingSessions.status,
      freeParking: parkingSessions.freeParking,
    })
    .from(parkingSessions)
    .where(
      and(
        eq(parkingSessions.id, input.sessionId),
        eq(parkingSessions.userId, input.userId),
        ne(parkingSessions.status, 'FINISHED'),
      ),
    );
  if (!session) throw notFound('parking.noCurrentParking');
  if (session.status !== 'STARTING') return { valid: false, reason: 'tooLate' };
  const plate = normalisePlate(input.plate);
  const valid = plate !== null && (await hasValidPermit(db, session.lotId, plate, now));
  // Conditional on STARTING: once the car has entered, the answer no longer changes the price.
  const changed = await db
    .update(parkingSessions)
    .set(
      valid
        ? { permitPlate: plate, permitValid: true, free: true, updatedAt: now }
        : { permitPlate: null, permitValid: false, free: session.freeParking, updatedAt: now },
    )
    .where(and(eq(parkingSessions.id, session.id), eq(parkingSessions.status, 'STARTING')))
    .returning({ id: parkingSessions.id });
  if (changed.length === 0) return { valid: false, reason: 'tooLate' };
  return valid ? { valid: true, plate: plate! } : { valid: false, reason: 'noPermit' };
}
