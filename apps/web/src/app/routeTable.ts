import { meta, type RouteMeta } from './meta';

/** Which screen a route shows; router.tsx maps these to (lazy) components. */
export type ScreenKey =
  | 'chargerView'
  | 'parkingLotView'
  | 'newsList'
  | 'newsPost'
  | 'support'
  | 'aboutUs'
  | 'openSource'
  | 'chargerSearch'
  | 'parkingSearch'
  | 'gtc'
  | 'gtcHu'
  | 'privacy'
  | 'privacyHu'
  | 'privacyWizard'
  | 'login'
  | 'register'
  | 'registrationResult'
  | 'forgottenPassword'
  | 'authorize'
  | 'me'
  | 'billing'
  | 'cars'
  | 'welcome'
  | 'profileWizard'
  | 'billingWizard'
  | 'carsWizard'
  | 'cardsWizard'
  | 'chargeHistory'
  | 'receipt'
  | 'paymentResult'
  | 'cards'
  | 'prepaidPaymentResult'
  | 'invoices'
  | 'parkingHistory'
  | 'parkingReceipt'
  | 'parkingPaymentResult'
  | 'parkingSurcharge'
  | 'parkingSurchargePaymentResult'
  | 'coupons'
  | 'couponRedeem'
  | 'roamingCharge';

export interface RouteSpec {
  path: string;
  screen: ScreenKey;
  meta: RouteMeta;
}

const loginOnly = { loginRequired: true, canRedirectHereAfterLogin: true };
const wizard = {
  loginRequired: true,
  wizardView: true,
  disableMainMenu: true,
  noFullScreenAd: true,
};
const paymentResult = { noFullScreenAd: true, enabledAtCasualCharge: true };

/** The map routes (/, /map, /map/:lat/:lng, /map/:lat/:lng/:findroute) share the map screen. */
export const MAP_ROUTES: readonly { path: string; index?: boolean; meta: RouteMeta }[] = [
  {
    path: '/',
    index: true,
    meta: meta('index', 'route.home', { fullscreen: true, enabledAtCasualCharge: true }),
  },
  {
    path: '/map',
    meta: meta('map', 'route.map', { fullscreen: true, enabledAtCasualCharge: true }),
  },
  {
    path: '/map/:lat/:lng',
    meta: meta('map', 'route.map', { fullscreen: true, enabledAtCasualCharge: true }),
  },
  {
    path: '/map/:lat/:lng/:findroute',
    meta: meta('map', 'route.map', { fullscreen: true, enabledAtCasualCharge: true }),
  },
];

