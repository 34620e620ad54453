import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@/shared/query';
import { getSession, resetSessionForTests } from '@/shared/session';
import { resetScriptsForTests } from './loadScript';
import { GOOGLE_SDK, rememberAppleState } from './providers';
import { renderApp } from '@/test/render';
import { inHungarian } from '@/test/i18n';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const envelope = (data: unknown, extraData?: unknown) => ({
  result: true,
  data,
  extraData,
  messages: [],
  useAlert: false,
});

const user = {
  id: 7,
  email: 'anna@example.hu',
  types: ['USER'],
  casualUser: false,
  casualCharge: false,
  preferedLanguage: 'hu',
  firstName: 'Anna',
  lastName: null,
  phone: null,
  hasPassword: false,
  usedApple: false,
  usedFacebook: false,
  usedGoogle: true,
};
const flags = {
  frontendWizardCarsOptional: '0',
  frontendWizardCards: '0',
  frontendWelcomeScreen: '1',
};
const incomplete = {
  userHasPhoneNumber: false,
  userHasBillingData: false,
  userHasCar: false,
  userHasCreditCard: false,
  carAdditionSkipped: false,
  creditCardAdditionSkipped: false,
  userSetPhoneNumber: false,
  userSetBillingData: false,
  userSetCar: false,
};

type Ids = { google: string | null; apple: string | null; facebook: string | null };
const none: Ids = { google: null, apple: null, facebook: null };

/** The server as the log-in screen sees it: settings with the given ids, social log-ins answer a session. */
function stubServer(ids: Ids) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    const u = String(url);
    if (u.includes('/user/settings')) return json(200, envelope({ ...flags, socialLogin: ids }));
    if (
      u.includes('/user/googleLogin') ||
      u.includes('/user/facebookLogin') ||
      u.includes('/user/login-ticket')
    )
      return json(
        200,
        envelope(
          { user, token: 'social-token', accessToken: null },
          { settings: flags, onboardingDetails: incomplete },
        ),
      );
    throw new TypeError('offline');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function bodyOf(fetch: ReturnType<typeof stubServer>, path: string): URLSearchParams {
  const call = fetch.mock.calls.find(([url]) => String(url).includes(path));
  if (!call) throw new Error(`${path} was not called`);
  return new URLSearchParams(String(call[1]?.body));
}

async function sdkScript(prefix: string): Promise<HTMLScriptElement> {
  let found: HTMLScriptElement | undefined;
  await waitFor(
    () => {
      found = [...document.head.querySelectorAll('script')].find((s) => s.src.startsWith(prefix));
      expect(found).toBeTruthy();
    },
    { timeout: 5000 },
  );
  return found!;
}

