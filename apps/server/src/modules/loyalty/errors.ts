import { ApiError } from '../../core/errors.js';

/** The coupon and points errors of SPEC §8, each a translated message with a response code. */
export const couponErrors = {
  offerNotFound: () =>
    new ApiError(404, 'coupon.offerNotFound', { responseCode: 'COUPON_OFFER_NOT_FOUND' }),
  soldOut: () => new ApiError(409, 'coupon.soldOut', { responseCode: 'COUPON_SOLD_OUT' }),
  useDeposit: () =>
    new ApiError(400, 'coupon.useDeposit', { responseCode: 'COUPON_USE_ONLINE_WALLET' }),
  notEnoughPoints: (balance: number) =>
    new ApiError(409, 'coupon.notEnoughPoints', {
      responseCode: 'NOT_ENOUGH_POINTS',
      vars: { balance },
    }),
  notEnoughMoney: () =>
    new ApiError(409, 'coupon.notEnoughMoney', { responseCode: 'NOT_ENOUGH_WALLET_FUNDS' }),
  notFound: () => new ApiError(404, 'coupon.notFound', { responseCode: 'COUPON_NOT_FOUND' }),
  notRedeemable: () =>
    new ApiError(409, 'coupon.notRedeemable', { responseCode: 'COUPON_NOT_REDEEMABLE' }),
  generatedActive: () =>
    new ApiError(409, 'coupon.generate.alreadyActive', {
      responseCode: 'COUPON_ALREADY_ACTIVE',
    }),
  registeredOnly: () =>
    new ApiError(403, 'coupon.registeredOnly', { responseCode: 'REGISTERED_USERS_ONLY' }),
  chargeNotFound: () =>
    new ApiError(404, 'coupon.chargeNotFound', { responseCode: 'CHARGE_NOT_FOUND' }),
};

export const redeemErrors = {
  notProvider: () =>
    new ApiError(403, 'coupon.redeem.notProvider', { responseCode: 'NOT_SERVICE_PROVIDER' }),
  notFound: () => new ApiError(404, 'coupon.redeem.notFound', { responseCode: 'COUPON_NOT_FOUND' }),
  otherShop: () =>
    new ApiError(403, 'coupon.redeem.otherShop', { responseCode: 'COUPON_OTHER_SHOP' }),
  used: (usedAt: string) =>
    new ApiError(409, 'coupon.redeem.used', {
      responseCode: 'COUPON_ALREADY_USED',
      vars: { usedAt },
    }),
  expired: () => new ApiError(409, 'coupon.redeem.expired', { responseCode: 'COUPON_EXPIRED' }),
};
