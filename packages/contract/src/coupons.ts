import { z } from 'zod';
import { route } from './route.js';
import { emptyEnvelopeSchema, envelope } from './envelope.js';
import { qId } from './common.js';
import { dateFilterSchema, pointsSchema, requiredString } from './validation.js';

/** SPEC §3 Coupon offer (the coupon inventory). */
export const couponOfferSchema = z.object({
  id: z.number().int(),
  shopName: z.string(),
  shopUrl: z.string().nullable(),
  /** WEBSHOP coupons are used online; others at the shop. */
  type: z.enum(['WEBSHOP', 'SHOP']),
  name: z.string(),
  /** Price in points, or in Ft when `priceUnit` is FT. */
  price: z.number().int(),
  priceUnit: z.enum(['POINTS', 'FT']),
  discountPercent: z.number().int().nullable(),
  couponCondition: z.string().nullable(),
  /** A link to the offer's description. */
  description: z.string().nullable(),
  /** Category keys (GET v1/coupon/coupon-categories). */
  categories: z.array(z.string()),
  cities: z.array(z.string()),
  /** 'onlinepenztarca' has its own flow (the online-wallet deposit modal). */
  styleClass: z.string().nullable(),
  activeTimeInMinutes: z.number().int(),
  activationUrl: z.string().nullable(),
  activationUrlDescription: z.string().nullable(),
  /**
   * Not among SPEC's fields, added: with coupon-inventory's `chargerId`, how far the shop's
   * nearest site is from that charger (m, straight line) and the walk there in minutes (80 m a
   * minute); null for online offers and shops without a site, absent without `chargerId`.
   */
  distanceInMeters: z.number().int().nullable().optional(),
  walkingMinutes: z.number().int().nullable().optional(),
});
export type CouponOffer = z.infer<typeof couponOfferSchema>;

export const couponStateSchema = z.enum(['REDEEMABLE', 'ACTIVE', 'EXPIRED']);

/**
 * SPEC §3 User coupon. `expire` is the ISO expiry time, `expireDt` it formatted for display,
 * `expireDiff` the rest as text (mm:ss) and `expireSec` the seconds left when sent.
 */
export const userCouponSchema = z.object({
  couponCodeId: z.number().int(),
  couponCode: z.string(),
  expire: z.string().nullable(),
  expireDt: z.string().nullable(),
  expireDiff: z.string().nullable(),
  expireSec: z.number().int().nullable(),
  usedAt: z.string().nullable(),
  state: couponStateSchema,
  /** The offer bought, or null for a coupon generated from points. */
  offer: couponOfferSchema.nullable(),
  /** Points it is worth (generated coupons) or cost. */
  points: z.number().int().nullable(),
});
export type UserCoupon = z.infer<typeof userCouponSchema>;

export const couponCategorySchema = z.object({ key: z.string(), name: z.string() });

/** One row of the points ledger: earned (+) or spent (-). */
export const pointsHistoryItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  points: z.number().int(),
  reason: z.enum([
    'CHARGE',
    'PARKING',
    'COUPON_BUY',
    'COUPON_GENERATE',
    'ONLINE_WALLET_DEPOSIT',
    'REFUND',
    'ADJUSTMENT',
  ]),
  chargeId: z.number().int().nullable(),
  description: z.string().nullable(),
});

export const pointsBalanceSchema = z.object({ points: z.number().int() });

/** Points earned by one charge (shown on /coupons after a charge ends). */
export const latestPointsSchema = z.object({
  chargeId: z.number().int(),
  earnedPoints: z.number().int(),
  points: z.number().int(),
});

const tag = 'coupon';
const owner = 'loyalty';

