import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { escapeRe, expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

/**
 * Payments (issue 4) in the browser, through the built-in SimplePay emulator's own pages: card
 * registration shows up on /cards once the IPN gives its mask; a wallet top-up (with a 3-D Secure
 * challenge) shows the new balance on /prepaid-payment-result and /cards; a declined card shows
 * the denied-transaction message and credits nothing.
 *
 * The server sends the payment pages back to PUBLIC_URL, which defaults to http://localhost:<port>,
 * so these tests run on that origin (the session lives in that origin's localStorage).
 */
test.use({ baseURL: baseURL.replace('127.0.0.1', 'localhost') });

const here = path.dirname(fileURLToPath(import.meta.url));
const configText = fs.readFileSync(path.join(here, '../playwright.config.ts'), 'utf8');
const CAPTCHA = /CAPTCHA_TEST_ANSWER:\s*'([A-Z0-9]{5})'/.exec(configText)?.[1] ?? null;
const PASSWORD = 'Voltpark2026';
const CARDS = {
  pays: '4908366099900425',
  threeDs: '4111111111111111',
  insufficientFunds: '4000000000000002',
};
/** hu-HU money as the app prints it: "5 000 Ft" with no-break spaces. */
const money = (s: string) => s.replace(/ /g, '\u00a0');

interface TestUser {
  email: string;
  id: number;
  token: string;
  auth: string;
}

/** A fresh activated user: registration (sandbox captcha answer), activation mail, log-in. */
async function freshUser(request: APIRequestContext, tag: string): Promise<TestUser> {
  const email = `e2e-pay-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.hu`;
  const code = (
    (await (await request.post('/api/security/generate', { form: {} })).json()) as {
      data: string;
    }
  ).data;
  const reg = await request.post('/api/v1/user/register', {
    form: {
      email,
      phone: '+36 30 123 4567',
      password: PASSWORD,
      password2: PASSWORD,
      accepted: 'true',
      code,
      inputCode: CAPTCHA!,
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const list = await (await request.get('/sandbox/mailbox?lang=hu')).text();
        const row = [
          ...list.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="([^"]+)"/g),
        ].find((r) => r[1] === email);
        if (!row) return null;
        const mail = (await (await request.get(row[2]!)).text()).replace(/&amp;/g, '&');
        link =
          new RegExp(`https?://[^\\s"<]*${escapeRe('/api/v1/user/activate')}[^\\s"<]*`).exec(
            mail,
          )?.[0] ?? null;
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  const u = new URL(link!);
  const act = await request.get(`${u.pathname}${u.search}`, { maxRedirects: 0 });
  expect(act.status()).toBeLessThan(400);
  const login = await request.post('/api/v1/user/login', { form: { email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const session = ((await login.json()) as { data: { user: { id: number }; token: string } }).data;
  const auth = `Basic ${Buffer.from(`${session.user.id}:${session.token}`).toString('base64')}`;
  return { email, id: session.user.id, token: session.token, auth };
}

/** Billing data through the API (a top-up needs one; the billing screen is another issue's). */
async function addBilling(request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/v1/billing-data/save-current-user', {
    headers: { Authorization: user.auth, 'X-Lang': 'hu' },
    data: {
      type: 'PERSON',
      lastName: 'Teszt',
      firstName: 'Elek',
      emailAddress: user.email,
      phone: '+36 30 123 4567',
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
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The browser holds the session as the app's log-in leaves it. */
async function signIn(page: Page, user: TestUser, lang: 'hu' | 'en' = 'hu') {
  await page.addInitScript(
    ({ id, email, token, lang }) => {
      localStorage.setItem('loggedInUserId', String(id));
      localStorage.setItem('loggedInEmail', email);
      localStorage.setItem('loggedInUserToken', token);
      localStorage.setItem('language', lang);
    },
    { id: user.id, email: user.email, token: user.token, lang },
  );
}

/** Fills the emulator's pay page and pays. */
async function payOnEmulator(page: Page, card: string, lang: 'hu' | 'en' = 'hu') {
  await expect(page).toHaveURL(/\/sandbox\/simplepay\/pay\//);
  await page.locator('#cardNumber').fill(card);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('#cardName').fill('Teszt Elek');
  await page
    .getByRole('button', { name: t(lang, 'sandboxPay.pay', {}, 'messages'), exact: true })
    .click();
}

test.describe('payments', () => {
  test.beforeEach(() => {
    test.fixme(!CAPTCHA, 'needs CAPTCHA_TEST_ANSWER in the e2e server env');
  });

  test('register a card on the emulator: back on /cards with the result, then the card with its mask', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    const user = await freshUser(request, 'card');
    await signIn(page, user);
    await page.goto('/cards');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hu', 'route.cards'));
    await expect(page.getByTestId('no-cards')).toHaveText(t('hu', 'cards.none'));
    await expectNoSeriousA11yViolations(page, '/cards');

    // The secret code is required and 4–32 characters.
    const register = page.getByRole('button', { name: t('hu', 'cards.register.button') });
    await page.locator('#f-cardSecret').fill('12');
    await register.click();
    await expect(page.getByText(t('hu', 'cards.secret.length'))).toBeVisible();
    await expect(page).toHaveURL(/\/cards$/);
    await page.locator('#f-cardSecret').fill('titok1234');
    await register.click();

    await payOnEmulator(page, CARDS.pays);
    await expect(page).toHaveURL(/\/cards\?r=/);
    const notice = page.getByTestId('payment-return');
    await expect(notice).toHaveAttribute('data-status', 'success');
    await expect(notice).toContainText(t('hu', 'cards.register.success'));
    // The IPN gives the mask; the 5 s poll shows it without a reload.
    const card = page.getByTestId('credit-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('card-mask')).toContainText('0425', { timeout: 20_000 });
    await expect(card).toContainText(t('hu', 'cards.default'));
    await expect(card).toContainText('12/30');
    await expectNoSeriousA11yViolations(page, '/cards with a card and the return alert');
    expect(pageErrors).toEqual([]);
  });

  test('top up the wallet (3-D Secure): the new balance on /prepaid-payment-result and /cards', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    const user = await freshUser(request, 'topup');
    await addBilling(request, user);
    await signIn(page, user);
    await page.goto('/cards');
    await expect(page.getByTestId('wallet-balance')).toHaveText(money('0 Ft'));

    const amount = page.getByRole('textbox', { name: t('hu', 'cards.topUp.amount') });
    const topUp = page.getByRole('button', { name: t('hu', 'cards.topUp.button'), exact: true });
    // SPEC §5: the limits are checked before anything is asked.
    await amount.fill('50');
    await topUp.click();
    await expect(
      page.getByText(t('hu', 'cards.topUp.min', { minimum: money('100 Ft') })),
    ).toBeVisible();
    await amount.fill('50001');
    await topUp.click();
    await expect(
      page.getByText(t('hu', 'cards.topUp.max', { maximum: money('50 000 Ft') })),
    ).toBeVisible();
    await amount.fill('5000');
    await topUp.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(money('5 000 Ft'));
    await dialog.getByRole('button', { name: t('hu', 'common.yes') }).click();

    await payOnEmulator(page, CARDS.threeDs);
    await expect(page).toHaveURL(/\/challenge/);
    await page.locator('#code').fill('1234');
    await page
      .getByRole('button', { name: t('hu', 'sandboxPay.challenge.submit', {}, 'messages') })
      .click();

    await expect(page).toHaveURL(/\/prepaid-payment-result\?r=/);
    await expect(page.getByTestId('payment-return')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('payment-return')).toContainText(
      t('hu', 'payment.success.title'),
    );
    await expect(page.getByTestId('result-balance')).toHaveText(money('5 000 Ft'));
    await expectNoSeriousA11yViolations(page, '/prepaid-payment-result (success)');
    await page.getByRole('link', { name: t('hu', 'cards.result.toCards') }).click();
    await expect(page).toHaveURL(/\/cards$/);
    await expect(page.getByTestId('wallet-balance')).toHaveText(money('5 000 Ft'));
    expect(pageErrors).toEqual([]);
  });

  test('a declined card (insufficient funds) shows a denied transaction and credits nothing (en)', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const user = await freshUser(request, 'declined');
    await addBilling(request, user);
    await signIn(page, user, 'en');
    await page.goto('/cards');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'route.cards'));
    await page.getByRole('textbox', { name: t('en', 'cards.topUp.amount') }).fill('1000');
    await page.getByRole('button', { name: t('en', 'cards.topUp.button'), exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('en', 'common.yes') })
      .click();

    await payOnEmulator(page, CARDS.insufficientFunds, 'en');
    await expect(page).toHaveURL(/\/prepaid-payment-result\?r=/);
    const notice = page.getByTestId('payment-return');
    await expect(notice).toHaveAttribute('data-status', 'fail');
    await expect(notice).toContainText(t('en', 'payment.fail.title'));
    await expect(notice).toContainText(t('en', 'payment.transactionId'));
    await expect(page.getByTestId('result-balance')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '/prepaid-payment-result (declined)');
    await page.getByRole('link', { name: t('en', 'cards.result.toHome') }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/cards');
    await expect(page.getByTestId('wallet-balance')).toHaveText(money('0 Ft'));
  });

  test('a tampered return is refused: nothing from r is shown', async ({ page, request }) => {
    const user = await freshUser(request, 'tamper');
    await signIn(page, user);
    const forged = Buffer.from(
      JSON.stringify({ r: 0, t: 500000999, e: 'SUCCESS', m: 'PUBLICTESTHUF', o: 'forged' }),
    ).toString('base64');
    await page.goto(`/prepaid-payment-result?r=${encodeURIComponent(forged)}&s=AAAA`);
    const notice = page.getByTestId('payment-return');
    await expect(notice).toContainText(t('hu', 'payment.badReturn', {}, 'messages'));
    await expect(notice).not.toContainText('500000999');
    await expect(page.getByTestId('result-balance')).toHaveCount(0);
    await expect(page.getByRole('link', { name: t('hu', 'cards.result.toHome') })).toBeVisible();
  });
});
