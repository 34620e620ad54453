import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Lang, UserCoupon } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { couponOffers, serviceProviders, userCoupons } from '../../db/schema/loyalty.js';
import type { AuthUser } from '../auth/sessions.js';
import { normalizeCouponCode } from './codes.js';
import { couponDto } from './coupon-dto.js';
import { redeemErrors } from './errors.js';
import { offersByIds } from './offers.js';
import { displayTime } from './time.js';

export const SERVICE_PROVIDER = 'SERVICE_PROVIDER';

/**
 * The shop a service provider redeems for, or a refusal. The role is read from the database on
 * every call, not from the caller's session (which a replica caches for a few seconds): a role
 * the operator took away a moment ago redeems nothing more.
 */
export async function providerShopId(db: Db, user: AuthUser): Promise<number> {
  const [row] = await db
    .select({ shopId: serviceProviders.shopId })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(
      and(
        eq(serviceProviders.userId, user.id),
        sql`${SERVICE_PROVIDER} = any(${users.types})`,
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw redeemErrors.notProvider();
  return row.shopId;
}

/**
 * A shop's staff redeem a customer's code. One conditional UPDATE marks it used only while it
 * is unused, not removed, unexpired and of this shop's offer (or generated from points, which
 * every partner shop takes): however many redeem at once, one succeeds. A refusal says why.
 */
export async function redeemCoupon(
  db: Db,
  provider: AuthUser,
  typedCode: string,
  lang: Lang,
): Promise<UserCoupon> {
  const shopId = await providerShopId(db, provider);
  const code = normalizeCouponCode(typedCode);
  const ownOffers = db
    .select({ id: couponOffers.id })
    .from(couponOffers)
    .where(eq(couponOffers.shopId, shopId));
  const [used] = await db
    .update(userCoupons)
    .set({ usedAt: sql`now()`, usedByUserId: provider.id, usedAtShopId: shopId })
    .where(
      and(
        eq(userCoupons.code, code),
        isNull(userCoupons.usedAt),
        isNull(userCoupons.removedAt),
        or(isNull(userCoupons.expiresAt), gt(userCoupons.expiresAt, sql`now()`)),
        or(isNull(userCoupons.offerId), sql`${userCoupons.offerId} in ${ownOffers}`),
      ),
    )
    .returning();
  if (used) {
    const offers = await offersByIds(db, used.offerId ? [used.offerId] : []);
    return couponDto(used, used.offerId ? offers.get(used.offerId) : undefined, lang);
  }
  const [found] = await db
    .select({ coupon: userCoupons, shopId: couponOffers.shopId })
    .from(userCoupons)
    .leftJoin(couponOffers, eq(couponOffers.id, userCoupons.offerId))
    .where(eq(userCoupons.code, code));
  if (!found || found.coupon.removedAt) throw redeemErrors.notFound();
  // Another shop's coupon: the same answer whether or not it was used, so nothing leaks.
  if (found.coupon.offerId !== null && found.shopId !== shopId) throw redeemErrors.otherShop();
  if (found.coupon.usedAt) throw redeemErrors.used(displayTime(found.coupon.usedAt, lang));
  throw redeemErrors.expired();
}
