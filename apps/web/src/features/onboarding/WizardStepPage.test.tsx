import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OnboardingDetails, Settings } from '@voltpark/contract';
import { resetSessionForTests } from '@/shared/session';
import { renderApp } from '@/test/render';
import { inHungarian } from '@/test/i18n';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, extraData?: unknown) =>
  json({ result: true, data, messages: [], useAlert: false, ...(extraData ? { extraData } : {}) });

const user = {
  id: 3,
  email: 'bea@example.hu',
  types: ['USER'],
  casualUser: false,
  casualCharge: false,
  preferedLanguage: 'hu',
  firstName: null,
  lastName: null,
  phone: '+36 30 123 4567',
  hasPassword: true,
  usedApple: false,
  usedFacebook: false,
  usedGoogle: false,
};
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
const settings = (over: Partial<Settings> = {}): Settings => ({
  frontendWizardCarsOptional: '0',
  frontendWizardCards: '1',
  frontendWelcomeScreen: '1',
  ...over,
});

/** A server whose loggedin-user answers with these details (other lists empty). */
function serve(d: OnboardingDetails, s: Settings) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = String(url);
      calls.push(u);
      if (u.includes('/user/loggedin-user')) return ok(user, { settings: s, onboardingDetails: d });
      if (u.includes('/user/skip-car-addition')) return ok({ ...d, carAdditionSkipped: true });
      return ok([]);
    }),
  );
  return calls;
}

function renderAt(path: string) {
  localStorage.setItem('loggedInUserId', '3');
  localStorage.setItem('loggedInUserToken', 'tok');
  resetSessionForTests();
  return renderApp(path);
}

describe('welcome wizard (component)', { timeout: 30_000 }, () => {
  inHungarian();
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('/welcome lists only the steps not done, numbered from 1', async () => {
    serve(details({ userHasCar: true }), settings());
    renderAt('/welcome');
    const list = await screen.findByTestId('wizard-steps', {}, { timeout: 5000 });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Számlázási adatok',
      'Bankkártya',
    ]);
  });

  it('a step page counts over the remaining steps, and next waits until the step is done', async () => {
    serve(details({}), settings());
    renderAt('/billing-wizard');
    expect((await screen.findByTestId('wizard-step', {}, { timeout: 5000 })).textContent).toBe(
      '1/3. lépés: Számlázási adatok',
    );
    const next = screen.getByTestId('wizard-next');
    expect(next).toHaveProperty('disabled', true);
    // The first step has no previous step, only the welcome screen.
    expect(screen.getByRole('button', { name: 'Vissza' })).toBeTruthy();
  });

  it('with the card wizard off the car step is the last: start using', async () => {
    serve(details({ userHasBillingData: true }), settings({ frontendWizardCards: '0' }));
    renderAt('/cars-wizard');
    expect((await screen.findByTestId('wizard-step', {}, { timeout: 5000 })).textContent).toBe(
      '1/1. lépés: Az Ön autója',
    );
    expect(screen.getByTestId('wizard-next').textContent).toBe(
      'A Voltpark használatának megkezdése',
    );
    expect(screen.queryByTestId('wizard-skip')).toBeNull();
  });

  it('an optional car step can be skipped (skip-car call), which finishes the wizard', async () => {
    const calls = serve(
      details({ userHasBillingData: true }),
      settings({ frontendWizardCards: '0', frontendWizardCarsOptional: '1' }),
    );
    const router = renderAt('/cars-wizard');
    const skip = await screen.findByTestId('wizard-skip', {}, { timeout: 5000 });
    await userEvent.setup().click(skip);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((u) => u.includes('/api/v1/user/skip-car-addition'))).toBe(true);
  });

  it('phone step: the profile form without cancel and delete; saving goes on without logging out', async () => {
    const d = details({ userHasPhoneNumber: false, userSetPhoneNumber: false });
    const calls: string[] = [];
    let phoneSaved = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const u = String(url);
        calls.push(`${init.method ?? 'GET'} ${u}`);
        if (u.includes('/user/update')) {
          phoneSaved = true;
          return ok(user);
        }
        if (u.includes('/user/loggedin-user'))
          return ok(
            { ...user, phone: phoneSaved ? '+36 30 123 4567' : null },
            { settings: settings(), onboardingDetails: { ...d, userHasPhoneNumber: phoneSaved } },
          );
        return ok([]);
      }),
    );
    const router = renderAt('/profile-wizard');
    expect((await screen.findByTestId('wizard-step', {}, { timeout: 5000 })).textContent).toBe(
      '1/4. lépés: Telefonszám',
    );
    expect(screen.queryByRole('button', { name: 'Mégse' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Profil törlése' })).toBeNull();
    const u = userEvent.setup();
    await u.type(document.getElementById('f-phone')!, '06 30 123 4567');
    await u.click(screen.getByRole('button', { name: 'Mentés' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing-wizard'));
    expect(calls.some((c) => c.includes('/user/logout'))).toBe(false);
    expect(localStorage.getItem('loggedInUserToken')).toBe('tok');
  });

  it('/welcome with nothing left to do goes to the map', async () => {
    serve(
      details({ userHasBillingData: true, userHasCar: true }),
      settings({ frontendWizardCards: '0' }),
    );
    const router = renderAt('/welcome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
  });
});
