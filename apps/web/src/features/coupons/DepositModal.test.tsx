import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@/locales/en/coupons.json';
import hu from '@/locales/hu/coupons.json';
import { setLanguage } from '@/shared/i18n';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { DepositModal } from './DepositModal';
import { fakeServer, json, ok, refused } from './testServer';

function open(points: number) {
  const onClose = vi.fn();
  renderElementAt(<DepositModal opened points={points} onClose={onClose} />, '/coupons');
  return onClose;
}

const deposits = (calls: ReturnType<typeof fakeServer>) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/online-wallet/deposit');

describe('online-wallet deposit modal (component)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('choices above the balance are off; a typed amount is clamped and rounded down to 500', async () => {
    fakeServer({});
    open(3200);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.deposit.title'] });
    const choice = (n: string) => within(dialog).getByRole('radio', { name: n });
    expect(choice('500')).toHaveProperty('disabled', false);
    expect(choice('3\u00a0000')).toHaveProperty('disabled', false);
    expect(choice('5\u00a0000')).toHaveProperty('disabled', true);
    expect(choice('15\u00a0000')).toHaveProperty('disabled', true);
    const amount = within(dialog).getByRole('textbox', { name: hu['coupons.deposit.amount'] });
    expect(amount).toHaveProperty('value', '500');
    await user.clear(amount);
    await user.type(amount, '2999');
    await user.tab();
    expect(amount).toHaveProperty('value', '2500');
    await user.clear(amount);
    await user.type(amount, '9000');
    await user.tab();
    expect(amount).toHaveProperty('value', '3000');
    await user.click(choice('1\u00a0000'));
    expect(amount).toHaveProperty('value', '1000');
  });

  it('a known e-mail: deposited at once, with a request key; the success view', async () => {
    const calls = fakeServer({
      'GET /api/v1/online-wallet/user-exists': () => ok(true),
      'POST /api/v1/online-wallet/deposit': () => ok(true),
    });
    open(5000);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.deposit.title'] });
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(hu['coupons.deposit.email']) }),
      'anna@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: hu['coupons.deposit.send'] }));
    const result = await screen.findByTestId('deposit-result');
    expect(result.textContent).toContain(hu['coupons.deposit.doneTitle']);
    expect(result.textContent).toContain('500 pontot utaltunk a(z) anna@example.com');
    const [sent] = deposits(calls);
    expect(sent!.body.get('amount')).toBe('500');
    expect(sent!.body.get('email')).toBe('anna@example.com');
    expect(sent!.body.get('requestId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent!.body.has('termsAccepted')).toBe(false);
    expect(
      calls.find((c) => c.path === '/api/v1/online-wallet/user-exists')!.query.get('email'),
    ).toBe('anna@example.com');
  });

  it('an unknown e-mail switches creation mode on; both consents are needed before any deposit', async () => {
    const calls = fakeServer({
      'GET /api/v1/online-wallet/user-exists': () => ok(false),
      'POST /api/v1/online-wallet/deposit': () => ok(true),
    });
    const onClose = open(5000);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.deposit.title'] });
    await user.click(within(dialog).getByRole('radio', { name: '3\u00a0000' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(hu['coupons.deposit.email']) }),
      'uj@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: hu['coupons.deposit.send'] }));
    expect(await within(dialog).findByTestId('deposit-creation')).toBeTruthy();
    expect(deposits(calls)).toHaveLength(0);

    await user.click(
      within(dialog).getByRole('checkbox', { name: hu['coupons.deposit.dataPolicy'] }),
    );
    await user.click(
      within(dialog).getByRole('button', { name: hu['coupons.deposit.createAndSend'] }),
    );
    expect(await within(dialog).findByText(hu['coupons.deposit.consentNeeded'])).toBeTruthy();
    expect(deposits(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: hu['coupons.deposit.terms'] }));
    await user.click(
      within(dialog).getByRole('button', { name: hu['coupons.deposit.createAndSend'] }),
    );
    await screen.findByTestId('deposit-result');
    const [sent] = deposits(calls);
    expect(sent!.body.get('amount')).toBe('3000');
    expect(sent!.body.get('dataPolicyAccepted')).toBe('true');
    expect(sent!.body.get('termsAccepted')).toBe('true');

    // Closing resets the amount, the flags and the result.
    await user.click(
      within(screen.getByTestId('deposit-result').parentElement!).getByRole('button', {
        name: 'Bezárás',
      }),
    );
    expect(onClose).toHaveBeenCalled();
    expect(
      within(dialog).getByRole('textbox', { name: hu['coupons.deposit.amount'] }),
    ).toHaveProperty('value', '500');
    expect(within(dialog).queryByTestId('deposit-creation')).toBeNull();
  });

  it.each([
    ['hu', hu, '/privacy-statement-hu', '/gtc-hu'],
    ['en', en, '/privacy-statement', '/gtc'],
  ] as const)(
    'creation mode (%s): each consent links to its document, opened in a new tab',
    async (lang, texts, privacyPath, gtcPath) => {
      await setLanguage(lang);
      try {
        fakeServer({ 'GET /api/v1/online-wallet/user-exists': () => ok(false) });
        open(5000);
        const user = userEvent.setup();
        const dialog = await screen.findByRole('dialog', { name: texts['coupons.deposit.title'] });
        await user.type(
          within(dialog).getByRole('textbox', { name: new RegExp(texts['coupons.deposit.email']) }),
          'uj@example.com',
        );
        await user.click(
          within(dialog).getByRole('button', { name: texts['coupons.deposit.send'] }),
        );
        await within(dialog).findByTestId('deposit-creation');
        for (const [consent, read, path] of [
          [
            texts['coupons.deposit.dataPolicy'],
            texts['coupons.deposit.readDataPolicy'],
            privacyPath,
          ],
          [texts['coupons.deposit.terms'], texts['coupons.deposit.readTerms'], gtcPath],
        ] as const) {
          const box = within(dialog).getByRole('checkbox', { name: consent });
          // The link is the checkbox's description: a screen reader reads it with the box.
          const describedBy = box.getAttribute('aria-describedby') ?? '';
          const description = describedBy ? document.getElementById(describedBy) : null;
          const link = within(description!).getByRole('link', {
            name: `${read} ${texts['coupons.deposit.newTab']}`,
          });
          expect(link.getAttribute('href')).toBe(path);
          expect(link.getAttribute('target')).toBe('_blank');
        }
      } finally {
        await setLanguage('hu');
      }
    },
  );

  it('a refused deposit shows the failure view with the server reason', async () => {
    fakeServer({
      'GET /api/v1/online-wallet/user-exists': () => ok(true),
      'POST /api/v1/online-wallet/deposit': () =>
        refused(502, 'A partner most nem fogadja a befizetést.'),
    });
    open(5000);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.deposit.title'] });
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(hu['coupons.deposit.email']) }),
      'anna@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: hu['coupons.deposit.send'] }));
    const result = await screen.findByTestId('deposit-result');
    expect(result.textContent).toContain(hu['coupons.deposit.failedTitle']);
    expect(result.textContent).toContain('A partner most nem fogadja a befizetést.');
  });

  it('a deposit the partner has not confirmed yet says it is in progress (not failed)', async () => {
    fakeServer({
      'GET /api/v1/online-wallet/user-exists': () => ok(true),
      'POST /api/v1/online-wallet/deposit': () =>
        json(200, {
          result: true,
          data: false,
          messages: [
            { severity: 'warn', messageKey: 'onlineWallet.pending', text: 'Még nem válaszolt.' },
          ],
          useAlert: false,
        }),
    });
    open(5000);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.deposit.title'] });
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(hu['coupons.deposit.email']) }),
      'anna@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: hu['coupons.deposit.send'] }));
    const result = await screen.findByTestId('deposit-result');
    expect(result.getAttribute('data-kind')).toBe('pending');
    expect(result.textContent).toContain(hu['coupons.deposit.pendingTitle']);
    expect(result.textContent).toContain('Még nem válaszolt.');
  });

  it('with fewer than 500 points nothing can be sent', async () => {
    fakeServer({});
    open(400);
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.deposit.title'] });
    expect(within(dialog).getByRole('button', { name: hu['coupons.deposit.send'] })).toHaveProperty(
      'disabled',
      true,
    );
    await waitFor(() =>
      expect(
        within(dialog).getAllByText('Az átutaláshoz legalább 500 pont szükséges.').length,
      ).toBeGreaterThan(0),
    );
  });
});
