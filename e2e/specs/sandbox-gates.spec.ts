import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

const m = (lang: 'hu' | 'en', key: string) => t(lang, key, {}, 'messages');

/**
 * The sandbox gates page (/sandbox/gates, decision 0022): server-rendered, no scripts. A tester
 * makes a car arrive at a gate with a plate; the page comes back to that gate showing what the
 * server now sees over MQTT. Axe scans it (Hungarian); the English version follows the link.
 */
test.describe('sandbox gates page', () => {
  test('a car arrives with a plate the camera reads; the page passes axe; hu and en', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // The simulated controllers connect once the server listens: until then the page says so.
    await expect(async () => {
      await page.goto('/sandbox/gates');
      await expect(page.locator('section.gate').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('hu', 'sandboxGates.title'));
    // One lot's gates (the whole page holds every demo gate).
    const lots = page.getByRole('navigation', { name: m('hu', 'sandboxGates.lots') });
    await lots.getByRole('link').nth(1).click();
    await expect(lots.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('note')).toContainText('SANDBOX');

    const gate = page.locator('section.gate').first();
    const id = await gate.getAttribute('id');
    await gate.getByLabel(m('hu', 'sandboxGates.car.plate')).fill('e2e-123');
    await gate.getByRole('button', { name: m('hu', 'sandboxGates.action.arrive') }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    const after = page.locator(`#${id}`);
    await expect(after.getByRole('status')).toHaveText(m('hu', 'sandboxGates.done.arrive'));
    await expect(after).toContainText('E2E123');
    await expect(page).toHaveTitle(new RegExp(`^${m('hu', 'sandboxGates.done.arrive')}`));
    // One scan (the page is long: every demo gate); with an outcome notice shown.
    await expectNoSeriousA11yViolations(page, '/sandbox/gates after an action');

    // Drive through a closed barrier: refused, and said so at the gate.
    await after.getByRole('button', { name: m('hu', 'sandboxGates.action.pass') }).click();
    await expect(page.locator(`#${id}`).getByRole('alert')).toHaveText(
      m('hu', 'sandboxGates.error.barrierClosed'),
    );
    await page
      .locator(`#${id}`)
      .getByRole('button', { name: m('hu', 'sandboxGates.action.leave') })
      .click();
    await expect(page.locator(`#${id}`).getByRole('status')).toHaveText(
      m('hu', 'sandboxGates.done.leave'),
    );

    await page.getByRole('link', { name: m('hu', 'sandboxGates.language') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('en', 'sandboxGates.title'));
    await expect(page.locator('section.gate').first()).toContainText(
      m('en', 'sandboxGates.serverSees'),
    );
  });
});
