import { Alert, Button, Group, List, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { pendingSteps } from '@/shared/lib/onboarding';
import { PageFrame } from '@/shared/ui';
import { STEP_ROUTES, STEP_TITLES, startPlan } from './plan';
import { useOnboarding } from './useOnboarding';

/**
 * SPEC §2 Welcome wizard (/welcome): lists the steps still to do (done ones skipped, numbering
 * renumbered) and starts them. With the operator's welcome screen off it goes straight to the
 * first step; with nothing left to do, to the map.
 */
export function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { extra, failed } = useOnboarding();
  const steps = extra ? pendingSteps(extra.onboardingDetails, extra.settings) : null;
  const skipIntro = extra?.settings.frontendWelcomeScreen !== '1';

  if (failed) {
    return (
      <PageFrame title={t('route.welcome')}>
        <Alert color="red" role="alert">
          {t('onboarding.loadFailed')}
        </Alert>
      </PageFrame>
    );
  }
  if (!steps) {
    return (
      <PageFrame title={t('route.welcome')}>
        <Loader aria-label={t('common.loading')} />
      </PageFrame>
    );
  }
  if (steps.length === 0) return <Navigate to="/" replace />;
  if (skipIntro) {
    startPlan(steps);
    return <Navigate to={STEP_ROUTES[steps[0]!]} replace />;
  }

  return (
    <PageFrame title={t('onboarding.welcomeTitle')}>
      <Text>{t('onboarding.welcomeIntro')}</Text>
      <List type="ordered" spacing="xs" data-testid="wizard-steps">
        {steps.map((s) => (
          <List.Item key={s}>{t(STEP_TITLES[s])}</List.Item>
        ))}
      </List>
      <Group>
        <Button
          className="vp-touch"
          onClick={() => {
            startPlan(steps);
            void navigate(STEP_ROUTES[steps[0]!]);
          }}
        >
          {t('onboarding.start')}
        </Button>
      </Group>
    </PageFrame>
  );
}
