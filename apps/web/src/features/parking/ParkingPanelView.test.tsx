import { useSyncExternalStore } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User, WsClientFrame } from '@voltpark/contract';
import { resetSessionForTests, setUser } from '@/shared/session';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { ParkingPanelView } from './CurrentParkingPanel';
import { parkingLive, type ParkingLiveState } from './parkingLive';
import { aSession } from './testSession';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const ok = (data: unknown) => json(200, { result: true, data, messages: [], useAlert: false });

const billing = {
  id: 7,
  type: 'PERSON',
  payerName: 'Kiss Anna',
  lastName: 'Kiss',
  firstName: 'Anna',
  taxNumber: null,
  emailAddress: 'anna@example.hu',
  phone: '+36301234567',
  defaultBillingData: true,
  address: { full: '1111 Budapest, Fő utca 1.' },
};

let sent: WsClientFrame[];
let stops: URLSearchParams[];
let wallet: number;
let billingList: unknown[];
let currentCharge: unknown;
let chargeAsked: number;

beforeEach(() => {
  sent = [];
  stops = [];
  wallet = 10_000;
  billingList = [billing];
  currentCharge = null;
  chargeAsked = 0;
  vi.spyOn(parkingLive, 'send').mockImplementation((f) => {
    sent.push(f);
    return true;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname === '/api/v1/user/credit-cards') return ok([]);
      if (url.pathname === '/api/v1/charge/current') {
        chargeAsked++;
        return ok(currentCharge);
      }
      if (url.pathname.startsWith('/api/v1/wallet/wallet-bal'))
        return ok({ ballance: wallet, countUnpayedWallets: 0 });
      if (url.pathname === '/api/v1/billing-data/list-current-user') return ok(billingList);
      if (url.pathname === '/api/v1/parking/stop') {
        stops.push(new URLSearchParams(String(init?.body)));
        return ok(
          aSession({ paymentStartedAt: '2026-11-24T11:00:00.000Z', paymentMethod: 'WALLET' }),
        );
      }
      return json(404, { result: false, data: null, messages: [], useAlert: false });
    }),
  );
});
afterEach(() => {
  parkingLive.setSession(null);
  resetSessionForTests();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function show(live: Partial<ParkingLiveState>, casual = false) {
  const state = { session: null, canOpen: null, canStop: null, error: null, ...live };
  return renderElementAt(<ParkingPanelView live={state} casual={casual} />, '/parking-history');
}

const isDisabled = (el: Element) => (el as HTMLButtonElement).disabled;

const canOpen = (v: boolean, id = 31) => ({
  canOpen: v,
  parkingSessionId: id,
  surchargeId: null,
  retryInSeconds: null,
});

describe('current parking panel (SPEC §4 Parking session)', () => {
  inHungarian();

  it('STARTING: the gate cannot open yet → stop near the gate and cancel; can-open polled every 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show({ session: aSession({ parkingStatus: 'STARTING' }), canOpen: canOpen(false) });
    expect(isDisabled(await screen.findByRole('button', { name: 'Behajtó sorompó nyitása' }))).toBe(
      true,
    );
    expect(screen.getByText(/Álljon meg a sorompó előtt/)).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Parkolás visszavonása' }))).toBe(false);
    const asks = () => sent.filter((f) => f.command === 'getCanOpen').length;
    const before = asks();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(asks() - before).toBe(3);
    expect(sent.find((f) => f.command === 'getCanOpen')).toEqual({
      command: 'getCanOpen',
      parkingSessionId: 31,
    });
  });

  it('STARTING: can-open for another session does not enable the button', async () => {
    show({ session: aSession({ parkingStatus: 'STARTING' }), canOpen: canOpen(true, 99) });
    expect(isDisabled(await screen.findByRole('button', { name: 'Behajtó sorompó nyitása' }))).toBe(
      true,
    );
  });

  it('STARTING: opening sends openGate and shows the opening indicator for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show({ session: aSession({ parkingStatus: 'STARTING' }), canOpen: canOpen(true) });
    fireEvent.click(await screen.findByRole('button', { name: 'Behajtó sorompó nyitása' }));
    expect(sent).toContainEqual({ command: 'openGate', parkingSessionId: 31 });
    expect(screen.getByTestId('gate-opening').textContent).toMatch('A sorompó nyílik');
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByTestId('gate-opening')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId('gate-opening')).toBeNull();
  });

  it('STARTING after the open request: the countdown of parkingTimeInSeconds', async () => {
    const sentAt = new Date(Date.now() - 15_000).toISOString();
    show({ session: aSession({ parkingStatus: 'STARTING', inOpenRequestSent: sentAt }) });
    expect((await screen.findByTestId('parking-countdown')).textContent).toMatch(/^0:4[56]$/);
    expect(screen.queryByRole('button', { name: 'Behajtó sorompó nyitása' })).toBeNull();
  });

  it('STARTING at a lot with permits asks for the permit first', async () => {
    const s = aSession({ parkingStatus: 'STARTING' });
    show({ session: { ...s, parkingLot: { ...s.parkingLot, hasPermits: true } } });
    expect(await screen.findByText('Van parkolási engedélye ehhez a parkolóhoz?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Igen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Engedély ellenőrzése' }));
    expect(await screen.findByText('Kérjük, adja meg a rendszámot.')).toBeTruthy();
  });

  it('STARTED: elapsed, free time, charge code; charging at the lot hides stop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const from = new Date(Date.now() - 75 * 60_000).toISOString();
    show({
      session: aSession({ parkingFrom: from }),
      canStop: { canStop: false, parkingSessionId: 31, reason: 'CHARGING' },
    });
    expect(await screen.findByText('1 óra 15 perc')).toBeTruthy();
    expect(screen.getByText('15 perc')).toBeTruthy();
    expect(screen.getByText('K7P2Q')).toBeTruthy();
    expect(screen.getByText(/Töltés folyamatban/)).toBeTruthy();
    expect(screen.queryByTestId('parking-stop')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toContainEqual({ command: 'getCanStop', parkingSessionId: 31 });
  });

  it('STARTED at a lot with chargers: start charging goes to its chargers', async () => {
    const lot = { ...aSession().parkingLot, hasChargers: true };
    show({ session: aSession({ parkingLot: lot }), canStop: null });
    const link = await screen.findByRole('link', { name: 'Töltés indítása' });
    expect(link.getAttribute('href')).toBe('/map?showLocation=9&tab=charger');
  });

  it('STARTED at a lot with chargers while a charge runs: no start charging offered', async () => {
    currentCharge = { id: 77, chargingStatus: 'STARTED', locationId: 9 };
    const lot = { ...aSession().parkingLot, hasChargers: true };
    show({ session: aSession({ parkingLot: lot }), canStop: null });
    expect(await screen.findByText('K7P2Q')).toBeTruthy();
    await waitFor(() => expect(chargeAsked).toBeGreaterThan(0));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('link', { name: 'Töltés indítása' })).toBeNull();
  });

  it('STARTED with an overstay surcharge due says so and links to its payment, not to a charge', async () => {
    show({
      session: aSession(),
      canStop: { canStop: false, parkingSessionId: 31, reason: 'SURCHARGE' },
    });
    expect(await screen.findByText(/ehhez a parkoláshoz pótdíj tartozik/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A pótdíj fizetése' }).getAttribute('href')).toBe(
      '/parking-surcharge',
    );
    expect(screen.queryByText(/Töltés folyamatban/)).toBeNull();
    expect(screen.queryByTestId('parking-stop')).toBeNull();
  });

  it('STARTED: stop → wallet (balance covers it) → billing → pay → confirm (amount, balance after) → paid', async () => {
    show({ session: aSession(), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByTestId('parking-stop'));
    const walletRadio = await screen.findByRole('radio', { name: /Egyenleg/ });
    expect(isDisabled(walletRadio)).toBe(false);
    expect(isDisabled(screen.getByRole('radio', { name: 'Mentett kártya' }))).toBe(true);
    fireEvent.click(walletRadio);
    sent = [];
    fireEvent.click(screen.getByRole('button', { name: /Fizetés: 1\s200\sFt/ }));
    // One tap takes no money: a dialog says what is taken and what is left.
    const dialog = await screen.findByRole('dialog', { name: 'Fizetés egyenlegből' });
    expect(stops).toHaveLength(0);
    const summary = within(dialog).getByTestId('wallet-pay-summary').textContent;
    expect(summary).toMatch(/Fizetendő1\s200\sFt/);
    expect(summary).toMatch(/Jelenlegi egyenleg10\s000\sFt/);
    expect(summary).toMatch(/Egyenleg a fizetés után8\s800\sFt/);
    // The amount billed now is asked for again while the dialog is open.
    expect(sent).toContainEqual({ command: 'getParkingSession' });
    // Focus starts on the safe answer.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Mégse' })),
    );
    fireEvent.click(within(dialog).getByTestId('wallet-pay-confirm'));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(stops[0]!.get('paymentMethod')).toBe('WALLET');
    expect(stops[0]!.get('billingDataId')).toBe('7');
  });

  it('STARTED: the wallet confirmation cancelled (button or Escape) takes nothing', async () => {
    show({ session: aSession(), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByTestId('parking-stop'));
    fireEvent.click(await screen.findByRole('radio', { name: /Egyenleg/ }));
    const pay = screen.getByRole('button', { name: /Fizetés: 1\s200\sFt/ });
    fireEvent.click(pay);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mégse' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(pay);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stops).toHaveLength(0);
  });

  it('STARTED: SimplePay goes to its page without the wallet confirmation', async () => {
    show({ session: aSession(), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByTestId('parking-stop'));
    await screen.findByRole('radio', { name: /Egyenleg/ });
    fireEvent.click(screen.getByRole('radio', { name: 'Bankkártya (SimplePay)' }));
    fireEvent.click(screen.getByRole('button', { name: /Fizetés: 1\s200\sFt/ }));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(stops[0]!.get('paymentMethod')).toBe('SIMPLEPAY');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('STARTED, paid: the amount is asked again each minute and when the stop form opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let amount = 1200;
    vi.mocked(parkingLive.send).mockImplementation((f) => {
      sent.push(f);
      // The server answers getParkingSession with the amount billed so far.
      if (f.command === 'getParkingSession') parkingLive.setSession(aSession({ amount }));
      return true;
    });
    parkingLive.setSession(aSession());
    function Live() {
      const live = useSyncExternalStore(parkingLive.subscribe, parkingLive.getState);
      return (
        <ParkingPanelView
          live={{ ...live, canStop: { canStop: true, parkingSessionId: 31 } }}
          casual={false}
        />
      );
    }
    renderElementAt(<Live />, '/parking-history');
    const shown = () => screen.getByTestId('parking-fact-Eddigi összeg').textContent;
    expect(await screen.findByTestId('parking-stop')).toBeTruthy();
    expect(shown()).toMatch(/^1\s200\sFt$/);
    amount = 1210;
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(shown()).toMatch(/^1\s200\sFt$/);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(shown()).toMatch(/^1\s210\sFt$/);
    amount = 1220;
    fireEvent.click(screen.getByTestId('parking-stop'));
    expect(await screen.findByRole('button', { name: /Fizetés: 1\s220\sFt/ })).toBeTruthy();
    expect(screen.getByText('Az összeg minden megkezdett perccel nő.')).toBeTruthy();
  });

  it('STARTED, free: the amount is not asked for again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show({ session: aSession({ free: true }), canStop: { canStop: true, parkingSessionId: 31 } });
    expect(await screen.findByRole('button', { name: 'Parkolás befejezése' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(sent.filter((f) => f.command === 'getParkingSession')).toHaveLength(0);
  });

  it('STARTED: the payment form is scrolled to and focused; the wallet is the default when it covers the amount (decision 0064)', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    show({ session: aSession(), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByTestId('parking-stop'));
    const heading = await screen.findByTestId('parking-pay-heading');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(heading);
    expect((screen.getByRole('radio', { name: /Egyenleg/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('STARTED: below the amount the default stays SimplePay (decision 0064)', async () => {
    wallet = 1000;
    show({ session: aSession(), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByTestId('parking-stop'));
    const simple = await screen.findByRole('radio', { name: 'Bankkártya (SimplePay)' });
    expect((simple as HTMLInputElement).checked).toBe(true);
  });

  it('STARTED: the wallet is not offered below the amount; no billing data → warning and link', async () => {
    wallet = 1000;
    billingList = [];
    show({ session: aSession(), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByTestId('parking-stop'));
    expect(isDisabled(await screen.findByRole('radio', { name: /Egyenleg/ }))).toBe(true);
    expect(screen.getByText('A fizetéshez számlázási adatok kellenek.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /számlázási/i }).getAttribute('href')).toBe('/billing');
    expect(isDisabled(screen.getByRole('button', { name: /Fizetés:/ }))).toBe(true);
  });

  it('STARTED, casual: the survey once, then pay by SimplePay to the e-mail given at start (not asked again)', async () => {
    show(
      {
        session: aSession({ email: 'vendeg@example.hu' }),
        canStop: { canStop: true, parkingSessionId: 31 },
      },
      true,
    );
    fireEvent.click(await screen.findByTestId('parking-stop'));
    expect(await screen.findByText('Szeretne pontokat gyűjteni a parkolásaival?')).toBeTruthy();
    // The payment step opens focused on its first question (decision 0064).
    await waitFor(() => expect(document.activeElement?.id).toBe('parking-survey-q'));
    fireEvent.click(screen.getByRole('button', { name: 'Nem' }));
    expect(screen.getByText('Szüksége van számlára a saját nevére?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nem' }));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('parking-receipt-email').textContent).toContain('vendeg@example.hu');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('parking-pay-heading')),
    );
    fireEvent.click(screen.getByRole('button', { name: /Fizetés:/ }));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(stops[0]!.get('paymentMethod')).toBe('SIMPLEPAY');
    // The server pays to the e-mail it kept at start.
    expect(stops[0]!.get('email')).toBeNull();
    expect(screen.queryByText('Szeretne pontokat gyűjteni a parkolásaival?')).toBeNull();
  });

  it('STARTED, casual parking started logged in: the e-mail of the guest account is shown, not asked', async () => {
    setUser({ id: 12, email: 'vendeg@example.hu', casualUser: true } as unknown as User, null);
    show(
      { session: aSession({ email: null }), canStop: { canStop: true, parkingSessionId: 31 } },
      true,
    );
    fireEvent.click(await screen.findByTestId('parking-stop'));
    fireEvent.click(await screen.findByRole('button', { name: 'Nem' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nem' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('parking-receipt-email').textContent).toContain('vendeg@example.hu');
    fireEvent.click(screen.getByRole('button', { name: /Fizetés:/ }));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(stops[0]!.get('email')).toBeNull();
  });

  it('STARTED, casual parking without an e-mail: asks for it once, checked before the call', async () => {
    show(
      { session: aSession({ email: null }), canStop: { canStop: true, parkingSessionId: 31 } },
      true,
    );
    fireEvent.click(await screen.findByTestId('parking-stop'));
    fireEvent.click(await screen.findByRole('button', { name: 'Nem' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nem' }));
    const box = screen.getByRole('textbox', { name: /e-mail/i });
    fireEvent.change(box, { target: { value: 'nem-email' } });
    fireEvent.click(screen.getByRole('button', { name: /Fizetés:/ }));
    expect(await screen.findByText('Érvénytelen e-mail cím formátum!')).toBeTruthy();
    expect(stops).toHaveLength(0);
    fireEvent.change(box, { target: { value: ' vendeg@example.hu ' } });
    fireEvent.click(screen.getByRole('button', { name: /Fizetés:/ }));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(stops[0]!.get('email')).toBe('vendeg@example.hu');
  });

  it('STARTED, free: a finish button instead of payment, confirmed first (decision 0064)', async () => {
    show({ session: aSession({ free: true }), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Parkolás befejezése' }));
    const dialog = await screen.findByRole('dialog', { name: 'Parkolás befejezése' });
    expect(within(dialog).getByText('Biztosan befejezi a parkolást?')).toBeTruthy();
    expect(stops).toHaveLength(0);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Nem' })),
    );
    fireEvent.click(within(dialog).getByTestId('parking-finish-confirm'));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(stops[0]!.get('paymentMethod')).toBeNull();
  });

  it('STARTED, free: the finish confirmation answered no ends nothing', async () => {
    show({ session: aSession({ free: true }), canStop: { canStop: true, parkingSessionId: 31 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Parkolás befejezése' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Nem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stops).toHaveLength(0);
  });

  it('STARTED: a failed payment says so and offers to pay again', async () => {
    show({
      session: aSession({ paymentStartedAt: 'x', paymentFailed: true }),
      canStop: { canStop: true, parkingSessionId: 31 },
    });
    expect(await screen.findByText('Sikertelen fizetés')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fizetés újra' })).toBeTruthy();
  });

  it('STARTED: payment in progress links to SimplePay', async () => {
    show({
      session: aSession({
        paymentStartedAt: 'x',
        paymentMethod: 'SIMPLEPAY',
        paymentUrl: 'https://sandbox.simplepay.hu/pay/abc',
      }),
    });
    expect(await screen.findByText('Fizetés folyamatban…')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Tovább a fizetési oldalra' }).getAttribute('href'),
    ).toBe('https://sandbox.simplepay.hu/pay/abc');
    expect(screen.queryByTestId('parking-stop')).toBeNull();
  });

  it('FINISHING: leave by HH:MM, the exit gate, then thank you', async () => {
    const s = aSession({
      parkingStatus: 'FINISHING',
      inOpenRequestSent: 'x',
      parkingWillFinishAt: '2026-11-24T10:15:00.000Z',
    });
    show({ session: s, canOpen: canOpen(true) });
    expect(await screen.findByText(/11:15-ig hagyja el a parkolót/)).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Kihajtó sorompó nyitása' }))).toBe(false);
  });

  it('FINISHING after the exit request: thank you, no button', async () => {
    show({
      session: aSession({
        parkingStatus: 'FINISHING',
        inOpenRequestSent: 'x',
        outOpenRequestSent: 'y',
        parkingWillFinishAt: '2026-11-24T10:15:00.000Z',
      }),
    });
    expect(await screen.findByText('Köszönjük, jó utat!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kihajtó sorompó nyitása' })).toBeNull();
  });
});
