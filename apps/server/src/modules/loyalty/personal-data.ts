import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  couponOffers,
  onlineWalletDeposits,
  partnerShops,
  serviceProviders,
  userCoupons,
} from '../../db/schema/loyalty.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The loyalty part of the GDPR access copy: the user's coupons, online-wallet deposits and the
 * shop they redeem for. Coupon codes are left out: they are handles that act for the user.
 * (The points ledger is in the charging part.)
 */
export async function loyaltyPersonalData(db: Db, userId: number) {
  const coupons = await db
    .select({ coupon: userCoupons, offerName: couponOffers.nameHu, shop: partnerShops.name })
    .from(userCoupons)
    .leftJoin(couponOffers, eq(couponOffers.id, userCoupons.offerId))
    .leftJoin(partnerShops, eq(partnerShops.id, couponOffers.shopId))
    .where(eq(userCoupons.userId, userId))
    .orderBy(asc(userCoupons.id));
  const deposits = await db
    .select()
    .from(onlineWalletDeposits)
    .where(eq(onlineWalletDeposits.userId, userId))
    .orderBy(asc(onlineWalletDeposits.id));
  const [provider] = await db
    .select({ shop: partnerShops.name })
    .from(serviceProviders)
    .innerJoin(partnerShops, eq(partnerShops.id, serviceProviders.shopId))
    .where(eq(serviceProviders.userId, userId));
  return {
    coupons: coupons.map(({ coupon: c, offerName, shop }) => ({
      offer: offerName,
      shop,
      points: c.points,
      priceFt: c.priceFt,
      boughtAt: iso(c.createdAt),
      activatedAt: iso(c.activatedAt),
      expiresAt: iso(c.expiresAt),
      usedAt: iso(c.usedAt),
      removedAt: iso(c.removedAt),
    })),
    onlineWalletDeposits: deposits.map((d) => ({
      email: d.email,
      amount: d.amount,
      status: d.status,
      createdAt: iso(d.createdAt),
      settledAt: iso(d.settledAt),
    })),
    serviceProviderOf: provider?.shop ?? null,
  };
}