export const couponRoutes = {
  activeCoupon: route({
    method: 'GET',
    path: '/api/v1/coupon',
    summary: "The user's active coupon generated from points, or null",
    tag,
    auth: 'user',
    owner,
    response: envelope(userCouponSchema.nullable()),
  }),
  removeActiveCoupon: route({
    method: 'DELETE',
    path: '/api/v1/coupon',
    summary: 'Remove the active generated coupon (unused points return)',
    tag,
    auth: 'user',
    owner,
    response: emptyEnvelopeSchema,
  }),
  couponHistory: route({
    method: 'GET',
    path: '/api/v1/coupon/history',
    summary: "The user's used and expired coupons, newest first",
    tag,
    auth: 'user',
    owner,
    response: envelope(z.array(userCouponSchema)),
  }),
  couponCategories: route({
    method: 'GET',
    path: '/api/v1/coupon/coupon-categories',
    summary: 'Coupon categories for the filter',
    tag,
    auth: 'user',
    owner,
    response: envelope(z.array(couponCategorySchema)),
  }),
  couponInventory: route({
    method: 'GET',
    path: '/api/v1/coupon/coupon-inventory',
    summary:
      'Coupon offers the user can buy; with chargerId (not in SPEC, added) the offers of shops within walking distance (1 km) of that charger come first, nearest first',
    tag,
    auth: 'user',
    owner,
    query: z.object({ chargerId: qId.optional() }),
    response: envelope(z.array(couponOfferSchema)),
  }),
  myCoupons: route({
    method: 'GET',
    path: '/api/v1/coupon/my-coupons',
    summary: "The user's redeemable and active coupons",
    tag,
    auth: 'user',
    owner,
    response: envelope(z.array(userCouponSchema)),
  }),
  buyCoupon: route({
    method: 'GET',
    path: '/api/v1/coupon/buy-coupon/:id',
    summary: 'Buy a coupon offer with points',
    tag,
    auth: 'user',
    owner,
    params: z.object({ id: qId }),
    response: envelope(userCouponSchema.nullable()),
  }),
  deleteCoupon: route({
    method: 'DELETE',
    path: '/api/v1/coupon/delete-coupon/:id',
    summary: 'Delete one of the user coupons (by couponCodeId)',
    tag,
    auth: 'user',
    owner,
    params: z.object({ id: qId }),
    response: emptyEnvelopeSchema,
  }),
  generateCoupon: route({
    method: 'GET',
    path: '/api/v1/coupon/generate-coupon',
    summary: 'Turn points into a coupon code valid 60 minutes (errors replace the message list)',
    tag,
    auth: 'user',
    owner,
    query: z.object({ points: pointsSchema }),
    response: envelope(userCouponSchema.nullable()),
  }),
  latestPoints: route({
    method: 'GET',
    path: '/api/v1/coupon/latest-points/:id',
    summary: 'Points earned by a charge (id = charge id) and the new balance',
    tag,
    auth: 'user',
    owner,
    params: z.object({ id: qId }),
    response: envelope(latestPointsSchema.nullable()),
  }),
  // SPEC §4 has bought coupons redeemable until activated, then valid 60 minutes, but §7 shows
  // no activation call: this path is chosen.
  activateCoupon: route({
    method: 'POST',
    path: '/api/v1/coupon/activate-coupon/:id',
    summary:
      'Activate a bought coupon (by couponCodeId): it is then valid for its activeTimeInMinutes',
    tag,
    auth: 'user',
    owner,
    params: z.object({ id: qId }),
    response: envelope(userCouponSchema),
  }),
  // SPEC §7 says points balance and history calls exist but does not show their paths: these are chosen.
  pointsBalance: route({
    method: 'GET',
    path: '/api/v1/coupon/points-balance',
    summary: "The user's points balance",
    tag,
    auth: 'user',
    owner,
    response: envelope(pointsBalanceSchema),
  }),
  pointsHistory: route({
    method: 'GET',
    path: '/api/v1/coupon/points-history',
    summary: 'Points earned and spent since filterFrom (default: one month ago), newest first',
    tag,
    auth: 'user',
    owner,
    query: z.object({ filterFrom: dateFilterSchema.optional() }),
    response: envelope(z.array(pointsHistoryItemSchema)),
  }),
  // The /coupon-redeem screen needs a call SPEC does not show: this path is chosen.
  redeemCoupon: route({
    method: 'POST',
    path: '/api/v1/coupon/redeem',
    summary: "A service provider redeems a customer's coupon code (SERVICE_PROVIDER only)",
    tag,
    auth: 'user',
    owner,
    bodyType: 'form',
    body: z.object({ couponCode: requiredString(64).transform((v) => v.toUpperCase()) }),
    response: envelope(userCouponSchema.nullable()),
  }),
};
