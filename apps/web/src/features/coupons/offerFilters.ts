import type { CouponOffer } from '@voltpark/contract';

export interface OfferFilter {
  /** A category key, or null for every category. */
  category: string | null;
  /** A city, or null for every city. */
  city: string | null;
}

/** SPEC §2 Coupons: the category and city filters of the offers. */
export function filterOffers(offers: readonly CouponOffer[], f: OfferFilter): CouponOffer[] {
  return offers.filter(
    (o) =>
      (f.category === null || o.categories.includes(f.category)) &&
      (f.city === null || o.cities.includes(f.city)),
  );
}

/** The cities the offers name, each once, in Hungarian alphabetical order. */
export function offerCities(offers: readonly CouponOffer[]): string[] {
  const set = new Set<string>();
  for (const o of offers) for (const c of o.cities) if (c.trim()) set.add(c);
  return [...set].sort((a, b) => a.localeCompare(b, 'hu'));
}

/** Whether the user's points pay for an offer (Ft-priced offers are not paid with points). */
export function affordableWithPoints(offer: CouponOffer, points: number | undefined): boolean {
  return offer.priceUnit !== 'POINTS' || (points ?? 0) >= offer.price;
}
