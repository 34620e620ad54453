import type { APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  apiData,
  CAPTCHA,
  freshUser,
  money,
  NO_CAPTCHA,
  payOnEmulator,
  signIn,
} from '../support/drivers';
import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

/**
 * Decision 0050: a registered driver without any wallet money holds a roaming charge on a bank
 * card on SimplePay's pay page (the built-in emulator), comes back to the live screen, and the
 * partner starts only after the hold is authorized; the bill is taken from the card hold.
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
      evses: { uid: string; status: string; connectors: { id: string; currentType: string }[] }[];
    };
  };
}

async function partnerSites(request: APIRequestContext): Promise<PartnerItem[]> {
  const res = await request.get('/api/v1/location/locations', { headers: { 'X-Lang': 'hu' } });
  return ((await res.json()) as { data: PartnerItem[] }).data.filter(
    (l) => l.partnerName !== undefined,
  );
}

/** A free DC point at a partner site (a bill of some forints in seconds). */
async function freeDcPoint(request: APIRequestContext) {
  for (const site of await partnerSites(request)) {
    const res = await request.get(`/api/v1/location/location-charger-poi/${site.id}`, {
      headers: { 'X-Lang': 'hu' },
    });
    const detail = ((await res.json()) as { data: PartnerDetail }).data;
    const evse = detail.location.partnerSite?.evses.find(
      (e) => e.status === 'AVAILABLE' && e.connectors.some((c) => c.currentType === 'DC'),
    );
    const connector = evse?.connectors.find((c) => c.currentType === 'DC');
    if (evse && connector) return { site, evse, connector };
  }
  throw new Error('no free DC charging point at the sandbox partner');
}

test.describe('a roaming charge held on a bank card', () => {
  test.beforeEach(() => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
  });

  test('the pay page, back to the live screen, charging, stop and the bill from the card', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const user = await freshUser(request, 'roamingcard');
    await signIn(page, user);
    await expect
      .poll(async () => (await partnerSites(request)).length, {
        timeout: 90_000,
        intervals: [1000, 2000, 3000],
      })
      .toBe(6);
    const { site, evse, connector } = await freeDcPoint(request);
    await page.goto(
      `/roaming-charge?location=${site.id}&evse=${encodeURIComponent(evse.uid)}&connector=${encodeURIComponent(connector.id)}`,
    );

    await page.getByRole('radio', { name: t('hu', 'parking.stop.simplepay') }).check();
    await expect(page.getByTestId('roaming-hold-text')).toContainText(money('10 000 Ft'));
    await expect(page.getByTestId('roaming-hold-text')).toContainText('bankkártyáján');
    await expectNoSeriousA11yViolations(page, '/roaming-charge start by card');
    await page
      .getByRole('button', {
        name: t('hu', 'roamingCharge.startWithHold', { amount: money('10 000 Ft') }),
      })
      .click();

    await payOnEmulator(page);
    await expect(page).toHaveURL(/\/roaming-charge\?r=/);
    const live = page.getByTestId('roaming-charge');
    await expect(live.getByTestId('roaming-status')).toHaveText(
      t('hu', 'roamingCharge.status.charging'),
      { timeout: 30_000 },
    );
    await expectNoSeriousA11yViolations(page, '/roaming-charge charging by card');
    await live.getByRole('button', { name: t('hu', 'roamingCharge.stop') }).click();
    await page.getByTestId('roaming-stop-yes').click();
    await expect(live.getByTestId('roaming-status')).toHaveText(
      t('hu', 'roamingCharge.status.completed'),
      { timeout: 30_000 },
    );
    const current = await apiData<{ billedAmount: number; paymentMethod: string }>(
      request,
      user,
      '/api/v1/roaming/current',
    );
    expect(current.paymentMethod).toBe('SIMPLEPAY');
    expect(current.billedAmount).toBeGreaterThan(0);
    // The wallet was never used.
    const balance = await apiData<{ ballance: number }>(
      request,
      user,
      '/api/v1/wallet/wallet-balance',
    );
    expect(balance.ballance).toBe(0);
  });
});
