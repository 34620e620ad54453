import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Roaming needs a registered driver's token: guests and signed-out visitors are asked to sign in. */
export function RoamingSignIn({ from }: { from?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" data-testid="roaming-sign-in">
      <Text size="sm">{t('roamingCharge.signInNeeded')}</Text>
      <Anchor component={Link} to="/login" state={from ? { from } : undefined} size="sm">
        {t('roamingCharge.signIn')}
      </Anchor>
    </Alert>
  );
}
