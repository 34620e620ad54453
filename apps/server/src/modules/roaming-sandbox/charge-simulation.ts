import type { PowerType } from '@voltpark/contract/ocpi/locations';

/** The simulated car: what it draws on AC (on-board charger) and DC, and what its battery takes. */
export const SIMULATED_CAR = { acMaxW: 11_000, dcMaxW: 50_000, batteryNeedKwh: 45 } as const;

/** The power a simulated charge draws at an EVSE: its maximum, capped by the car. */
export function chargePowerW(maxElectricPowerW: number | undefined, powerType: PowerType): number {
  const car = powerType === 'DC' ? SIMULATED_CAR.dcMaxW : SIMULATED_CAR.acMaxW;
  return Math.max(1, Math.min(maxElectricPowerW ?? car, car));
}

export interface MeterReading {
  /** Energy delivered so far (kWh, three decimals). */
  kwh: number;
  /** Seconds the car drew energy, then seconds it stood full (parking). */
  chargingSeconds: number;
  parkingSeconds: number;
}

/** What the meter shows `seconds` after the start at `powerW`: energy until the battery is full. */
export function meterAfter(powerW: number, seconds: number): MeterReading {
  const s = Math.max(0, Math.floor(seconds));
  const fullAfter = Math.ceil((SIMULATED_CAR.batteryNeedKwh * 3_600_000) / powerW);
  const chargingSeconds = Math.min(s, fullAfter);
  const kwh = Math.min(SIMULATED_CAR.batteryNeedKwh, (powerW * chargingSeconds) / 3_600_000);
  return {
    kwh: Math.round(kwh * 1000) / 1000,
    chargingSeconds,
    parkingSeconds: s - chargingSeconds,
  };
}
