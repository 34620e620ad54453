import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Charger } from '@voltpark/contract';
import hu from '@/locales/hu/charging.json';
import { ChargeWizard } from './ChargeWizard';
import { renderRoutes } from '@/test/render';
import { inHungarian } from '@/test/i18n';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const ok = (data: unknown) => json(200, { result: true, data, messages: [], useAlert: false });

const charger = {
  id: 5,
  name: 'Teszt AC 1',
  tariff: { freeCharging: false, unitChargingGross: 120 },
  tariffs: [],
  deviceType: { currentType: 'AC', canStartNewChargeWhileInFinishingState: false },
  performanceKw: 22,
  locationHasParking: false,
} as unknown as Charger;

const prices = {
  freeCharging: false,
  unitChargingGross: 120,
  convenienceFeeGross: 0,
  parkingEnabled: true,
  minutesAfterParkingStart: 15,
  unitParkingGross: 400,
  parkingToHoldGross: 1000,
};
const car = {
  id: 11,
  producer: 'Nissan',
  model: 'Leaf',
  licensePlate: 'ABC-123',
  defaultCar: true,
  maxChargingPowerACKw: 7,
  maxChargingPowerDCKw: 50,
};
const billing = { id: 21, payerName: 'Teszt Elek', defaultBillingData: true };

let balance = 20000;
let startAnswer: () => Response = () => ok(15000);
const calls: URL[] = [];

function fakeServer() {
  return vi.fn(async (input: string) => {
    const url = new URL(String(input), 'http://x');
    calls.push(url);
    const p = url.pathname;
    if (p === '/api/v1/charge/current') return ok(null);
    if (p === '/api/v1/user/price-settings/5') return ok(prices);
    if (p === '/api/v1/car') return ok([car]);
    if (p === '/api/v1/billing-data/list-current-user') return ok([billing]);
    if (p === '/api/v1/user/credit-cards') return ok([]);
    if (p === '/api/v1/wallet/wallet-balance')
      return ok({ ballance: balance, countUnpayedWallets: 0 });
    if (p === '/api/v1/charger/start-charging-wallet') return startAnswer();
    if (p === '/api/v1/charger/get-gross-to-pay')
      return ok({ reservedEnergy: 7, time: 60, amount: 1840 });
    return json(404, { result: false, data: null, messages: [], useAlert: false });
  });
}

