import type { Page } from '@playwright/test';
import { apiData, freshUser, signIn } from '../support/drivers';
import { expect, expectNoSeriousA11yViolations, needsPostgres, t, test } from '../support/fixtures';
import { operatorCli } from '../support/operator';

async function menuLinks(page: Page) {
  await page.getByRole('button', { name: t('hu', 'menu.open') }).click();
  const menu = page.locator('#main-menu');
  await expect(menu.getByRole('link', { name: t('hu', 'route.coupons') })).toBeVisible();
  return menu;
}

test.describe('coupon redemption role, live (decision 0031)', () => {
  test(
    'a signed-in driver made a shop’s provider gets /coupon-redeem without signing in again, and loses it with the role',
    { tag: '@postgres' },
    async ({ page, request, pageErrors, databaseUrl }) => {
      // The operator CLI writes to the server's database while it runs: PostgreSQL only.
      const db = needsPostgres(databaseUrl);
      const loyaltyCli = (...args: string[]) => operatorCli(db, 'loyalty', ...args);
      const staff = await freshUser(request, 'roleli');
      const offers = await apiData<{ shopName: string; type: string; styleClass: string | null }[]>(
        request,
        staff,
        '/api/v1/coupon/coupon-inventory',
      );
      const shop = offers.find((o) => o.type === 'SHOP' && !o.styleClass)!.shopName;

      await signIn(page, staff);
      await page.goto('/coupon-redeem');
      await expect(page.getByTestId('redeem-not-allowed')).toBeVisible();
      let menu = await menuLinks(page);
      await expect(menu.getByRole('link', { name: t('hu', 'route.couponRedeem') })).toHaveCount(0);
      await page.keyboard.press('Escape');

      loyaltyCli('provider', '--email', staff.email, '--shop', shop);
      // No reload, no new log-in: the page learns it over /ws.
      await expect(page.getByRole('button', { name: t('hu', 'redeem.button') })).toBeVisible();
      await expect(page.getByTestId('redeem-not-allowed')).toHaveCount(0);
      menu = await menuLinks(page);
      await expect(menu.getByRole('link', { name: t('hu', 'route.couponRedeem') })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'menu with coupon redemption');
      await page.keyboard.press('Escape');

      loyaltyCli('provider', '--email', staff.email, '--remove');
      await expect(page.getByTestId('redeem-not-allowed')).toBeVisible();
      menu = await menuLinks(page);
      await expect(menu.getByRole('link', { name: t('hu', 'route.couponRedeem') })).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    },
  );
});
