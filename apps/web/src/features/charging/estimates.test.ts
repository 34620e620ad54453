import { describe, expect, it } from 'vitest';
import {
  amountForEnergy,
  carPowerFor,
  effectivePowerKw,
  energyForAmount,
  minutesForEnergy,
  moneyToHold,
} from './estimates';

describe('SPEC §9 estimates', () => {
  it('energy = (amount − fee) / unit price, 2 decimals', () => {
    expect(energyForAmount(5000, 300, 150)).toBe(31.33);
    expect(energyForAmount(1000, 0, 120)).toBe(8.33);
    expect(energyForAmount(3000, 0, 100)).toBe(30);
  });
  it('an amount that does not even cover the fee buys no energy', () => {
    expect(energyForAmount(500, 600, 150)).toBe(0);
    expect(energyForAmount(500, 0, 0)).toBe(0);
  });
  it('time = 60 / min(charger, car power) × kWh, rounded down', () => {
    expect(minutesForEnergy(22, 22, 11)).toBe(120);
    expect(minutesForEnergy(10, 50, 7.4)).toBe(81); // 60/7.4×10 = 81.08
    expect(minutesForEnergy(10, 11, 22)).toBe(54); // the charger is the slower: 54.5
  });
  it('uses the default 22 kW charger when the charger does not say', () => {
    expect(effectivePowerKw(0, null)).toBe(22);
    expect(minutesForEnergy(11, 0, null)).toBe(30);
  });
  it('prices an energy booking: kWh × unit price rounded up, plus the fee', () => {
    expect(amountForEnergy(10, 300, 150)).toBe(1800);
    expect(amountForEnergy(1, 0, 99.5)).toBe(100);
  });
  it('holds the amount plus the parking hold only when parking is enabled', () => {
    expect(moneyToHold(5000, { parkingEnabled: true, parkingToHoldGross: 2000 })).toBe(7000);
    expect(moneyToHold(5000, { parkingEnabled: false, parkingToHoldGross: 2000 })).toBe(5000);
  });
  it("takes the car's power for the charger's current type", () => {
    const car = { maxChargingPowerACKw: 11, maxChargingPowerDCKw: 100 };
    expect(carPowerFor(car, 'AC')).toBe(11);
    expect(carPowerFor(car, 'DC')).toBe(100);
    expect(carPowerFor({ maxChargingPowerACKw: null, maxChargingPowerDCKw: 50 }, 'AC')).toBeNull();
    expect(carPowerFor(null, 'AC')).toBeNull();
  });
});
