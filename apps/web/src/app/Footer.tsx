import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '../shared/api';
import { useLang } from '../shared/i18n/useLang';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLang();
  const footer = useQuery({
    queryKey: ['footer', lang],
    queryFn: () => callApi(apiRoutes.footerRandom, { busy: false, quiet: true }),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
  return (
    <footer className="vp-footer">
      {footer.data?.text && (
        <Text size="sm" mb="xs" data-testid="footer-text">
          {footer.data.text}
        </Text>
      )}
      <nav aria-label={t('footer.nav')}>
        <Group gap="md" component="ul" className="vp-plain-list vp-footer__links">
          <li>
            <Anchor component={Link} to="/gtc" size="sm">
              {t('footer.gtc')}
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to="/privacy-statement" size="sm">
              {t('footer.privacy')}
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to="/about-us" size="sm">
              {t('footer.about')}
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to="/support" size="sm">
              {t('footer.support')}
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to="/open-source" size="sm">
              {t('footer.openSource')}
            </Anchor>
          </li>
        </Group>
      </nav>
    </footer>
  );
}
