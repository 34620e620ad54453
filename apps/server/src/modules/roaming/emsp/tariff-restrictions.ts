import type { PartnerPriceCondition } from '@voltpark/contract';
import type { TariffRestrictions } from '@voltpark/contract/ocpi/tariffs';
import type { LocalClock } from './tariff-clock.js';

const DAY = 24 * 60;

export const minuteOfDay = (hhmm: string) =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether an element's clock restrictions (OCPI 2.2.1 TariffRestrictions: start/end time and date,
 * day of week) hold at a wall-clock moment of the site (decision 0047). Each is read at the moment
 * itself, as the logical AND the module asks for. `end_time` is exclusive and before `start_time`
 * wraps past midnight; "00:00" as the end is the end of the day; `end_date` is exclusive.
 */
export function clockHolds(r: TariffRestrictions | undefined, c: LocalClock): boolean {
  if (!r) return true;
  if (r.start_date && c.date < r.start_date) return false;
  if (r.end_date && c.date >= r.end_date) return false;
  if (r.day_of_week && r.day_of_week.length > 0 && !r.day_of_week.includes(c.day)) return false;
  if (r.start_time || r.end_time) {
    const start = r.start_time ? minuteOfDay(r.start_time) : 0;
    const end = r.end_time ? minuteOfDay(r.end_time) || DAY : DAY;
    if (start < end && (c.minute < start || c.minute >= end)) return false;
    if (start > end && c.minute < start && c.minute >= end) return false;
  }
  return true;
}

/** The times of day at which an element's clock restrictions start or stop holding. */
export function clockBoundaries(r: TariffRestrictions | undefined): number[] {
  return [r?.start_time, r?.end_time].flatMap((t) => (t ? [minuteOfDay(t)] : []));
}

/**
 * An element's charge restrictions (energy, duration, power, current) as the condition a driver is
 * shown, less what the connector already decides: `never` when the element cannot apply at this
 * connector (a minimum power above its power, a maximum of 0), null when nothing is left.
 */
export function chargeCondition(
  r: TariffRestrictions | undefined,
  connectorKw: number | null,
): PartnerPriceCondition | null | 'never' {
  if (!r) return null;
  const c: PartnerPriceCondition = {};
  if (r.min_kwh !== undefined && r.min_kwh > 0) c.minKwh = r.min_kwh;
  if (r.max_kwh !== undefined) {
    if (r.max_kwh <= 0) return 'never';
    c.maxKwh = r.max_kwh;
  }
  if (r.min_duration !== undefined && r.min_duration > 0) c.minDurationSec = r.min_duration;
  if (r.max_duration !== undefined) {
    if (r.max_duration <= 0) return 'never';
    c.maxDurationSec = r.max_duration;
  }
  if (r.min_power !== undefined && r.min_power > 0) {
    if (connectorKw !== null && r.min_power > connectorKw) return 'never';
    c.minPowerKw = r.min_power;
  }
  // Below a maximum above the connector's power, a charge always is.
  if (r.max_power !== undefined && !(connectorKw !== null && r.max_power > connectorKw)) {
    if (r.max_power <= 0) return 'never';
    c.maxPowerKw = r.max_power;
  }
  if (r.min_current !== undefined && r.min_current > 0) c.minCurrentA = r.min_current;
  if (r.max_current !== undefined) {
    if (r.max_current <= 0) return 'never';
    c.maxCurrentA = r.max_current;
  }
  return Object.keys(c).length > 0 ? c : null;
}
