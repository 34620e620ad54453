import type { Page } from '@playwright/test';
import {
  CAPTCHA,
  logIn,
  mailLink,
  NO_CAPTCHA,
  PASSWORD,
  PHONE,
  registeredUser,
  uniqueEmail,
} from '../support/drivers';
import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

/**
 * Accounts (issue 3) in the browser: registration through the sandbox mailbox, log-in, the
 * logged-in menu, the profile's save-and-log-out, log-out, the forgotten-password round trip,
 * the lock-out after repeated failures and the authorize flow of the sandbox demo client.
 *
 * The captcha answer comes from the sandbox-only CAPTCHA_TEST_ANSWER (see support/drivers.ts).
 */
const NEW_PASSWORD = 'Ujjelszo2027';

async function openMenu(page: Page, lang: 'hu' | 'en') {
  await page.getByRole('button', { name: t(lang, 'menu.open') }).click();
  return page.locator('#main-menu');
}

test.describe('accounts', () => {
  test('register → activation mail → log in → menu → profile language save → log in → log out', async ({
    page,
    request,
  }) => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
    test.setTimeout(90_000);
    const email = uniqueEmail('reg');

    await page.goto('/register?chargerId=');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hu', 'route.register'));
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    // Client rules first: an empty form shows field errors and focuses the first one.
    await page
      .getByRole('button', { name: t('hu', 'account.registerButton'), exact: true })
      .click();
    await expect(page.locator('#f-email')).toBeFocused();
    await expect(page.locator('#f-email')).toHaveAttribute('aria-invalid', 'true');
    // The error is linked to its input.
    const describedBy = (await page.locator('#f-email').getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`)).toHaveText(
      t('hu', 'form.required'),
    );
    await expectNoSeriousA11yViolations(page, 'register with field errors');

    await page.locator('#f-email').fill(email);
    await page.locator('#f-phone').fill('06 30 123 4567');
    await page.locator('#f-password').fill(PASSWORD);
    await page.locator('#f-password2').fill(PASSWORD);
    await page.locator('#f-inputCode').fill(CAPTCHA!);
    await page.getByRole('switch', { name: t('hu', 'account.accept') }).check();
    await page
      .getByRole('button', { name: t('hu', 'account.registerButton'), exact: true })
      .click();

    // Success replaces the route with /login and shows the notice with the sandbox mailbox link.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('registered-notice')).toContainText(
      t('hu', 'account.registeredNotice'),
    );
    await expect(page.getByTestId('sandbox-mailbox-link')).toBeVisible();

    // Before activation the server refuses the log-in (SPEC §8).
    await logIn(page, email, PASSWORD);
    await expect(page.getByTestId('form-messages')).toContainText(
      t('hu', 'login.notActivated', {}, 'messages'),
    );

    // The mailbox page lists the activation mail; its link leads to /registration-result.
    await page.getByTestId('sandbox-mailbox-link').click();
    await expect(page).toHaveURL(/\/sandbox\/mailbox/);
    await expect(page.getByRole('link').filter({ hasText: /./ }).last()).toBeVisible();
    const link = await mailLink(request, email, '/api/v1/user/activate');
    await page.goto(link);
    await expect(page).toHaveURL(/\/registration-result\?v=success/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('hu', 'account.registrationSuccess'),
    );
    await page.getByRole('link', { name: t('hu', 'account.goToLogin') }).click();
    await expect(page).toHaveURL(/\/login/);

    // No billing data or car yet: the log-in leads to the welcome wizard (SPEC §4).
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/');
    const menu = await openMenu(page, 'hu');
    await expect(menu.getByRole('link', { name: t('hu', 'route.me') })).toBeVisible();
    await expect(menu.getByRole('link', { name: t('hu', 'route.billing') })).toBeVisible();
    await expect(menu.getByRole('link', { name: t('hu', 'route.invoices') })).toBeVisible();
    await expect(menu.getByTestId('menu-logout')).toBeVisible();
    await menu.getByRole('link', { name: t('hu', 'route.me') }).click();

    // /me: phone shown international; language change and save log out (SPEC §4 Profile).
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.locator('#f-phone')).toHaveValue(PHONE);
    await expectNoSeriousA11yViolations(page, 'profile');
    await expect(page.locator('#f-email')).toHaveAttribute('readonly', '');
    await page.locator('#f-lang').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: t('hu', 'account.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(t('en', 'account.profileSavedNotice'))).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('loggedInUserToken'))).toBeNull();

    // Logging in again applies the preferred language (now English).
    await logIn(page, email, PASSWORD, 'en');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    const menu2 = await openMenu(page, 'en');
    await menu2.getByTestId('menu-logout').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('loggedInUserId'))).toBeNull();
    await expect(page).toHaveURL(/\/$/);
    // A login-required route leads to /login again.
    await page.goto('/me');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('forgotten password round trip through the mailbox', async ({ page, request }) => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
    test.setTimeout(90_000);
    const email = await registeredUser(request, 'reset');

    await page.goto('/forgotten-password');
    await page.locator('#f-email').fill(email);
    await page.getByRole('button', { name: t('hu', 'account.resetButton') }).click();
    await expect(page.getByTestId('reset-sent')).toContainText(t('hu', 'account.resetSent'));
    await expect(page.getByTestId('sandbox-mailbox-link')).toBeVisible();

    const link = await mailLink(request, email, '/forgotten-password');
    expect(link).toContain('token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('hu', 'account.newPasswordTitle'),
    );
    // Client rule: a mismatch is shown under the repeat.
    await page.locator('#f-password').fill(NEW_PASSWORD);
    await page.locator('#f-password2').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: t('hu', 'account.savePassword') }).click();
    await expect(page.getByText(t('hu', 'form.passwordMismatch'))).toBeVisible();
    await expect(page.locator('#f-password2')).toBeFocused();
    await page.locator('#f-password2').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('hu', 'account.savePassword') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(t('hu', 'account.passwordChangedNotice'))).toBeVisible();

    await logIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/welcome$/);

    // The link is single-use: a second change is refused with 'Hibás token'.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.locator('#f-password').fill(NEW_PASSWORD);
    await page.locator('#f-password2').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('hu', 'account.savePassword') }).click();
    await expect(page.getByTestId('form-messages')).toContainText(
      t('hu', 'forgetPassword.badToken', {}, 'messages'),
    );
  });

  test('five wrong passwords lock the log-in', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('lock');
    await page.goto('/login');
    await expect(page.locator('#f-email')).toBeVisible();
    await expect(page.getByTestId('sandbox-badge')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login');
    for (let i = 0; i < 5; i++) {
      await logIn(page, email, `Wrong${i}pass`);
      await expect(page.getByTestId('form-messages')).toContainText(
        t('hu', 'login.badCredentials', {}, 'messages'),
        { timeout: 20_000 },
      );
    }
    await logIn(page, email, 'Wrong5pass');
    const locked = t('hu', 'login.locked', {}, 'messages').split('{{')[0]!;
    await expect(page.getByTestId('form-messages')).toContainText(locked, { timeout: 20_000 });
  });

  test('authorize: the demo client ends at its redirect address with code and state', async ({
    page,
    request,
  }) => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
    test.setTimeout(90_000);
    const email = await registeredUser(request, 'oauth');
    const state = `st-${Date.now()}`;
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const target = `/authorize?clientId=demo-partner&state=${state}&code_challenge=${challenge}&code_challenge_method=S256`;

    // Login required: the guard sends us to /login and back after the log-in.
    await page.goto(target);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').first()).toContainText(t('hu', 'auth.loginNeeded'));
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/authorize\?clientId=demo-partner/);
    await expect(page.getByTestId('authorize-client')).toHaveText(
      t('hu', 'authorize.continueTo', { name: 'Demo Partner App' }),
    );
    await page.getByRole('button', { name: t('hu', 'authorize.authorize'), exact: true }).click();
    await page.waitForURL(/\/sandbox\/oauth-callback/);
    const url = new URL(page.url());
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe(state);
  });

  test('authorize: an unknown client shows something went wrong', async ({ page, request }) => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
    const email = await registeredUser(request, 'oauth2');
    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/authorize?clientId=nobody&state=x');
    await expect(page.getByTestId('authorize-error')).toHaveText(
      t('hu', 'authorize.somethingWentWrong'),
    );
  });
});
