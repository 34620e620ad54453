import type { OnboardingDetails, Settings } from '@voltpark/contract';

/** The welcome wizard's steps, in SPEC §2 order: phone, billing, car, bank card. */
export type WizardStep = 'phone' | 'billing' | 'car' | 'card';
export const WIZARD_ORDER: readonly WizardStep[] = ['phone', 'billing', 'car', 'card'];

/** Whether a step still has to be shown (SPEC §2: steps already done are skipped). */
export function stepPending(
  step: WizardStep,
  d: OnboardingDetails,
  s: Pick<Settings, 'frontendWizardCards'>,
): boolean {
  switch (step) {
    case 'phone':
      return !d.userHasPhoneNumber;
    case 'billing':
      return !d.userHasBillingData;
    case 'car':
      return !d.userHasCar && !d.carAdditionSkipped;
    case 'card':
      return s.frontendWizardCards === '1' && !d.userHasCreditCard && !d.creditCardAdditionSkipped;
  }
}

/** The steps still to do, in order. */
export function pendingSteps(
  d: OnboardingDetails,
  s: Pick<Settings, 'frontendWizardCards'>,
): WizardStep[] {
  return WIZARD_ORDER.filter((step) => stepPending(step, d, s));
}

/**
 * SPEC §4: onboarding is incomplete when the phone, billing data or a car (unless skipped or
 * made optional by the operator) is missing, or the card is missing while the card wizard is on.
 * (The same rule as the contract's `onboardingIncomplete`, without loading zod in the browser.)
 */
export function onboardingIncomplete(d: OnboardingDetails, s: Settings): boolean {
  if (!d.userHasPhoneNumber || !d.userHasBillingData) return true;
  if (!d.userHasCar && !d.carAdditionSkipped && s.frontendWizardCarsOptional !== '1') return true;
  return stepPending('card', d, s);
}