function renderWizard(element = <ChargeWizard charger={charger} />) {
  return renderRoutes(
    [
      { path: '/charger/5', element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/charger/5',
  );
}

const startCalls = () => calls.filter((u) => u.pathname.startsWith('/api/v1/charger/start'));

describe('start wizard (component)', () => {
  inHungarian();
  beforeEach(() => {
    localStorage.setItem('noChargingWizard', '1');
    calls.length = 0;
    balance = 20000;
    startAnswer = () => ok(15000);
    vi.stubGlobal('fetch', fakeServer());
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('holds amount + parking hold, pays from the wallet and a double tap starts once', async () => {
    const router = renderWizard();
    const user = userEvent.setup();
    const amount = await screen.findByLabelText(hu['charging.mode.amount'], {}, { timeout: 5000 });
    await user.selectOptions(amount, '5000');
    // SPEC §4 money to hold: 5000 + the 1000 Ft parking hold (the matcher folds no-break spaces).
    expect(await screen.findByText('Zárolandó összeg: 6 000 Ft')).toBeTruthy();
    // The charger's parking hold says when it is used: only after the 15-minute grace.
    expect(screen.getByText(/A töltés alatt és utána 15 percig nincs parkolási díj/)).toBeTruthy();
    // SPEC §9: (5000 − 0) / 120 = 41,67 kWh; 60 / min(22, 7) × 41,67 = 357 min.
    expect(screen.getByText('Becsült energia: 41,67 kWh')).toBeTruthy();
    expect(screen.getByText('Becsült töltési idő: 5 óra 57 perc')).toBeTruthy();
    // An amount booking is billed at most its amount (decision 0063).
    expect(screen.getByText('A töltés ára legfeljebb: 5 000 Ft')).toBeTruthy();
    const wallet = screen.getByRole('radio', { name: /Egyenleg/ });
    expect((wallet as HTMLInputElement).checked).toBe(true);

    const start = screen.getByRole('button', { name: hu['charging.wizard.start'] });
    await user.dblClick(start);
    await user.click(start);
    await waitFor(() => expect(router.state.location.pathname).toBe('/charge-history'));
    expect(startCalls()).toHaveLength(1);
    const q = startCalls()[0]!.searchParams;
    expect(startCalls()[0]!.pathname).toBe('/api/v1/charger/start-charging-wallet');
    expect(q.get('charger-id')).toBe('5');
    expect(q.get('charging-amount')).toBe('5000');
    expect(q.get('car-id')).toBe('11');
    expect(q.get('billing-data-id')).toBe('21');
    expect(q.has('charging-minutes')).toBe(false);
  });

  it("time mode shows the server's estimate; its amount already holds the parking part", async () => {
    renderWizard();
    const user = userEvent.setup();
    const time = await screen.findByLabelText(hu['charging.mode.time'], {}, { timeout: 5000 });
    await user.selectOptions(time, '60');
    expect(await screen.findByText('Zárolandó összeg: 1 840 Ft')).toBeTruthy();
    // Billed as metered (decision 0063): an expected price, not a maximum.
    expect(screen.getByText('A töltés várható ára: 840 Ft')).toBeTruthy();
    expect(screen.queryByText(/A töltés ára legfeljebb/)).toBeNull();
    expect(screen.getByText('Becsült energia: 7,00 kWh')).toBeTruthy();
    const q = calls.find((u) => u.pathname === '/api/v1/charger/get-gross-to-pay')!.searchParams;
    expect(q.get('charging-minutes')).toBe('60');
    expect(q.get('car-id')).toBe('11');
    // Another mode resets the time picker.
    await user.selectOptions(screen.getByLabelText(hu['charging.mode.amount']), '1000');
    expect((time as HTMLSelectElement).value).toBe('');
  });

  it('chooses simple payment when the wallet is below the hold', async () => {
    balance = 5500;
    renderWizard();
    const user = userEvent.setup();
    const amount = await screen.findByLabelText(hu['charging.mode.amount'], {}, { timeout: 5000 });
    await user.selectOptions(amount, '5000');
    const simple = await screen.findByRole('radio', { name: hu['charging.payment.simple'] });
    await waitFor(() => expect((simple as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('radio', { name: /Egyenleg/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    // A smaller amount fits the wallet again: it is chosen automatically.
    await user.selectOptions(amount, '3000');
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Egyenleg/ }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it("fills in the running parking's charge code; the driver may change it", async () => {
    const atLot = { ...charger, locationHasParking: true } as Charger;
    renderWizard(<ChargeWizard charger={atLot} parkCode="AB12C" />);
    const user = userEvent.setup();
    const amount = await screen.findByLabelText(hu['charging.mode.amount'], {}, { timeout: 5000 });
    await user.selectOptions(amount, '1000');
    const boxes = screen
      .getAllByRole('textbox')
      .filter((b) => /Parkolási kód/.test(b.getAttribute('aria-label') ?? ''));
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(['A', 'B', '1', '2', 'C']);
    // The charger's own parking hold stays (its fee after the grace); the car park's fee stops.
    expect(screen.getByText(/A parkoló díja addig nem fut/)).toBeTruthy();
    await user.clear(boxes[4]!);
    await user.type(boxes[4]!, 'd');
    await user.click(screen.getByRole('button', { name: hu['charging.wizard.start'] }));
    await waitFor(() => expect(startCalls()).toHaveLength(1));
    expect(startCalls()[0]!.searchParams.get('parkCode')).toBe('AB12D');
  });

  it('shows the NEGATIVE_WALLET message and goes to /cards', async () => {
    startAnswer = () =>
      json(409, {
        result: false,
        data: { responseCode: 'NEGATIVE_WALLET' },
        messages: [{ severity: 'error', messageKey: 'x', text: 'szerver szöveg' }],
        useAlert: true,
      });
    const router = renderWizard();
    const user = userEvent.setup();
    const amount = await screen.findByLabelText(hu['charging.mode.amount'], {}, { timeout: 5000 });
    await user.selectOptions(amount, '1000');
    await user.click(screen.getByRole('button', { name: hu['charging.wizard.start'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards'));
    expect(startCalls()).toHaveLength(1);
  });
});
