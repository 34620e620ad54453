import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

// Decision 0039: the sandbox roaming partner (VoltPartner Kft., decision 0038) registers at
// start-up and its sites are pulled a few seconds later; they are then on our map, in search and
// in the location panel, marked as the partner's, with every price component; a visitor gets a
// sign-in prompt, no start (a signed-in driver's start: roaming-charge.spec.ts, decision 0043).

interface PartnerItem {
  id: number;
  name: string;
  partnerName?: string;
}

async function partnerSites(request: APIRequestContext): Promise<PartnerItem[]> {
  const res = await request.get('/api/v1/location/locations', { headers: { 'X-Lang': 'hu' } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: PartnerItem[] };
  return body.data.filter((l) => l.partnerName !== undefined);
}

test.describe('roaming partner sites', () => {
  test('a partner site is found by search; its panel shows whose it is and its prices', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // The first pull runs a few seconds after the partner registered (bounded wait).
    await expect
      .poll(async () => (await partnerSites(request)).length, {
        timeout: 90_000,
        intervals: [1000, 2000, 3000],
      })
      .toBe(6);
    const sites = await partnerSites(request);
    const site = sites.find((s) => s.name.startsWith('Pécs')) ?? sites[0]!;
    const mark = t('hu', 'partner.mark', { name: site.partnerName! });

    await page.goto('/charger-search/charger');
    const box = page.getByRole('searchbox', { name: t('hu', 'search.textLabel') });
    await box.fill(site.name);
    const card = page.getByTestId('location-card').filter({ hasText: site.name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(mark);
    await card.click();

    const panel = page.getByRole('dialog', { name: site.name });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(mark)).toBeVisible();
    const points = panel.getByRole('article');
    await expect(points.first()).toBeVisible();
    // Every charging point has its price components before any start: energy at least.
    const energy = panel.getByRole('listitem').filter({ hasText: /^Energia: \d[\d\s]*Ft\/kWh/ });
    await expect(energy.first()).toBeVisible();
    expect(await energy.count()).toBeGreaterThanOrEqual(await points.count());
    // Not our charger: no way to a charger page; signed out, a sign-in prompt and no start.
    await expect(panel.locator('a[href^="/charger/"]')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: t('hu', 'panel.openCharger') })).toHaveCount(0);
    await expect(panel.getByTestId('roaming-sign-in')).toBeVisible();
    await expect(panel.getByTestId('roaming-start-link')).toHaveCount(0);

    await expectNoSeriousA11yViolations(page, 'partner site panel');
  });
});
