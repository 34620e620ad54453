import { holdBreakdown } from '@voltpark/contract';
import { ApiError } from '../../core/errors.js';

/** The prices a charge is billed by, copied from the charger's tariff when it starts. */
export interface PriceSnapshot {
  freeCharging: boolean;
  /** Ft per kWh, gross. */
  unitChargingGross: number;
  /** Ft per charge, gross. */
  convenienceFeeGross: number;
  parkingEnabled: boolean;
  minutesAfterParkingStart: number;
  /** Ft per hour, gross. */
  unitParkingGross: number;
  parkingToHoldGross: number;
}

export type BookingMode =
  | { kind: 'time'; minutes: number }
  | { kind: 'amount'; amount: number }
  | { kind: 'energy'; kWh: number }
  | { kind: 'none' };

export interface Booking {
  bookedMinutes: number | null;
  bookedAmount: number | null;
  bookedEnergyWh: number | null;
  /** Ft for the charging itself; get-gross-to-pay answers the hold (this plus the parking hold) as amount. */
  chargeAmount: number;
  /** kWh, 2 decimals. */
  reservedEnergy: number;
  /** Ft held: the charge amount plus the parking hold when parking is enabled (SPEC §4). */
  hold: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Ft for an energy at the unit price, rounded up so the hold always covers it. */
const energyPrice = (kWh: number, p: PriceSnapshot) =>
  Math.ceil(round2(kWh * p.unitChargingGross)) + p.convenienceFeeGross;

/**
 * SPEC §9 estimates: time mode books power × minutes (power = the lower of the charger's and
 * the car's), amount mode books (amount − fee) / unit price, energy mode books the kWh. A free
 * charge holds nothing.
 */
export function bookingFor(mode: BookingMode, p: PriceSnapshot, powerKw: number): Booking {
  const free = p.freeCharging;
  // The same breakdown the start forms show before the pay page.
  const done = (b: Omit<Booking, 'hold'>): Booking => ({
    ...b,
    hold: holdBreakdown(p, b.chargeAmount).total,
  });
  switch (mode.kind) {
    case 'time': {
      const kWh = round2((powerKw * mode.minutes) / 60);
      return done({
        bookedMinutes: mode.minutes,
        bookedAmount: null,
        bookedEnergyWh: null,
        reservedEnergy: kWh,
        chargeAmount: free ? 0 : energyPrice(kWh, p),
      });
    }
    case 'amount': {
      if (free) {
        return done({
          bookedMinutes: null,
          bookedAmount: null,
          bookedEnergyWh: null,
          reservedEnergy: 0,
          chargeAmount: 0,
        });
      }
      if (mode.amount <= p.convenienceFeeGross || p.unitChargingGross <= 0) {
        throw new ApiError(400, 'charge.error.AMOUNT_BELOW_FEE', {
          responseCode: 'AMOUNT_BELOW_FEE',
          vars: { fee: p.convenienceFeeGross },
          fields: [{ field: 'charging-amount', messageKey: 'charge.error.AMOUNT_BELOW_FEE' }],
        });
      }
      const kWh = round2((mode.amount - p.convenienceFeeGross) / p.unitChargingGross);
      return done({
        bookedMinutes: null,
        bookedAmount: mode.amount,
        bookedEnergyWh: Math.round(kWh * 1000),
        reservedEnergy: kWh,
        chargeAmount: mode.amount,
      });
    }
    case 'energy':
      return done({
        bookedMinutes: null,
        bookedAmount: null,
        bookedEnergyWh: Math.round(mode.kWh * 1000),
        reservedEnergy: round2(mode.kWh),
        chargeAmount: free ? 0 : energyPrice(mode.kWh, p),
      });
    case 'none':
      if (!free) {
        throw new ApiError(400, 'charge.error.MODE_REQUIRED', { responseCode: 'MODE_REQUIRED' });
      }
      return done({
        bookedMinutes: null,
        bookedAmount: null,
        bookedEnergyWh: null,
        reservedEnergy: 0,
        chargeAmount: 0,
      });
  }
}

/**
 * What a finished charge costs, in whole forints — the one place receipts, history, the running
 * cost, points and the ledger take it from. Energy: Wh × unit price / 1000 rounded half up, plus
 * the convenience fee; when the driver chose a maximum price (amount mode, `bookedAmount`), never
 * more than it (decision 0063). Parking: whole minutes past the grace period (rounded up) ×
 * hourly price / 60, rounded half up. No energy delivered: nothing at all.
 */
export function costOf(
  energyWh: number,
  parkingMinutes: number,
  p: Omit<PriceSnapshot, 'parkingToHoldGross'> & { bookedAmount?: number | null },
): { priceOfCharging: number; parkingPrice: number; grossPrice: number } {
  if (energyWh <= 0 || p.freeCharging)
    return { priceOfCharging: 0, parkingPrice: 0, grossPrice: 0 };
  const metered = Math.round((energyWh * p.unitChargingGross) / 1000) + p.convenienceFeeGross;
  const priceOfCharging =
    p.bookedAmount === null || p.bookedAmount === undefined
      ? metered
      : Math.min(metered, p.bookedAmount);
  const billedMinutes = p.parkingEnabled
    ? Math.max(0, Math.ceil(parkingMinutes - p.minutesAfterParkingStart))
    : 0;
  const parkingPrice = Math.round((billedMinutes * p.unitParkingGross) / 60);
  return { priceOfCharging, parkingPrice, grossPrice: priceOfCharging + parkingPrice };
}

/**
 * Parking stops counting once the fee would use up the hold (SPEC §9 Terms: the maximum is
 * reserved beforehand): the parking price is cut to what the hold leaves after the charging.
 * Energy metered above the hold is not cut here (the charger stops a moment after its limit);
 * in amount mode costOf already caps it at the chosen maximum.
 */
export function withinHold(
  cost: { priceOfCharging: number; parkingPrice: number; grossPrice: number },
  hold: number,
): { priceOfCharging: number; parkingPrice: number; grossPrice: number } {
  const parkingPrice = Math.min(cost.parkingPrice, Math.max(0, hold - cost.priceOfCharging));
  return { ...cost, parkingPrice, grossPrice: cost.priceOfCharging + parkingPrice };
}

/** Loyalty rule (docs/decisions/0008-charging.md): one point per full 100 Ft paid for a charge. */
export const pointsFor = (paidFt: number) => Math.max(0, Math.floor(paidFt / 100));
