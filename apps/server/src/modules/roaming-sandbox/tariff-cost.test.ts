import { describe, expect, it } from 'vitest';
import { chargePowerW, meterAfter } from './charge-simulation.js';
import { seedTariffs, TARIFF_AC, TARIFF_DC50 } from './seed-data.js';
import { chargeCost } from './tariff-cost.js';

const tariff = (id: string) => seedTariffs('2026-11-24T10:00:00Z').find((t) => t.id === id)!;

describe("what a roaming driver's charge at VoltPartner costs (its receipt)", () => {
  it('AC 22 kW for two hours: the car takes 11 kW, 22 kWh at HUF 150/kWh gross, no parking fee', () => {
    const m = meterAfter(chargePowerW(22_000, 'AC_3_PHASE'), 2 * 3600);
    expect(m).toEqual({ kwh: 22, chargingSeconds: 7200, parkingSeconds: 0 });
    const cost = chargeCost(tariff(TARIFF_AC), m);
    expect(cost.energy.incl_vat).toBeCloseTo(3300, 0);
    expect(cost.parking).toEqual({ excl_vat: 0, incl_vat: 0 });
    expect(cost.total.excl_vat).toBeCloseTo(3300 / 1.27, 0);
  });

  it('AC for six hours: the battery is full after 45 kWh, then each started minute after 4 hours is parking', () => {
    const m = meterAfter(chargePowerW(22_000, 'AC_3_PHASE'), 6 * 3600);
    expect(m.kwh).toBe(45);
    const cost = chargeCost(tariff(TARIFF_AC), m);
    expect(cost.energy.incl_vat).toBeCloseTo(45 * 150, 0);
    // Full at 4 h 5 min 28 s: parking from then to 6 h, 115 started minutes at HUF 1,000/hour.
    expect(cost.parking.incl_vat).toBeCloseTo((115 / 60) * 1000, 0);
    expect(cost.total.incl_vat).toBeCloseTo(cost.energy.incl_vat + cost.parking.incl_vat, 1);
  });

  it('DC 50 kW for an hour: 45 kWh, and charging time after 45 minutes at HUF 40/minute', () => {
    const m = meterAfter(chargePowerW(50_000, 'DC'), 3600);
    expect(m).toEqual({ kwh: 45, chargingSeconds: 3240, parkingSeconds: 360 });
    const cost = chargeCost(tariff(TARIFF_DC50), m);
    expect(cost.energy.incl_vat).toBeCloseTo(45 * 230, 0);
    expect(cost.time.incl_vat).toBeCloseTo(9 * 40, 0);
    expect(cost.total.incl_vat).toBeCloseTo(45 * 230 + 9 * 40, 0);
  });
});
