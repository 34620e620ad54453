import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  locationByName,
  locationDetail,
  locations,
  newsPosts,
  t,
  test,
} from '../support/fixtures';

interface ParkingLot {
  id: number;
  name: string;
  tariff: unknown;
}

/** Every parking lot of the demo seed, via the API. */
async function parkingLots(request: APIRequestContext): Promise<ParkingLot[]> {
  const lots: ParkingLot[] = [];
  for (const l of (await locations(request)).filter((x) => x.hasParking)) {
    const res = await request.get(`/api/v1/parking/location/${l.id}`);
    const body = (await res.json()) as { data: ParkingLot | null };
    if (body.data) lots.push(body.data);
  }
  return lots;
}

test.describe('screens', () => {
  test('the news list opens a post', async ({ page, request }) => {
    const posts = await newsPosts(request);
    expect(posts.length, 'the demo seed has news posts').toBeGreaterThan(0);
    const post = posts[0]!;

    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hu', 'route.news'));
    const articles = page.getByRole('main').getByRole('article');
    await expect(articles).toHaveCount(posts.length);
    await expect(articles.first().getByRole('heading')).toHaveText(post.title);

    await articles
      .first()
      .getByRole('link', { name: `${t('hu', 'news.more')}: ${post.title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/news/${post.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await page.getByRole('link', { name: t('hu', 'news.back') }).click();
    await expect(page).toHaveURL(/\/news$/);
  });

  test('the parking lot view shows the how-to-park modal, in Hungarian and English', async ({
    page,
    request,
  }) => {
    const westend = await locationByName(request, 'Westend City Center');
    const lotId = (await locationDetail(request, westend.id)).parkingLotId;
    expect(lotId, 'Westend has a parking lot').not.toBeNull();

    await page.goto(`/parking-lot/${lotId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: t('hu', 'parking.howTo.button') }).click();
    const modal = page.getByRole('dialog', { name: t('hu', 'parking.howTo.title') });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(t('hu', 'parking.howTo.step1'));
    await modal.getByRole('button', { name: t('hu', 'parking.howTo.ok') }).click();
    await expect(modal).toBeHidden();

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: t('en', 'parking.howTo.button') }).click();
    const modalEn = page.getByRole('dialog', { name: t('en', 'parking.howTo.title') });
    await expect(modalEn).toContainText(t('en', 'parking.howTo.step1'));
    await page.keyboard.press('Escape');
    await expect(modalEn).toBeHidden();
  });

  test('a parking lot without a tariff shows the no-tariff warning', async ({ page, request }) => {
    const lot = (await parkingLots(request)).find((l) => l.tariff === null);
    expect(lot, 'the demo seed has a parking lot without a tariff').toBeDefined();
    await page.goto(`/parking-lot/${lot!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lot!.name);
    await expect(page.getByRole('alert')).toContainText(t('hu', 'parking.noTariff'));
  });

  test('an unknown parking lot shows the not-found notice', async ({ page }) => {
    await page.goto('/parking-lot/987654');
    await expect(page.getByRole('alert')).toContainText(t('hu', 'parking.notFound'));
  });

  test('an unknown charger id shows a not-found notice', async ({ page }) => {
    await page.goto('/charger/987654');
    await expect(page.getByRole('alert')).toContainText(t('hu', 'charger.notFound'));
    await expect(page.getByRole('link', { name: t('hu', 'charger.toSearch') })).toBeVisible();
  });

  test('the charger view without an id leads to the charger search', async ({ page }) => {
    await page.goto('/charger');
    await expect(page).toHaveURL(/\/charger-search\/charger$/);
  });

  test('a login-required route redirects to /login', async ({ page }) => {
    for (const route of ['/me', '/cards', '/charge-history', '/invoices']) {
      await page.goto(route);
      await expect(page, `${route} → /login`).toHaveURL(/\/login$/);
    }
    // Not login-required (SPEC §2): parking history is open to casual users.
    await page.goto('/parking-history');
    await expect(page).toHaveURL(/\/parking-history$/);
  });

  test('the old licence routes lead to /open-source, which lists bundled packages', async ({
    page,
  }) => {
    await page.goto('/vue-license');
    await expect(page).toHaveURL(/\/open-source$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hu', 'route.openSource'));
    // Packages the web app really bundles.
    for (const name of ['react', 'leaflet', 'supercluster']) {
      await expect(page.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
    }
  });
});
