export * from './route.js';
export * from './envelope.js';
export * from './common.js';
export * from './validation.js';
export * from './traits.js';
export * from './categories.js';
export * from './chargers.js';
export * from './pois.js';
export * from './parking.js';
export * from './locations.js';
export * from './partnerSite.js';
export * from './news.js';
export * from './content.js';
export * from './user.js';
export * from './oauth.js';
export * from './captcha.js';
export * from './cars.js';
export * from './coupons.js';
export * from './wallet.js';
export * from './billing.js';
export * from './charging.js';
export * from './parkingSession.js';
export * from './gates.js';
export * from './surcharge.js';
export * from './websocket.js';
export * from './messages.js';
export {
  apiRoutes,
  apiRouteList,
  routeGroups,
  routesOfOwner,
  type ApiRouteName,
  type ApiRoutes,
} from './api.js';
export * from './roamingCharge.js';
export * from './cameraPayment.js';
export * from './cameraParking.js';
export * from './parkingReceipt.js';
