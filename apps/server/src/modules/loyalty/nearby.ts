import { eq } from 'drizzle-orm';
import type { CouponOffer } from '@voltpark/contract';
import type { DbOrTx } from '../../db/client.js';
import { chargePoints, chargers } from '../../db/schema/chargers.js';
import { locations } from '../../db/schema/locations.js';
import { partnerShopPois, partnerShops } from '../../db/schema/loyalty.js';
import { pois } from '../../db/schema/pois.js';

/** Within this, a shop is "within walking distance" of a charger. */
export const WALKING_DISTANCE_M = 1000;
/** An unhurried walk: 80 m a minute (about 4.8 km/h). */
const WALK_M_PER_MINUTE = 80;

function metersBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * Offers ordered for a driver at a charger: shops within walking distance first (nearest first),
 * then the rest in their usual order; each with its distance and walk. An unknown charger leaves
 * the order as it is (with no distances).
 */
export async function nearChargerFirst(
  db: DbOrTx,
  chargerId: number,
  offers: CouponOffer[],
): Promise<CouponOffer[]> {
  const [here] = await db
    .select({ lat: locations.lat, lng: locations.lng })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .innerJoin(locations, eq(locations.id, chargePoints.locationId))
    .where(eq(chargers.id, chargerId));
  if (!here) return offers.map((o) => ({ ...o, distanceInMeters: null, walkingMinutes: null }));
  const sites = await db
    .select({ shop: partnerShops.name, lat: locations.lat, lng: locations.lng })
    .from(partnerShopPois)
    .innerJoin(partnerShops, eq(partnerShops.id, partnerShopPois.shopId))
    .innerJoin(pois, eq(pois.id, partnerShopPois.poiId))
    .innerJoin(locations, eq(locations.id, pois.locationId));
  const nearest = new Map<string, number>();
  for (const s of sites) {
    const d = Math.round(metersBetween(here, s));
    nearest.set(s.shop, Math.min(d, nearest.get(s.shop) ?? Infinity));
  }
  const placed = offers.map((o, i) => {
    const d = o.type === 'WEBSHOP' || o.styleClass ? undefined : nearest.get(o.shopName);
    return {
      i,
      offer: {
        ...o,
        distanceInMeters: d ?? null,
        walkingMinutes: d === undefined ? null : Math.max(1, Math.ceil(d / WALK_M_PER_MINUTE)),
      },
    };
  });
  const near = (d: number | null | undefined) => d != null && d <= WALKING_DISTANCE_M;
  placed.sort((a, b) => {
    const an = near(a.offer.distanceInMeters);
    const bn = near(b.offer.distanceInMeters);
    if (an !== bn) return an ? -1 : 1;
    if (an && bn) return a.offer.distanceInMeters! - b.offer.distanceInMeters! || a.i - b.i;
    return a.i - b.i;
  });
  return placed.map((p) => p.offer);
}
