/**
 * Money on invoices (decision 0024). Prices are integer gross forints (VAT included), so each
 * line is split from its gross:
 *
 *   net = round-half-up(gross × 100 / 127), VAT = gross − net
 *
 * computed in integers (no floating point). The invoice's totals are the sums of its lines, so
 * net + VAT = gross holds on every line and on the invoice, and the gross total is exactly what
 * the driver paid. Each line's VAT is within one forint of 27 % of its net (the per-line
 * rounding NAV accepts).
 */
export const VAT_PERCENT = 27;

export interface Split {
  net: number;
  vat: number;
  gross: number;
}

export function splitGross(gross: number): Split {
  if (!Number.isSafeInteger(gross)) throw new RangeError(`gross must be integer forints: ${gross}`);
  const sign = gross < 0 ? -1 : 1;
  const abs = Math.abs(gross);
  // round-half-up of abs*100/127 in integers: floor((abs*200 + 127) / 254)
  const net = Math.floor((abs * 200 + (100 + VAT_PERCENT)) / (2 * (100 + VAT_PERCENT)));
  return { net: sign * net || 0, vat: sign * (abs - net) || 0, gross };
}

export function sumSplits(lines: readonly Split[]): Split {
  return lines.reduce(
    (s, l) => ({ net: s.net + l.net, vat: s.vat + l.vat, gross: s.gross + l.gross }),
    { net: 0, vat: 0, gross: 0 },
  );
}
