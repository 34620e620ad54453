import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { buildRoutes } from './router';
import { isRouteMeta, type RouteMeta } from './meta';
import { LICENSE_REDIRECTS, MAP_ROUTES, ROUTES } from './routeTable';

/** Every route of SPEC §2's route table. */
const SPEC_PATHS = [
  '/',
  '/map',
  '/map/47.5/19.04',
  '/map/47.5/19.04/route',
  '/login',
  '/register',
  '/forgotten-password',
  '/authorize',
  '/charger/12',
  '/charger',
  '/parking-lot/3',
  '/parking-lot',
  '/receipt',
  '/payment-result',
  '/registration-result',
  '/billing',
  '/me',
  '/charge-history',
  '/parking-history',
  '/cards',
  '/cars',
  '/coupons',
  '/coupon-redeem',
  '/invoices',
  '/news',
  '/news/5',
  '/support',
  '/parking-surcharge',
  '/about-us',
  '/open-source',
  '/charger-search/charger',
  '/charger-search/service',
  '/charger-search',
  '/parking-search',
  '/prepaid-payment-result',
  '/parking-payment-result',
  '/parking-surcharge-payment-result',
  '/gtc',
  '/gtc-hu',
  '/privacy-statement',
  '/privacy-statement-hu',
  '/welcome',
  '/profile-wizard',
  '/billing-wizard',
  '/cars-wizard',
  '/cards-wizard',
  '/privacy-statement-wizard',
];

/** SPEC §2: "Login required" (and the wizard routes). */
const LOGIN_REQUIRED = [
  '/authorize',
  '/receipt',
  '/billing',
  '/me',
  '/charge-history',
  '/cards',
  '/cars',
  '/coupons',
  '/coupon-redeem',
  '/invoices',
  '/prepaid-payment-result',
  '/welcome',
  '/profile-wizard',
  '/billing-wizard',
  '/cars-wizard',
  '/cards-wizard',
];

function metaFor(path: string): RouteMeta | undefined {
  const matches = matchRoutes(buildRoutes(), path) ?? [];
  const last = [...matches].reverse().find((m) => isRouteMeta(m.route.handle));
  return last?.route.handle as RouteMeta | undefined;
}

describe('route table', () => {
  it.each(SPEC_PATHS)('%s exists with meta (not the 404 route)', (path) => {
    const meta = metaFor(path);
    expect(meta).toBeDefined();
    expect(meta!.name).not.toBe('notFound');
    expect(meta!.titleKey).toMatch(/^route\./);
  });

  it('flags exactly the login-required routes', () => {
    for (const path of SPEC_PATHS) {
      expect(metaFor(path)!.loginRequired, path).toBe(LOGIN_REQUIRED.includes(path));
    }
  });

  it('marks the map routes full screen, wizards as wizard views, and the rest not full screen', () => {
    for (const r of MAP_ROUTES) expect(r.meta.fullscreen).toBe(true);
    for (const r of ROUTES) expect(r.meta.fullscreen).toBe(false);
    for (const p of [
      '/welcome',
      '/profile-wizard',
      '/billing-wizard',
      '/cars-wizard',
      '/cards-wizard',
      '/privacy-statement-wizard',
    ]) {
      expect(metaFor(p)!.wizardView, p).toBe(true);
    }
    expect(metaFor('/privacy-statement-wizard')!.loginRequired).toBe(false);
    expect(metaFor('/cards-wizard')!.name).toBe('creditCardsWizard');
    expect(metaFor('/parking-history')!.enabledAtCasualCharge).toBe(true);
  });

  it('carries every SPEC meta flag on every route', () => {
    const flags = [
      'titleKey',
      'loginRequired',
      'enabledAtCasualCharge',
      'wizardView',
      'fullscreen',
      'canRedirectHereAfterLogin',
      'disableMainMenu',
      'noFullScreenAd',
    ];
    for (const r of [...MAP_ROUTES, ...ROUTES])
      for (const f of flags) expect(r.meta, `${r.path} ${f}`).toHaveProperty(f);
  });

  it('sends the ten old licence routes to /open-source', () => {
    expect(LICENSE_REDIRECTS).toHaveLength(10);
    for (const p of LICENSE_REDIRECTS) expect(metaFor(p)!.name).toBe('openSource');
  });

  it('answers unknown paths with the not-found route', () => {
    expect(metaFor('/no-such-page')!.name).toBe('notFound');
  });
});
