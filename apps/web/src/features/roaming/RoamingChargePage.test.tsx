import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocationDetail, RoamingCharge } from '@voltpark/contract';
import messages from '@voltpark/contract/locales/hu.json';
import charging from '@/locales/hu/charging.json';
import hu from '@/locales/hu/roaming.json';
import { formatMoney } from '@/shared/format';
import { publishLiveFrame } from '@/shared/realtime';
import { resetSessionForTests } from '@/shared/session';
import { inHungarian } from '@/test/i18n';
import { renderRoutes } from '@/test/render';
import { RoamingChargePage } from './RoamingChargePage';
import { aRoamingCharge } from './testCharge';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const ok = (data: unknown) => json(200, { result: true, data, messages: [], useAlert: false });

const location = {
  id: 77,
  name: 'Debrecen Fórum',
  address: {
    full: '',
    countryCode: 'HU',
    zipCode: '',
    city: 'Debrecen',
    street: '',
    addressType: '',
    houseNumber: '',
  },
  fullAddress: '4026 Debrecen, Csapó utca 30.',
  lat: 47.53,
  lng: 21.62,
  hasCharger: true,
  hasPoi: false,
  hasParking: false,
  available: true,
  outlets: ['TYPE2'],
  description: null,
  traits: [],
  chargers: [],
  pois: [],
  parkingLotId: null,
  parkingLot: null,
  partnerSite: {
    partnerName: 'VoltPartner Kft.',
    operator: null,
    roamingFeePercent: 10,
    evses: [
      {
        uid: 'HU*VPT*E0101',
        evseId: 'HU*VPT*E0101',
        status: 'AVAILABLE',
        connectors: [
          {
            id: '1',
            outlet: 'TYPE2',
            standard: 'IEC_62196_T2',
            currentType: 'AC',
            powerKw: 22,
            price: {
              caveat: null,
              text: null,
              components: [
                { type: 'ENERGY', grossFt: 140, roamingFeeFt: 13, stepSize: 1, conditional: false },
              ],
            },
          },
        ],
      },
    ],
  },
} as unknown as LocationDetail;

const requested = aRoamingCharge();

/** The server's refusal of a start at a point that is not free. */
const evseNotAvailable = () =>
  json(409, {
    result: false,
    data: { responseCode: 'EVSE_NOT_AVAILABLE' },
    messages: [{ key: 'roaming.error.EVSE_NOT_AVAILABLE', text: 'x', type: 'error' }],
    useAlert: false,
  });

let balance = 20_000;
let cards: { cardId: number; cardMask: string; expiry: string; defaultCard: boolean }[] = [];
let startAnswer: () => Response;
const starts: unknown[] = [];
/** What roaming/current answers before a start here, and after it. */
let before: RoamingCharge | null = null;
let afterStart: () => RoamingCharge = () => requested;
/** The partner site as the location detail gives it. */
let site: LocationDetail = location;

beforeEach(() => {
  localStorage.setItem('loggedInUserId', '3');
  localStorage.setItem('loggedInUserToken', 'tok-3');
  resetSessionForTests();
  balance = 20_000;
  cards = [];
  starts.length = 0;
  startAnswer = () => ok(requested);
  before = null;
  afterStart = () => requested;
  site = location;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const p = new URL(String(input), 'http://x').pathname;
      if (p === '/api/v1/location/location-charger-poi/77')
        return ok({ location: site, pictureBase: '/api/file?type=poi&name=' });
      if (p === '/api/v1/wallet/wallet-balance')
        return ok({ ballance: balance, countUnpayedWallets: 0 });
      if (p === '/api/v1/roaming/current') return ok(starts.length > 0 ? afterStart() : before);
      if (p === '/api/v1/user/credit-cards') return ok(cards);
      if (p === '/api/v1/roaming/start') {
        starts.push(JSON.parse(String(init?.body)));
        return startAnswer();
      }
      return ok(null);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetSessionForTests();
});

const open = () =>
  renderRoutes(
    [{ path: '/roaming-charge', element: <RoamingChargePage /> }],
    '/roaming-charge?location=77&evse=HU*VPT*E0101&connector=1',
  );

