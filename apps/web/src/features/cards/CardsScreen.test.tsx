import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardsScreen } from '.';
import { goToPaymentPage } from './paymentPage';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';

vi.mock('./paymentPage', () => ({ goToPaymentPage: vi.fn() }));

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const billing = [{ id: 7, payerName: 'Kovács Anna', defaultBillingData: true }];
const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

/** A fake server: answers by path and records every call. */
function server(opts: { ballance: number; billing?: unknown[]; cards?: unknown[] }) {
  const calls: { method: string; url: URL }[] = [];
  const bodies: Record<string, unknown>[] = [];
  let cards = opts.cards ?? [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const p = url.pathname;
    if (p === '/api/v1/wallet/wallet-ballance')
      return ok({ ballance: opts.ballance, countUnpayedWallets: 0 });
    if (p === '/api/v1/billing-data/list-current-user') return ok(opts.billing ?? billing);
    if (p === '/api/v1/user/credit-cards') return ok(cards);
    if (p.startsWith('/api/v1/user/default-card/')) {
      const id = Number(p.split('/').pop());
      cards = cards.map((c) => ({
        ...(c as object),
        defaultCard: (c as { cardId: number }).cardId === id,
      }));
      return ok(cards);
    }
    if (p.startsWith('/api/v1/user/delete-card/')) {
      cards = cards.filter((c) => (c as { cardId: number }).cardId !== Number(p.split('/').pop()));
      return ok(cards);
    }
    if (p === '/api/v1/wallet/charge-wallet')
      return ok('http://localhost/sandbox/simplepay/pay/tok123');
    if (p === '/api/v1/wallet/charge-wallet-card') {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return ok({ redirectUrl: null, transactionId: 501 });
    }
    if (p === '/api/v1/wallet/confirm-payment') return ok(opts.ballance + 3000);
    return Promise.reject(new TypeError(`unexpected ${p}`));
  });
  vi.stubGlobal('fetch', fetch);
  return Object.assign(calls, { bodies, setCards: (list: unknown[]) => (cards = list) });
}

function renderScreen(wizard = false) {
  return renderElementAt(<CardsScreen wizard={wizard} />, '/cards');
}