/** Every other route of SPEC §2 with its meta flags. */
export const ROUTES: readonly RouteSpec[] = [
  {
    path: '/login',
    screen: 'login',
    meta: meta('login', 'route.login', { noFullScreenAd: true }),
  },
  {
    path: '/register',
    screen: 'register',
    meta: meta('register', 'route.register', { noFullScreenAd: true }),
  },
  {
    path: '/forgotten-password',
    screen: 'forgottenPassword',
    meta: meta('forgottenPassword', 'route.forgottenPassword', { noFullScreenAd: true }),
  },
  {
    path: '/authorize',
    screen: 'authorize',
    meta: meta('authorize', 'route.authorize', {
      ...loginOnly,
      noFullScreenAd: true,
      disableMainMenu: true,
    }),
  },
  {
    path: '/charger/:chargerId',
    screen: 'chargerView',
    meta: meta('charger', 'route.charger', {
      enabledAtCasualCharge: true,
      canRedirectHereAfterLogin: true,
    }),
  },
  {
    path: '/charger',
    screen: 'chargerView',
    meta: meta('charger', 'route.charger', {
      enabledAtCasualCharge: true,
      canRedirectHereAfterLogin: true,
    }),
  },
  {
    path: '/parking-lot/:parkingLotId',
    screen: 'parkingLotView',
    meta: meta('parkingLot', 'route.parkingLot', {
      enabledAtCasualCharge: true,
      canRedirectHereAfterLogin: true,
    }),
  },
  {
    path: '/parking-lot',
    screen: 'parkingLotView',
    meta: meta('parkingLot', 'route.parkingLot', {
      enabledAtCasualCharge: true,
      canRedirectHereAfterLogin: true,
    }),
  },
  {
    path: '/receipt',
    screen: 'receipt',
    // A guest's "Nyugta" button and receipt mail lead here (no logout on the way).
    meta: meta('receipt', 'route.receipt', {
      ...loginOnly,
      enabledAtCasualCharge: true,
      noFullScreenAd: true,
    }),
  },
  {
    path: '/payment-result',
    screen: 'paymentResult',
    meta: meta('paymentResult', 'route.paymentResult', paymentResult),
  },
  {
    path: '/registration-result',
    screen: 'registrationResult',
    meta: meta('registrationResult', 'route.registrationResult', { noFullScreenAd: true }),
  },
  { path: '/billing', screen: 'billing', meta: meta('billing', 'route.billing', loginOnly) },
  { path: '/me', screen: 'me', meta: meta('me', 'route.me', loginOnly) },
  {
    path: '/charge-history',
    screen: 'chargeHistory',
    meta: meta('chargeHistory', 'route.chargeHistory', {
      ...loginOnly,
      enabledAtCasualCharge: true,
    }),
  },
  {
    path: '/parking-history',
    screen: 'parkingHistory',
    meta: meta('parkingHistory', 'route.parkingHistory', {
      enabledAtCasualCharge: true,
      canRedirectHereAfterLogin: true,
    }),
  },
  {
    // The parking history's "Receipt" (not in SPEC); a guest's history links here too.
    path: '/parking-receipt',
    screen: 'parkingReceipt',
    meta: meta('parkingReceipt', 'route.parkingReceipt', {
      ...loginOnly,
      enabledAtCasualCharge: true,
      noFullScreenAd: true,
    }),
  },
  { path: '/cards', screen: 'cards', meta: meta('cards', 'route.cards', loginOnly) },
  {
    // Decision 0043: our driver's charge at a roaming partner's charger.
    path: '/roaming-charge',
    screen: 'roamingCharge',
    meta: meta('roamingCharge', 'route.roamingCharge', { ...loginOnly, noFullScreenAd: true }),
  },
  { path: '/cars', screen: 'cars', meta: meta('cars', 'route.cars', loginOnly) },
  { path: '/coupons', screen: 'coupons', meta: meta('coupons', 'route.coupons', loginOnly) },
  {
    path: '/coupon-redeem',
    screen: 'couponRedeem',
    meta: meta('couponRedeem', 'route.couponRedeem', loginOnly),
  },
  { path: '/invoices', screen: 'invoices', meta: meta('invoices', 'route.invoices', loginOnly) },
  {
    path: '/news',
    screen: 'newsList',
    meta: meta('news', 'route.news', { enabledAtCasualCharge: true }),
  },
  {
    path: '/news/:id',
    screen: 'newsPost',
    meta: meta('newsPost', 'route.newsPost', { enabledAtCasualCharge: true }),
  },
  {
    path: '/support',
    screen: 'support',
    meta: meta('support', 'route.support', { enabledAtCasualCharge: true }),
  },
  {
    path: '/parking-surcharge',
    screen: 'parkingSurcharge',
    meta: meta('parkingSurcharge', 'route.parkingSurcharge', {
      enabledAtCasualCharge: true,
      noFullScreenAd: true,
    }),
  },
  {
    path: '/about-us',
    screen: 'aboutUs',
    meta: meta('aboutUs', 'route.aboutUs', { enabledAtCasualCharge: true }),
  },
  {
    path: '/open-source',
    screen: 'openSource',
    meta: meta('openSource', 'route.openSource', {
      enabledAtCasualCharge: true,
      noFullScreenAd: true,
    }),
  },
  {
    path: '/charger-search/charger',
    screen: 'chargerSearch',
    meta: meta('chargerSearch', 'route.chargerSearch', { enabledAtCasualCharge: true }),
  },
  {
    path: '/charger-search/service',
    screen: 'chargerSearch',
    meta: meta('serviceSearch', 'route.serviceSearch', { enabledAtCasualCharge: true }),
  },
  {
    path: '/charger-search',
    screen: 'chargerSearch',
    meta: meta('chargerSearch', 'route.chargerSearch', { enabledAtCasualCharge: true }),
  },
  {
    path: '/parking-search',
    screen: 'parkingSearch',
    meta: meta('parkingSearch', 'route.parkingSearch', { enabledAtCasualCharge: true }),
  },
  {
    // SPEC §5 sends a parking view without a lot id here.
    path: '/parking-search/parking',
    screen: 'parkingSearch',
    meta: meta('parkingSearch', 'route.parkingSearch', { enabledAtCasualCharge: true }),
  },
  {
    path: '/prepaid-payment-result',
    screen: 'prepaidPaymentResult',
    meta: meta('prepaidPaymentResult', 'route.prepaidPaymentResult', {
      ...loginOnly,
      noFullScreenAd: true,
    }),
  },
  {
    path: '/parking-payment-result',
    screen: 'parkingPaymentResult',
    meta: meta('parkingPaymentResult', 'route.parkingPaymentResult', paymentResult),
  },
  {
    path: '/parking-surcharge-payment-result',
    screen: 'parkingSurchargePaymentResult',
    meta: meta(
      'parkingSurchargePaymentResult',
      'route.parkingSurchargePaymentResult',
      paymentResult,
    ),
  },
  {
    path: '/gtc',
    screen: 'gtc',
    meta: meta('gtc', 'route.gtc', { enabledAtCasualCharge: true, noFullScreenAd: true }),
  },
  {
    path: '/gtc-hu',
    screen: 'gtcHu',
    meta: meta('gtcHu', 'route.gtcHu', { enabledAtCasualCharge: true, noFullScreenAd: true }),
  },
  {
    path: '/privacy-statement',
    screen: 'privacy',
    meta: meta('privacyStatement', 'route.privacy', {
      enabledAtCasualCharge: true,
      noFullScreenAd: true,
    }),
  },
  {
    path: '/privacy-statement-hu',
    screen: 'privacyHu',
    meta: meta('privacyStatementHu', 'route.privacyHu', {
      enabledAtCasualCharge: true,
      noFullScreenAd: true,
    }),
  },
  { path: '/welcome', screen: 'welcome', meta: meta('welcome', 'route.welcome', wizard) },
  {
    path: '/profile-wizard',
    screen: 'profileWizard',
    meta: meta('profileWizard', 'route.profileWizard', wizard),
  },
  {
    path: '/billing-wizard',
    screen: 'billingWizard',
    meta: meta('billingWizard', 'route.billingWizard', wizard),
  },
  {
    path: '/cars-wizard',
    screen: 'carsWizard',
    meta: meta('carsWizard', 'route.carsWizard', wizard),
  },
  {
    path: '/cards-wizard',
    screen: 'cardsWizard',
    meta: meta('creditCardsWizard', 'route.cardsWizard', wizard),
  },
  {
    path: '/privacy-statement-wizard',
    screen: 'privacyWizard',
    meta: meta('privacyStatementWizard', 'route.privacy', {
      wizardView: true,
      disableMainMenu: true,
      noFullScreenAd: true,
    }),
  },
];

/** SPEC §2's old licence pages, which all lead to /open-source now. */
export const LICENSE_REDIRECTS: readonly string[] = [
  '/font-license',
  '/apache-license',
  '/vue-license',
  '/popper-license',
  '/url-search-params-polyfill-license',
  '/animateCss-license',
  '/axios-license',
  '/flicking-plugins-license',
  '/jquery-license',
  '/vuex-license',
];
