import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { HomeActions } from '../features/home';
import { MapScreen } from '../features/map';
import { Layout } from './Layout';
import { meta } from './meta';
import { RouteError } from './RouteError';
import { LICENSE_REDIRECTS, MAP_ROUTES, ROUTES, type ScreenKey } from './routeTable';

type Lazy = NonNullable<RouteObject['lazy']>;

/** Loads a screen and wraps it in the query cache provider (both on demand). */
function screen<M>(mod: Promise<M>, pick: (m: M) => ComponentType) {
  return Promise.all([mod, import('../shared/query')]).then(([m, q]) => ({
    Component: q.withQuery(pick(m)),
  }));
}

/** Every screen except the map is loaded on demand, keeping the map's initial JS small. */
const SCREENS: Record<ScreenKey, Lazy> = {
  chargerView: () => screen(import('../features/charger'), (m) => m.ChargerView),
  parkingLotView: () => screen(import('../features/parking'), (m) => m.ParkingLotView),
  newsList: () => screen(import('../features/news'), (m) => m.NewsListPage),
  newsPost: () => screen(import('../features/news'), (m) => m.NewsPostPage),
  support: () => screen(import('../features/legal'), (m) => m.SupportPage),
  aboutUs: () => screen(import('../features/legal'), (m) => m.AboutPage),
  gtc: () => screen(import('../features/legal'), (m) => m.GtcPage),
  gtcHu: () => screen(import('../features/legal'), (m) => m.GtcHuPage),
  privacy: () => screen(import('../features/legal'), (m) => m.PrivacyPage),
  privacyHu: () => screen(import('../features/legal'), (m) => m.PrivacyHuPage),
  privacyWizard: () => screen(import('../features/legal'), (m) => m.PrivacyWizardPage),
  openSource: () => screen(import('../features/openSource'), (m) => m.OpenSourcePage),
  chargerSearch: () => screen(import('../features/search'), (m) => m.LocationSearchPage),
  parkingSearch: () => screen(import('../features/search'), (m) => m.ParkingSearchPage),
  login: () => screen(import('../features/account'), (m) => m.LoginPage),
  register: () => screen(import('../features/account'), (m) => m.RegisterPage),
  registrationResult: () => screen(import('../features/account'), (m) => m.RegistrationResultPage),
  forgottenPassword: () => screen(import('../features/account'), (m) => m.ForgottenPasswordPage),
  authorize: () => screen(import('../features/account'), (m) => m.AuthorizePage),
  me: () => screen(import('../features/account'), (m) => m.ProfilePage),
  billing: () => screen(import('../features/billing'), (m) => m.BillingPage),
  cars: () => screen(import('../features/cars'), (m) => m.CarsPage),
  welcome: () => screen(import('../features/onboarding'), (m) => m.WelcomePage),
  profileWizard: () => screen(import('../features/onboarding'), (m) => m.ProfileWizardPage),
  billingWizard: () => screen(import('../features/onboarding'), (m) => m.BillingWizardPage),
  carsWizard: () => screen(import('../features/onboarding'), (m) => m.CarsWizardPage),
  cardsWizard: () => screen(import('../features/onboarding'), (m) => m.CardsWizardPage),
  chargeHistory: () => screen(import('../features/charging'), (m) => m.ChargeHistoryPage),
  receipt: () => screen(import('../features/charging'), (m) => m.ReceiptPage),
  paymentResult: () => screen(import('../features/charging'), (m) => m.PaymentResultPage),
  cards: () => screen(import('../features/cards'), (m) => m.CardsPage),
  prepaidPaymentResult: () => screen(import('../features/cards'), (m) => m.PrepaidResultPage),
  invoices: () => screen(import('../features/invoices'), (m) => m.InvoicesPage),
  parkingHistory: () => screen(import('../features/parking'), (m) => m.ParkingHistoryPage),
  parkingReceipt: () => screen(import('../features/parking'), (m) => m.ParkingReceiptPage),
  parkingPaymentResult: () =>
    screen(import('../features/parking'), (m) => m.ParkingPaymentResultPage),
  parkingSurcharge: () => screen(import('../features/parking'), (m) => m.SurchargePage),
  parkingSurchargePaymentResult: () =>
    screen(import('../features/parking'), (m) => m.SurchargePaymentResultPage),
  coupons: () => screen(import('../features/coupons'), (m) => m.CouponsPage),
  couponRedeem: () => screen(import('../features/coupons'), (m) => m.CouponRedeemPage),
  roamingCharge: () => screen(import('../features/roaming'), (m) => m.RoamingChargePage),
};

export function buildRoutes(): RouteObject[] {
  const [home, ...mapRoutes] = MAP_ROUTES;
  return [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <div />,
      children: [
        {
          element: <MapScreen />,
          children: [
            { index: true, element: <HomeActions />, handle: home!.meta },
            ...mapRoutes.map((r) => ({ path: r.path, element: null, handle: r.meta })),
          ],
        },
        ...ROUTES.map((r): RouteObject => ({
          path: r.path,
          lazy: SCREENS[r.screen],
          handle: r.meta,
        })),
        ...LICENSE_REDIRECTS.map((path): RouteObject => ({
          path,
          element: <Navigate to="/open-source" replace />,
          handle: meta('openSource', 'route.openSource', { noFullScreenAd: true }),
        })),
        {
          path: '*',
          lazy: () => import('./NotFound').then((m) => ({ Component: m.NotFound })),
          handle: meta('notFound', 'route.notFound'),
        },
      ],
    },
  ];
}
