import type { OnboardingDetails, Settings } from '@voltpark/contract';
import { pendingSteps, WIZARD_ORDER, type WizardStep } from '@/shared/lib/onboarding';

export const STEP_ROUTES: Record<WizardStep, string> = {
  phone: '/profile-wizard',
  billing: '/billing-wizard',
  car: '/cars-wizard',
  card: '/cards-wizard',
};

/** i18n keys of the steps' names. */
export const STEP_TITLES: Record<WizardStep, string> = {
  phone: 'onboarding.stepPhone',
  billing: 'onboarding.stepBilling',
  car: 'onboarding.stepCar',
  card: 'onboarding.stepCard',
};

const KEY = 'voltpark.wizardPlan';

/**
 * The steps of this run of the wizard, fixed when it starts so that the numbering does not
 * move while the user finishes steps (kept for the tab in sessionStorage).
 */
export function startPlan(steps: readonly WizardStep[]): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(steps));
  } catch {
    /* private mode: the plan is recomputed per step */
  }
}

/** The run is over (finished): the next run plans again. */
export function endPlan(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
}

function storedPlan(): WizardStep[] | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const v: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(v) && v.every((s) => WIZARD_ORDER.includes(s as WizardStep))
      ? (v as WizardStep[])
      : null;
  } catch {
    return null;
  }
}

/**
 * The numbered steps shown on a step page: the run's plan, or (opened directly, e.g. straight
 * after log-in without the welcome page) the pending steps, which then become the run's plan so
 * that finishing a step does not renumber the next ones ("1/3", then "2/3", not "1/2"); the
 * current step is always among them, in SPEC order.
 */
export function planFor(
  current: WizardStep,
  d: OnboardingDetails,
  s: Pick<Settings, 'frontendWizardCards'>,
): WizardStep[] {
  const stored = storedPlan();
  const steps = new Set<WizardStep>([...(stored ?? pendingSteps(d, s)), current]);
  const plan = WIZARD_ORDER.filter((step) => steps.has(step));
  if (!stored) startPlan(plan);
  return plan;
}
