import type { Page } from '@playwright/test';
import {
  catalog,
  escapeRe,
  expect,
  locationByName,
  locationDetail,
  t,
  test,
  type Lang,
  waitForClusters,
} from '../support/fixtures';

/** SPEC §2 Menus: the anonymous menu, in order. */
const MENU = [
  'menu.map',
  'menu.login',
  'menu.register',
  'menu.forgottenPassword',
  'menu.news',
  'menu.support',
  'menu.parkingSurcharge',
  'menu.aboutUs',
];

/**
 * Visible lines of the page that are a UI text of the *other* language and not of this one:
 * after a switch there must be none (a string left untranslated, or not re-rendered).
 */
async function foreignLines(page: Page, lang: Lang): Promise<string[]> {
  const other: Lang = lang === 'hu' ? 'en' : 'hu';
  const mine = new Set(Object.values(catalog(lang)).map((s) => s.trim()));
  const theirs = new Set(
    Object.values(catalog(other))
      .map((s) => s.trim())
      .filter((s) => s.length >= 3 && !mine.has(s) && !s.includes('{{')),
  );
  const text = await page.locator('body').innerText();
  return [...new Set(text.split('\n').map((l) => l.trim()))].filter((l) => theirs.has(l));
}

async function checkMenu(page: Page, lang: Lang) {
  await page.getByRole('button', { name: t(lang, 'menu.open') }).click();
  const nav = page.getByRole('navigation', { name: t(lang, 'menu.title') });
  await expect(nav.getByRole('link')).toHaveText(MENU.map((k) => t(lang, k)));
  expect(
    await foreignLines(page, lang),
    `no ${lang === 'hu' ? 'English' : 'Hungarian'} text`,
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
}

async function checkScreen(page: Page, lang: Lang, titleKey: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, titleKey));
  await expect(page).toHaveTitle(`${t(lang, titleKey)} · Voltpark`);
  // A phone shows one toggle naming the other language (decision 0064).
  await expect(page.getByTestId('language-toggle')).toHaveAccessibleName(
    lang === 'hu' ? 'English' : 'Magyar',
  );
  expect(await foreignLines(page, lang)).toEqual([]);
}

test.describe('language', () => {
  test('switching language changes the visible strings, is remembered, and switches back', async ({
    page,
  }) => {
    // A hu-HU browser starts in Hungarian (SPEC §1).
    await page.goto('/news');
    await checkScreen(page, 'hu', 'route.news');
    await checkMenu(page, 'hu');

    await page.getByRole('button', { name: 'English' }).click();
    await checkScreen(page, 'en', 'route.news');
    await checkMenu(page, 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    // Remembered: a reload and another screen stay English.
    await page.reload();
    await checkScreen(page, 'en', 'route.news');
    await page.goto('/support');
    await checkScreen(page, 'en', 'route.support');

    await page.getByRole('button', { name: 'Magyar' }).click();
    await checkScreen(page, 'hu', 'route.support');
    await checkMenu(page, 'hu');
    await page.reload();
    await checkScreen(page, 'hu', 'route.support');
  });

  test('the map, the location panel and the charger view switch language', async ({
    page,
    request,
  }) => {
    const westend = await locationByName(request, 'Westend City Center');
    const charger = (await locationDetail(request, westend.id)).chargers[0]!;

    await page.goto(`/map?showLocation=${westend.id}&tab=charger`);
    const panel = page.getByRole('dialog', { name: westend.name });
    await expect(panel.getByRole('tab', { name: t('hu', 'panel.tab.charger') })).toBeVisible();
    const toggle = (lang: 'hu' | 'en') =>
      page.getByRole('radiogroup', { name: t(lang, 'map.mode.label') });
    await expect(toggle('hu')).toContainText(t('hu', 'map.mode.parking'));
    expect(await foreignLines(page, 'hu')).toEqual([]);

    // The panel is a modal dialog: close it; switch on the map itself (Budapest, zoom 12).
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.goto('/map');
    await waitForClusters(page);
    const clusterName = (lang: 'hu' | 'en') =>
      new RegExp(
        `^${escapeRe(t(lang, 'map.clusterLabel_other', { count: 999 })).replace('999', '\\d+')}$`,
      );
    await expect(page.getByTestId('map-cluster').first()).toHaveAttribute(
      'aria-label',
      clusterName('hu'),
    );
    await page.getByRole('button', { name: 'English' }).click();
    await expect(toggle('en')).toContainText(t('en', 'map.mode.parking'));
    await expect(page).toHaveTitle(`${t('en', 'route.map')} · Voltpark`);
    // Cluster names are re-translated too.
    await expect(page.getByTestId('map-cluster').first()).toHaveAttribute(
      'aria-label',
      clusterName('en'),
    );
    expect(await foreignLines(page, 'en')).toEqual([]);

    // The panel opens in English now.
    await page.goto(`/map?showLocation=${westend.id}&tab=charger`);
    await expect(panel.getByRole('tab', { name: t('en', 'panel.tab.charger') })).toBeVisible();
    expect(await foreignLines(page, 'en')).toEqual([]);

    // The charger view, in English after the switch: headings and the status word.
    await page.goto(`/charger/${charger.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: t('en', 'charger.status') })).toBeVisible();
    await expect(main.getByRole('heading', { name: t('en', 'charger.tariff') })).toBeVisible();
    expect(await foreignLines(page, 'en')).toEqual([]);
  });
});
