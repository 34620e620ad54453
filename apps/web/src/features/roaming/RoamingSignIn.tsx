import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Roaming needs a registered driver's token: guests and signed-out visitors are asked to sign in,
 * or to register.
 */
export function RoamingSignIn({ from }: { from?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" data-testid="roaming-sign-in">
      <Text size="sm">{t('roamingCharge.signInNeeded')}</Text>
      <Group gap="md">
        <Anchor component={Link} to="/login" state={from ? { from } : undefined} size="sm">
          {t('roamingCharge.signIn')}
        </Anchor>
        <Anchor component={Link} to="/register" size="sm">
          {t('menu.register')}
        </Anchor>
      </Group>
    </Alert>
  );
}
