/**
 * The wallet hold of a roaming start (decision 0043): whole forints between these limits, in
 * steps of 500 Ft. The server takes up to 1 000 000 Ft; the app offers what a charge at a public
 * charger sensibly costs, and the wallet top-up's own maximum (50 000 Ft).
 */
export const HOLD_MIN = 2_000;
export const HOLD_MAX = 50_000;
export const HOLD_STEP = 500;
export const HOLD_DEFAULT = 10_000;

/** The preset amount: 10 000 Ft, or the whole balance when it is less (but within the limits). */
export function defaultHold(balance: number | null): number {
  if (balance === null || balance >= HOLD_DEFAULT) return HOLD_DEFAULT;
  const fit = Math.floor(balance / HOLD_STEP) * HOLD_STEP;
  return Math.max(HOLD_MIN, fit);
}

export type HoldCheck =
  | { ok: true; amount: number }
  | { ok: false; reason: 'required' | 'min' | 'max' | 'whole' | 'wallet' };

/** The amount typed, checked in this order: given, whole forints, limits, covered by the wallet. */
export function checkHold(value: number | string, balance: number | null): HoldCheck {
  if (value === '' || value === null) return { ok: false, reason: 'required' };
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return { ok: false, reason: 'required' };
  if (!Number.isInteger(n)) return { ok: false, reason: 'whole' };
  if (n < HOLD_MIN) return { ok: false, reason: 'min' };
  if (n > HOLD_MAX) return { ok: false, reason: 'max' };
  if (balance !== null && n > balance) return { ok: false, reason: 'wallet' };
  return { ok: true, amount: n };
}
