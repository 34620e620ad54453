import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  addBilling,
  apiData,
  CAPTCHA,
  freshUser,
  money,
  NO_CAPTCHA,
  payOnEmulator,
  signIn,
  type TestUser,
} from '../support/drivers';
import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

/**
 * Decision 0043: a registered driver with a wallet balance charges at the sandbox roaming
 * partner's charger (VoltPartner Kft., real OCPI between the emulator and us): opens the partner
 * site, starts with a wallet hold, watches kWh grow, stops, sees the billed amount and opens the
 * receipt. The server runs with ROAMING_SANDBOX_METER_SEC=2 (the emulator's meter every 2 s).
 * The pay pages return to PUBLIC_URL (localhost), so the test runs on that origin.
 */
test.use({ baseURL: baseURL.replace('127.0.0.1', 'localhost') });

interface PartnerItem {
  id: number;
  name: string;
  partnerName?: string;
}
interface PartnerDetail {
  location: {
    partnerSite?: {
      evses: {
        uid: string;
        evseId: string | null;
        status: string;
        connectors: { id: string; currentType: string }[];
      }[];
    };
  };
}

async function partnerSites(request: APIRequestContext): Promise<PartnerItem[]> {
  const res = await request.get('/api/v1/location/locations', { headers: { 'X-Lang': 'hu' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: PartnerItem[] }).data.filter(
    (l) => l.partnerName !== undefined,
  );
}

/** A partner site with a free DC charging point (fast: a bill of some forints in seconds). */
async function freeDcPoint(request: APIRequestContext) {
  for (const site of await partnerSites(request)) {
    const res = await request.get(`/api/v1/location/location-charger-poi/${site.id}`, {
      headers: { 'X-Lang': 'hu' },
    });
    const detail = ((await res.json()) as { data: PartnerDetail }).data;
    const evse = detail.location.partnerSite?.evses.find(
      (e) => e.status === 'AVAILABLE' && e.connectors.some((c) => c.currentType === 'DC'),
    );
    if (evse) return { site, evse };
  }
  throw new Error('no free DC charging point at the sandbox partner');
}

async function topUpWallet(page: Page, request: APIRequestContext, user: TestUser) {
  const billingId = await addBilling(request, user);
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

test.describe('charging at a roaming partner’s charger', () => {
  test.beforeEach(() => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
  });

  test('start with a wallet hold, kWh growing, stop, the bill and the receipt', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const user = await freshUser(request, 'roaming');
    await signIn(page, user);
    await topUpWallet(page, request, user);
    // The partner's sites are pulled a few seconds after it registered (bounded wait).
    await expect
      .poll(async () => (await partnerSites(request)).length, {
        timeout: 90_000,
        intervals: [1000, 2000, 3000],
      })
      .toBe(6);
    const { site, evse } = await freeDcPoint(request);

    // The partner site's panel: a start at the free point.
    await page.goto('/charger-search/charger');
    await page.getByRole('searchbox', { name: t('hu', 'search.textLabel') }).fill(site.name);
    // By its exact name: an own site at the same address ("Árkád Győr", 9027 Győr, Budai út 1.)
    // also contains the partner site's name in its address, and may be listed first.
    await page
      .getByTestId('location-card')
      .filter({ has: page.getByText(site.name, { exact: true }) })
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: site.name });
    const point = panel.getByRole('article', {
      name: t('hu', 'partner.evse', { id: evse.evseId ?? evse.uid }),
    });
    await point.getByTestId('roaming-start-link').first().click();

    // The start: the balance and the exact hold before the call.
    await expect(page).toHaveURL(/\/roaming-charge\?location=\d+&evse=/);
    await expect(
      page.getByRole('radio', {
        name: t('hu', 'charging.payment.wallet', { balance: money('30 000 Ft') }),
      }),
    ).toBeVisible();
    await expect(page.getByTestId('roaming-hold-text')).toContainText(money('10 000 Ft'));
    await expectNoSeriousA11yViolations(page, '/roaming-charge start');
    await page
      .getByRole('button', {
        name: t('hu', 'roamingCharge.startWithHold', { amount: money('10 000 Ft') }),
      })
      .click();

    // The partner starts it; the meter grows.
    const live = page.getByTestId('roaming-charge');
    await expect(live.getByTestId('roaming-status')).toHaveText(
      t('hu', 'roamingCharge.status.charging'),
      { timeout: 30_000 },
    );
    const energy = live
      .locator('dt', { hasText: t('hu', 'roamingCharge.energy') })
      .locator('xpath=following-sibling::dd[1]');
    await expect(energy).toHaveText(/^(?!0,00 kWh)\d+,\d\d kWh$/, { timeout: 20_000 });
    await expect(page.getByTestId('running-roaming-charge')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/roaming-charge charging');

    // A reload keeps it; the stop is asked once more.
    await page.reload();
    await expect(live.getByTestId('roaming-status')).toHaveText(
      t('hu', 'roamingCharge.status.charging'),
    );
    await live.getByRole('button', { name: t('hu', 'roamingCharge.stop') }).click();
    await page.getByTestId('roaming-stop-yes').click();

    // The CDR comes and is billed: the bill, the rest of the hold released, the receipt.
    await expect(live.getByTestId('roaming-status')).toHaveText(
      t('hu', 'roamingCharge.status.completed'),
      { timeout: 30_000 },
    );
    const current = await apiData<{ billedAmount: number; receiptRowNumber: number }>(
      request,
      user,
      '/api/v1/roaming/current',
    );
    expect(current.billedAmount).toBeGreaterThan(0);
    // The app groups every thousand (9 940 Ft), unlike Intl's hu-HU for four digits.
    const ft = (n: number) => money(`${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} Ft`);
    await expect(live.getByTestId('roaming-completed')).toContainText(ft(current.billedAmount));
    await expect(live.getByTestId('roaming-completed')).toContainText(
      ft(10_000 - current.billedAmount),
    );
    await expect(page.getByTestId('running-roaming-charge')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '/roaming-charge completed');
    const balance = await apiData<{ ballance: number }>(
      request,
      user,
      '/api/v1/wallet/wallet-balance',
    );
    expect(balance.ballance).toBe(30000 - current.billedAmount);

    await live.getByRole('link', { name: t('hu', 'roamingCharge.receipt') }).click();
    await expect(page).toHaveURL(new RegExp(`/receipt\\?rowNumber=${current.receiptRowNumber}`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt).toContainText(String(current.receiptRowNumber));
    await expect(receipt).toContainText(ft(current.billedAmount));
    await expect(receipt).toContainText(t('hu', 'charging.receipt.paid'));

    // The charge history lists it under the partners' charges, paid in full, with its receipt.
    await page.goto('/charge-history');
    const record = page.getByTestId('roaming-record');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(site.name);
    await expect(record.getByTestId('roaming-record-paid')).toHaveText(ft(current.billedAmount));
    await expect(record.getByTestId('roaming-record-open')).toHaveCount(0);
    await expect(
      record.getByRole('link', {
        name: t('hu', 'roamingCharge.history.receipt', { rowNumber: current.receiptRowNumber }),
      }),
    ).toHaveAttribute('href', `/receipt?rowNumber=${current.receiptRowNumber}`);
    await expectNoSeriousA11yViolations(page, '/charge-history with a partner charge');
  });
});
