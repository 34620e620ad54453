import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { locations, pois } from '../schema/index.js';
import {
  couponCategories,
  couponOffers,
  partnerShopPois,
  partnerShops,
} from '../schema/loyalty.js';
import { shopList } from './data/catalog.js';
import { couponCategoryList, demoOffers, onlineShops } from './data/loyalty.js';

/**
 * The demo partner shops (the demo POIs that accept points, by name, plus two online ones), the
 * coupon categories and the offers. Each offer's cities are where its shop's POIs are.
 */
export async function seedLoyaltyDemo(db: Db): Promise<void> {
  await db
    .insert(couponCategories)
    .values(
      couponCategoryList.map(([key, nameHu, nameEn], i) => ({
        key,
        nameHu,
        nameEn,
        orderNumber: i + 1,
      })),
    )
    .onConflictDoNothing();
  const shops = [...shopList.map((s) => ({ name: s.name, url: s.url })), ...onlineShops];
  const shopRows = await db.insert(partnerShops).values(shops).onConflictDoNothing().returning();
  const shopIds = new Map(shopRows.map((s) => [s.name, s.id]));
  const placed = await db
    .select({ poiId: pois.id, name: pois.name, city: locations.city })
    .from(pois)
    .innerJoin(locations, eq(locations.id, pois.locationId))
    .where(and(eq(pois.acceptPoint, true), inArray(pois.name, [...shopIds.keys()])));
  if (placed.length > 0) {
    await db
      .insert(partnerShopPois)
      .values(placed.map((p) => ({ shopId: shopIds.get(p.name)!, poiId: p.poiId })))
      .onConflictDoNothing();
  }
  const citiesOf = (shop: string) =>
    [...new Set(placed.filter((p) => p.name === shop).map((p) => p.city))].sort();
  const offers = demoOffers.filter((o) => shopIds.has(o.shop));
  if (offers.length === 0) return;
  await db.insert(couponOffers).values(
    offers.map((o, i) => ({
      shopId: shopIds.get(o.shop)!,
      type: o.type ?? 'SHOP',
      nameHu: o.nameHu,
      nameEn: o.nameEn,
      price: o.price,
      priceUnit: o.priceUnit ?? 'POINTS',
      discountPercent: o.discountPercent,
      conditionHu: o.conditionHu ?? null,
      conditionEn: o.conditionEn ?? null,
      descriptionUrl: shops.find((s) => s.name === o.shop)?.url ?? null,
      categories: o.categories,
      cities: o.type === 'WEBSHOP' || o.styleClass ? [] : citiesOf(o.shop),
      styleClass: o.styleClass ?? null,
      activationUrl: o.activationUrl ?? null,
      activationUrlDescriptionHu: o.activationUrlDescriptionHu ?? null,
      activationUrlDescriptionEn: o.activationUrlDescriptionEn ?? null,
      stock: o.stock ?? null,
      orderNumber: i + 1,
    })),
  );
}