describe('starting a charge at a partner’s charger', { timeout: 30_000 }, () => {
  inHungarian();

  it('shows the balance once and the exact hold, starts once with it and shows the waiting screen', async () => {
    open();
    const walletText = charging['charging.payment.wallet'].replace(
      '{{balance}}',
      formatMoney(20_000),
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: walletText })).toBeTruthy(), {
      timeout: 10_000,
    });
    // The balance is told once, in the wallet choice (not again under it).
    expect(document.body.textContent!.split(formatMoney(20_000))).toHaveLength(2);
    const button = screen.getByRole('button', {
      name: hu['roamingCharge.startWithHold'].replace('{{amount}}', formatMoney(10_000)),
    });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('roaming-hold-text').textContent).toContain(formatMoney(10_000));
    fireEvent.click(button);
    expect(
      await screen.findByText(hu['roamingCharge.waiting'], undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(starts).toEqual([
      {
        locationId: 77,
        evseUid: 'HU*VPT*E0101',
        connectorId: '1',
        amount: 10_000,
        paymentMethod: 'WALLET',
      },
    ]);
  });

  it('a wallet below the amount: no start, a way to the top-up', async () => {
    balance = 1_000;
    open();
    const link = await screen.findByRole(
      'link',
      { name: hu['roamingCharge.topUp'] },
      { timeout: 10_000 },
    );
    expect(link.getAttribute('href')).toBe('/cards');
    const button = screen.getByRole('button', { name: hu['roamingCharge.start'] });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(starts).toEqual([]);
  });

  it('a decimal comma in the hold is refused as not whole forints, never read as digits', async () => {
    open();
    const box = await screen.findByRole(
      'textbox',
      { name: hu['roamingCharge.amount'] },
      { timeout: 10_000 },
    );
    fireEvent.change(box, { target: { value: '2500,5' } });
    expect(await screen.findByText(hu['roamingCharge.amountError.whole'])).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: hu['roamingCharge.start'] }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(starts).toEqual([]);
  });

  it('a refusal from the server is shown in the driver’s language', async () => {
    startAnswer = evseNotAvailable;
    open();
    const button = await screen.findByRole(
      'button',
      { name: hu['roamingCharge.startWithHold'].replace('{{amount}}', formatMoney(10_000)) },
      { timeout: 10_000 },
    );
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        messages['roaming.error.EVSE_NOT_AVAILABLE'],
      ),
    );
  });

  it('a saved card (decision 0050): its secret code is asked, the hold and card go in one call', async () => {
    cards = [{ cardId: 9, cardMask: '4908-36xx-xxxx-0425', expiry: '2030-12', defaultCard: true }];
    balance = 0;
    startAnswer = () => ok({ ...requested, status: 'PAYING', paymentMethod: 'CARD' });
    open();
    const radio = await screen.findByRole('radio', { name: 'Mentett kártya' }, { timeout: 10_000 });
    await waitFor(() => expect((radio as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(radio);
    const button = screen.getByRole('button', {
      name: hu['roamingCharge.startWithHold'].replace('{{amount}}', formatMoney(10_000)),
    });
    expect(screen.getByTestId('roaming-hold-text').textContent).toContain(
      hu['roamingCharge.cardHoldExplained'].split('{{amount}}')[0]!,
    );
    fireEvent.click(button);
    expect(starts).toEqual([]);
    fireEvent.change(screen.getByLabelText(/titkos kódja/), { target: { value: 'titok1234' } });
    fireEvent.click(button);
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]).toMatchObject({
      amount: 10_000,
      paymentMethod: 'CARD',
      cardId: 9,
      cardSecret: 'titok1234',
    });
  });

  it('a one-off card: the browser goes to SimplePay’s page the answer names', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, assign });
    startAnswer = () =>
      ok({
        ...requested,
        status: 'PAYING',
        paymentMethod: 'SIMPLEPAY',
        paymentUrl: 'http://pay/roaming-1',
      });
    open();
    const radio = await screen.findByRole(
      'radio',
      { name: 'Bankkártya (SimplePay)' },
      {
        timeout: 10_000,
      },
    );
    fireEvent.click(radio);
    const button = screen.getByRole('button', {
      name: hu['roamingCharge.startWithHold'].replace('{{amount}}', formatMoney(10_000)),
    });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay/roaming-1'));
    expect(starts).toEqual([
      {
        locationId: 77,
        evseUid: 'HU*VPT*E0101',
        connectorId: '1',
        amount: 10_000,
        paymentMethod: 'SIMPLEPAY',
      },
    ]);
  });
});

const startButton = () =>
  screen.findByRole(
    'button',
    { name: hu['roamingCharge.startWithHold'].replace('{{amount}}', formatMoney(10_000)) },
    { timeout: 10_000 },
  );

