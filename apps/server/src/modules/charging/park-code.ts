import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { parkingLots, parkingSessions } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';

export const parkCodeRefused = () =>
  new ApiError(409, 'charge.error.PARK_CODE_INVALID', {
    responseCode: 'PARK_CODE_INVALID',
    fields: [{ field: 'parkCode', messageKey: 'charge.error.PARK_CODE_INVALID' }],
  });

/**
 * The parking a charge's parkCode names (issue 11: the code links a charge to the parking):
 * the driver's own parking with that code whose car is inside (STARTED) a lot at the charger's
 * location. A code of nobody, of someone else (their can-stop would be blocked by a stranger's
 * charge), of another location or of a car not inside is one refusal that reveals nothing.
 */
export async function parkingOfCode(
  db: DbOrTx,
  input: { userId: number | null; code: string; locationId: number },
): Promise<number> {
  if (input.userId === null) throw parkCodeRefused();
  const [row] = await db
    .select({ id: parkingSessions.id })
    .from(parkingSessions)
    .innerJoin(parkingLots, eq(parkingLots.id, parkingSessions.parkingLotId))
    .where(
      and(
        eq(parkingSessions.chargeCode, sql`upper(${input.code.trim()})`),
        eq(parkingSessions.userId, input.userId),
        eq(parkingSessions.status, 'STARTED'),
        eq(parkingLots.locationId, input.locationId),
      ),
    );
  if (!row) throw parkCodeRefused();
  return row.id;
}
