import { afterEach, describe, expect, it } from 'vitest';
import type { OnboardingDetails } from '@voltpark/contract';
import { endPlan, planFor } from './plan';

const details = (over: Partial<OnboardingDetails>): OnboardingDetails => ({
  userHasPhoneNumber: true,
  userHasBillingData: false,
  userHasCar: false,
  userHasCreditCard: false,
  carAdditionSkipped: false,
  creditCardAdditionSkipped: false,
  userSetPhoneNumber: true,
  userSetBillingData: false,
  userSetCar: false,
  ...over,
});
const settings = { frontendWizardCards: '1' } as const;

afterEach(() => endPlan());

describe('the wizard plan', () => {
  it('opened without the welcome page, keeps its numbering as steps are finished', () => {
    expect(planFor('billing', details({}), settings)).toEqual(['billing', 'car', 'card']);
    // Billing data saved: the car step is still step 2 of 3, and the card step 3 of 3.
    const afterBilling = details({ userHasBillingData: true, userSetBillingData: true });
    expect(planFor('car', afterBilling, settings)).toEqual(['billing', 'car', 'card']);
    const afterCar = details({ userHasBillingData: true, userHasCar: true, userSetCar: true });
    expect(planFor('card', afterCar, settings)).toEqual(['billing', 'car', 'card']);
  });

  it('plans again once a run has ended', () => {
    planFor('billing', details({}), settings);
    endPlan();
    const onlyCard = details({ userHasBillingData: true, userHasCar: true });
    expect(planFor('card', onlyCard, settings)).toEqual(['card']);
  });
});
