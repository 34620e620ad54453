import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { encodeQR } from 'qr';
import { chromiumArgs, chromiumPath } from '../chromium';
import {
  apiData,
  CAPTCHA,
  freshUser,
  money,
  NO_CAPTCHA,
  signIn,
  type TestUser,
} from '../support/drivers';
import {
  expect,
  expectNoSeriousA11yViolations,
  needsPostgres,
  t,
  test,
  type Lang,
} from '../support/fixtures';
import { operatorCli } from '../support/operator';

interface Offer {
  id: number;
  shopName: string;
  name: string;
  price: number;
  priceUnit: 'POINTS' | 'FT';
  type: 'SHOP' | 'WEBSHOP';
  styleClass: string | null;
  discountPercent: number | null;
  cities: string[];
}

/** 1700 → "1 700" (the app groups every thousand). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

const pts = (lang: Lang, n: string) => t(lang, 'coupons.points', { points: money(n) });

/**
 * A Y4M video (Chromium's fake camera) showing `code` as a QR code: what the shop's phone sees
 * when the customer holds up the coupon.
 */
function qrVideo(code: string): string {
  const W = 640;
  const H = 480;
  const matrix = encodeQR(code, 'raw', { border: 4 });
  const scale = Math.floor(360 / matrix.length);
  const x0 = Math.floor((W - matrix.length * scale) / 2);
  const y0 = Math.floor((H - matrix.length * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  matrix.forEach((row, my) =>
    row.forEach((dark, mx) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        y.fill(
          16,
          (y0 + my * scale + dy) * W + x0 + mx * scale,
          (y0 + my * scale + dy) * W + x0 + (mx + 1) * scale,
        );
    }),
  );
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = path.join(os.tmpdir(), `voltpark-coupon-${code}.y4m`);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

async function gotoCoupons(page: Page, query = '') {
  await page.goto(`/coupons${query}`);
  await expect(
    page.getByRole('heading', { level: 1, name: t('hu', 'route.coupons') }),
  ).toBeVisible();
}

test.describe('coupons', () => {
  test.beforeEach(() => {
    test.fixme(!CAPTCHA, NO_CAPTCHA);
  });

  test('a driver without points: balance, offers with filters, deposit rules, history; no redemption; hu and en', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(180_000);
    const driver = await freshUser(request, 'nopoints');
    await signIn(page, driver);
    await gotoCoupons(page);
    await expect(page.getByTestId('points-balance')).toHaveText(pts('hu', '0'));
    await expect(page.getByText(t('hu', 'coupons.mine.empty'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/coupons, active coupons (empty)');

    await page.getByRole('tab', { name: t('hu', 'coupons.tab.offers') }).click();
    const offers = page.getByTestId('coupon-offer');
    await expect(offers.first()).toBeVisible();
    const all = await offers.count();
    expect(all).toBeGreaterThan(5);
    // Points offers cannot be bought with 0 points.
    const pointsOffer = offers.filter({ hasText: t('hu', 'coupons.buy.notEnoughPoints') }).first();
    await expect(
      pointsOffer.getByRole('button', { name: t('hu', 'coupons.buy.button') }),
    ).toBeDisabled();
    // A city filter narrows the list to offers of that city.
    const city = page.getByRole('combobox', { name: t('hu', 'coupons.filter.city') });
    const firstCity = (await city.locator('option').nth(1).textContent())!;
    await city.selectOption(firstCity);
    await expect.poll(() => offers.count()).toBeLessThan(all);
    for (const text of await offers.allTextContents()) expect(text).toContain(firstCity);
    await city.selectOption(t('hu', 'coupons.filter.allCities'));
    await expect.poll(() => offers.count()).toBe(all);
    await expectNoSeriousA11yViolations(page, '/coupons, offers');

    // The online-wallet offer opens the deposit modal; with 0 points every choice is off.
    await page.getByRole('button', { name: t('hu', 'coupons.deposit.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('hu', 'coupons.deposit.title') });
    await expect(dialog.getByRole('radio', { name: '500' })).toBeDisabled();
    await expect(
      dialog.getByRole('button', { name: t('hu', 'coupons.deposit.send') }),
    ).toBeDisabled();
    await expectNoSeriousA11yViolations(page, '/coupons, deposit modal');
    await dialog.getByRole('button', { name: t('hu', 'coupons.cancel') }).click();

    await page.getByRole('tab', { name: t('hu', 'coupons.tab.history') }).click();
    await expect(page.getByText(t('hu', 'coupons.history.empty'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/coupons, history');

    // A driver is no service provider: no menu item, and the page says why.
    await page.goto('/coupon-redeem');
    await expect(page.getByTestId('redeem-not-allowed')).toHaveText(t('hu', 'redeem.notProvider'));
    await expectNoSeriousA11yViolations(page, '/coupon-redeem, not a provider');

    // English: every text of the screen switches.
    await page.goto('/coupons?tab=offers');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('en', 'route.coupons') }),
    ).toBeVisible();
    await expect(page.getByTestId('points-balance')).toHaveText(pts('en', '0'));
    await expect(page.getByRole('tab', { name: t('en', 'coupons.tab.offers') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      page.getByRole('combobox', { name: t('en', 'coupons.filter.category') }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/coupons in English');
    expect(pageErrors).toEqual([]);
  });

  test(
    'a driver buys a coupon with points, activates it and shows its QR code; the shop scans it; the driver sees it used',
    { tag: '@postgres' },
    async ({ page, request, pageErrors, databaseUrl }) => {
      // Points and the shop's provider are written by the operator CLI, which needs the server's
      // database shared (PostgreSQL); with the embedded one the server would have to stop.
      const db = needsPostgres(databaseUrl);
      const loyaltyCli = (...args: string[]) => operatorCli(db, 'loyalty', ...args);
      test.setTimeout(300_000);
      const driver = await freshUser(request, 'coupondriver');
      loyaltyCli('grant', '--email', driver.email, '--points', '2000', '--reason', 'e2e');
      const inventory = await apiData<Offer[]>(request, driver, '/api/v1/coupon/coupon-inventory');
      const offer = inventory
        .filter(
          (o) => o.priceUnit === 'POINTS' && o.type === 'SHOP' && !o.styleClass && o.price <= 1000,
        )
        .sort((a, b) => a.price - b.price)[0]!;
      expect(offer, 'the demo has a shop offer in points').toBeTruthy();

      await signIn(page, driver);
      await gotoCoupons(page, '?tab=offers');
      await expect(page.getByTestId('points-balance')).toHaveText(pts('hu', '2 000'));
      const card = page
        .getByRole('article', { name: offer.name })
        .filter({ hasText: offer.shopName })
        .first();
      await card.getByRole('button', { name: t('hu', 'coupons.buy.button') }).click();
      const confirm = page.getByRole('dialog', { name: t('hu', 'coupons.buy.confirmTitle') });
      await expect(confirm).toContainText(`${offer.shopName} – ${offer.name}`);
      await confirm.getByTestId('confirm-buy').click();

      // The coupon is among the active ones, redeemable; the balance went down by the price.
      await expect(page.getByRole('tab', { name: t('hu', 'coupons.tab.mine') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const coupon = page.getByTestId('user-coupon').first();
      await expect(coupon).toHaveAttribute('data-state', 'REDEEMABLE');
      await expect(page.getByTestId('points-balance')).toHaveText(
        pts('hu', grouped(2000 - offer.price)),
      );
      const code = (await coupon.getByTestId('coupon-code').textContent())!.trim();
      expect(code).toMatch(/^[A-Z0-9]{6,}$/);

      await coupon.getByRole('button', { name: t('hu', 'coupons.activate.button') }).click();
      await page
        .getByRole('dialog', { name: t('hu', 'coupons.activate.confirmTitle') })
        .getByRole('button', { name: t('hu', 'common.yes') })
        .click();
      await expect(coupon).toHaveAttribute('data-state', 'ACTIVE');
      // The countdown runs (60 minutes, every second).
      const countdown = coupon.getByTestId('coupon-countdown');
      await expect(countdown).toHaveText(/^(59:[0-5]\d|1:00:00)$/);
      const first = await countdown.textContent();
      await expect.poll(() => countdown.textContent()).not.toBe(first);
      await expect(coupon.getByTestId('coupon-qr')).toHaveAttribute('alt', new RegExp(code));
      await expectNoSeriousA11yViolations(page, '/coupons, an active coupon with its QR code');

      // The shop's staff: a service provider of that shop, with the phone's camera on the QR code.
      const staff: TestUser = await freshUser(request, 'shopstaff');
      loyaltyCli('provider', '--email', staff.email, '--shop', offer.shopName);
      const video = qrVideo(code);
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [
          ...chromiumArgs,
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
      try {
        const ctx = await browser.newContext({
          baseURL: test.info().project.use.baseURL,
          locale: 'hu-HU',
          viewport: { width: 412, height: 915 },
          isMobile: true,
          hasTouch: true,
          reducedMotion: 'reduce',
        });
        await ctx.grantPermissions(['camera']);
        const shop = await ctx.newPage();
        await signIn(shop, staff);
        await shop.goto('/coupon-redeem');
        await expect(
          shop.getByRole('heading', { level: 1, name: t('hu', 'route.couponRedeem') }),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(shop, '/coupon-redeem');
        await shop.getByRole('button', { name: t('hu', 'redeem.scan.open') }).click();
        const result = shop.getByTestId('redeem-result');
        await expect(result).toHaveAttribute('data-ok', 'true', { timeout: 20_000 });
        await expect(result).toContainText(t('hu', 'redeem.acceptedTitle'));
        await expect(result).toContainText(code);
        if (offer.discountPercent !== null)
          await expect(result).toContainText(
            t('hu', 'coupons.discount', { percent: offer.discountPercent }),
          );
        await expectNoSeriousA11yViolations(shop, '/coupon-redeem, accepted');

        // Typed again (lower case): refused, said why.
        await shop
          .getByRole('textbox', { name: new RegExp(t('hu', 'redeem.code')) })
          .fill(code.toLowerCase());
        await shop.getByRole('button', { name: t('hu', 'redeem.button') }).click();
        await expect(result).toHaveAttribute('data-ok', 'false');
        await expect(result).toContainText(t('hu', 'redeem.refusedTitle'));
        await ctx.close();
      } finally {
        await browser.close();
        fs.rmSync(video, { force: true });
      }

      // The driver sees it used.
      await gotoCoupons(page, '?tab=history');
      const used = page.getByTestId('history-coupon').filter({ hasText: code });
      await expect(used.getByTestId('history-coupon-state')).toContainText(
        t('hu', 'coupons.history.used', { time: '' }).trim(),
      );
      await expectNoSeriousA11yViolations(page, '/coupons, history with a used coupon');

      // The rest goes to a new online wallet: creation mode asks for both acceptances.
      await page.getByRole('tab', { name: t('hu', 'coupons.tab.offers') }).click();
      await page.getByRole('button', { name: t('hu', 'coupons.deposit.open') }).click();
      const dialog = page.getByRole('dialog', { name: t('hu', 'coupons.deposit.title') });
      // The choices are chips: the label is what a finger taps.
      await dialog.getByText(money('1 000'), { exact: true }).click();
      await expect(dialog.getByRole('radio', { name: money('1 000') })).toBeChecked();
      await dialog
        .getByRole('textbox', { name: new RegExp(t('hu', 'coupons.deposit.email')) })
        .fill(`new-${driver.email}`);
      await dialog.getByRole('button', { name: t('hu', 'coupons.deposit.send') }).click();
      await expect(dialog.getByTestId('deposit-creation')).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/coupons, deposit creation mode');
      await dialog.getByRole('checkbox', { name: t('hu', 'coupons.deposit.dataPolicy') }).check();
      await dialog.getByRole('checkbox', { name: t('hu', 'coupons.deposit.terms') }).check();
      await dialog.getByRole('button', { name: t('hu', 'coupons.deposit.createAndSend') }).click();
      await expect(dialog.getByTestId('deposit-result')).toHaveAttribute('data-kind', 'done', {
        timeout: 20_000,
      });
      await dialog
        .getByRole('button', { name: t('hu', 'common.close') })
        .last()
        .click();
      await expect(page.getByTestId('points-balance')).toHaveText(
        pts('hu', grouped(1000 - offer.price)),
      );
      expect(pageErrors).toEqual([]);
    },
  );
});
