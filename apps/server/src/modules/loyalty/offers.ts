import { and, asc, eq, inArray, or, isNull, gt } from 'drizzle-orm';
import type { CouponOffer, Lang } from '@voltpark/contract';
import type { DbOrTx } from '../../db/client.js';
import { couponCategories, couponOffers, partnerShops } from '../../db/schema/loyalty.js';

export type OfferRow = typeof couponOffers.$inferSelect;
export type ShopRow = typeof partnerShops.$inferSelect;

/** The online-wallet offer's style class: it is not bought, it opens the deposit (SPEC §3). */
export const ONLINE_WALLET_STYLE = 'onlinepenztarca';

export function offerDto(offer: OfferRow, shop: ShopRow, lang: Lang): CouponOffer {
  const hu = lang === 'hu';
  return {
    id: offer.id,
    shopName: shop.name,
    shopUrl: shop.url,
    type: offer.type,
    name: hu ? offer.nameHu : offer.nameEn,
    price: offer.price,
    priceUnit: offer.priceUnit,
    discountPercent: offer.discountPercent,
    couponCondition: hu ? offer.conditionHu : offer.conditionEn,
    description: offer.descriptionUrl,
    categories: offer.categories,
    cities: offer.cities,
    styleClass: offer.styleClass,
    activeTimeInMinutes: offer.activeTimeInMinutes,
    activationUrl: offer.activationUrl,
    activationUrlDescription: hu
      ? offer.activationUrlDescriptionHu
      : offer.activationUrlDescriptionEn,
  };
}

/** Offers a user can buy now: active, not sold out. */
export async function couponInventory(db: DbOrTx, lang: Lang): Promise<CouponOffer[]> {
  const rows = await db
    .select({ offer: couponOffers, shop: partnerShops })
    .from(couponOffers)
    .innerJoin(partnerShops, eq(partnerShops.id, couponOffers.shopId))
    .where(
      and(eq(couponOffers.active, true), or(isNull(couponOffers.stock), gt(couponOffers.stock, 0))),
    )
    .orderBy(asc(couponOffers.orderNumber), asc(couponOffers.id));
  return rows.map((r) => offerDto(r.offer, r.shop, lang));
}

/** Offers with their shops, by id (for coupon lists). */
export async function offersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { offer: OfferRow; shop: ShopRow }>();
  const rows = await db
    .select({ offer: couponOffers, shop: partnerShops })
    .from(couponOffers)
    .innerJoin(partnerShops, eq(partnerShops.id, couponOffers.shopId))
    .where(inArray(couponOffers.id, ids));
  return new Map(rows.map((r) => [r.offer.id, r]));
}

export async function couponCategoryList(db: DbOrTx, lang: Lang) {
  const rows = await db
    .select()
    .from(couponCategories)
    .orderBy(asc(couponCategories.orderNumber), asc(couponCategories.key));
  return rows.map((c) => ({ key: c.key, name: lang === 'hu' ? c.nameHu : c.nameEn }));
}
