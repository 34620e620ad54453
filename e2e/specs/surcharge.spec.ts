import type { Locator, Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  addBilling,
  CAPTCHA,
  freshUser,
  money,
  NO_CAPTCHA,
  payOnEmulator,
  saveCard,
  signIn,
  TEST_CARDS as CARDS,
  type TestUser,
} from '../support/drivers';
import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

/**
 * The surcharge of an overstay (issue 11) on a phone: a guest parks at a mall lot (5000 Ft per
 * started day of overstay) and finishes inside the free minutes, the car stays at the exit, and
 * the sandbox gates page lets the leave time run out (decision 0028). The parking restarts; the
 * guest starts the surcharge on /parking-surcharge with the parking's e-mail and code, pays it on
 * SimplePay's sandbox page, and the exit gate opens once for the car the sandbox's auto car keeps
 * at the barrier (decision 0022). Runs on the embedded database: nothing is set up from outside.
 *
 * SimplePay's emulator sends the browser back to PUBLIC_URL (http://localhost:<port>).
 */
test.use({ baseURL: baseURL.replace('127.0.0.1', 'localhost') });

const LOT = 'Allee Bevásárlóközpont parkoló';
const m = (key: string) => t('hu', key, {}, 'messages');

async function lotIdByName(page: Page, name: string): Promise<number> {
  for (let id = 1; id <= 60; id++) {
    const res = await page.request.get(`/api/v1/parking/parking-lot/${id}`);
    if (!res.ok()) continue;
    const lot = ((await res.json()) as { data: { name: string } | null }).data;
    if (lot?.name === name) return id;
  }
  throw new Error(`no lot named ${name}`);
}

/**
 * A signed-in driver parks at the mall lot inside the free minutes and finishes, the sandbox gates
 * page lets the leave time run out with the car still at the exit, and the driver starts the
 * surcharge with their own e-mail and the parking's code: the UNPAID surcharge of 5 000 Ft.
 */
async function overstayToSurcharge(page: Page, user: TestUser): Promise<Locator> {
  // Park inside the free minutes and finish: nothing to pay, the car must leave in 15 minutes.
  const lotId = await lotIdByName(page, LOT);
  await page.goto(`/parking-lot/${lotId}?autoStart=1`);
  const panel = page.getByTestId('current-parking');
  await expect(panel).toHaveAttribute('data-status', 'STARTING', { timeout: 15_000 });
  const openIn = page.getByRole('button', { name: t('hu', 'parking.gate.openIn') });
  await expect(openIn).toBeEnabled({ timeout: 15_000 });
  await openIn.click();
  await expect(panel).toHaveAttribute('data-status', 'STARTED', { timeout: 20_000 });
  const code = (
    await page.getByTestId(`parking-fact-${t('hu', 'parking.started.chargeCode')}`).innerText()
  ).trim();
  await page.getByRole('button', { name: t('hu', 'parking.started.finish') }).click();
  // Finishing without payment is confirmed first (decision 0064).
  const confirm = page.getByRole('dialog', { name: t('hu', 'parking.started.finish') });
  await expect(confirm).toContainText(t('hu', 'parking.started.confirmFinish'));
  await confirm.getByTestId('parking-finish-confirm').click();
  await expect(panel).toHaveAttribute('data-status', 'FINISHING', { timeout: 20_000 });

  await page.goto(`/sandbox/gates?lang=hu&lot=${lotId}`);
  await page
    .getByRole('button', { name: m('sandboxGates.action.overstay') })
    .first()
    .click();
  await expect(page.getByRole('status')).toHaveText(m('sandboxGates.done.overstay'));

  // Signed in: the surcharge starts with the driver's own e-mail and the parking's code.
  await page.goto(`/parking-surcharge?email=${encodeURIComponent(user.email)}`);
  await page.getByRole('textbox', { name: t('hu', 'parking.surcharge.code') }).fill(code);
  await page.getByTestId('surcharge-start').click();
  const surcharge = page.getByTestId('surcharge');
  await expect(surcharge).toHaveAttribute('data-status', 'UNPAID', { timeout: 15_000 });
  await expect(surcharge).toContainText(money('5 000 Ft'));
  return surcharge;
}

