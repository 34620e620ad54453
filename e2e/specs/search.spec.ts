import { expect, fold, locations, t, test } from '../support/fixtures';

test.describe('location search', () => {
  test('search is case- and accent-insensitive: "godollo" finds Gödöllő', async ({
    page,
    request,
  }) => {
    // What the charger search should find for "godollo": every charger location whose name or
    // address contains Gödöllő, however it is typed.
    const expected = (await locations(request))
      .filter((l) => l.hasCharger && fold(`${l.name} ${l.fullAddress}`).includes('godollo'))
      .map((l) => l.name)
      .sort();
    expect(expected.length, 'the demo seed has charger locations in Gödöllő').toBeGreaterThan(0);

    await page.goto('/charger-search/charger');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('hu', 'route.chargerSearch'),
    );
    const box = page.getByRole('searchbox', { name: t('hu', 'search.textLabel') });
    const cards = page.getByTestId('location-card');
    await expect(cards.first()).toBeVisible();
    const all = await cards.count();
    expect(all).toBeGreaterThan(expected.length);

    for (const typed of ['godollo', 'GODOLLO', 'Gödöllő', 'gÖdÖllŐ', 'Godöllo']) {
      await box.fill(typed);
      await expect(cards, `results for "${typed}"`).toHaveCount(expected.length);
      for (const name of expected) {
        await expect(cards.filter({ hasText: name }), `"${typed}" finds ${name}`).toHaveCount(1);
      }
    }

    // Several words: each must occur ("kastely godollo" → the palace only).
    await box.fill('kastely godollo');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Gödöllői Királyi Kastély');

    // Nothing matches: the no-result notice.
    await box.fill('xyzzy-nincs-ilyen');
    await expect(cards).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: t('hu', 'search.noResult') }),
    ).toBeVisible();

    // Clearing the box brings every result back.
    await box.fill('');
    await expect(cards).toHaveCount(Math.min(all, 50));
  });

  test('a result card opens the location panel', async ({ page }) => {
    await page.goto('/charger-search/charger');
    const box = page.getByRole('searchbox', { name: t('hu', 'search.textLabel') });
    await box.fill('godollo kastely');
    const card = page.getByTestId('location-card').filter({ hasText: 'Gödöllői Királyi Kastély' });
    await card.click();
    const panel = page.getByRole('dialog', { name: 'Gödöllői Királyi Kastély' });
    await expect(panel).toBeVisible();
    // Opened from the charger search: the charger tab is selected.
    await expect(panel.getByRole('tab', { name: t('hu', 'panel.tab.charger') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
