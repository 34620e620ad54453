import { DEFAULT_CHARGER_KW } from './constants';

/** Rounds to 2 decimals (SPEC §9 energy estimate, progress). */
export function round2(v: number): number {
  return Math.round((v + Number.EPSILON) * 100) / 100;
}

/** SPEC §9: energy = (amount − convenience fee) / unit price, 2 decimals; 0 when nothing is left. */
export function energyForAmount(amount: number, convenienceFee: number, unitPrice: number): number {
  if (unitPrice <= 0) return 0;
  return Math.max(0, round2((amount - convenienceFee) / unitPrice));
}

/** SPEC §9: minutes = 60 / min(charger power, car power) × kWh, rounded down. */
export function minutesForEnergy(kWh: number, chargerKw: number, carKw: number | null): number {
  const kw = effectivePowerKw(chargerKw, carKw);
  // Multiply first and allow for float noise: 60 / 11 × 22 must be 120, not 119.
  return kw > 0 ? Math.floor((60 * kWh) / kw + 1e-9) : 0;
}

/** The power a charge runs at: the lower of the charger's and the car's (default 22 kW charger). */
export function effectivePowerKw(chargerKw: number, carKw: number | null): number {
  const charger = chargerKw > 0 ? chargerKw : DEFAULT_CHARGER_KW;
  return carKw && carKw > 0 ? Math.min(charger, carKw) : charger;
}

/** The price of an energy booking: kWh × unit price, rounded up to whole Ft, plus the fee. */
export function amountForEnergy(kWh: number, convenienceFee: number, unitPrice: number): number {
  return Math.ceil(round2(kWh * unitPrice)) + convenienceFee;
}

/** SPEC §4 money to hold: the amount, plus the parking hold when parking is enabled. */
export function moneyToHold(
  amount: number,
  prices: { parkingEnabled: boolean; parkingToHoldGross: number },
): number {
  return amount + (prices.parkingEnabled ? prices.parkingToHoldGross : 0);
}

/** The car's charging power for the charger's current type, or null when unknown. */
export function carPowerFor(
  car: { maxChargingPowerACKw: number | null; maxChargingPowerDCKw: number | null } | null,
  currentType: 'AC' | 'DC',
): number | null {
  if (!car) return null;
  const kw = currentType === 'DC' ? car.maxChargingPowerDCKw : car.maxChargingPowerACKw;
  return kw && kw > 0 ? kw : null;
}
