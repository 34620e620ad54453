import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Surcharge, WsClientFrame } from '@voltpark/contract';
import { resetSessionForTests } from '@/shared/session';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { parkingLive } from '../parkingLive';
import { aSession } from '../testSession';
import { SurchargePage } from './SurchargePage';
import { SurchargePaymentResultPage } from './SurchargePaymentResultPage';
import { SurchargeView } from './SurchargeView';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const ok = (data: unknown, extra?: unknown) =>
  json(200, { result: true, data, messages: [], useAlert: false, extraData: extra });

function aSurcharge(patch: Partial<Surcharge> = {}): Surcharge {
  return {
    id: 5,
    status: 'UNPAID',
    amount: 15000,
    days: 3,
    parkingSession: aSession({ round: 1 } as never),
    paymentStartedAt: null,
    paymentFinishedAt: null,
    paymentFailed: false,
    paymentMethod: null,
    paymentUrl: null,
    parkingWillFinishAt: '2026-11-21T10:00:00.000Z',
    ...patch,
  };
}

let sent: WsClientFrame[];
let calls: { path: string; body: URLSearchParams }[];
let startAnswer: () => Response | Promise<Response>;
let payAnswer: Surcharge;
let cards: unknown[];
let wallet: number;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  sent = [];
  calls = [];
  cards = [];
  wallet = 0;
  startAnswer = () => ok(aSurcharge(), { extraData: 'guest-token' });
  payAnswer = aSurcharge({
    paymentMethod: 'SIMPLEPAY',
    paymentStartedAt: '2026-11-24T11:00:00.000Z',
    paymentUrl: 'http://pay/surcharge-1',
  });
  vi.spyOn(parkingLive, 'send').mockImplementation((f) => {
    sent.push(f);
    return true;
  });
  vi.spyOn(parkingLive, 'acquire').mockImplementation(() => () => {});
  assign = vi.fn();
  vi.stubGlobal('location', { ...globalThis.location, assign });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const body = new URLSearchParams(String(init?.body ?? ''));
      calls.push({ path: url.pathname, body });
      if (url.pathname.startsWith('/api/v1/parking-surcharge/start')) return startAnswer();
      if (/^\/api\/v1\/parking-surcharge\/\d+\/pay$/.test(url.pathname)) return ok(payAnswer);
      if (url.pathname === '/api/v1/user/credit-cards') return ok(cards);
      if (url.pathname.startsWith('/api/v1/wallet/wallet-bal'))
        return ok({ ballance: wallet, countUnpayedWallets: 0 });
      return json(404, { result: false, data: null, messages: [], useAlert: false });
    }),
  );
});
afterEach(() => {
  parkingLive.setSurcharge(null);
  localStorage.clear();
  resetSessionForTests();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const isDisabled = (el: Element) => (el as HTMLButtonElement).disabled;
const emailBox = () => screen.findByRole('textbox', { name: /A parkolás e-mail-címe/ });
const startButton = () => screen.getByRole('button', { name: 'Pótdíj lekérdezése' });

function registered() {
  localStorage.setItem('loggedInUserId', '7');
  localStorage.setItem('loggedInEmail', 'anna@example.hu');
  localStorage.setItem('loggedInUserToken', 'tok');
  resetSessionForTests();
}

describe('/parking-surcharge (SPEC §4 Surcharge status, §5, §8)', () => {
  inHungarian();

  it('needs both the e-mail and the parking code before asking the server', async () => {
    renderElementAt(<SurchargePage />, '/parking-surcharge?email=anna%40example.hu');
    expect(((await emailBox()) as HTMLInputElement).value).toBe('anna@example.hu');
    fireEvent.click(startButton());
    expect(await screen.findByText('A mező kitöltése kötelező!')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/parking-surcharge'))).toEqual([]);
  });

  it('nothing found for the code and e-mail: the translated not-found message', async () => {
    startAnswer = () => ok(null, { extraData: '' });
    renderElementAt(<SurchargePage />, '/parking-surcharge?email=anna%40example.hu&parkCode=ab12c');
    await emailBox();
    fireEvent.click(startButton());
    expect((await screen.findByTestId('surcharge-start-error')).textContent).toBe(
      'Ehhez a parkolási kódhoz és e-mail-címhez nem található parkolás.',
    );
    const start = calls.find((c) => c.path === '/api/v1/parking-surcharge/start-casual')!;
    expect(start.body.get('code')).toBe('AB12C');
    expect(start.body.get('email')).toBe('anna@example.hu');
    expect(localStorage.getItem('loggedInAccessToken')).toBeNull();
  });

  it('no response from the server: says so', async () => {
    startAnswer = () => Promise.reject(new TypeError('offline'));
    renderElementAt(<SurchargePage />, '/parking-surcharge?email=anna%40example.hu&parkCode=AB12C');
    await emailBox();
    fireEvent.click(startButton());
    expect((await screen.findByTestId('surcharge-start-error')).textContent).toContain(
      'Nincs válasz a szervertől',
    );
  });

  it('a guest: start-casual stores the token, UNPAID shows amount and days, SimplePay only; the payment page opens once', async () => {
    renderElementAt(
      <SurchargePage />,
      '/parking-surcharge?email=vendeg%40example.hu&parkCode=K7P2Q',
    );
    await emailBox();
    fireEvent.click(startButton());
    const panel = await screen.findByTestId('surcharge');
    expect(panel.getAttribute('data-status')).toBe('UNPAID');
    expect(localStorage.getItem('loggedInAccessToken')).toBe('guest-token');
    expect(panel.textContent).toMatch(/15\s000\sFt/);
    expect(panel.textContent).toContain('Túllépés megkezdett napjai3');
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByTestId('surcharge-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay/surcharge-1'));
    const pay = calls.find((c) => c.path === '/api/v1/parking-surcharge/5/pay')!;
    expect(pay.body.get('paymentMethod')).toBe('SIMPLEPAY');
    expect(await screen.findByText('Fizetés folyamatban…')).toBeTruthy();
    // The same surcharge pushed again does not open the page a second time.
    act(() => parkingLive.setSurcharge({ ...payAnswer }));
    await act(async () => {});
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a registered driver: start when logged in; the wallet only when it covers the amount; a saved card needs its secret code', async () => {
    registered();
    wallet = 14_999;
    cards = [
      { cardId: 3, cardMask: 'xxxx-1234', defaultCard: true, status: 'ACTIVE', expired: false },
    ];
    payAnswer = aSurcharge({
      paymentMethod: 'CARD',
      paymentStartedAt: '2026-11-24T11:00:00.000Z',
    });
    renderElementAt(<SurchargePage />, '/parking-surcharge?email=anna%40example.hu&parkCode=K7P2Q');
    await emailBox();
    fireEvent.click(startButton());
    await screen.findByTestId('surcharge');
    expect(calls.some((c) => c.path === '/api/v1/parking-surcharge/start')).toBe(true);
    expect(calls.some((c) => c.path === '/api/v1/parking-surcharge/start-casual')).toBe(false);
    const walletRadio = await screen.findByRole('radio', { name: /Egyenleg/ });
    expect(isDisabled(walletRadio)).toBe(true);
    expect(screen.getByText('Az egyenleg nem fedezi az összeget.')).toBeTruthy();
    // Not covered by the wallet: one-off card payment is the default.
    const simplePay = screen
      .getAllByRole('radio')
      .find((r) => (r as HTMLInputElement).value === 'SIMPLEPAY');
    expect((simplePay as HTMLInputElement).checked).toBe(true);

    const card = screen.getByRole('radio', { name: 'Mentett kártya' });
    expect(isDisabled(card)).toBe(false);
    fireEvent.click(card);
    fireEvent.click(screen.getByTestId('surcharge-pay'));
    expect(await screen.findByText('A mező kitöltése kötelező!')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/pay'))).toBe(false);
    fireEvent.change(screen.getByLabelText(/titkos kód/i), { target: { value: 'titok1234' } });
    fireEvent.click(screen.getByTestId('surcharge-pay'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/pay'))).toBe(true));
    const pay = calls.find((c) => c.path === '/api/v1/parking-surcharge/5/pay')!;
    expect(pay.body.get('paymentMethod')).toBe('CARD');
    expect(pay.body.get('card-id')).toBe('3');
    expect(pay.body.get('cardSecret')).toBe('titok1234');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a registered driver paying from the wallet confirms first: amount, balance now and after', async () => {
    registered();
    wallet = 20_000;
    payAnswer = aSurcharge({
      status: 'PAID',
      paymentMethod: 'WALLET',
      paymentStartedAt: '2026-11-24T11:00:00.000Z',
      paymentFinishedAt: '2026-11-24T11:00:00.000Z',
    });
    renderElementAt(<SurchargePage />, '/parking-surcharge?email=anna%40example.hu&parkCode=K7P2Q');
    await emailBox();
    fireEvent.click(startButton());
    // The wallet covers the amount: it is chosen already (decision 0064).
    const walletRadio = await screen.findByRole('radio', { name: /Egyenleg/ });
    expect((walletRadio as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('surcharge-pay'));
    const dialog = await screen.findByRole('dialog', { name: 'Fizetés egyenlegből' });
    const summary = within(dialog).getByTestId('wallet-pay-summary').textContent;
    expect(summary).toMatch(/Fizetendő15\s000\sFt/);
    expect(summary).toMatch(/Jelenlegi egyenleg20\s000\sFt/);
    expect(summary).toMatch(/Egyenleg a fizetés után5\s000\sFt/);
    expect(calls.some((c) => c.path.endsWith('/pay'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mégse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/pay'))).toBe(false);

    fireEvent.click(screen.getByTestId('surcharge-pay'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('wallet-pay-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/pay'))).toBe(true));
    const pay = calls.filter((c) => c.path === '/api/v1/parking-surcharge/5/pay');
    expect(pay).toHaveLength(1);
    expect(pay[0]!.body.get('paymentMethod')).toBe('WALLET');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('surcharge PAID and FINISHED', () => {
  inHungarian();
  const paid = aSurcharge({
    status: 'PAID',
    paymentMethod: 'WALLET',
    parkingSession: aSession({
      parkingStatus: 'FINISHING',
      parkingWillFinishAt: '2026-11-24T11:15:00.000Z',
    }),
  });
  const canOpen = (v: boolean, surchargeId: number | null) => ({
    canOpen: v,
    parkingSessionId: 31,
    surchargeId,
    retryInSeconds: null,
  });

  it('PAID: leave by HH:MM; the exit opens only on can-open for this surcharge, polled every 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderElementAt(
      <SurchargeView surcharge={paid} canOpen={canOpen(true, null)} casual={false} />,
      '/parking-surcharge',
    );
    expect(screen.getByText(/12:15/)).toBeTruthy();
    const open = await screen.findByRole('button', { name: 'Kihajtó sorompó nyitása' });
    // A can-open of the session (not of the surcharge) does not count.
    expect(isDisabled(open)).toBe(true);
    const asks = () => sent.filter((f) => f.command === 'getCanOpenSurcharge').length;
    const before = asks();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(asks() - before).toBe(3);
    expect(sent).toContainEqual({ command: 'getCanOpenSurcharge', surchargeId: 5 });
    expect(sent.some((f) => f.command === 'getCanOpen')).toBe(false);
  });

  it('PAID: opening sends openGateSurcharge and shows the opening indicator for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderElementAt(
      <SurchargeView surcharge={paid} canOpen={canOpen(true, 5)} casual={false} />,
      '/parking-surcharge',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Kihajtó sorompó nyitása' }));
    expect(sent).toContainEqual({ command: 'openGateSurcharge', surchargeId: 5 });
    expect(screen.getByTestId('gate-opening')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5100));
    expect(screen.queryByTestId('gate-opening')).toBeNull();
  });

  it('FINISHED: thank you, no gate', async () => {
    renderElementAt(
      <SurchargeView
        surcharge={{ ...paid, status: 'FINISHED' }}
        canOpen={canOpen(true, 5)}
        casual={false}
      />,
      '/parking-surcharge',
    );
    expect((await screen.findByRole('status')).textContent).toContain('a pótdíj rendezve');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('the payment result page comes back to the remembered surcharge and does not reopen its payment page', async () => {
    registered();
    localStorage.setItem('parkingSurchargeId', '5');
    localStorage.setItem('parkingSurchargeJumped', 'http://pay/surcharge-1');
    renderElementAt(<SurchargePaymentResultPage />, '/parking-surcharge-payment-result');
    await waitFor(() =>
      expect(sent).toContainEqual({ command: 'getParkingSurcharge', surchargeId: 5 }),
    );
    act(() => parkingLive.setSurcharge(payAnswer));
    expect((await screen.findByTestId('surcharge')).getAttribute('data-status')).toBe('UNPAID');
    act(() => parkingLive.setSurcharge(paid));
    await waitFor(() =>
      expect(screen.getByTestId('surcharge').getAttribute('data-status')).toBe('PAID'),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Vissza a pótdíjhoz' })).toBeTruthy();
  });
});