/** The paid surcharge opens the exit once for the car at the barrier; then nothing is left to tap. */
async function leaveOnceAfterPaying(surcharge: Locator) {
  await expect(surcharge).toHaveAttribute('data-status', 'PAID', { timeout: 30_000 });
  const openOut = surcharge.getByRole('button', { name: t('hu', 'parking.gate.openOut') });
  await expect(openOut).toBeEnabled({ timeout: 15_000 });
  await openOut.click();
  await expect(surcharge).toHaveAttribute('data-status', 'FINISHED', { timeout: 20_000 });
  await expect(surcharge.getByRole('button')).toHaveCount(0);
}

test.describe('parking surcharge', () => {
  test('/parking-surcharge passes axe in Hungarian and in English', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/parking-surcharge?email=anna%40example.hu&parkCode=AB12C');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('hu', 'route.parkingSurcharge'),
    );
    await expect(
      page.getByRole('textbox', { name: t('hu', 'parking.surcharge.email') }),
    ).toHaveValue('anna@example.hu');
    await expectNoSeriousA11yViolations(page, '/parking-surcharge (hu)');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('en', 'route.parkingSurcharge'),
    );
    // Nothing found for an unknown code: said so, in English.
    await page.getByRole('button', { name: t('en', 'parking.surcharge.start') }).click();
    await expect(page.getByTestId('surcharge-start-error')).toHaveText(
      t('en', 'parking.surcharge.notFound'),
    );
    await expectNoSeriousA11yViolations(page, '/parking-surcharge (en, not found)');
    await page.getByRole('button', { name: 'Magyar' }).click();
    expect(pageErrors).toEqual([]);
  });

  test('a guest overstays, starts the surcharge by e-mail and code, pays by SimplePay, and the exit opens once', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(180_000);
    const email = `e2e-surcharge-${Date.now()}@example.hu`;
    const lotId = await lotIdByName(page, LOT);

    // Park as a guest; the auto car drives in once the entry opens.
    await page.goto(`/parking-lot/${lotId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOT);
    await page.getByRole('button', { name: t('hu', 'parking.guest.choose') }).click();
    await page.getByRole('textbox', { name: t('hu', 'casual.email') }).fill(email);
    await page.getByTestId('parking-start-guest').click();
    const panel = page.getByTestId('current-parking');
    await expect(panel).toHaveAttribute('data-status', 'STARTING', { timeout: 15_000 });
    const openIn = page.getByRole('button', { name: t('hu', 'parking.gate.openIn') });
    await expect(openIn).toBeEnabled({ timeout: 15_000 });
    await openIn.click();
    await expect(panel).toHaveAttribute('data-status', 'STARTED', { timeout: 20_000 });
    const code = (
      await page.getByTestId(`parking-fact-${t('hu', 'parking.started.chargeCode')}`).innerText()
    ).trim();
    expect(code).toMatch(/^[0-9A-Z]{5}$/);

    // Inside the free minutes: nothing to pay; the car must now leave within 15 minutes.
    await page.getByRole('button', { name: t('hu', 'parking.started.finish') }).click();
    await page.getByTestId('parking-finish-confirm').click();
    await expect(panel).toHaveAttribute('data-status', 'FINISHING', { timeout: 20_000 });

    // It does not: on the sandbox gates page the leave time runs out at the lot's exit.
    await page.goto(`/sandbox/gates?lang=hu&lot=${lotId}`);
    await page
      .getByRole('button', { name: m('sandboxGates.action.overstay') })
      .first()
      .click();
    await expect(page.getByRole('status')).toHaveText(m('sandboxGates.done.overstay'));

    // The parking restarted (an overstay): the surcharge is started with the e-mail and code.
    await page.goto(`/parking-surcharge?email=${encodeURIComponent(email)}`);
    await page.getByRole('textbox', { name: t('hu', 'parking.surcharge.code') }).fill(code);
    await page.getByTestId('surcharge-start').click();
    const surcharge = page.getByTestId('surcharge');
    await expect(surcharge).toHaveAttribute('data-status', 'UNPAID', { timeout: 15_000 });
    await expect(surcharge).toContainText(money('5 000 Ft'));
    await expect(surcharge).toContainText(t('hu', 'casual.disclaimer.cardOnly'));
    await expectNoSeriousA11yViolations(page, '/parking-surcharge UNPAID');

    // SimplePay's page opens by itself; paid, it sends the browser back to the result page.
    await page.getByTestId('surcharge-pay').click();
    await payOnEmulator(page, CARDS.pays);
    await expect(page).toHaveURL(/\/parking-surcharge-payment-result\?r=/, { timeout: 20_000 });
    await expect(page.getByTestId('payment-return')).toHaveAttribute('data-status', 'success');
    await expect(surcharge).toHaveAttribute('data-status', 'PAID', { timeout: 30_000 });
    await expect(surcharge).toContainText(t('hu', 'parking.surcharge.paid'));
    const openOut = surcharge.getByRole('button', { name: t('hu', 'parking.gate.openOut') });
    await expect(openOut).toBeEnabled({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, '/parking-surcharge-payment-result PAID');
    await openOut.click();
    await expect(surcharge.getByTestId('gate-opening')).toBeVisible();
    // The car drives through: the surcharge is settled, no gate is offered any more.
    await expect(surcharge).toHaveAttribute('data-status', 'FINISHED', { timeout: 20_000 });
    await expect(surcharge).toContainText(t('hu', 'parking.surcharge.finished'));
    await expect(surcharge.getByRole('button')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
  test('a registered driver overstays, pays the surcharge from the wallet, and the exit opens once', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
    test.setTimeout(180_000);
    const user = await freshUser(request, 'surcharge-wallet');
    await addBilling(request, user);
    await signIn(page, user);

    // 6,000 Ft in the wallet covers one started day of overstay (5,000 Ft).
    await page.goto('/cards');
    await page.getByRole('textbox', { name: t('hu', 'cards.topUp.amount') }).fill('6000');
    await page.getByRole('button', { name: t('hu', 'cards.topUp.button'), exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('hu', 'common.yes') })
      .click();
    await payOnEmulator(page, CARDS.pays);
    await expect(page.getByTestId('result-balance')).toHaveText(money('6 000 Ft'), {
      timeout: 20_000,
    });

    const surcharge = await overstayToSurcharge(page, user);
    const wallet = page.getByRole('radio', { name: /Egyenleg/ });
    // The wallet covers the surcharge: it is chosen already (decision 0064).
    await expect(wallet).toBeEnabled();
    await expect(wallet).toBeChecked();
    await expectNoSeriousA11yViolations(page, '/parking-surcharge, wallet chosen');
    await page.getByTestId('surcharge-pay').click();
    // The wallet pays only once confirmed: 5 000 Ft taken, 1 000 Ft left (decision 0062).
    const confirm = page.getByRole('dialog', { name: t('hu', 'parking.walletConfirm.title') });
    await expect(confirm).toContainText(money('5 000 Ft'));
    await expect(confirm).toContainText(money('1 000 Ft'));
    await expectNoSeriousA11yViolations(page, '/parking-surcharge, wallet confirmation');
    await confirm.getByTestId('wallet-pay-confirm').click();

    // No card page: the wallet pays at once, and the exit opens once for the car at the barrier.
    await leaveOnceAfterPaying(surcharge);

    // The wallet paid exactly the surcharge.
    await page.goto('/cards');
    await expect(page.getByTestId('wallet-balance')).toHaveText(money('1 000 Ft'), {
      timeout: 15_000,
    });
    expect(pageErrors).toEqual([]);
  });

  test('a registered driver overstays, pays the surcharge with a saved card and its secret code, and the exit opens once', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
    test.setTimeout(180_000);
    const user = await freshUser(request, 'surcharge-card');
    await addBilling(request, user);
    await signIn(page, user);
    await saveCard(page, request, user, 'titok1234');

    const surcharge = await overstayToSurcharge(page, user);
    // The wallet is empty, so it is offered but cannot pay; the saved card asks for its code.
    await expect(page.getByRole('radio', { name: /Egyenleg/ })).toBeDisabled();
    await page.getByRole('radio', { name: t('hu', 'parking.stop.card') }).check();
    await expect(
      page.getByLabel(t('hu', 'charging.payment.whichCard'), { exact: true }),
    ).toContainText('0425');
    await page.getByTestId('surcharge-pay').click();
    await expect(page.getByText(t('hu', 'invalid.required', {}, 'messages'))).toBeVisible();
    await page.getByLabel(t('hu', 'charging.payment.secret')).fill('titok1234');
    await expectNoSeriousA11yViolations(page, '/parking-surcharge, saved card chosen');
    await page.getByTestId('surcharge-pay').click();

    // No card page: the saved card pays, and the exit opens once for the car at the barrier.
    await leaveOnceAfterPaying(surcharge);
    expect(pageErrors).toEqual([]);
  });
});
