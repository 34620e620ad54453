import type { Lang, UserCoupon } from '@voltpark/contract';
import type { userCoupons } from '../../db/schema/loyalty.js';
import { offerDto, type OfferRow, type ShopRow } from './offers.js';
import { displayTime, remainingText } from './time.js';

export type CouponRow = typeof userCoupons.$inferSelect;
export type CouponState = UserCoupon['state'];

/** SPEC §4: bought and not activated = redeemable; used or past expiry = expired. */
export function couponState(c: CouponRow, now: Date): CouponState {
  if (c.usedAt) return 'EXPIRED';
  if (!c.expiresAt) return 'REDEEMABLE';
  return c.expiresAt.getTime() > now.getTime() ? 'ACTIVE' : 'EXPIRED';
}

export function couponDto(
  c: CouponRow,
  offer: { offer: OfferRow; shop: ShopRow } | undefined,
  lang: Lang,
  now: Date = new Date(),
): UserCoupon {
  const state = couponState(c, now);
  const secondsLeft = c.expiresAt
    ? Math.max(0, Math.floor((c.expiresAt.getTime() - now.getTime()) / 1000))
    : null;
  return {
    couponCodeId: c.id,
    couponCode: c.code,
    expire: c.expiresAt?.toISOString() ?? null,
    expireDt: c.expiresAt ? displayTime(c.expiresAt, lang) : null,
    expireDiff: secondsLeft === null ? null : remainingText(secondsLeft),
    expireSec: secondsLeft,
    usedAt: c.usedAt?.toISOString() ?? null,
    state,
    offer: offer ? offerDto(offer.offer, offer.shop, lang) : null,
    points: c.points,
  };
}
