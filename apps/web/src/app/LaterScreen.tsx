import { Alert, Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ComingLater, PageFrame } from '../shared/ui';
import { useRouteMeta } from './Layout';

/**
 * Screens that later issues deliver (login, registration, account, payments, wizards …): the
 * route's real frame and title with a clear notice, and nothing that pretends to work.
 */
export function LaterScreen() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const state = useLocation().state as { loginNeeded?: boolean } | null;
  return (
    <PageFrame title={meta ? t(meta.titleKey) : 'Voltpark'}>
      {state?.loginNeeded && (
        <Alert color="yellow" role="alert" title={t('auth.loginNeededTitle')}>
          {t('auth.loginNeeded')}
        </Alert>
      )}
      <ComingLater>{t('later.screen')}</ComingLater>
      <Group gap="md">
        <Anchor component={Link} to="/">
          {t('later.backToMap')}
        </Anchor>
        <Anchor component={Link} to="/support">
          {t('later.contactSupport')}
        </Anchor>
      </Group>
    </PageFrame>
  );
}
