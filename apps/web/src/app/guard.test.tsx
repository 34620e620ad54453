import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { i18nReady, setLanguage } from '../shared/i18n';
import { renderApp } from '@/test/render';

describe('routing (component)', () => {
  beforeAll(async () => {
    // No server in unit tests: every call fails like an offline network.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await i18nReady;
    await setLanguage('hu');
  });

  it('sends a login-required route to /login with the login-needed notice', async () => {
    const router = renderApp('/me');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bejelentkezés' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert').textContent).toContain('be kell jelentkeznie');
    // The login form follows the notice.
    expect(await screen.findByRole('textbox', { name: /E-mail cím/ })).toBeTruthy();
    expect(document.title).toBe('Bejelentkezés · Voltpark');
  });

  it('opens /parking-surcharge to anonymous users with the e-mail and code prefilled from the query', async () => {
    const router = renderApp('/parking-surcharge?email=anna%40example.hu&parkCode=AB12C');
    const email = await screen.findByRole(
      'textbox',
      { name: /A parkolás e-mail-címe/ },
      { timeout: 5000 },
    );
    expect(router.state.location.pathname).toBe('/parking-surcharge');
    expect((email as HTMLInputElement).value).toBe('anna@example.hu');
    expect((screen.getByRole('textbox', { name: /Parkolási kód/ }) as HTMLInputElement).value).toBe(
      'AB12C',
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('leads an old licence route to /open-source', async () => {
    const router = renderApp('/vue-license');
    await waitFor(() => expect(router.state.location.pathname).toBe('/open-source'));
  });

  it('sends the charger view without an id to the charger search', async () => {
    const router = renderApp('/charger');
    await waitFor(() => expect(router.state.location.pathname).toBe('/charger-search/charger'), {
      timeout: 5000,
    });
  });

  it('has a skip link to the main content and language buttons named Magyar and English', async () => {
    renderApp('/support');
    expect(await screen.findByRole('link', { name: 'Ugrás a tartalomra' })).toBeTruthy();
    // The wide screens' pair (narrow ones show one toggle instead: TopBar.test).
    const pair = within(screen.getByRole('group', { name: 'Nyelv' }));
    expect(pair.getByRole('button', { name: 'Magyar' }).getAttribute('aria-pressed')).toBe('true');
    expect(pair.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(document.getElementById('main')).not.toBeNull();
  });
});
