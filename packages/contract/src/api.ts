import type { AnyRoute } from './route.js';
import { categoryRoutes } from './categories.js';
import { chargerRoutes } from './chargers.js';
import { contentRoutes } from './content.js';
import { locationRoutes } from './locations.js';
import { newsRoutes } from './news.js';
import { parkingReadRoutes } from './parking.js';
import { userRoutes } from './user.js';
import { oauthRoutes } from './oauth.js';
import { captchaRoutes } from './captcha.js';
import { carRoutes } from './cars.js';
import { couponRoutes } from './coupons.js';
import { walletRoutes } from './wallet.js';
import { billingRoutes } from './billing.js';
import { chargingRoutes } from './charging.js';
import { parkingSessionRoutes } from './parkingSession.js';
import { surchargeRoutes } from './surcharge.js';
import { roamingChargeRoutes } from './roamingCharge.js';
import { cameraPaymentRoutes } from './cameraPayment.js';
import { cameraParkingRoutes } from './cameraParking.js';
import { parkingReceiptRoutes } from './parkingReceipt.js';

/** The route groups, one per domain file (a name must not repeat across groups: tested). */
export const routeGroups = {
  location: locationRoutes,
  category: categoryRoutes,
  charger: chargerRoutes,
  parkingRead: parkingReadRoutes,
  news: newsRoutes,
  content: contentRoutes,
  user: userRoutes,
  oauth: oauthRoutes,
  captcha: captchaRoutes,
  car: carRoutes,
  coupon: couponRoutes,
  wallet: walletRoutes,
  billing: billingRoutes,
  charging: chargingRoutes,
  parkingSession: parkingSessionRoutes,
  surcharge: surchargeRoutes,
  roamingCharge: roamingChargeRoutes,
  cameraPayment: cameraPaymentRoutes,
  cameraParking: cameraParkingRoutes,
  parkingReceipt: parkingReceiptRoutes,
} satisfies Record<string, Record<string, AnyRoute>>;

/** Every call of SPEC §7, by name. The server registers these; the web client calls them. */
export const apiRoutes = {
  ...locationRoutes,
  ...categoryRoutes,
  ...chargerRoutes,
  ...parkingReadRoutes,
  ...newsRoutes,
  ...contentRoutes,
  ...userRoutes,
  ...oauthRoutes,
  ...captchaRoutes,
  ...carRoutes,
  ...couponRoutes,
  ...walletRoutes,
  ...billingRoutes,
  ...chargingRoutes,
  ...parkingSessionRoutes,
  ...surchargeRoutes,
  ...roamingChargeRoutes,
  ...cameraPaymentRoutes,
  ...cameraParkingRoutes,
  ...parkingReceiptRoutes,
} satisfies Record<string, AnyRoute>;

export type ApiRouteName = keyof typeof apiRoutes;
export type ApiRoutes = typeof apiRoutes;

/** [name, route] pairs, e.g. for registering every route on the server. */
export const apiRouteList: ReadonlyArray<readonly [ApiRouteName, AnyRoute]> = Object.entries(
  apiRoutes,
) as Array<[ApiRouteName, AnyRoute]>;

/** The routes a given issue serves. */
export function routesOfOwner(owner: AnyRoute['owner']): Array<readonly [ApiRouteName, AnyRoute]> {
  return apiRouteList.filter(([, r]) => r.owner === owner);
}
