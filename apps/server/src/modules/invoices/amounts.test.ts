import { describe, expect, it } from 'vitest';
import { splitGross, sumSplits } from './amounts.js';

describe('invoice amounts from integer gross forints (27 % VAT)', () => {
  it('splits known amounts with net rounded half up', () => {
    expect(splitGross(127)).toEqual({ net: 100, vat: 27, gross: 127 });
    expect(splitGross(1000)).toEqual({ net: 787, vat: 213, gross: 1000 });
    // 1 Ft: 0.787… → net 1, VAT 0
    expect(splitGross(1)).toEqual({ net: 1, vat: 0, gross: 1 });
    expect(splitGross(0)).toEqual({ net: 0, vat: 0, gross: 0 });
    // 12 500 / 1.27 = 9842.519… → 9843
    expect(splitGross(12500)).toEqual({ net: 9843, vat: 2657, gross: 12500 });
  });

  it('rounds an exact half up', () => {
    // 1 Ft ×100/127 = 0.787 → 1; 2 Ft = 1.575 → 2; 5 Ft = 3.937 → 4; compared with Math.round.
    for (let g = 1; g <= 5000; g++) {
      const exact = (g * 100) / 127;
      expect(splitGross(g).net).toBe(Math.floor(exact + 0.5));
    }
  });

  it('keeps each line within a forint of 27 % and net + VAT = gross', () => {
    for (let g = 1; g <= 20000; g += 7) {
      const s = splitGross(g);
      expect(s.net + s.vat).toBe(g);
      expect(Math.abs(s.vat - s.net * 0.27)).toBeLessThanOrEqual(1);
    }
  });

  it('mirrors negative amounts for corrective invoices', () => {
    expect(splitGross(-1000)).toEqual({ net: -787, vat: -213, gross: -1000 });
  });

  it('adds many small charges up to the totals paid', () => {
    const grosses = Array.from({ length: 500 }, (_, i) => 1 + ((i * 37) % 113));
    const lines = grosses.map(splitGross);
    const total = sumSplits(lines);
    expect(total.gross).toBe(grosses.reduce((a, b) => a + b, 0));
    expect(total.net + total.vat).toBe(total.gross);
    expect(total.net).toBe(lines.reduce((a, l) => a + l.net, 0));
  });

  it('refuses fractional forints', () => {
    expect(() => splitGross(10.5)).toThrow(RangeError);
  });
});
