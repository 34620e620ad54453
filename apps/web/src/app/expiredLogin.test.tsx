import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { i18nReady, setLanguage } from '../shared/i18n';
import { getSession, initSession, resetSessionForTests } from '../shared/session';
import { renderApp } from '@/test/render';

const unauthorized = () =>
  new Response(JSON.stringify({ result: false, data: null, messages: [], useAlert: false }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

/** Every call answers 401: the stored login is no longer valid on the server. */
async function openWithStaleLogin(path: string, credentials: Record<string, string>) {
  for (const [k, v] of Object.entries(credentials)) localStorage.setItem(k, v);
  resetSessionForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => unauthorized()),
  );
  initSession();
  await vi.waitFor(() => expect(getSession().loggedIn).toBe(false));
  return renderApp(path);
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
});
