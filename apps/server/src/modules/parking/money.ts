/** A span of time, ms since the epoch; `to` after `from`. */
export interface Span {
  from: number;
  to: number;
}

export interface ParkingPrice {
  freeParking: boolean;
  /** Ft per hour, billed per started minute. */
  grossUnitParking: number;
  freeMinutes: number;
  convenienceFeeGross: number;
}

export interface ParkingBill {
  /** Ft to pay: the started minutes at the hourly price plus the convenience fee; 0 = free. */
  amount: number;
  /** Minutes billed (after the free minutes and the time the driver charged here). */
  billedMinutes: number;
  /** Whole minutes the driver's car was at a charger here, not billed (rounded down). */
  chargingMinutes: number;
  /** Hours not billed because the driver charged at this location meanwhile (2 decimals). */
  discountHours: number;
}

const MINUTE = 60_000;

/** Total length of the parts of `window` covered by any of `spans` (overlaps counted once). */
export function coveredMs(window: Span, spans: readonly Span[]): number {
  const clipped = spans
    .map((s) => ({ from: Math.max(s.from, window.from), to: Math.min(s.to, window.to) }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from);
  let total = 0;
  let end = -Infinity;
  for (const s of clipped) {
    const from = Math.max(s.from, end);
    if (s.to > from) total += s.to - from;
    end = Math.max(end, s.to);
  }
  return total;
}

/**
 * What a parking round costs (decision 0019): from `window.from` (entry, or the end of the
 * previous paid round after an overstay) to `window.to` (stop). Time the same driver's car was
 * at a charger of this location (charging start to unplug, which the charging module bills) is
 * not parking time. The free minutes (first round only: `freeMinutes` is 0 for later rounds)
 * come off the rest, then every started minute costs grossUnitParking / 60, rounded to whole
 * forints once at the end; the convenience fee is added only when some minute is billed.
 */
export function parkingBill(
  price: ParkingPrice,
  window: Span,
  charging: readonly Span[],
): ParkingBill {
  const chargingMs = coveredMs(window, charging);
  const discountHours = Math.round((chargingMs / 3_600_000) * 100) / 100;
  const chargingMinutes = Math.floor(chargingMs / MINUTE);
  if (price.freeParking || price.grossUnitParking <= 0)
    return { amount: 0, billedMinutes: 0, chargingMinutes, discountHours };
  const parkedMs = Math.max(0, window.to - window.from - chargingMs);
  const billableMs = Math.max(0, parkedMs - price.freeMinutes * MINUTE);
  const billedMinutes = Math.ceil(billableMs / MINUTE);
  if (billedMinutes === 0) return { amount: 0, billedMinutes: 0, chargingMinutes, discountHours };
  const amount =
    Math.round((billedMinutes * price.grossUnitParking) / 60) + price.convenienceFeeGross;
  return { amount, billedMinutes, chargingMinutes, discountHours };
}
