import { expect, t, test } from '../support/fixtures';

/**
 * Decision 0064: the top bar fits 320–390 px with a charge, a parking and a partner's charge
 * running (the three live icons, each a 44 px `.vp-lang` link like the real ones, are added to its
 * right-hand group here: starting real sessions for a layout check would take minutes).
 */
const LIVE = ['charge', 'parking', 'roaming'];
for (const [width, icons] of [390, 360, 320].flatMap((w) => [2, 3].map((n) => [w, n] as const))) {
  test(`top bar with ${icons} live icons does not overflow at ${width} px`, async ({
    page,
    pageErrors,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/support');
    await expect(page.getByTestId('sandbox-badge')).toBeVisible();
    const toggle = page.getByTestId('language-toggle');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAccessibleName('English');
    await expect(page.getByRole('group', { name: t('hu', 'app.language') })).toBeHidden();
    await toggle.evaluate(
      (el, ids) => {
        for (const id of ids) {
          const icon = document.createElement('a');
          icon.href = '/';
          icon.className = 'vp-lang vp-charge-indicator';
          icon.dataset.testid = `fake-${id}`;
          icon.innerHTML = '<svg width="24" height="24" aria-hidden="true"></svg>';
          el.parentElement!.insertBefore(icon, el.parentElement!.firstChild);
        }
      },
      LIVE.slice(0, icons),
    );
    const widths = await page.evaluate(() => ({
      page: document.scrollingElement!.scrollWidth,
      bar: document.querySelector('.vp-topbar')!.scrollWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(width);
    expect(widths.bar).toBeLessThanOrEqual(width);
    // Every button of the bar is inside the screen.
    for (const box of await page.locator('.vp-topbar a, .vp-topbar button').all()) {
      const b = await box.boundingBox();
      if (b) expect(b.x + b.width).toBeLessThanOrEqual(width);
    }
    // The toggle switches to English, and then offers Magyar.
    await toggle.click();
    await expect(page.getByTestId('language-toggle')).toHaveAccessibleName('Magyar');
    expect(pageErrors).toEqual([]);
  });
}
