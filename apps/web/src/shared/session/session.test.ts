import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '@voltpark/contract';
import { i18nReady } from '../i18n';
import {
  authHeader,
  clearSession,
  getSession,
  initSession,
  isLoggedIn,
  logout,
  resetSessionForTests,
  startGuestSession,
  startSession,
} from './index';

const session: Session = {
  user: {
    id: 42,
    email: 'anna@example.hu',
    types: ['USER'],
    casualUser: false,
    casualCharge: false,
    preferedLanguage: 'en',
    firstName: null,
    lastName: null,
    phone: '+36 30 123 4567',
    hasPassword: true,
    usedApple: false,
    usedFacebook: false,
    usedGoogle: false,
  },
  token: 'secret-token',
  accessToken: 'access-1',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('session store', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('stores the four credentials of SPEC §3, applies the language and builds the Basic header', async () => {
    const { default: i18n } = await import('../i18n');
    await startSession(session, null);
    expect(localStorage.getItem('loggedInUserId')).toBe('42');
    expect(localStorage.getItem('loggedInEmail')).toBe('anna@example.hu');
    expect(localStorage.getItem('loggedInUserToken')).toBe('secret-token');
    expect(localStorage.getItem('loggedInAccessToken')).toBe('access-1');
    expect(i18n.language).toBe('en');
    expect(isLoggedIn()).toBe(true);
    expect(getSession().user?.id).toBe(42);
    expect(authHeader()).toBe(`Basic ${btoa('42:secret-token')}`);
  });

  it('a guest who started parking is logged in by the access token alone, sent as Bearer', async () => {
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        asked.push(new Headers(init.headers).get('Authorization'));
        return json(200, {
          result: true,
          data: { ...session.user, id: 77, casualUser: true, email: 'vendeg@example.hu' },
          messages: [],
          useAlert: false,
        });
      }),
    );
    initSession();
    await startGuestSession('guest-access', 'vendeg@example.hu');
    expect(isLoggedIn()).toBe(true);
    expect(authHeader()).toBe('Bearer guest-access');
    expect(asked.at(-1)).toBe('Bearer guest-access');
    expect(getSession().user?.casualUser).toBe(true);
    clearSession();
    expect(isLoggedIn()).toBe(false);
    expect(authHeader()).toBeNull();
  });

  it('clears credentials and user', async () => {
    await startSession(session, null);
    clearSession();
    expect(isLoggedIn()).toBe(false);
    expect(getSession()).toMatchObject({ loggedIn: false, user: null });
    expect(localStorage.getItem('loggedInAccessToken')).toBeNull();
    expect(authHeader()).toBeNull();
  });

  it('sends the header on API calls and a 401 clears the stored credentials and user', async () => {
    localStorage.setItem('loggedInUserId', '42');
    localStorage.setItem('loggedInUserToken', 'stale');
    resetSessionForTests();
    const fetchMock = vi.fn(async () =>
      json(401, { result: false, data: null, messages: [], useAlert: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(getSession().loggedIn).toBe(true);
    initSession(); // loads the user: the server answers 401
    await vi.waitFor(() => expect(getSession().loggedIn).toBe(false));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe(
      `Basic ${btoa('42:stale')}`,
    );
    expect(localStorage.getItem('loggedInUserToken')).toBeNull();
    expect(getSession().user).toBeNull();
  });

  it('a 401 to a call sent before the new log-in does not end the new login', async () => {
    localStorage.setItem('loggedInUserId', '42');
    localStorage.setItem('loggedInUserToken', 'stale');
    resetSessionForTests();
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    initSession(); // loads the user with the stale login: the answer is late
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await startSession(session, null); // meanwhile the driver logs in again
    answer(json(401, { result: false, data: null, messages: [], useAlert: false }));
    await new Promise((r) => setTimeout(r, 50));
    expect(getSession()).toMatchObject({ loggedIn: true, user: { id: 42 } });
    expect(getSession().expired).toBeFalsy();
    expect(localStorage.getItem('loggedInUserToken')).toBe('secret-token');
  });

  it('loads the stored user at start', async () => {
    localStorage.setItem('loggedInUserId', '42');
    localStorage.setItem('loggedInUserToken', 'secret-token');
    resetSessionForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          result: true,
          data: session.user,
          extraData: null,
          messages: [],
          useAlert: false,
        }),
      ),
    );
    initSession();
    await vi.waitFor(() => expect(getSession().user?.email).toBe('anna@example.hu'));
  });

  it('logout calls the server, then clears credentials and the stored language', async () => {
    await startSession(session, null);
    localStorage.setItem('language', 'en');
    const fetchMock = vi.fn(async () =>
      json(200, { result: true, data: null, messages: [], useAlert: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    initSession();
    fetchMock.mockClear();
    await logout();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe('/api/v1/user/logout');
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('logout without a server call (after deletion) makes no request', async () => {
    await startSession(session, null);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await logout({ callServer: false });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isLoggedIn()).toBe(false);
  });
});
