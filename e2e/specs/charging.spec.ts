import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { addBillingAndCar, availableCharger, ft, panel, watchAndStop } from '../support/charging';
import {
  apiData,
  CAPTCHA,
  freshUser,
  money,
  NO_CAPTCHA,
  payOnEmulator,
  saveCard,
  signIn,
  type TestUser,
} from '../support/drivers';
import { escapeRe, expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

/**
 * Charging (issue 5) in the browser against the real server, its simulated OCPP chargers and the
 * SimplePay emulator's pay page: a registered driver starts a charge with each payment mode
 * (wallet, card at SimplePay, saved card), watches it on a simulated charger, stops it and opens
 * the receipt; a guest charges with an e-mail address. Phone viewport.
 *
 * The server sends payment pages back to PUBLIC_URL (http://localhost:<port> by default), so the
 * tests run on that origin (the session lives in that origin's localStorage).
 */
test.use({ baseURL: baseURL.replace('127.0.0.1', 'localhost') });

/** Tops the wallet up through the API and the emulator's pay page. */
async function topUpWallet(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  billingId: number,
) {
  const url = await apiData<string>(
    request,
    user,
    `/api/v1/wallet/charge-wallet?amount=30000&billing-data-id=${billingId}`,
  );
  await page.goto(url);
  await payOnEmulator(page);
  await expect(page).toHaveURL(/\/prepaid-payment-result\?r=/);
  await expect
    .poll(
      async () =>
        (await apiData<{ ballance: number }>(request, user, '/api/v1/wallet/wallet-balance'))
          .ballance,
      { timeout: 20_000 },
    )
    .toBe(30000);
}

/**
 * SPEC §4: 3 s after a registered driver's charge ends the app is on /coupons with the points
 * that charge earned; the driver then goes back to the charge history.
 */
async function throughCoupons(page: Page) {
  await expect(page).toHaveURL(/\/coupons\?chargeId=\d+/, { timeout: 15_000 });
  await expect(page.getByTestId('points-balance')).toBeVisible();
  await page.goto('/charge-history');
}

/** After the charge ended: its record in the history has a receipt, which opens. */
async function openReceipt(page: Page, chargerName: string, opts: { paid: boolean }) {
  await expect(page).toHaveURL(/\/charge-history/);
  const record = page.getByTestId('charge-record').filter({ hasText: chargerName }).first();
  await expect(record).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, '/charge-history with a finished charge');
  await record.getByRole('link', { name: t('hu', 'charging.record.receipt') }).click();
  await expect(page).toHaveURL(/\/receipt\?rowNumber=\d+/);
  const receipt = page.getByTestId('receipt');
  // The receipt names the charge it is for (decision 0066).
  await expect(receipt.getByTestId('receipt-charger')).toContainText(chargerName);
  await expect(receipt).toContainText(t('hu', 'charging.record.chargingPrice'));
  await expect(receipt).toContainText(t('hu', 'charging.receipt.issueDate'));
  await expect(receipt).toContainText(/kWh/);
  await expect(receipt).toContainText(/Ft/);
  await expect(receipt).toContainText(
    t('hu', opts.paid ? 'charging.receipt.paid' : 'charging.receipt.unpaid'),
  );
  await expect(receipt.getByRole('button', { name: t('hu', 'charging.receipt.pay') })).toHaveCount(
    opts.paid ? 0 : 1,
  );
  await expectNoSeriousA11yViolations(page, '/receipt');
}

