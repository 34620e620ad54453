import { describe, expect, it } from 'vitest';
import {
  onboardingIncomplete as contractRule,
  type OnboardingDetails,
  type Settings,
} from '@voltpark/contract';
import { onboardingIncomplete, pendingSteps } from './onboarding';

const details = (over: Partial<OnboardingDetails> = {}): OnboardingDetails => ({
  userHasPhoneNumber: false,
  userHasBillingData: false,
  userHasCar: false,
  userHasCreditCard: false,
  carAdditionSkipped: false,
  creditCardAdditionSkipped: false,
  userSetPhoneNumber: false,
  userSetBillingData: false,
  userSetCar: false,
  ...over,
});
const settings = (over: Partial<Settings> = {}): Settings => ({
  frontendWizardCarsOptional: '0',
  frontendWizardCards: '0',
  frontendWelcomeScreen: '1',
  ...over,
});

describe('welcome wizard steps (SPEC §2, §4)', () => {
  it('lists the missing steps in the order phone, billing, car, card', () => {
    expect(pendingSteps(details(), settings({ frontendWizardCards: '1' }))).toEqual([
      'phone',
      'billing',
      'car',
      'card',
    ]);
  });

  it('skips steps already done, so the rest are renumbered from 1', () => {
    const steps = pendingSteps(
      details({ userHasPhoneNumber: true, userHasCar: true }),
      settings({ frontendWizardCards: '1' }),
    );
    expect(steps).toEqual(['billing', 'card']);
    expect(steps.indexOf('card') + 1).toBe(2);
  });

  it('leaves out a skipped car, a skipped card, and the card while the card wizard is off', () => {
    expect(pendingSteps(details({ carAdditionSkipped: true }), settings())).toEqual([
      'phone',
      'billing',
    ]);
    expect(
      pendingSteps(
        details({ creditCardAdditionSkipped: true }),
        settings({ frontendWizardCards: '1' }),
      ),
    ).toEqual(['phone', 'billing', 'car']);
  });

  it('decides "onboarding incomplete" exactly as the contract does, for every combination', () => {
    const flags = [
      'userHasPhoneNumber',
      'userHasBillingData',
      'userHasCar',
      'userHasCreditCard',
      'carAdditionSkipped',
      'creditCardAdditionSkipped',
    ] as const;
    let incomplete = 0;
    for (let mask = 0; mask < 1 << flags.length; mask++) {
      const d = details(Object.fromEntries(flags.map((f, i) => [f, !!(mask & (1 << i))])));
      for (const carsOptional of ['0', '1'] as const) {
        for (const cards of ['0', '1'] as const) {
          const s = settings({
            frontendWizardCarsOptional: carsOptional,
            frontendWizardCards: cards,
          });
          expect(onboardingIncomplete(d, s)).toBe(contractRule(d, s));
          if (onboardingIncomplete(d, s)) incomplete++;
        }
      }
    }
    expect(incomplete).toBeGreaterThan(0);
  });

  it('is complete with phone, billing and car; the car is not needed when optional', () => {
    const done = details({ userHasPhoneNumber: true, userHasBillingData: true });
    expect(onboardingIncomplete({ ...done, userHasCar: true }, settings())).toBe(false);
    expect(onboardingIncomplete(done, settings())).toBe(true);
    expect(onboardingIncomplete(done, settings({ frontendWizardCarsOptional: '1' }))).toBe(false);
    expect(
      onboardingIncomplete({ ...done, userHasCar: true }, settings({ frontendWizardCards: '1' })),
    ).toBe(true);
  });
});
