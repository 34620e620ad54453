import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProfileForm } from '@/features/account';
import { BillingScreen } from '@/features/billing';
import { CardsScreen } from '@/features/cards';
import { CarsScreen } from '@/features/cars';
import { apiRoutes, callApi } from '@/shared/api';
import { stepPending, type WizardStep } from '@/shared/lib/onboarding';
import { loadUser, setUser, useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { endPlan, planFor, STEP_ROUTES, STEP_TITLES } from './plan';
import { useOnboarding } from './useOnboarding';

const ROUTE_TITLES: Record<WizardStep, string> = {
  phone: 'route.profileWizard',
  billing: 'route.billingWizard',
  car: 'route.carsWizard',
  card: 'route.cardsWizard',
};

const HINTS: Record<WizardStep, string> = {
  phone: 'onboarding.hintPhone',
  billing: 'onboarding.hintBilling',
  car: 'onboarding.hintCar',
  card: 'onboarding.hintCard',
};

/** SPEC §9: the cards list is polled every 5 s; the card step follows it the same way. */
const CARD_POLL_MS = 5000;

/**
 * One step of the welcome wizard (SPEC §2): "step n of N" over the steps of this run, the
 * step's screen in wizard mode, previous, next or (last) start using, which returns to /.
 * Next is offered once the step is done; the car step can be skipped when the operator made it
 * optional, the card step always (skip-car and skip-card calls).
 */
export function WizardStepPage({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, extra, failed } = useOnboarding();
  const session = useSession();
  const title = t(ROUTE_TITLES[step]);
  const cardPending = step === 'card' && !!extra && !extra.onboardingDetails.userHasCreditCard;

  // A card registered at SimplePay turns active a little later (IPN): follow it like the list.
  useEffect(() => {
    if (!cardPending) return;
    const id = setInterval(() => void loadUser(), CARD_POLL_MS);
    return () => clearInterval(id);
  }, [cardPending]);

  if (failed || !user || !extra) {
    return (
      <PageFrame title={title}>
        {failed ? (
          <Alert color="red" role="alert">
            {t('onboarding.loadFailed')}
          </Alert>
        ) : (
          <Loader aria-label={t('common.loading')} />
        )}
      </PageFrame>
    );
  }

  const d = extra.onboardingDetails;
  const plan = planFor(step, d, extra.settings);
  const i = plan.indexOf(step);
  const last = i === plan.length - 1;
  const done = !stepPending(step, d, extra.settings);
  const prev =
    i > 0
      ? STEP_ROUTES[plan[i - 1]!]
      : extra.settings.frontendWelcomeScreen === '1'
        ? '/welcome'
        : null;
  const goNext = () => {
    if (last) {
      endPlan();
      void navigate('/', { replace: true });
    } else void navigate(STEP_ROUTES[plan[i + 1]!]);
  };
  const refresh = () => void loadUser();

  const skip = async () => {
    const details =
      step === 'car'
        ? await callApi(apiRoutes.skipCarAddition, {})
        : await callApi(apiRoutes.skipCardAddition, {});
    if (session.user) setUser(session.user, { ...extra, onboardingDetails: details });
    goNext();
  };
  const canSkip =
    !done &&
    (step === 'card' || (step === 'car' && extra.settings.frontendWizardCarsOptional === '1'));

  let content: ReactNode;
  if (step === 'phone') {
    content = (
      <ProfileForm user={user} wizard onSaved={() => void loadUser().then((u) => u && goNext())} />
    );
  } else if (step === 'billing') {
    content = <BillingScreen wizard onListChange={refresh} />;
  } else if (step === 'car') {
    content = <CarsScreen wizard onCarsChange={refresh} />;
  } else {
    content = <CardsScreen wizard />;
  }

  return (
    <PageFrame title={title}>
      <Text fw={600} data-testid="wizard-step">
        {t('onboarding.stepOf', { n: i + 1, total: plan.length, name: t(STEP_TITLES[step]) })}
      </Text>
      <Text size="sm">{t(HINTS[step])}</Text>
      <Stack gap="md">{content}</Stack>
      <Group justify="space-between" gap="md" mt="md">
        {prev ? (
          <Button variant="default" className="vp-touch" onClick={() => void navigate(prev)}>
            {t('onboarding.previous')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="md">
          {canSkip && (
            <Button
              variant="subtle"
              className="vp-touch"
              onClick={() => void skip().catch(() => {})}
              data-testid="wizard-skip"
            >
              {t('onboarding.skip')}
            </Button>
          )}
          <Button
            className="vp-touch"
            // "A Voltpark használatának megkezdése" wraps on a narrow phone instead of overflowing.
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            disabled={!done}
            onClick={goNext}
            data-testid="wizard-next"
          >
            {last ? t('onboarding.startUsing') : t('onboarding.next')}
          </Button>
        </Group>
      </Group>
      {!done && (
        <Text size="sm" role="status">
          {t('onboarding.finishFirst')}
        </Text>
      )}
    </PageFrame>
  );
}

export const ProfileWizardPage = () => <WizardStepPage step="phone" />;
export const BillingWizardPage = () => <WizardStepPage step="billing" />;
export const CarsWizardPage = () => <WizardStepPage step="car" />;
export const CardsWizardPage = () => <WizardStepPage step="card" />;