test.describe('charging', () => {
  test.beforeEach(() => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
  });

  test('wallet: tutorial, amount mode, start from the wallet, progress, stop, receipt', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(180_000);
    const user = await freshUser(request, 'wallet');
    const billingId = await addBillingAndCar(request, user);
    const charger = await availableCharger(request);
    await signIn(page, user, { chargingTutorial: true });
    await topUpWallet(page, request, user, billingId);

    await page.goto(`/charger/${charger.id}`);
    // First time: the 7-slide tutorial; "do not show again" is remembered.
    const tutorial = page.getByRole('dialog', { name: t('hu', 'charging.tutorial.title') });
    await expect(tutorial).toBeVisible();
    await expect(tutorial).toContainText(t('hu', 'charging.tutorial.slide1.title'));
    for (let i = 1; i < 7; i++)
      await tutorial.getByRole('button', { name: t('hu', 'charging.tutorial.next') }).click();
    await expect(tutorial).toContainText(t('hu', 'charging.tutorial.slide7.title'));
    await expectNoSeriousA11yViolations(page, 'start tutorial');
    await tutorial.getByLabel(t('hu', 'charging.tutorial.never')).check();
    await tutorial.getByRole('button', { name: t('hu', 'charging.tutorial.done') }).click();
    await expect(tutorial).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('noChargingWizard'))).toBe('1');

    // Amount mode: the energy estimate (SPEC §9) and the wallet chosen automatically.
    const amount = page.getByLabel(t('hu', 'charging.mode.amount'));
    await amount.selectOption('5000');
    await expect(page.getByText(/Becsült energia: [\d,]+ kWh/)).toBeVisible();
    await expect(
      page.getByText(new RegExp(escapeRe(t('hu', 'charging.wizard.hold', { amount: '' })))),
    ).toBeVisible();
    await expect(
      page.getByRole('radio', {
        name: t('hu', 'charging.payment.wallet', { balance: money('30 000 Ft') }),
      }),
    ).toBeChecked();
    // Choosing another mode resets the amount.
    await page.getByLabel(t('hu', 'charging.mode.energy')).fill('600');
    await expect(page.getByText(t('hu', 'invalid.energyTooHigh', {}, 'messages'))).toBeVisible();
    await expect(page.getByLabel(t('hu', 'charging.mode.energy'))).toHaveValue('');
    await expect(amount).toHaveValue('5000');
    await page.getByLabel(t('hu', 'charging.mode.energy')).fill('20');
    await expect(amount).toHaveValue('');
    await amount.selectOption('5000');
    await expect(page.getByLabel(t('hu', 'charging.mode.energy'))).toHaveValue('');
    await expectNoSeriousA11yViolations(page, 'charger view start wizard');

    await page.getByRole('button', { name: t('hu', 'charging.wizard.start') }).click();
    await expect(page).toHaveURL(/\/charge-history$/);
    await expect(panel(page).getByRole('link', { name: charger.name })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/charge-history with a running charge');
    // At its own charger, and at another one, the start is replaced by the already-charging warning.
    await page.goto(`/charger/${charger.id}`);
    await expect(page.getByText(t('hu', 'charging.wizard.alreadyChargingTitle'))).toBeVisible();
    const other = await availableCharger(request);
    await page.goto(`/charger/${other.id}`);
    await expect(page.getByText(t('hu', 'charging.wizard.alreadyChargingTitle'))).toBeVisible();
    await page.getByRole('link', { name: t('hu', 'charging.wizard.toHistory') }).click();
    await watchAndStop(page);
    await expect(panel(page)).toBeHidden({ timeout: 60_000 });
    await throughCoupons(page);
    await openReceipt(page, charger.name, { paid: true });
    expect(pageErrors).toEqual([]);
  });

  test('card at SimplePay: time mode, pay page, payment result with the live panel, stop, receipt', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(180_000);
    const user = await freshUser(request, 'simple');
    await addBillingAndCar(request, user);
    const charger = await availableCharger(request);
    await signIn(page, user);
    await page.goto(`/charger/${charger.id}`);

    // Time mode: the server's estimate (get-gross-to-pay); an empty wallet → simple payment.
    await page.getByLabel(t('hu', 'charging.mode.time')).selectOption('15');
    await expect(page.getByText(/Becsült energia: [\d,]+ kWh/)).toBeVisible();
    await expect(
      page.getByRole('radio', { name: t('hu', 'charging.payment.simple') }),
    ).toBeChecked();
    await page.getByRole('button', { name: t('hu', 'charging.wizard.start') }).click();
    await payOnEmulator(page);

    await expect(page).toHaveURL(/\/payment-result\?r=/);
    const notice = page.getByTestId('payment-return');
    await expect(notice).toHaveAttribute('data-status', 'success');
    // "Starting" until the charger began, then "started" (the simulator may be that fast).
    await expect(
      page
        .getByText(t('hu', 'charging.result.starting'))
        .or(page.getByText(t('hu', 'charging.result.running'))),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: t('hu', 'charging.result.toHistory') }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/payment-result (success)');
    await watchAndStop(page);
    // SPEC §4: on the payment result, a charge that disappears leads to /charge-history.
    await expect(page).toHaveURL(/\/charge-history/, { timeout: 60_000 });
    await openReceipt(page, charger.name, { paid: true });
    expect(pageErrors).toEqual([]);
  });

  test('saved card (OneClick): max kWh mode, secret code, start, stop, receipt', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(180_000);
    const user = await freshUser(request, 'oneclick');
    await addBillingAndCar(request, user);
    const charger = await availableCharger(request);
    await signIn(page, user);
    await saveCard(page, request, user, 'titok1234');

    await page.goto(`/charger/${charger.id}`);
    await page.getByLabel(t('hu', 'charging.mode.energy')).fill('10');
    await expect(
      page.getByText(t('hu', 'charging.wizard.estEnergy', { kwh: '10,00' })),
    ).toBeVisible();
    await page.getByRole('radio', { name: t('hu', 'charging.payment.card') }).check();
    await expect(
      page.getByLabel(t('hu', 'charging.payment.whichCard'), { exact: true }),
    ).toContainText('0425');
    const start = page.getByRole('button', { name: t('hu', 'charging.wizard.start') });
    // The secret code is asked for every card payment.
    await start.click();
    await expect(page.getByText(t('hu', 'invalid.required', {}, 'messages'))).toBeVisible();
    // A wrong secret code: SPEC §8's SIMPLEPAY_INVALID_PASSWORD alert, nothing starts.
    await page.getByLabel(t('hu', 'charging.payment.secret')).fill('rossz9876');
    await start.click();
    await expect(
      page.getByRole('alert').filter({
        hasText: t('hu', 'charge.error.SIMPLEPAY_INVALID_PASSWORD', {}, 'messages'),
      }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/charger/${charger.id}$`));
    await page.getByLabel(t('hu', 'charging.payment.secret')).fill('titok1234');
    await expectNoSeriousA11yViolations(page, 'charger view, saved-card payment');
    await start.click();
    await expect(page).toHaveURL(/\/charge-history$/, { timeout: 20_000 });
    await watchAndStop(page);
    await expect(panel(page)).toBeHidden({ timeout: 60_000 });
    await throughCoupons(page);
    await openReceipt(page, charger.name, { paid: true });
    expect(pageErrors).toEqual([]);
  });

  test('guest: survey, amount options, e-mail, pay page, live panel, stop, last charge', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(180_000);
    const charger = await availableCharger(request);
    const email = `e2e-guest-${Date.now()}@example.hu`;
    await page.goto(`/charger/${charger.id}`);

    // Phone width: the panels open by click.
    const oneTime = page.getByRole('button', { name: t('hu', 'casual.oneTimeTitle') });
    await expect(oneTime).toHaveAttribute('aria-expanded', 'false');
    await oneTime.click();
    await page.getByRole('button', { name: t('hu', 'casual.chooseOneTime') }).click();
    await expect(page.getByText(t('hu', 'casual.survey.points'))).toBeVisible();
    await page.getByRole('button', { name: t('hu', 'common.no'), exact: true }).click();
    await expect(page.getByText(t('hu', 'casual.survey.invoice'))).toBeVisible();
    await page.getByRole('button', { name: t('hu', 'common.no'), exact: true }).click();

    // 5000 by default, and the hold shown is exactly what the pay page will ask for: the
    // amount plus the parking hold when parking is billed.
    const parkingHold = charger.tariffs[0]?.parkingEnabled
      ? charger.tariffs[0].parkingToHoldGross
      : 0;
    const holdTotal = 5000 + parkingHold;
    await expect(
      page.getByText(t('hu', 'casual.amountChosen', { amount: ft(holdTotal) })),
    ).toBeVisible();
    if (parkingHold > 0) {
      await expect(
        page.getByText(t('hu', 'casual.hold.parking', { amount: ft(parkingHold) })),
      ).toBeVisible();
    }
    // The other-options button reads more / other / less.
    await page.getByRole('button', { name: t('hu', 'casual.otherOptions.more') }).click();
    await page.getByRole('radio', { name: money('10 000 Ft'), exact: true }).check();
    await expect(
      page.getByRole('button', { name: t('hu', 'casual.otherOptions.other') }),
    ).toBeVisible();
    await page.getByRole('radio', { name: money('15 000 Ft'), exact: true }).check();
    await expect(
      page.getByRole('button', { name: t('hu', 'casual.otherOptions.less') }),
    ).toBeVisible();
    await page.getByRole('radio', { name: money('5 000 Ft'), exact: true }).check();
    await expect(
      page.getByText(t('hu', 'casual.disclaimer.minimum', { amount: money('5 000 Ft') })),
    ).toBeVisible();
    await expect(
      page.getByText(
        t('hu', 'casual.disclaimer.unitPrice', {
          price: money(`${charger.tariff!.unitChargingGross} Ft`),
        }),
      ),
    ).toBeVisible();

    // The parking code takes 0-9/A-Z only, upper-cased, one per box.
    const box1 = page.getByLabel(t('hu', 'charging.parkCode.box', { n: 1, of: 5 }));
    await box1.pressSequentially('a');
    await expect(box1).toHaveValue('A');
    const box2 = page.getByLabel(t('hu', 'charging.parkCode.box', { n: 2, of: 5 }));
    await expect(box2).toBeFocused();
    await box2.pressSequentially('-');
    await expect(box2).toHaveValue('');
    await box2.press('Backspace');
    await expect(box1).toHaveValue('');

    await expectNoSeriousA11yViolations(page, 'charger view, guest charge form');
    await page.getByLabel(t('hu', 'casual.email')).fill(email);
    await page
      .getByRole('button', { name: t('hu', 'casual.pay', { amount: ft(holdTotal) }) })
      .click();
    await payOnEmulator(page);

    await expect(page).toHaveURL(/\/payment-result\?r=/);
    await expect(page.getByTestId('payment-return')).toHaveAttribute('data-status', 'success');
    // The guest was stored as the logged-in (casual) user.
    expect(await page.evaluate(() => localStorage.getItem('loggedInEmail'))).toBe(email);
    await watchAndStop(page);
    await expect(page).toHaveURL(/\/charge-history/, { timeout: 60_000 });
    // A casual user sees the last charge and the continue-to-map button.
    const last = page.getByRole('region', { name: t('hu', 'charging.history.last') });
    await expect(last.getByTestId('charge-record')).toContainText(charger.name, {
      timeout: 30_000,
    });
    await expect(page.getByRole('link', { name: t('hu', 'charging.history.toMap') })).toBeVisible();
    await expect(page.getByText(t('hu', 'casual.pointsNotice'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/charge-history (guest)');
    // Leaving guest mode forgets the stored guest and goes to the map.
    await page.getByRole('button', { name: t('hu', 'casual.leave') }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('loggedInUserToken'))).toBeNull();
    // The guest got the link to the charge and, once settled, the receipt by e-mail.
    await expect(async () => {
      const box = await (await request.get('/sandbox/mailbox?lang=hu')).text();
      const mine = box.split('<tr>').filter((row) => row.includes(email));
      expect(mine.some((row) => row.includes('Elindult a töltése'))).toBe(true);
      expect(mine.filter((row) => row.includes('Nyugta a töltéséről'))).toHaveLength(1);
    }).toPass({ timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  });

  test('a charge waiting for payment shows the payment link and can be cancelled', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    const user = await freshUser(request, 'cancel');
    await addBillingAndCar(request, user);
    const charger = await availableCharger(request);
    await signIn(page, user);
    await page.goto(`/charger/${charger.id}`);
    await page.getByLabel(t('hu', 'charging.mode.amount')).selectOption('1000');
    await page.getByRole('button', { name: t('hu', 'charging.wizard.start') }).click();
    // The driver leaves the pay page without paying.
    await expect(page).toHaveURL(/\/sandbox\/simplepay\/pay\//, { timeout: 15_000 });
    const payUrl = page.url();
    await page.goto('/charge-history');
    const p = panel(page);
    await expect(p.getByText(t('hu', 'charging.status.NEW'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/charge-history, charge waiting for payment');
    // "Fizetés" goes back to the same, still open pay page (no second payment).
    await p.getByRole('button', { name: t('hu', 'charging.panel.pay') }).click();
    await expect(page).toHaveURL(new RegExp(escapeRe(new URL(payUrl).pathname)), {
      timeout: 15_000,
    });
    await page.goto('/charge-history');
    await p.getByRole('button', { name: t('hu', 'charging.panel.cancel') }).click();
    const dialog = page.getByRole('dialog', { name: t('hu', 'charging.panel.cancel') });
    await expect(dialog).toContainText(t('hu', 'charging.panel.confirmCancel'));
    await dialog.getByRole('button', { name: t('hu', 'common.yes') }).click();
    // The cancel is immediate: the panel may show "cancel request sent" only for a moment.
    await expect(p).toBeHidden({ timeout: 30_000 });
    // Nothing was charged: the charger can be started again.
    await page.goto(`/charger/${charger.id}`);
    await expect(page.getByRole('button', { name: t('hu', 'charging.wizard.start') })).toHaveCount(
      0,
    );
    await page.getByLabel(t('hu', 'charging.mode.amount')).selectOption('1000');
    await expect(
      page.getByRole('button', { name: t('hu', 'charging.wizard.start') }),
    ).toBeEnabled();
    expect(pageErrors).toEqual([]);
  });

  test('free charger: no mode or payment step, start, stop', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(150_000);
    const user = await freshUser(request, 'free');
    await addBillingAndCar(request, user);
    const charger = await availableCharger(request, { free: true });
    await signIn(page, user);
    await page.goto(`/charger/${charger.id}`);
    await expect(page.getByText(t('hu', 'charging.wizard.free'))).toBeVisible();
    await expect(page.getByLabel(t('hu', 'charging.mode.amount'))).toHaveCount(0);
    await expect(page.getByRole('radio', { name: t('hu', 'charging.payment.simple') })).toHaveCount(
      0,
    );
    await expectNoSeriousA11yViolations(page, 'charger view, free charger');
    await page.getByRole('button', { name: t('hu', 'charging.wizard.start') }).click();
    await expect(page).toHaveURL(/\/charge-history$/);
    await watchAndStop(page);
    await expect(panel(page)).toBeHidden({ timeout: 60_000 });
    await throughCoupons(page);
    // The total is exactly 0 Ft (not a price that merely ends in 0).
    const total = `${escapeRe(t('hu', 'charging.record.total'))}\\s*${escapeRe(money('0 Ft'))}`;
    await expect(
      page.getByTestId('charge-record').filter({ hasText: charger.name }).first(),
    ).toContainText(new RegExp(total), { timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  });

  test('payment result with a forged return: not trusted, back to the map', async ({ page }) => {
    const forged = Buffer.from(
      JSON.stringify({ r: 0, t: 1, e: 'SUCCESS', m: 'x', o: 'VP-1' }),
    ).toString('base64');
    await page.goto(`/payment-result?r=${encodeURIComponent(forged)}&s=AAAA`);
    // Said plainly: the return is not genuine, so nothing from it is shown.
    await expect(page.getByTestId('payment-return')).toContainText(
      t('hu', 'payment.invalid.title'),
    );
    await expect(page.getByTestId('payment-return')).not.toHaveAttribute('data-status', /.+/);
    await expect(page.getByText(t('hu', 'charging.result.starting'))).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: t('hu', 'charging.result.toMap') }),
    ).toHaveAttribute('href', '/');
    await expectNoSeriousA11yViolations(page, '/payment-result (not genuine)');
  });

  test('receipt without a row number alerts', async ({ page, request }) => {
    const user = await freshUser(request, 'receipt');
    await signIn(page, user);
    await page.goto('/receipt');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: t('hu', 'charging.receipt.noRowNumber') })
        .first(),
    ).toBeVisible();
  });
});
