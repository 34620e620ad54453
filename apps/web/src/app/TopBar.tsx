import { lazy, Suspense, useState } from 'react';
import { Badge, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const MainMenu = lazy(() => import('./MainMenu'));
// SPEC §2 Map: the top-bar icon of a running charge (loaded only for a logged-in user).
const RunningChargeIndicator = lazy(() =>
  Promise.all([import('../features/charging'), import('../shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.RunningChargeIndicator),
  })),
);
// Decision 0043: the top-bar icon of a live charge at a roaming partner's charger.
const RoamingChargeIndicator = lazy(() =>
  Promise.all([import('../features/roaming'), import('../shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.RoamingChargeIndicator),
  })),
);
// SPEC §2: the top-bar icon of a current parking (live over /ws; only for a logged-in user).
const ParkingIndicator = lazy(() =>
  Promise.all([import('../features/parking'), import('../shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.ParkingIndicator),
  })),
);
import { LanguageSwitch } from './LanguageSwitch';
import { useServerMode } from '../shared/lib/serverMode';
import { useSession } from '../shared/session';

function Logo() {
  return (
    <svg viewBox="0 0 100 100" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="100" height="100" rx="20" fill="#0b6e4f" />
      <polygon points="58,8 24,56 46,56 38,92 76,40 54,40 64,8" fill="#fff" />
    </svg>
  );
}

export function TopBar({ showMenu }: { showMenu: boolean }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { pathname } = useLocation();
  const mode = useServerMode();
  const sandbox = mode !== null && mode !== 'production';
  const { loggedIn } = useSession();

  return (
    <header className="vp-topbar">
      <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap={6}>
        <Group gap={6} wrap="nowrap">
          {showMenu && (
            <Burger
              opened={menuOpen}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen((o) => !o);
              }}
              aria-label={t('menu.open')}
              aria-expanded={menuOpen}
              aria-controls="main-menu"
              size="sm"
              className="vp-touch"
            />
          )}
          <Link to="/" className="vp-logo" aria-label={t('app.homeLink')}>
            <Logo />
            <span className="vp-logo__text">Voltpark</span>
          </Link>
          {sandbox && (
            <Badge
              color="orange"
              variant="filled"
              size="lg"
              radius="sm"
              className="vp-sandbox"
              styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
              data-testid="sandbox-badge"
              title={t('app.sandboxHint')}
              aria-label={`SANDBOX – ${t('app.sandboxHint')}`}
            >
              SANDBOX
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {loggedIn && (
            <Suspense fallback={null}>
              <RunningChargeIndicator />
              <RoamingChargeIndicator />
              <ParkingIndicator />
            </Suspense>
          )}
          <LanguageSwitch />
        </Group>
      </Group>
      {showMenu && menuLoaded && (
        <Suspense fallback={null}>
          <MainMenu opened={menuOpen} onClose={() => setMenuOpen(false)} pathname={pathname} />
        </Suspense>
      )}
    </header>
  );
}
