import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { escapeRe, expect, t, type Lang } from './fixtures';

/**
 * Drivers for the browser tests: registered, activated and logged-in users made through the real
 * API and the sandbox mailbox, their billing data, a session in the browser, and the SimplePay
 * emulator's pay page.
 *
 * The captcha picture cannot be read by a test: the sandbox server takes a fixed answer from
 * CAPTCHA_TEST_ANSWER (refused outside sandbox), read here from the Playwright config; without
 * it the tests that register are marked fixme.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const configText = fs.readFileSync(path.join(here, '../playwright.config.ts'), 'utf8');
export const CAPTCHA = /CAPTCHA_TEST_ANSWER:\s*'([A-Z0-9]{5})'/.exec(configText)?.[1] ?? null;
export const NO_CAPTCHA =
  'needs a sandbox-only captcha answer: CAPTCHA_TEST_ANSWER in the webServer env of e2e/playwright.config.ts';

export const PASSWORD = 'Voltpark2026';
export const PHONE = '+36 30 123 4567';

/** The emulator's test cards (apps/server/src/modules/simplepay-sandbox). */
export const TEST_CARDS = {
  pays: '4908366099900425',
  threeDs: '4111111111111111',
  insufficientFunds: '4000000000000002',
};

/** hu-HU money as the app prints it: "5 000 Ft" with no-break spaces. */
export const money = (s: string) => s.replace(/ /g, '\u00a0');

export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.hu`;

/** The link (path and query) in the newest mail to an address in the sandbox mailbox. */
export async function mailLink(
  request: APIRequestContext,
  to: string,
  pathPart: string,
): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const list = await (await request.get('/sandbox/mailbox?lang=hu')).text();
        const rows = [
          ...list.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="([^"]+)"/g),
        ];
        const row = rows.find((r) => r[1] === to);
        if (!row) return null;
        const mail = await (await request.get(row[2]!)).text();
        const m = new RegExp(`https?://[^\\s"<]*${escapeRe(pathPart)}[^\\s"<]*`).exec(
          mail.replace(/&amp;/g, '&'),
        );
        link = m ? m[0] : null;
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  const u = new URL(link!);
  return `${u.pathname}${u.search}`;
}

/** Registers (sandbox captcha answer) and activates a user through the API; the e-mail. */
export async function registeredUser(request: APIRequestContext, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const code = (
    (await (await request.post('/api/security/generate', { form: {} })).json()) as {
      data: string;
    }
  ).data;
  const res = await request.post('/api/v1/user/register', {
    form: {
      email,
      phone: PHONE,
      password: PASSWORD,
      password2: PASSWORD,
      accepted: 'true',
      code,
      inputCode: CAPTCHA!,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const link = await mailLink(request, email, '/api/v1/user/activate');
  const act = await request.get(link, { maxRedirects: 0 });
  expect(act.status()).toBeLessThan(400);
  return email;
}

export interface TestUser {
  email: string;
  id: number;
  token: string;
  auth: string;
}

/** A fresh registered, activated and logged-in user (through the API). */
export async function freshUser(request: APIRequestContext, tag: string): Promise<TestUser> {
  const email = await registeredUser(request, tag);
  const login = await request.post('/api/v1/user/login', { form: { email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const session = ((await login.json()) as { data: { user: { id: number }; token: string } }).data;
  const auth = `Basic ${Buffer.from(`${session.user.id}:${session.token}`).toString('base64')}`;
  return { email, id: session.user.id, token: session.token, auth };
}

/** The data of an API answer made as the user; fails the test on an error answer. */
export async function apiData<T>(
  request: APIRequestContext,
  user: TestUser,
  url: string,
  init: { method?: 'GET' | 'POST'; form?: Record<string, string>; data?: unknown } = {},
): Promise<T> {
  const headers = { Authorization: user.auth, 'X-Lang': 'hu' };
  const res =
    init.method === 'POST'
      ? await request.post(url, { headers, form: init.form, data: init.data })
      : await request.get(url, { headers });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Default billing data of a person through the API; its id. */
export async function addBilling(request: APIRequestContext, user: TestUser): Promise<number> {
  const list = await apiData<{ id: number }[]>(
    request,
    user,
    '/api/v1/billing-data/save-current-user',
    {
      method: 'POST',
      data: {
        type: 'PERSON',
        lastName: 'Teszt',
        firstName: 'Elek',
        emailAddress: user.email,
        phone: PHONE,
        defaultBillingData: true,
        address: {
          countryCode: 'HU',
          zipCode: '1051',
          city: 'Budapest',
          street: 'Nádor',
          addressType: 'utca',
          houseNumber: '12',
        },
      },
    },
  );
  return list[0]!.id;
}

/**
 * The browser holds the session as the app's log-in leaves it, once per tab (a later log-out in
 * the test sticks). The charging tutorial is off unless asked for.
 */
export async function signIn(
  page: Page,
  user: TestUser,
  { lang = 'hu', chargingTutorial = false }: { lang?: Lang; chargingTutorial?: boolean } = {},
) {
  await page.addInitScript(
    ({ id, email, token, lang, chargingTutorial }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('loggedInUserId', String(id));
      localStorage.setItem('loggedInEmail', email);
      localStorage.setItem('loggedInUserToken', token);
      localStorage.setItem('language', lang);
      if (!chargingTutorial) localStorage.setItem('noChargingWizard', '1');
    },
    { id: user.id, email: user.email, token: user.token, lang, chargingTutorial },
  );
}

/** Fills the emulator's pay page with a test card and pays. */
export async function payOnEmulator(page: Page, card = TEST_CARDS.pays, lang: Lang = 'hu') {
  await expect(page).toHaveURL(/\/sandbox\/simplepay\/pay\//, { timeout: 15_000 });
  await page.locator('#cardNumber').fill(card);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('#cardName').fill('Teszt Elek');
  await page
    .getByRole('button', { name: t(lang, 'sandboxPay.pay', {}, 'messages'), exact: true })
    .click();
}

/** Types the e-mail and password on /login and presses the log-in button. */
export async function logIn(page: Page, email: string, password = PASSWORD, lang: Lang = 'hu') {
  await page.locator('#f-email').fill(email);
  await page.locator('#f-password').fill(password);
  await page.getByRole('button', { name: t(lang, 'account.loginButton'), exact: true }).click();
}

/** Registers the paying card with a secret code through the API and the emulator's pay page. */
export async function saveCard(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  secret: string,
) {
  const url = await apiData<string>(request, user, '/api/v1/simplepay/card-registration', {
    method: 'POST',
    form: { cardSecret: secret },
  });
  await page.goto(url);
  await payOnEmulator(page);
  await expect(page).toHaveURL(/\/cards\?r=/);
  await expect
    .poll(
      async () =>
        (await apiData<{ cardMask: string }[]>(request, user, '/api/v1/user/credit-cards'))[0]
          ?.cardMask ?? '',
      { timeout: 20_000 },
    )
    .toContain('0425');
}
