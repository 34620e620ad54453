import type { UserCoupon } from '@voltpark/contract';

/**
 * SPEC §4 Coupons: the countdown recalculates every second. The deadline is taken from
 * `expireSec` (seconds left when the server answered) counted from when the answer arrived, so a
 * phone whose clock is wrong still counts the right 60 minutes; `expire` (ISO) is the fallback.
 */
export function couponDeadline(
  coupon: Pick<UserCoupon, 'expire' | 'expireSec'>,
  receivedAtMs: number,
): number | null {
  if (coupon.expireSec !== null) return receivedAtMs + coupon.expireSec * 1000;
  if (coupon.expire) {
    const t = Date.parse(coupon.expire);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** Whole seconds left until `deadlineMs` (0 once it has passed). */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** 3599 → "59:59"; 3600 → "1:00:00" (offers may be valid longer than an hour). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}
