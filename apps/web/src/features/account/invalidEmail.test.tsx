import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildRoutes } from '@/app/router';
import { i18nReady, setLanguage } from '@/shared/i18n';
import { resetSessionForTests } from '@/shared/session';
import { renderRoutes } from '@/test/render';

function renderAt(path: string) {
  return renderRoutes(buildRoutes(), path);
}

/** SPEC §5 E-mail: an invalid address shows the format error and the value is cleared. */
describe('an invalid e-mail is cleared', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
  });
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  for (const [path, button] of [
    ['/login', 'Bejelentkezés'],
    ['/forgotten-password', null],
  ] as const) {
    it(`on ${path}, without calling the server`, async () => {
      const fetchMock = vi.fn(async (_url: string) => Promise.reject(new TypeError('offline')));
      vi.stubGlobal('fetch', fetchMock);
      renderAt(path);
      const email = (await screen.findByLabelText(
        /E-mail cím/,
        {},
        { timeout: 5000 },
      )) as HTMLInputElement;
      const u = userEvent.setup();
      await u.type(email, 'anna@example');
      const submit = button
        ? screen.getByRole('button', { name: button })
        : (email.form!.querySelector('button[type="submit"]') as HTMLButtonElement);
      await u.click(submit);
      expect(await screen.findByText('Érvénytelen e-mail cím formátum!')).toBeTruthy();
      expect(email.value).toBe('');
      // The log-in screen reads the public settings (social buttons); nothing else may be called.
      const calls = fetchMock.mock.calls.map(([url]) => String(url));
      expect(
        calls.some((url) => url.includes('/api/v1/user/') && !url.includes('/user/settings')),
      ).toBe(false);
    });
  }
});
