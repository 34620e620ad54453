import type { Page } from '@playwright/test';
import {
  escapeRe,
  exactly,
  expect,
  locationByName,
  locationDetail,
  locations,
  t,
  test,
  waitForClusters,
} from '../support/fixtures';

/** What the map shows right now: the sum of the cluster counts plus the single markers. */
async function mapTally(page: Page) {
  return page.evaluate(() => {
    const clusters = [...document.querySelectorAll('[data-testid="map-cluster"]')];
    const markers = [...document.querySelectorAll('[data-testid="map-marker"]')];
    const inClusters = clusters.reduce((s, c) => s + (Number(c.textContent?.trim()) || 0), 0);
    return {
      clusters: clusters.length,
      total: inClusters + markers.length,
      markerIds: markers.map((m) => Number(m.getAttribute('data-location-id'))),
    };
  });
}

test.describe('map', () => {
  test('clusters render while the tile servers are offline, and nothing breaks', async ({
    page,
    pageErrors,
    tileRequests,
  }) => {
    await page.goto('/map');
    await waitForClusters(page);

    const clusters = page.getByTestId('map-cluster');
    await expect(clusters.first()).toBeVisible();
    const before = await mapTally(page);
    expect(before.clusters, 'clusters at Budapest zoom 12').toBeGreaterThan(0);
    expect(before.total, 'locations represented on the map').toBeGreaterThan(before.clusters);

    // Tiles were asked for and failed …
    await expect.poll(() => tileRequests.count).toBeGreaterThan(0);
    // … and the driver sees no error: no alert, no uncaught exception.
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(pageErrors).toEqual([]);

    // Every cluster and marker is named for assistive technology.
    for (const el of await page
      .locator('[data-testid="map-cluster"], [data-testid="map-marker"]')
      .all()) {
      await expect(el).toHaveAttribute('aria-label', /\S/);
    }

    // The map still works offline: a cluster click zooms in, and that cluster is split up.
    const first = clusters.first();
    const clicked = await first.elementHandle();
    await first.click();
    await expect.poll(() => clicked!.evaluate((el) => el.isConnected)).toBe(false);
    await expect(
      page.getByTestId('map-cluster').or(page.getByTestId('map-marker')).first(),
    ).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('the charger/service/parking choice survives a reload', async ({ page, request }) => {
    const all = await locations(request);
    const parkingIds = new Set(all.filter((l) => l.hasParking).map((l) => l.id));

    await page.goto('/map');
    await waitForClusters(page);
    const toggle = page.getByRole('radiogroup', { name: exactly(t('hu', 'map.mode.label')) });
    await expect(toggle).toBeVisible();
    await expect(toggle.getByRole('radio', { name: t('hu', 'map.mode.both') })).toBeChecked();
    const both = await mapTally(page);

    await toggle.getByText(t('hu', 'map.mode.parking'), { exact: true }).click();
    await expect(toggle.getByRole('radio', { name: t('hu', 'map.mode.parking') })).toBeChecked();
    await expect.poll(async () => (await mapTally(page)).total).toBeLessThan(both.total);
    const parking = await mapTally(page);

    await page.reload();
    await waitForClusters(page);
    await expect(toggle.getByRole('radio', { name: t('hu', 'map.mode.parking') })).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('mode'))).toBe('parking');
    // The map itself shows only parking after the reload, not just the button.
    await expect.poll(async () => (await mapTally(page)).total).toBe(parking.total);
    const after = await mapTally(page);
    for (const id of after.markerIds)
      expect(parkingIds.has(id), `marker ${id} has parking`).toBe(true);

    // And back: chargers only.
    await toggle.getByText(t('hu', 'map.mode.charging'), { exact: true }).click();
    await page.reload();
    await expect(toggle.getByRole('radio', { name: t('hu', 'map.mode.charging') })).toBeChecked();
  });

  test('marker → location panel → charger view with status and tariff', async ({
    page,
    request,
  }) => {
    const westend = await locationByName(request, 'Westend City Center');
    const detail = await locationDetail(request, westend.id);
    const charger = detail.chargers[0];
    expect(charger, 'Westend has chargers in the demo seed').toBeDefined();

    await page.goto(`/map/${westend.lat}/${westend.lng}`);
    await waitForClusters(page);
    const marker = page.locator(`[data-testid="map-marker"][data-location-id="${westend.id}"]`);
    await expect(marker).toHaveAttribute('aria-label', new RegExp(westend.name));
    await marker.click();

    const panel = page.getByRole('dialog', { name: westend.name });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(westend.fullAddress);
    await expect(page).toHaveURL(new RegExp(`showLocation=${westend.id}`));

    // Westend has parking, chargers and shops: all three tabs, parking first (SPEC §2).
    const tabs = panel.getByRole('tab');
    await expect(tabs).toHaveText([
      t('hu', 'panel.tab.parking'),
      t('hu', 'panel.tab.charger'),
      t('hu', 'panel.tab.poi'),
    ]);
    await expect(panel.getByRole('tab', { name: t('hu', 'panel.tab.parking') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await panel.getByRole('tab', { name: t('hu', 'panel.tab.charger') }).click();
    const open = panel.getByRole('link', {
      name: `${t('hu', 'panel.openCharger')}: ${charger!.name}`,
    });
    await open.click();

    await expect(page).toHaveURL(new RegExp(`/charger/${charger!.id}(\\?|$)`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText(charger!.name);
    await expect(main).toContainText(westend.name);
    // Status: one of the SPEC §4 connector states, in words.
    const statuses = [
      'AVAILABLE',
      'PREPARING',
      'OCCUPIED',
      'RESERVED',
      'FINISHING',
      'ERROR',
      'UNAVAILABLE',
      'UNKNOWN',
      'OUT_OF_SERVICE',
      'NEW_NOT_CONNECTED',
    ].map((s) => t('hu', `chargerStatus.${s}`, {}, 'messages'));
    await expect(main.getByRole('region', { name: t('hu', 'charger.status') })).toContainText(
      new RegExp(statuses.map(escapeRe).join('|')),
    );
    // Tariff: a price in Ft (hu-HU, space-grouped) or the free-charging label.
    await expect(main.getByRole('region', { name: t('hu', 'charger.tariff') })).toContainText(
      new RegExp(`Ft|${t('hu', 'charger.free')}`),
    );
  });

  test('the map downloads compact map-points, not the full list; names come from map-labels', async ({
    page,
    request,
  }) => {
    const all = await locations(request);
    const names = new Map(all.map((l) => [l.id, l.name]));
    const westend = await locationByName(request, 'Westend City Center');
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/v1/location/')) apiCalls.push(url.pathname);
    });

    await page.goto(`/map/${westend.lat}/${westend.lng}`);
    await waitForClusters(page);
    const markers = page.getByTestId('map-marker');
    await expect(markers.first()).toBeVisible();

    // Every single marker in view gets its location's real name as its accessible name.
    await expect
      .poll(async () => {
        const labels = await markers.evaluateAll((els) =>
          els.map((el) => [
            Number(el.getAttribute('data-location-id')),
            el.getAttribute('aria-label'),
          ]),
        );
        return labels.every(([id, label]) => label === names.get(id as number));
      })
      .toBe(true);
    expect(apiCalls).toContain('/api/v1/location/map-points');
    expect(apiCalls).toContain('/api/v1/location/map-labels');
    expect(apiCalls, 'the 50,000-location SPEC list is not what the map loads').not.toContain(
      '/api/v1/location/locations',
    );
  });

  test('the text list beside the map is keyboard-usable', async ({ page }) => {
    await page.goto('/map');
    await waitForClusters(page);
    const listButton = page.getByRole('button', { name: t('hu', 'map.list.toggle') });

    // Tab from the top of the page until the list button has focus.
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await listButton.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'the list button is reachable with Tab').toBe(true);
    await page.keyboard.press('Enter');

    const list = page.getByRole('region', { name: t('hu', 'map.list.title') });
    await expect(list).toBeVisible();
    const first = list.getByRole('listitem').first().getByRole('button');
    await expect(first).toBeVisible();
    const name = (await first.innerText()).split('\n')[0]!.trim();
    // The list shows real names (fetched with map-labels), not the provisional marker name.
    expect(name).not.toBe(t('hu', 'map.marker.loadingName'));

    // Tab into the list: focus reaches the first location.
    reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await first.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'the first location is reachable with Tab').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name })).toBeVisible();
  });

  for (const path of ['/', '/map']) {
    test(`${path}: the page draws the server’s first view before its scripts run, where the map then puts its clusters`, async ({
      page,
    }) => {
      const centres = (selector: string) =>
        page.locator(selector).evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { x: r.x + r.width / 2, y: r.y + r.height / 2, text: el.textContent?.trim() };
          }),
        );
      // The app's scripts held back: what a visitor sees while they download (decision 0010).
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      const early = page.locator('#vp-first-view > div');
      await expect(early.first()).toBeVisible();
      expect(await page.locator('#vp-first-view').getAttribute('aria-hidden')).toBe('true');
      const drawn = await centres('#vp-first-view > div');

      await page.unroute('**/assets/*.js');
      await page.goto(path);
      await waitForClusters(page);
      // The map's own markers replace the first view.
      await expect(page.locator('#vp-first-view')).toHaveCount(0);
      const size = page.viewportSize()!;
      const shown = (
        await centres('[data-testid="map-cluster"], [data-testid="map-marker"]')
      ).filter((m) => m.x >= 0 && m.y >= 0 && m.x <= size.width && m.y <= size.height);
      expect(shown.length).toBeGreaterThan(0);
      for (const m of shown) {
        const same = drawn.find(
          (d) => d.text === m.text && Math.abs(d.x - m.x) <= 2 && Math.abs(d.y - m.y) <= 2,
        );
        expect(same, `the first view drew "${m.text}" at ${m.x},${m.y}`).toBeDefined();
      }
    });
  }
});
