import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/shared/ui';

/** SPEC §2 Registration result: v=success → success title and go-to-login; else unsuccessful. */
export function RegistrationResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const success = params.get('v') === 'success';
  const chargerId = params.get('chargerId');
  return (
    <PageFrame title={success ? t('account.registrationSuccess') : t('account.registrationFailed')}>
      <Alert color={success ? 'green' : 'red'} data-testid="registration-result">
        {success ? t('account.registrationSuccessBody') : t('account.registrationFailedBody')}
      </Alert>
      <Group gap="md">
        {success ? (
          <Button
            component={Link}
            to="/login"
            state={chargerId ? { from: `/charger/${encodeURIComponent(chargerId)}` } : undefined}
            className="vp-touch"
          >
            {t('account.goToLogin')}
          </Button>
        ) : (
          <Button component={Link} to="/register" className="vp-touch">
            {t('account.toRegister')}
          </Button>
        )}
      </Group>
    </PageFrame>
  );
}
