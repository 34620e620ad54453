import { Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §2 Menus: the anonymous menu (nobody can log in in this version). */
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
          {ANONYMOUS_MENU.map((item) => (
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
        </Stack>
      </nav>
    </Drawer>
  );
}
