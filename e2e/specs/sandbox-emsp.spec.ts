import { expect, expectNoSeriousA11yViolations, t, test } from '../support/fixtures';

const m = (lang: 'hu' | 'en', key: string) => t(lang, key, {}, 'messages');

/**
 * The sandbox eMSP page (/sandbox/roaming-emsp, decisions 0052 and 0058): server-rendered, no
 * scripts. A tester, as one of VoltDrive's drivers, starts a charge at a demo charger (a
 * START_SESSION over OCPI to our CPO side), sees the command's answer and result and the
 * Session ACTIVE, stops it and sees the CDR with its total. Axe scans the page (Hungarian).
 */
test.describe('sandbox eMSP page', () => {
  test('start a charge at a demo charger, see it ACTIVE, stop it, see the CDR and its total', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // VoltDrive registers when the server listens and reads our network: until then no EVSE.
    const section = (key: string) => page.getByRole('region', { name: m('hu', key) });
    const evses = section('sandboxEmsp.locations');
    await expect(async () => {
      await page.goto('/sandbox/roaming-emsp');
      await expect(evses.getByRole('button').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('hu', 'sandboxEmsp.title'));
    await expect(page.locator('.banner')).toContainText('SANDBOX');

    // The first charge point that can start (AVAILABLE), with the second driver's card.
    const row = evses
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: m('hu', 'sandboxEmsp.start') }) })
      .first();
    const evseUid = (await row.getByRole('cell').nth(1).textContent())!.trim();
    await row.getByLabel(m('hu', 'sandboxEmsp.driver')).selectOption('VDR0000000002');
    await row.getByRole('button', { name: m('hu', 'sandboxEmsp.start') }).click();
    await expect(page.getByRole('status')).toHaveText(`${m('hu', 'sandboxEmsp.answer')}: ACCEPTED`);

    // The command: our answer at once, the charger's result a moment later (reload to see).
    const command = section('sandboxEmsp.commands')
      .getByRole('row')
      .filter({ hasText: `VDR0000000002 @ ${evseUid}` })
      .first();
    await expect(command).toContainText(`${m('hu', 'sandboxEmsp.response.ACCEPTED')} (ACCEPTED)`);
    const session = section('sandboxEmsp.sessions')
      .getByRole('row')
      .filter({ hasText: 'VDR0000000002' })
      .filter({ hasText: 'ACTIVE' });
    await expect(async () => {
      await page.reload();
      await expect(session).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(command).toContainText(`${m('hu', 'sandboxEmsp.result.ACCEPTED')} (ACCEPTED)`);
    await expectNoSeriousA11yViolations(page, '/sandbox/roaming-emsp with a running charge');

    const sessionId = (await session.getByRole('cell').first().textContent())!.trim();
    await session.getByRole('button', { name: m('hu', 'sandboxEmsp.stop') }).click();
    await expect(page.getByRole('status')).toHaveText(`${m('hu', 'sandboxEmsp.answer')}: ACCEPTED`);
    const cdr = section('sandboxEmsp.cdrs').getByRole('row').filter({ hasText: sessionId });
    await expect(async () => {
      await page.reload();
      await expect(cdr).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(cdr).toContainText('VDR0000000002');
    await expect(cdr).toContainText(/\d,\d\d kWh|\d\.\d\d kWh/);
    await expect(cdr).toContainText(/\d Ft/);
    await expect(
      section('sandboxEmsp.sessions').getByRole('row').filter({ hasText: sessionId }),
    ).toContainText('COMPLETED');

    // The English page says the same in English.
    await page.getByRole('link', { name: m('hu', 'sandboxEmsp.language') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('en', 'sandboxEmsp.title'));
    await expect(
      page
        .getByRole('region', { name: m('en', 'sandboxEmsp.commands') })
        .getByRole('row')
        .filter({ hasText: sessionId }),
    ).toContainText(`${m('en', 'sandboxEmsp.result.ACCEPTED')} (ACCEPTED)`);
  });
});
