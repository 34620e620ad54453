import { Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getPlatform } from '../shared/lib/platform';
import { logout, useSession } from '../shared/session';
import { ROUTES } from './routeTable';

/** SPEC §2 Menus: the logged-in (also wizard and casual) user's menu. */
export const USER_MENU: readonly { to: string; key: string }[] = [
  { to: '/billing', key: 'route.billing' },
  { to: '/me', key: 'route.me' },
  { to: '/charge-history', key: 'route.chargeHistory' },
  { to: '/parking-history', key: 'route.parkingHistory' },
  { to: '/cards', key: 'route.cards' },
  { to: '/cars', key: 'route.cars' },
  { to: '/coupons', key: 'route.coupons' },
  { to: '/invoices', key: 'route.invoices' },
];

/**
 * A casual (guest) user's menu: only the routes enabled for casual users (SPEC §4: any other
 * route logs the guest out, and the running charge would be lost to them).
 */
export const CASUAL_MENU: readonly { to: string; key: string }[] = [
  { to: '/map', key: 'menu.map' },
  ...USER_MENU.filter((item) =>
    ROUTES.some((r) => r.path === item.to && r.meta.enabledAtCasualCharge),
  ),
];

/** SPEC §2 Menus: the anonymous menu. */
export const ANONYMOUS_MENU: readonly { to: string; key: string }[] = [
  { to: '/map', key: 'menu.map' },
  { to: '/login', key: 'menu.login' },
  { to: '/register', key: 'menu.register' },
  { to: '/forgotten-password', key: 'menu.forgottenPassword' },
  { to: '/news', key: 'menu.news' },
  { to: '/support', key: 'menu.support' },
  { to: '/parking-surcharge', key: 'menu.parkingSurcharge' },
  { to: '/about-us', key: 'menu.aboutUs' },
];

/** SPEC §2/§6: coupon redemption, for service providers only and hidden on iOS. */
export function showsCouponRedeem(types: readonly string[] | undefined, platform: string): boolean {
  return !!types?.includes('SERVICE_PROVIDER') && platform !== 'ios';
}

/** The main menu drawer (loaded on first open, so it costs the map nothing). */
export default function MainMenu({
  opened,
  onClose,
  pathname,
}: {
  opened: boolean;
  onClose: () => void;
  pathname: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn, user } = useSession();
  const items = loggedIn
    ? user?.casualUser
      ? CASUAL_MENU
      : [
          ...USER_MENU,
          ...(showsCouponRedeem(user?.types, getPlatform())
            ? [{ to: '/coupon-redeem', key: 'route.couponRedeem' }]
            : []),
        ]
    : ANONYMOUS_MENU;
  const showLogout = loggedIn && !user?.casualUser;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('menu.title')}
      size="xs"
      closeButtonProps={{ 'aria-label': t('menu.close') }}
    >
      <nav id="main-menu" aria-label={t('menu.title')}>
        <Stack gap={2} component="ul" className="vp-plain-list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                component={Link}
                to={item.to}
                label={t(item.key)}
                active={pathname === item.to}
                aria-current={pathname === item.to ? 'page' : undefined}
                onClick={onClose}
                className="vp-touch"
              />
            </li>
          ))}
          {showLogout && (
            <li>
              <NavLink
                component="button"
                type="button"
                label={t('menu.logout')}
                data-testid="menu-logout"
                onClick={() => {
                  onClose();
                  void logout().then(() => navigate('/'));
                }}
                className="vp-touch"
              />
            </li>
          )}
        </Stack>
      </nav>
    </Drawer>
  );
}