describe('the cards screen (component)', () => {
  inHungarian();
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockClear();
  });

  it('top-up: prefilled with the debt, min (the debt) and max alerts, then a confirm before the call', async () => {
    const calls = server({ ballance: -2500 });
    renderScreen();
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Összeg/ });
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('2500'));
    expect(screen.getByTestId('wallet-debt').textContent).toContain(nbsp('2 500 Ft'));

    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    expect(await screen.findByText('A feltöltés összege legalább 2 500 Ft legyen!')).toBeTruthy();
    expect(document.activeElement).toBe(amount);

    await user.clear(amount);
    await user.type(amount, '60000');
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    expect(await screen.findByText('A feltöltés összege legfeljebb 50 000 Ft lehet!')).toBeTruthy();

    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    expect(await screen.findByText('A mező kitöltése kötelező!')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/charge-wallet'))).toBe(false);

    await user.type(amount, '3 000x');
    expect((amount as HTMLInputElement).value).toBe('3000');
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    const dialog = await screen.findByRole('dialog');
    // Money is hu-HU with no-break spaces (testing-library's text queries fold them to spaces).
    expect(dialog.textContent).toContain(nbsp('3 000 Ft'));
    expect(calls.some((c) => c.url.pathname.endsWith('/charge-wallet'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Igen' }));

    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/sandbox/simplepay/pay/tok123'),
    );
    const start = calls.find((c) => c.url.pathname.endsWith('/charge-wallet'))!;
    expect(start.url.searchParams.get('amount')).toBe('3000');
    expect(start.url.searchParams.get('billing-data-id')).toBe('7');
  });

  it('top-up offers the saved card: its secret code, no card form, paid and confirmed in place', async () => {
    const calls = server({
      ballance: 0,
      cards: [
        { cardId: 3, cardMask: '4908-36xx-xxxx-0425', expiry: '2030-12-31', defaultCard: true },
      ],
    });
    renderScreen();
    const user = userEvent.setup();
    const saved = await screen.findByRole('radio', { name: /Mentett kártya: 4908-36xx-xxxx-0425/ });
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Új kártya/ })).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: /Összeg/ });
    await user.type(amount, '3000');
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    // The secret code is asked before anything is sent.
    expect(await screen.findByText('A mező kitöltése kötelező!')).toBeTruthy();
    await user.type(screen.getByLabelText(/A kártya titkos kódja/), 'titok1234');
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('4908-36xx-xxxx-0425');
    await user.click(within(dialog).getByRole('button', { name: 'Igen' }));

    expect((await screen.findByTestId('top-up-done')).textContent).toContain(nbsp('3 000 Ft'));
    expect(goToPaymentPage).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url.pathname.endsWith('/charge-wallet'))).toBe(false);
    expect(calls.bodies).toHaveLength(1);
    expect(calls.bodies[0]).toMatchObject({
      amount: 3000,
      billingDataId: 7,
      cardId: 3,
      cardSecret: 'titok1234',
    });
    expect(calls.bodies[0]!.requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const confirm = calls.find((c) => c.url.pathname.endsWith('/confirm-payment'))!;
    expect(confirm.url.searchParams.get('transactionId')).toBe('501');
  });

  it('top-up with a saved card still lets the driver choose a new card on the SimplePay page', async () => {
    const calls = server({
      ballance: 0,
      cards: [
        { cardId: 3, cardMask: '4908-36xx-xxxx-0425', expiry: '2030-12-31', defaultCard: true },
      ],
    });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Új kártya/ }));
    expect(screen.queryByLabelText(/A kártya titkos kódja/)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Összeg/ }), '3000');
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Igen' }),
    );
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    expect(calls.bodies).toHaveLength(0);
  });

  it('top-up: saying no in the confirm dialog starts nothing', async () => {
    const calls = server({ ballance: 1200 });
    renderScreen();
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Összeg/ });
    expect((amount as HTMLInputElement).value).toBe('');
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Feltöltés' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Nem' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.pathname.endsWith('/charge-wallet'))).toBe(false);
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('top-up needs billing data: a link to /billing instead of a form', async () => {
    server({ ballance: 0, billing: [] });
    renderScreen();
    expect((await screen.findByTestId('top-up-needs-billing')).textContent).toContain(
      'számlázási adatait',
    );
    expect(screen.queryByRole('textbox', { name: /Összeg/ })).toBeNull();
  });

  it('lists cards (processing without a mask) and deletes one only after confirmation', async () => {
    const calls = server({
      ballance: 0,
      cards: [
        {
          cardId: 1,
          cardMask: 'xxxx-xxxx-xxxx-0425',
          expiry: '2030-12-31T22:59:59Z',
          defaultCard: true,
        },
        { cardId: 2, cardMask: '', expiry: null, defaultCard: false },
      ],
    });
    renderScreen();
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('credit-card');
    expect(rows[0]!.textContent).toContain('xxxx-xxxx-xxxx-0425');
    expect(rows[0]!.textContent).toContain('12/30');
    expect(rows[0]!.textContent).toContain('Alapértelmezett');
    expect(rows[1]!.textContent).toContain('Feldolgozás alatt');
    // A card being processed offers nothing to do yet.
    expect(within(rows[1]!).queryAllByRole('button')).toHaveLength(0);

    await user.click(within(rows[0]!).getByRole('button', { name: 'Törlés' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('xxxx-xxxx-xxxx-0425');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Törlés' }));
    await waitFor(() => expect(screen.getAllByTestId('credit-card')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(
      '/api/v1/user/delete-card/1',
    );
  });

  it('in wizard mode registers for the wizard and leaves the top-up out', async () => {
    server({ ballance: 0 });
    renderScreen(true);
    expect(await screen.findByRole('button', { name: 'Kártya hozzáadása' })).toBeTruthy();
    await screen.findByTestId('no-cards');
    expect(screen.queryByRole('textbox', { name: /Összeg/ })).toBeNull();
  });

  it('makes another card the default', async () => {
    const calls = server({
      ballance: 0,
      cards: [
        { cardId: 1, cardMask: 'xxxx-0425', expiry: '2030-12-31T22:59:59Z', defaultCard: true },
        { cardId: 3, cardMask: 'xxxx-1111', expiry: '2031-06-30T21:59:59Z', defaultCard: false },
      ],
    });
    renderScreen();
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('credit-card');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Legyen alapértelmezett' }));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('credit-card')[1]!).queryByText('Alapértelmezett'),
      ).not.toBeNull(),
    );
    expect(
      calls.find((c) => c.url.pathname.startsWith('/api/v1/user/default-card/'))!.url.pathname,
    ).toBe('/api/v1/user/default-card/3');
  });

  it('polls the cards every 5 s: a processing card gets its mask without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = server({
        ballance: 0,
        cards: [{ cardId: 5, cardMask: '', expiry: null, defaultCard: true }],
      });
      renderScreen();
      expect((await screen.findByTestId('credit-card')).textContent).toContain('Feldolgozás alatt');
      const polls = () =>
        calls.filter((c) => c.url.pathname === '/api/v1/user/credit-cards').length;
      const before = polls();
      calls.setCards([
        { cardId: 5, cardMask: 'xxxx-0425', expiry: '2030-12-31T22:59:59Z', defaultCard: true },
      ]);
      await vi.advanceTimersByTimeAsync(5000);
      await waitFor(() => expect(screen.getByTestId('card-mask').textContent).toBe('xxxx-0425'));
      expect(polls()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
