/**
 * SPEC §9 limits of the charging flow. Mirrored from the contract's `limits` (a test checks they
 * match) so zod stays out of the browser bundle.
 */
export const CHARGE_MINUTES = [15, 30, 45, 60, 120, 180, 240, 360, 480, 600, 720] as const;
export const WIZARD_AMOUNTS = [500, 1000, 3000, 5000, 10000] as const;
export const CASUAL_AMOUNTS = [5000, 10000, 15000] as const;
export const CASUAL_DEFAULT_AMOUNT = 5000;
export const CASUAL_MINIMUM = 5000;
export const ENERGY_MIN_KWH = 1;
export const ENERGY_MAX_KWH = 500;
/** The max-kWh input takes at most 4 digits. */
export const ENERGY_MAX_DIGITS = 4;
export const WALLET_START_MINIMUM = 5000;
export const PARK_CODE_LENGTH = 5;
/** SPEC §9 default charger performance when the charger does not say. */
export const DEFAULT_CHARGER_KW = 22;

/** SPEC §9 Timers. */
export const ROOT_POLL_MS = 5_000;
export const PANEL_POLL_MS = 10_000;
export const POST_CHARGE_REDIRECT_MS = 3_000;
export const STOP_LOCK_MS = 15_000;
export const START_DEBOUNCE_MS = 250;

/** Local flag that hides the start tutorial (SPEC §3 "Stored locally"). */
export const NO_CHARGING_WIZARD_KEY = 'noChargingWizard';
/** SPEC §4 two-column layout: casual panels open by themselves from this width. */
export const TWO_COLUMN_MIN_PX = 768;

/**
 * Where a finished charge leads, 3 s after it ends (SPEC §4): /coupons, with the charge's id so
 * the points it earned show (latest-points). A casual (guest) user has no points and /coupons
 * is not open to them (it would log them out), so they go to /charge-history, where the
 * last-finished charge and its receipt show.
 */
export function afterChargeRoute(chargeId: number, casual: boolean): string {
  return casual ? '/charge-history' : `/coupons?chargeId=${chargeId}`;
}
