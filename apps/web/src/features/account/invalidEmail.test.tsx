import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionForTests } from '@/shared/session';
import { renderApp } from '@/test/render';
import { inHungarian } from '@/test/i18n';

/** SPEC §5 E-mail: an invalid address shows the format error and the value is cleared. */
describe('an invalid e-mail is cleared', { timeout: 30_000 }, () => {
  inHungarian();
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
      renderApp(path);
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
