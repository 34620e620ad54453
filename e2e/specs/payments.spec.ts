import { baseURL } from '../playwright.config';
import {
  addBilling,
  CAPTCHA,
  freshUser,
  money,
  NO_CAPTCHA,
  payOnEmulator,
  signIn,
  TEST_CARDS as CARDS,
} from '../support/drivers';
import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

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

test.describe('payments', () => {
  test.beforeEach(() => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
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
    await signIn(page, user, { lang: 'en' });
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