describe('social log-in buttons', { timeout: 30_000 }, () => {
  inHungarian();
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    resetScriptsForTests();
    queryClient.clear();
    vi.unstubAllGlobals();
    delete window.google;
    delete window.FB;
  });

  it('shows no button and loads no SDK when no provider is configured', async () => {
    const fetch = stubServer(none);
    renderApp('/login');
    await screen.findByRole('textbox', { name: /E-mail cím/ }, { timeout: 5000 });
    await waitFor(() => expect(bodyOf(fetch, '/user/settings')).toBeTruthy());
    await waitFor(() =>
      expect(queryClient.getQueryState(['user-settings'])?.status).toBe('success'),
    );
    await act(async () => {});
    expect(screen.queryByTestId('google-login')).toBeNull();
    expect(screen.queryByRole('link', { name: /Apple/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Facebook/ })).toBeNull();
    expect(document.head.querySelectorAll('script[src]').length).toBe(0);
  });

  it('Google: loads GSI, and its ID token logs in through googleLogin like the e-mail form', async () => {
    const fetch = stubServer({ ...none, google: 'web-client.apps.googleusercontent.com' });
    const router = renderApp('/login');
    const script = await sdkScript(GOOGLE_SDK);
    const initialize = vi.fn();
    const renderButton = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton } } };
    script.dispatchEvent(new Event('load'));

    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    const options = initialize.mock.calls[0]![0] as {
      client_id: string;
      callback: (a: { credential?: string }) => void;
    };
    expect(options.client_id).toBe('web-client.apps.googleusercontent.com');
    expect(screen.getByTestId('google-login').contains(renderButton.mock.calls[0]![0])).toBe(true);

    options.callback({ credential: 'google.id.token' });
    // Same session start as the e-mail log-in: stored credentials, onboarding → welcome.
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), {
      timeout: 5000,
    });
    expect(bodyOf(fetch, '/user/googleLogin').get('idToken')).toBe('google.id.token');
    expect(localStorage.getItem('loggedInUserToken')).toBe('social-token');
    expect(getSession().loggedIn).toBe(true);
  });

  it('Facebook: FB.login with the e-mail scope, its token logs in through facebookLogin', async () => {
    const fetch = stubServer({ ...none, facebook: '1234567890' });
    const router = renderApp('/login');
    const script = await sdkScript('https://connect.facebook.net/hu_HU/sdk.js');
    const login = vi.fn(
      (
        done: (a: { authResponse?: { accessToken: string; userID: string } }) => void,
        _options: { scope: string },
      ) => done({ authResponse: { accessToken: 'fb-access', userID: '42' } }),
    );
    const init = vi.fn();
    window.FB = { init, login };
    script.dispatchEvent(new Event('load'));

    const button = await screen.findByRole('button', { name: 'Bejelentkezés Facebookkal' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(init.mock.calls[0]![0]).toMatchObject({ appId: '1234567890' });
    await userEvent.setup().click(button);

    expect(login.mock.calls[0]![1]).toEqual({ scope: 'email' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), {
      timeout: 5000,
    });
    const body = bodyOf(fetch, '/user/facebookLogin');
    expect(body.get('accessToken')).toBe('fb-access');
    expect(body.get('userId')).toBe('42');
    expect(localStorage.getItem('loggedInUserToken')).toBe('social-token');
  });

  it('Facebook: a closed pop-up (no authResponse) posts nothing and stays on the form', async () => {
    const fetch = stubServer({ ...none, facebook: '1234567890' });
    const router = renderApp('/login');
    const script = await sdkScript('https://connect.facebook.net/');
    window.FB = { init: vi.fn(), login: vi.fn((done) => done({ authResponse: null })) };
    script.dispatchEvent(new Event('load'));
    const button = await screen.findByRole('button', { name: 'Bejelentkezés Facebookkal' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.setup().click(button);
    expect(fetch.mock.calls.some(([u]) => String(u).includes('facebookLogin'))).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });

  it("Apple: the button goes to Apple's authorize page with our apple-return address", async () => {
    stubServer({ ...none, apple: 'hu.voltpark.web' });
    renderApp('/login');
    const link = await screen.findByRole(
      'link',
      { name: 'Bejelentkezés Apple-fiókkal' },
      { timeout: 5000 },
    );
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://appleid.apple.com/auth/authorize');
    expect(url.searchParams.get('client_id')).toBe('hu.voltpark.web');
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${window.location.origin}/api/v1/user/apple-return`,
    );
    expect(url.searchParams.get('response_type')).toBe('code id_token');
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('scope')).toBe('name email');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('Apple: the returning ticket is exchanged only with the state this tab sent (no login CSRF)', async () => {
    const fetch = stubServer(none);
    rememberAppleState('state-of-this-tab');
    renderApp('/login?ticket=forged-ticket&state=attacker-state');
    expect(await screen.findByTestId('apple-failed', {}, { timeout: 5000 })).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('login-ticket'))).toBe(false);
    expect(getSession().loggedIn).toBe(false);

    rememberAppleState('state-of-this-tab');
    const router = renderApp('/login?ticket=own-ticket&state=state-of-this-tab');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), {
      timeout: 5000,
    });
    expect(bodyOf(fetch, 'login-ticket').get('ticket')).toBe('own-ticket');
  });

  it('Apple: a failed return (/login?social=failed) shows login.appleLoginFailed', async () => {
    stubServer(none);
    renderApp('/login?social=failed');
    expect((await screen.findByTestId('apple-failed', {}, { timeout: 5000 })).textContent).toBe(
      'Az Apple bejelentkezés nem sikerült.',
    );
  });

  it('a provider script that cannot load shows a notice and the e-mail form still works', async () => {
    stubServer({ ...none, google: 'web-client.apps.googleusercontent.com' });
    renderApp('/login');
    const script = await sdkScript(GOOGLE_SDK);
    script.dispatchEvent(new Event('error'));
    const notice = await screen.findByTestId('social-load-failed');
    expect(notice.textContent).toContain('Google');
    expect(notice.textContent).toContain('E-mail címmel');
    expect(screen.queryByTestId('google-login')).toBeNull();
    expect(screen.getByRole('button', { name: 'Bejelentkezés' })).toBeTruthy();
  });
  it('a refused Google token shows the server message above the form and starts no session', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (String(url).includes('/user/settings'))
        return json(200, envelope({ ...flags, socialLogin: { ...none, google: 'gid' } }));
      if (String(url).includes('/user/googleLogin'))
        return json(401, {
          result: false,
          data: null,
          messages: [{ text: 'A bejelentkezés nem sikerült.', severity: 'error' }],
          useAlert: true,
        });
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetch);
    const router = renderApp('/login');
    const script = await sdkScript(GOOGLE_SDK);
    const initialize = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton: vi.fn() } } };
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(initialize).toHaveBeenCalled());
    (initialize.mock.calls[0]![0] as { callback: (a: { credential: string }) => void }).callback({
      credential: 'forged',
    });
    expect((await screen.findByTestId('form-messages')).textContent).toContain(
      'A bejelentkezés nem sikerült.',
    );
    expect(getSession().loggedIn).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });
});
