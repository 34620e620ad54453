import type { Price } from '@voltpark/contract/ocpi/datatypes';
import type { PriceComponent, Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { MeterReading } from './charge-simulation.js';

/** A price with both amounts (OCPI's incl_vat is optional; the emulator always gives it). */
export type FullPrice = Required<Price>;

export interface ChargeCost {
  total: FullPrice;
  energy: FullPrice;
  time: FullPrice;
  parking: FullPrice;
  fixed: FullPrice;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The part of [from, to) (seconds since the start) that lies in an element's duration window. */
function overlap(from: number, to: number, min = 0, max = Infinity): number {
  return Math.max(0, Math.min(to, max) - Math.max(from, min));
}

/** Billed units of a time component: seconds rounded up to its step, in hours. */
const hours = (seconds: number, c: PriceComponent) => {
  const step = c.step_size > 0 ? c.step_size : 1;
  return (Math.ceil(seconds / step) * step) / 3600;
};

/**
 * What a charge costs by one of the emulated CPO's tariffs: ENERGY per kWh (rounded up to the
 * component's step in Wh), TIME per hour of charging and PARKING_TIME per hour standing full,
 * each counted only within its element's min_duration/max_duration window, FLAT once. Other
 * restrictions (times of day, kWh, power) are not used by its tariffs and not evaluated.
 * Excluding and including each component's VAT, in the tariff's currency.
 */
export function chargeCost(tariff: Tariff, m: MeterReading): ChargeCost {
  const zero = () => ({ net: 0, gross: 0 });
  const sums = { energy: zero(), time: zero(), parking: zero(), fixed: zero() };
  const total = m.chargingSeconds + m.parkingSeconds;
  for (const element of tariff.elements) {
    const r = element.restrictions;
    if (r?.min_duration !== undefined && total < r.min_duration) continue;
    if (r?.max_duration !== undefined && total >= r.max_duration) continue;
    for (const c of element.price_components) {
      let key: keyof typeof sums;
      let net: number;
      if (c.type === 'ENERGY') {
        const step = c.step_size > 0 ? c.step_size : 1;
        key = 'energy';
        net = ((Math.ceil((m.kwh * 1000) / step) * step) / 1000) * c.price;
      } else if (c.type === 'TIME') {
        key = 'time';
        net = hours(overlap(0, m.chargingSeconds, r?.min_duration, r?.max_duration), c) * c.price;
      } else if (c.type === 'PARKING_TIME') {
        key = 'parking';
        net =
          hours(overlap(m.chargingSeconds, total, r?.min_duration, r?.max_duration), c) * c.price;
      } else {
        key = 'fixed';
        net = c.price;
      }
      sums[key].net += net;
      sums[key].gross += net * (1 + (c.vat ?? 0) / 100);
    }
  }
  const price = (s: { net: number; gross: number }): FullPrice => ({
    excl_vat: round2(s.net),
    incl_vat: round2(s.gross),
  });
  const all = Object.values(sums).reduce(
    (a, s) => ({ net: a.net + s.net, gross: a.gross + s.gross }),
    zero(),
  );
  return {
    total: price(all),
    energy: price(sums.energy),
    time: price(sums.time),
    parking: price(sums.parking),
    fixed: price(sums.fixed),
  };
}
