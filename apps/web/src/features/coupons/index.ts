export { CouponsPage } from './CouponsPage';
export { CouponRedeemPage } from './CouponRedeemPage';
