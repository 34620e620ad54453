import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { i18nReady, setLanguage } from '../shared/i18n';
import { resetSessionForTests } from '../shared/session';
import { renderApp } from '@/test/render';

const guest = {
  id: 31,
  email: 'guest@example.hu',
  types: ['USER'],
  casualUser: true,
  casualCharge: true,
  preferedLanguage: 'hu',
  firstName: null,
  lastName: null,
  phone: null,
  hasPassword: false,
  usedApple: false,
  usedFacebook: false,
  usedGoogle: false,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const env = (data: unknown, status = 200, text?: string) =>
  json(status, {
    result: status === 200,
    data,
    messages: text ? [{ text, severity: 'error' }] : [],
    useAlert: !!text,
  });

describe('a guest’s e-mailed charge link (component)', () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
  });
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('opens the charge as the guest: the token is exchanged, stored, and leaves the address', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(String(input), 'http://x');
        if (url.pathname === '/api/v1/charge/guest-access') {
          bodies.push(JSON.parse(String(init?.body)));
          return env({ user: guest, token: 'link-token-0123456789abc', chargeId: 77 });
        }
        if (url.pathname === '/api/v1/user/loggedin-user') return env(guest);
        return env(null);
      }),
    );
    const router = renderApp('/charge-history?access=link-token-0123456789abc');
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/charge-history');
    expect(bodies).toEqual([{ token: 'link-token-0123456789abc' }]);
    expect(localStorage.getItem('loggedInUserId')).toBe('31');
    expect(localStorage.getItem('loggedInUserToken')).toBe('link-token-0123456789abc');
  });

  it('an expired link logs nobody in and leads to login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => env(null, 404, 'Ez a töltési link lejárt vagy érvénytelen.')),
    );
    const router = renderApp('/receipt?rowNumber=100001&access=old-token-0123456789abcd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 5000,
    });
    expect(localStorage.getItem('loggedInUserToken')).toBeNull();
  });
});

describe('a returning guest’s one-time parking link (component)', () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
  });
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('logs this device in as the guest and stays on the lot, the token gone from the address', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(String(input), 'http://x');
        if (url.pathname === '/api/v1/parking/guest-access') {
          bodies.push(JSON.parse(String(init?.body)));
          return env({
            user: guest,
            token: 'guest-token-0123456789abc',
            accessToken: 'guest-access-0123456789',
            lotId: 3,
          });
        }
        if (url.pathname === '/api/v1/user/loggedin-user') return env(guest);
        return env(null);
      }),
    );
    const router = renderApp('/parking-lot/3?guestAccess=one-time-0123456789abcdef');
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/parking-lot/3');
    expect(bodies).toEqual([{ token: 'one-time-0123456789abcdef' }]);
    expect(localStorage.getItem('loggedInUserToken')).toBe('guest-token-0123456789abc');
    expect(localStorage.getItem('loggedInAccessToken')).toBe('guest-access-0123456789');
  });
});
