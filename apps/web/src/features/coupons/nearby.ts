import type { CurrentCharge } from '@voltpark/contract';

/**
 * Beyond SPEC (issue 12): while a driver charges, the offers of shops within walking distance
 * come first. When does the running charge end, as far as the charge tells (booked minutes from
 * its start, or the booked energy still to go at the present power)? Null when it cannot tell.
 */
export function chargeEndsAt(c: CurrentCharge, nowMs: number): number | null {
  if (c.chargingStatus !== 'STARTED' && c.chargingStatus !== 'STARTING') return null;
  const start = c.startTime ? Date.parse(c.startTime) : Number.NaN;
  if (c.bookedTime !== null && !Number.isNaN(start)) return start + c.bookedTime * 60_000;
  if (c.bookedEnergy !== null && c.consumptionPower && c.consumptionPower > 0) {
    const hoursLeft = Math.max(0, c.bookedEnergy - c.consumedEnergy) / c.consumptionPower;
    return nowMs + hoursLeft * 3_600_000;
  }
  return null;
}

/** Whether a walk there and back (twice the walk) is over before the charge ends; null: unknown. */
export function backBeforeEnd(
  walkingMinutes: number,
  endsAt: number | null,
  nowMs: number,
): boolean | null {
  if (endsAt === null) return null;
  return nowMs + 2 * walkingMinutes * 60_000 <= endsAt;
}
