/**
 * SPEC §5 Wallet / §9 Limits, the online-wallet deposit: choices 500 … 15000 points, each
 * disabled when the balance is below it; a typed amount is clamped between 0 and the lower of the
 * balance and 100 000, then rounded down to a multiple of 500; the default is 500. Mirrored from
 * the contract's `limits` (a test checks they match) so zod stays out of the browser bundle.
 */
export const DEPOSIT_STEP = 500;
export const DEPOSIT_DEFAULT = 500;
export const DEPOSIT_MAX = 100_000;
export const DEPOSIT_OPTIONS = [500, 1000, 3000, 5000, 10000, 15000] as const;

/** The styleClass of the offer that opens the deposit modal instead of a purchase. */
export const ONLINE_WALLET_STYLE = 'onlinepenztarca';

export interface DepositOption {
  value: number;
  disabled: boolean;
}

export function depositOptions(balance: number): DepositOption[] {
  return DEPOSIT_OPTIONS.map((value) => ({ value, disabled: balance < value }));
}

/** The largest amount that may be deposited now (0 when even 500 is out of reach). */
export function depositCeiling(balance: number): number {
  const top = Math.min(Math.max(0, balance), DEPOSIT_MAX);
  return top - (top % DEPOSIT_STEP);
}

/** Clamp to 0 … min(balance, 100 000), then round down to a multiple of 500. */
export function clampDeposit(value: number, balance: number): number {
  if (!Number.isFinite(value)) return 0;
  const top = Math.min(Math.max(0, balance), DEPOSIT_MAX);
  const clamped = Math.min(Math.max(0, Math.floor(value)), top);
  return clamped - (clamped % DEPOSIT_STEP);
}

/** SPEC §4: deposit when the partner knows the e-mail, or in creation mode with both consents. */
export type DepositStep = 'deposit' | 'askCreation' | 'needsConsent';

export function nextDepositStep(opts: {
  userExists: boolean;
  creationMode: boolean;
  dataPolicyAccepted: boolean;
  termsAccepted: boolean;
}): DepositStep {
  if (opts.userExists) return 'deposit';
  if (!opts.creationMode) return 'askCreation';
  return opts.dataPolicyAccepted && opts.termsAccepted ? 'deposit' : 'needsConsent';
}
