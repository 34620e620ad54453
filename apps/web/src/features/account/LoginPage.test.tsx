import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession, initSession, resetSessionForTests } from '@/shared/session';
import { renderApp } from '@/test/render';
import { inHungarian } from '@/test/i18n';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('login screen (component)', { timeout: 30_000 }, () => {
  inHungarian();
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('checks the fields, focuses the first error and shows the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/user/login')
          ? json(401, {
              result: false,
              data: null,
              messages: [
                {
                  text: 'Nem létezik ilyen nevű felhasználó, vagy a jelszó hibás!',
                  severity: 'error',
                },
              ],
              useAlert: true,
            })
          : Promise.reject(new TypeError('offline')),
      ),
    );
    renderApp('/login');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /E-mail cím/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Bejelentkezés' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('A mező kitöltése kötelező!', { selector: '#f-email-error' }),
    ).toBeTruthy();

    await user.type(email, '  anna@example.hu ');
    await user.type(document.getElementById('f-password')!, 'rossz');
    await user.click(screen.getByRole('button', { name: 'Bejelentkezés' }));
    expect((await screen.findByTestId('form-messages')).textContent).toContain('jelszó hibás');
  });

  it('hides the form when a user is logged in', async () => {
    localStorage.setItem('loggedInUserId', '1');
    localStorage.setItem('loggedInUserToken', 'tok');
    resetSessionForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderApp('/login');
    expect(await screen.findByTestId('already-logged-in', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a 401 on a login-required route clears the session and goes to /login', async () => {
    localStorage.setItem('loggedInUserId', '1');
    localStorage.setItem('loggedInUserToken', 'revoked');
    resetSessionForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { result: false, data: null, messages: [], useAlert: false })),
    );
    const router = renderApp('/me');
    initSession();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(getSession().loggedIn).toBe(false);
    expect(localStorage.getItem('loggedInUserToken')).toBeNull();
  });
});