describe('the start page after an earlier charge, and its way back', { timeout: 30_000 }, () => {
  inHungarian();

  it('a charge that ended before is not shown above the new start: only the form', async () => {
    before = { ...requested, requestId: 4, status: 'COMPLETED', kWh: 7.5, billedAmount: 3210 };
    open();
    await startButton();
    expect(screen.queryByTestId('roaming-charge')).toBeNull();
    expect(screen.queryByText(hu['roamingCharge.status.completed'])).toBeNull();
  });

  it('the charge started here keeps its outcome on the page when it ends', async () => {
    before = { ...requested, requestId: 4, status: 'COMPLETED', billedAmount: 3210 };
    afterStart = () => ({
      ...requested,
      status: 'COMPLETED',
      kWh: 2,
      billedAmount: 990,
      receiptRowNumber: 700002,
    });
    open();
    const button = await startButton();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await screen.findByTestId('roaming-charge');
    // Decision 0056: the outcome of this charge comes over the live socket.
    act(() => publishLiveFrame({ topic: '/user/roamingCharge', data: afterStart() }));
    expect(await screen.findByText(hu['roamingCharge.status.completed'])).toBeTruthy();
    expect(screen.getByTestId('roaming-charge').textContent).toContain(formatMoney(990));
    expect(screen.getByRole('link', { name: hu['roamingCharge.receipt'] })).toBeTruthy();
  });

  it('a busy point: the reason and the way back to the site’s panel', async () => {
    site = {
      ...location,
      partnerSite: {
        ...location.partnerSite!,
        evses: [{ ...location.partnerSite!.evses[0]!, status: 'CHARGING' }],
      },
    };
    open();
    const back = await screen.findByRole(
      'link',
      { name: hu['roamingCharge.backToSite'] },
      { timeout: 10_000 },
    );
    expect(back.getAttribute('href')).toBe('/map?showLocation=77&tab=charger');
    expect(screen.getByRole('alert').textContent).toBe(
      hu['roamingCharge.notAvailable'].replace('{{status}}', hu['partner.status.CHARGING']),
    );
    expect(screen.queryByRole('button', { name: hu['roamingCharge.start'] })).toBeNull();
  });

  it('a refusal by the partner: the way back to the site’s panel', async () => {
    startAnswer = evseNotAvailable;
    open();
    const button = await startButton();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await screen.findByText(messages['roaming.error.EVSE_NOT_AVAILABLE']);
    expect(
      screen.getByRole('link', { name: hu['roamingCharge.backToSite'] }).getAttribute('href'),
    ).toBe('/map?showLocation=77&tab=charger');
  });

  it('a point that is not found: the way back to the map', async () => {
    site = { ...location, partnerSite: { ...location.partnerSite!, evses: [] } };
    open();
    expect(
      await screen.findByText(hu['roamingCharge.targetNotFound'], undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: hu['roamingCharge.backToSite'] }).getAttribute('href'),
    ).toBe('/map?showLocation=77&tab=charger');
  });
});

describe('pay again after a card hold that did not go through (0056)', { timeout: 30_000 }, () => {
  inHungarian();

  it('says so, and takes the driver back to the point’s start with the same method and hold', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, assign });
    before = {
      ...requested,
      status: 'REJECTED',
      paymentMethod: 'SIMPLEPAY',
      holdAmount: 7_000,
      message: 'the card payment was not completed',
      paymentProblem: 'NOT_COMPLETED',
      holdOutcome: 'NOT_TAKEN',
    };
    startAnswer = () =>
      ok({
        ...requested,
        status: 'PAYING',
        paymentMethod: 'SIMPLEPAY',
        paymentUrl: 'http://pay/2',
      });
    // Back from SimplePay's page: the live screen without a start link.
    renderRoutes([{ path: '/roaming-charge', element: <RoamingChargePage /> }], '/roaming-charge');
    expect(await screen.findByText(hu['roamingCharge.payment.NOT_COMPLETED'])).toBeTruthy();
    expect(screen.getByText(hu['roamingCharge.holdNotTaken'])).toBeTruthy();
    expect(screen.queryByText(/feloldottuk/)).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: hu['roamingCharge.payAgain'] }));
    const radio = await screen.findByRole(
      'radio',
      { name: 'Bankkártya (SimplePay)' },
      { timeout: 10_000 },
    );
    expect((radio as HTMLInputElement).checked).toBe(true);
    // The ended charge belongs to the history now: only the start form.
    expect(screen.queryByTestId('roaming-charge')).toBeNull();
    const button = screen.getByRole('button', {
      name: hu['roamingCharge.startWithHold'].replace('{{amount}}', formatMoney(7_000)),
    });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay/2'));
    expect(starts).toEqual([
      {
        locationId: 77,
        evseUid: 'HU*VPT*E0101',
        connectorId: '1',
        amount: 7_000,
        paymentMethod: 'SIMPLEPAY',
      },
    ]);
  });
});
