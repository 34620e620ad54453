/**
 * SPEC §5 Wallet and §9 Limits: a top-up is at least 100 Ft, or the debt when it is larger, and
 * at most 50 000 Ft. The same numbers as the contract's `limits` (a test keeps them equal; the
 * contract itself is not shipped to the browser).
 */
export const TOP_UP_MIN = 100;
export const TOP_UP_MAX = 50000;

/** The smallest top-up for a balance: 100 Ft, or the debt when the wallet is below -100 Ft. */
export function topUpMinimum(balance: number): number {
  return Math.max(TOP_UP_MIN, balance < 0 ? -balance : 0);
}

/** SPEC §4 Cards and wallet: a wallet in debt prefills the top-up with the debt. */
export function topUpPrefill(balance: number | null | undefined): string {
  return balance != null && balance < 0 ? String(-balance) : '';
}

/** SPEC §5 Number input: digits only. */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

export type TopUpCheck =
  | { ok: true; amount: number }
  | { ok: false; key: 'cards.topUp.required' }
  | { ok: false; key: 'cards.topUp.min'; minimum: number }
  | { ok: false; key: 'cards.topUp.max'; maximum: number };

/** The top-up rules in SPEC order: required, then the minimum, then the maximum. */
export function checkTopUp(text: string, balance: number): TopUpCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, key: 'cards.topUp.required' };
  const amount = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  const minimum = topUpMinimum(balance);
  if (!Number.isSafeInteger(amount) || amount < minimum)
    return { ok: false, key: 'cards.topUp.min', minimum };
  if (amount > TOP_UP_MAX) return { ok: false, key: 'cards.topUp.max', maximum: TOP_UP_MAX };
  return { ok: true, amount };
}
