import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { BusyOverlay } from './BusyOverlay';
import { isRouteMeta, type RouteMeta } from './meta';
import { acknowledgeExpiredLogin, logout } from '../shared/session';
import { useSession } from './session';
import { afterStart } from '../shared/lib/startup';
import { TopBar } from './TopBar';
import { popupAllowedHere } from './popupGate';
import { useGuestAccess } from './useGuestAccess';

const Announcements = lazy(() =>
  Promise.all([import('../features/news'), import('../shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.Announcements),
  })),
);
// SPEC §4 Charge polling: the current charge every 5 s at the app root (the map routes).
const ChargePoller = lazy(() =>
  Promise.all([import('../features/charging'), import('../shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.ChargePoller),
  })),
);
const Footer = lazy(() =>
  Promise.all([import('./Footer'), import('../shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.Footer),
  })),
);

export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.handle;
    if (isRouteMeta(h)) return h;
  }
  return undefined;
}

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** Top bar, skip link, main landmark, footer, global overlays, title and login guard. */
export function Layout() {
  const { t, i18n } = useTranslation();
  const meta = useRouteMeta();
  const location = useLocation();
  const session = useSession();
  const mainRef = useRef<HTMLElement>(null);
  const firstRef = useRef(true);
  // Adverts and news wait until the map has had its start (SPEC: shown after start).
  const [settled, setSettled] = useState(false);
  useEffect(() => afterStart(() => setSettled(true)), []);

  // The document title follows the route title.
  useEffect(() => {
    document.title = meta ? `${t(meta.titleKey)} · Voltpark` : 'Voltpark';
  }, [meta, t, i18n.language]);

  // After navigation, focus moves to the main content (screen readers announce the new page).
  useEffect(() => {
    if (firstRef.current) {
      firstRef.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  // SPEC §4: casual users are logged out when they go to a route not enabled for casual charging.
  const casualOut = !!session.user?.casualUser && !!meta && !meta.enabledAtCasualCharge;
  useEffect(() => {
    if (casualOut) void logout();
  }, [casualOut]);

  // A registered driver whose login expired (a 401) on a page worth coming back to (the lot view,
  // the charger) goes to the log-in, which returns them after it and clears the mark;
  // elsewhere the mark is simply cleared (loginRequired pages are guarded below).
  const expired = !!session.expired;
  const returnHere = !!meta?.canRedirectHereAfterLogin && !meta.loginRequired;
  const from = `${location.pathname}${location.search}`;
  // One state object per page: <Navigate> navigates again whenever its state changes.
  const expiredState = useMemo(() => ({ loginExpired: true, from }), [from]);
  useEffect(() => {
    if (expired && !returnHere) acknowledgeExpiredLogin();
  }, [expired, returnHere]);

  const openingLink = useGuestAccess();
  if (expired && returnHere) return <Navigate to="/login" state={expiredState} />;
  if (openingLink) return <PageLoader />;

  const guard = meta?.loginRequired && !session.loggedIn;
  if (guard) {
    return (
      <Navigate
        to="/login"
        replace
        state={{
          loginNeeded: true,
          from: meta.canRedirectHereAfterLogin
            ? `${location.pathname}${location.search}`
            : undefined,
        }}
      />
    );
  }

  const fullscreen = meta?.fullscreen ?? false;
  return (
    <div className={fullscreen ? 'vp-app vp-app--fullscreen' : 'vp-app'}>
      <a className="vp-skip" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopBar showMenu={!meta?.disableMainMenu} />
      <main id="main" ref={mainRef} tabIndex={-1} className="vp-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      {!fullscreen && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <BusyOverlay />
      {fullscreen && session.loggedIn && (
        <Suspense fallback={null}>
          <ChargePoller />
        </Suspense>
      )}
      {settled && popupAllowedHere(meta, location.search) && (
        <Suspense fallback={null}>
          <Announcements />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
