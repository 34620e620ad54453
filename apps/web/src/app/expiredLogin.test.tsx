import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { i18nReady, setLanguage } from '../shared/i18n';
import { getSession, initSession, resetSessionForTests } from '../shared/session';
import { renderApp } from '@/test/render';
import { theme } from './theme';

const unauthorized = () =>
  new Response(JSON.stringify({ result: false, data: null, messages: [], useAlert: false }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

const LOGIN_FIRST = 'A művelethez bejelentkezés szükséges.';

/** The server's 401 with its notice (useAlert), as it answers a login it no longer knows. */
const unauthorizedWithNotice = () =>
  new Response(
    JSON.stringify({
      result: false,
      data: null,
      messages: [{ severity: 'error', messageKey: 'error.unauthorized', text: LOGIN_FIRST }],
      useAlert: true,
    }),
    { status: 401, headers: { 'Content-Type': 'application/json' } },
  );

const driver = {
  id: 42,
  email: 'anna@example.hu',
  types: ['USER'],
  casualUser: false,
  casualCharge: false,
  preferedLanguage: 'hu',
  firstName: null,
  lastName: null,
  phone: null,
  hasPassword: true,
  usedApple: false,
  usedFacebook: false,
  usedGoogle: false,
};

/** Every call answers 401: the stored login is no longer valid on the server. */
async function openWithStaleLogin(
  path: string,
  credentials: Record<string, string>,
  answer: () => Response = unauthorized,
) {
  for (const [k, v] of Object.entries(credentials)) localStorage.setItem(k, v);
  resetSessionForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  initSession();
  await vi.waitFor(() => expect(getSession().loggedIn).toBe(false));
  return renderApp(path);
}

/** The driver logs in again on the log-in page; the server now answers every call. */
async function logInAgain(extraData: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const ok = String(url).includes('/user/login')
        ? { data: { user: driver, token: 'fresh-token' }, extraData }
        : { data: null };
      return new Response(JSON.stringify({ result: true, messages: [], useAlert: false, ...ok }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /E-mail cím/ }), driver.email);
  await user.type(document.getElementById('f-password')!, 'Voltpark2026');
  await user.click(screen.getByRole('button', { name: 'Bejelentkezés' }));
}

describe('a login that expired (component)', () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
  });
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('sends a driver on the lot view to the log-in, which brings them back with autoStart', async () => {
    const router = await openWithStaleLogin('/parking-lot/5?autoStart=1', {
      loggedInUserId: '42',
      loggedInUserToken: 'stale',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 15_000,
    });
    expect(router.state.location.state).toMatchObject({
      loginExpired: true,
      from: '/parking-lot/5?autoStart=1',
    });
    expect((await screen.findByRole('alert')).textContent).toContain('A bejelentkezése lejárt');
  });

  it('brings the driver back after the log-in, even with the welcome wizard unfinished', async () => {
    const router = await openWithStaleLogin('/parking-lot/5?autoStart=1', {
      loggedInUserId: '42',
      loggedInUserToken: 'stale',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 15_000,
    });
    const incomplete = {
      settings: {
        frontendWizardCarsOptional: '0',
        frontendWizardCards: '1',
        frontendWelcomeScreen: '1',
      },
      onboardingDetails: {
        userHasPhoneNumber: false,
        userHasBillingData: false,
        userHasCar: false,
        userHasCreditCard: false,
        carAdditionSkipped: false,
        creditCardAdditionSkipped: false,
        userSetPhoneNumber: false,
        userSetBillingData: false,
        userSetCar: false,
      },
    };
    await logInAgain(incomplete);
    await waitFor(() => expect(router.state.location.pathname).toBe('/parking-lot/5'), {
      timeout: 15_000,
    });
    expect(router.state.location.search).toBe('?autoStart=1');
  });

  it('leaves a guest (no password to log in with) on the lot view', async () => {
    const router = await openWithStaleLogin('/parking-lot/5', {
      loggedInAccessToken: 'guest-token',
      loggedInEmail: 'guest@example.hu',
    });
    // The lot view is drawn (its lazy screen loaded), and the guest is still on it.
    await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/parking-lot/5');
    expect(getSession().expired).toBeFalsy();
  });

  it('leaves a driver on a page that needs no login and is no place to come back to', async () => {
    const router = await openWithStaleLogin('/support', {
      loggedInUserId: '42',
      loggedInUserToken: 'stale',
    });
    await waitFor(() => expect(getSession().expired).toBeFalsy(), { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/support');
  });

  it('its "log in first" notice goes once the driver has signed in again', async () => {
    render(
      <MantineProvider theme={theme}>
        <Notifications />
      </MantineProvider>,
    );
    const router = await openWithStaleLogin(
      '/charge-history',
      { loggedInUserId: '42', loggedInUserToken: 'stale' },
      unauthorizedWithNotice,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 15_000,
    });
    const notice = await screen.findByText(LOGIN_FIRST, undefined, { timeout: 5000 });
    // A finger on the notice (as on a phone) keeps it from closing by itself.
    fireEvent.mouseEnter(notice);
    await logInAgain(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/charge-history'), {
      timeout: 15_000,
    });
    await waitFor(() => expect(screen.queryByText(LOGIN_FIRST)).toBeNull(), { timeout: 3000 });
  });
});
