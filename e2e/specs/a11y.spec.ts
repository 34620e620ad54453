import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  locationByName,
  locationDetail,
  newsPosts,
  t,
  test,
  waitForClusters,
} from '../support/fixtures';

interface Screen {
  name: string;
  open: (page: Page, request: APIRequestContext) => Promise<void>;
}

async function heading(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Wait for the page's data: no spinner left.
  await expect(page.getByRole('main').getByLabel(t('hu', 'common.loading'))).toHaveCount(0);
}

async function westend(request: APIRequestContext) {
  const loc = await locationByName(request, 'Westend City Center');
  return { loc, detail: await locationDetail(request, loc.id) };
}

/** Every screen of issue 2, opened the way a driver gets there. */
const SCREENS: Screen[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/');
      await waitForClusters(page);
      await expect(page.getByRole('navigation', { name: t('hu', 'home.actions') })).toBeVisible();
    },
  },
  {
    name: 'map',
    open: async (page) => {
      await page.goto('/map');
      await waitForClusters(page);
    },
  },
  {
    name: 'location panel open',
    open: async (page, request) => {
      const { loc } = await westend(request);
      await page.goto(`/map?showLocation=${loc.id}`);
      await waitForClusters(page);
      const panel = page.getByRole('dialog', { name: loc.name });
      await expect(panel.getByRole('tab').first()).toBeVisible();
    },
  },
  {
    name: 'charger search with the filter panel open',
    open: async (page) => {
      await page.goto('/charger-search/charger');
      await expect(page.getByTestId('location-card').first()).toBeVisible();
      const button = page.getByRole('button', {
        name: t('hu', 'search.filters.title'),
        exact: true,
      });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(
        page.getByRole('region', { name: t('hu', 'search.filters.title') }),
      ).toBeVisible();
    },
  },
  {
    name: 'parking search',
    open: async (page) => {
      await page.goto('/parking-search');
      await expect(page.getByTestId('location-card').first()).toBeVisible();
    },
  },
  {
    name: 'charger view',
    open: async (page, request) => {
      const { detail } = await westend(request);
      await page.goto(`/charger/${detail.chargers[0]!.id}`);
      await heading(page);
      await expect(page.getByRole('heading', { name: t('hu', 'charger.tariff') })).toBeVisible();
    },
  },
  {
    name: 'parking lot view, then its how-to-park modal',
    open: async (page, request) => {
      const { detail } = await westend(request);
      await page.goto(`/parking-lot/${detail.parkingLotId}`);
      await heading(page);
      await expectNoSeriousA11yViolations(page, 'parking lot view');
      await page.getByRole('button', { name: t('hu', 'parking.howTo.button') }).click();
      await expect(
        page.getByRole('dialog', { name: t('hu', 'parking.howTo.title') }),
      ).toBeVisible();
    },
  },
  {
    name: 'news list',
    open: async (page) => {
      await page.goto('/news');
      await heading(page);
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'news post',
    open: async (page, request) => {
      const post = (await newsPosts(request))[0]!;
      await page.goto(`/news/${post.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    },
  },
  { name: 'support', open: (page) => page.goto('/support').then(() => heading(page)) },
  { name: 'about us', open: (page) => page.goto('/about-us').then(() => heading(page)) },
  {
    name: 'gtc (en, then hu)',
    open: async (page) => {
      await page.goto('/gtc');
      await heading(page);
      await expectNoSeriousA11yViolations(page, 'gtc');
      await page.goto('/gtc-hu');
      await heading(page);
    },
  },
  {
    name: 'privacy (en, then hu)',
    open: async (page) => {
      await page.goto('/privacy-statement');
      await heading(page);
      await expectNoSeriousA11yViolations(page, 'privacy');
      await page.goto('/privacy-statement-hu');
      await heading(page);
    },
  },
  { name: 'open-source', open: (page) => page.goto('/open-source').then(() => heading(page)) },
];

test.describe('accessibility (axe, WCAG 2.1 A/AA): no serious or critical violations', () => {
  for (const screen of SCREENS) {
    test(screen.name, async ({ page, request }) => {
      await screen.open(page, request);
      await expectNoSeriousA11yViolations(page, screen.name);
    });
  }

  test('the front-page advert overlay', async ({ page, request }) => {
    const res = await request.get('/api/v1/front-page-ad');
    const ad = ((await res.json()) as { data: { image: string } | null }).data;
    expect(ad, 'the demo seed has a front-page advert').not.toBeNull();
    // A first visit to the home screen (the only place pop-ups open), with nothing marked as seen.
    await page.addInitScript(() => {
      localStorage.removeItem('adClosedAt');
      localStorage.setItem('shownNews', '[]');
    });
    await page.goto('/');
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'front-page advert / news overlay');
  });
});
