import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import hu from '@/locales/hu/coupons.json';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { CouponsPage } from './CouponsPage';
import { coupon, fakeServer, offer, ok, refused } from './testServer';

const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

const offers = [
  offer({
    id: 11,
    shopName: 'Kávé Sarok',
    name: 'Egy kávé',
    price: 300,
    categories: ['food'],
    cities: ['Budapest'],
  }),
  offer({
    id: 12,
    shopName: 'Szépség Stúdió',
    name: 'Manikűr',
    price: 2000,
    categories: ['beauty'],
    cities: ['Debrecen'],
  }),
  offer({
    id: 13,
    shopName: 'Könyvpont',
    name: 'Könyv',
    price: 1500,
    priceUnit: 'FT',
    categories: ['books'],
    cities: ['Budapest', 'Győr'],
  }),
  offer({
    id: 14,
    shopName: 'Online Pénztárca',
    name: 'Befizetés',
    price: 0,
    styleClass: 'onlinepenztarca',
    categories: [],
    cities: [],
  }),
];
const categories = [
  { key: 'food', name: 'Étel, ital' },
  { key: 'beauty', name: 'Szépség' },
  { key: 'books', name: 'Könyv' },
];

function base(opts: { points?: number; mine?: unknown[]; active?: unknown } = {}) {
  let points = opts.points ?? 1200;
  let mine = opts.mine ?? [];
  return {
    'GET /api/v1/coupon/points-balance': () => ok({ points }),
    'GET /api/v1/coupon/my-coupons': () => ok(mine),
    'GET /api/v1/coupon': () => ok(opts.active ?? null),
    'GET /api/v1/coupon/coupon-inventory': () => ok(offers),
    'GET /api/v1/coupon/coupon-categories': () => ok(categories),
    'GET /api/v1/coupon/history': () => ok([]),
    'GET /api/v1/coupon/points-history': () => ok([]),
    setPoints: (p: number) => (points = p),
    setMine: (m: unknown[]) => (mine = m),
  };
}

function routesOf(b: ReturnType<typeof base>, extra: Parameters<typeof fakeServer>[0] = {}) {
  const { setPoints: _p, setMine: _m, ...routes } = b;
  return { ...routes, ...extra };
}

describe('/coupons (component)', () => {
  inHungarian();
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the balance and, after a charge, the points it earned', async () => {
    const calls = fakeServer(
      routesOf(base({ points: 1234 }), {
        'GET /api/v1/coupon/latest-points/*': () =>
          ok({ chargeId: 77, earnedPoints: 42, points: 1234 }),
      }),
    );
    renderElementAt(<CouponsPage />, '/coupons?chargeId=77');
    expect((await screen.findByTestId('points-balance')).textContent).toBe(nbsp('1 234 pont'));
    expect((await screen.findByTestId('latest-points')).textContent).toBe(
      hu['coupons.balance.earned'].replace('{{points}}', '42'),
    );
    expect(calls.some((c) => c.path === '/api/v1/coupon/latest-points/77')).toBe(true);
  });

  it('offers: filters by category and city, refuses what the points do not cover, buys only after the confirmation', async () => {
    const b = base({ points: 1000 });
    const calls = fakeServer(
      routesOf(b, {
        'GET /api/v1/coupon/buy-coupon/*': () => {
          b.setPoints(700);
          b.setMine([coupon({ couponCodeId: 5, couponCode: 'KAVE234567', offer: offers[0]! })]);
          return ok(coupon({ couponCodeId: 5, couponCode: 'KAVE234567', offer: offers[0]! }));
        },
      }),
    );
    const router = renderElementAt(<CouponsPage />, '/coupons?tab=offers');
    const user = userEvent.setup();
    expect(await screen.findAllByTestId('coupon-offer')).toHaveLength(4);

    const category = screen.getByRole('combobox', { name: hu['coupons.filter.category'] });
    const city = screen.getByRole('combobox', { name: hu['coupons.filter.city'] });
    await user.selectOptions(category, 'Könyv');
    await waitFor(() => expect(screen.getAllByTestId('coupon-offer')).toHaveLength(1));
    expect(screen.getByText('Könyv', { selector: 'h3' })).toBeTruthy();
    await user.selectOptions(category, hu['coupons.filter.allCategories']);
    await user.selectOptions(city, 'Budapest');
    await waitFor(() => expect(screen.getAllByTestId('coupon-offer')).toHaveLength(2));
    await user.selectOptions(city, hu['coupons.filter.allCities']);
    await waitFor(() => expect(screen.getAllByTestId('coupon-offer')).toHaveLength(4));

    // 2000 points are more than the 1000 the driver has.
    const manicure = screen.getByRole('article', { name: 'Manikűr' });
    expect(within(manicure).getByRole('button', { name: hu['coupons.buy.button'] })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(manicure).getByText(hu['coupons.buy.notEnoughPoints'])).toBeTruthy();
    // A price in Ft reads as money.
    expect(
      within(screen.getByRole('article', { name: 'Könyv' })).getByTestId('offer-price').textContent,
    ).toBe(nbsp('1 500 Ft'));

    const coffee = screen.getByRole('article', { name: 'Egy kávé' });
    await user.click(within(coffee).getByRole('button', { name: hu['coupons.buy.button'] }));
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.buy.confirmTitle'] });
    expect(dialog.textContent).toContain('Kávé Sarok – Egy kávé');
    expect(dialog.textContent).toContain(nbsp('300 pont'));
    // "No" buys nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Nem' }));
    expect(calls.filter((c) => c.path.startsWith('/api/v1/coupon/buy-coupon'))).toHaveLength(0);

    await user.click(within(coffee).getByRole('button', { name: hu['coupons.buy.button'] }));
    await user.click(await screen.findByTestId('confirm-buy'));
    await waitFor(() => expect(router.state.location.search).toContain('tab=mine'));
    expect(calls.filter((c) => c.path === '/api/v1/coupon/buy-coupon/11')).toHaveLength(1);
    const bought = await screen.findByTestId('user-coupon');
    expect(within(bought).getByTestId('coupon-code').textContent).toBe('KAVE234567');
    expect(within(bought).getByTestId('coupon-qr').getAttribute('alt')).toContain('KAVE234567');
    await waitFor(() =>
      expect(screen.getByTestId('points-balance').textContent).toBe('700\u00a0pont'),
    );
  });

  it('while charging, the offers ask for the charger and say how far each shop is and whether the driver is back in time', async () => {
    const startTime = new Date(Date.now() - 10 * 60_000).toISOString();
    const calls = fakeServer({
      ...routesOf(base()),
      'GET /api/v1/charge/current': () =>
        ok({
          id: 5,
          chargerId: 42,
          charger: 'Teszt AC 1',
          chargingStatus: 'STARTED',
          consumedEnergy: 1,
          bookedEnergy: null,
          bookedTime: 60,
          consumptionPower: 11,
          startTime,
          paymentUrl: null,
          countParkingFee: false,
          minutesAfterParkingStart: null,
          locationId: 1,
        }),
      'GET /api/v1/coupon/coupon-inventory': () =>
        ok([
          { ...offers[0]!, distanceInMeters: 240, walkingMinutes: 3 },
          { ...offers[1]!, distanceInMeters: 960, walkingMinutes: 30 },
          { ...offers[2]!, distanceInMeters: null, walkingMinutes: null },
        ]),
    });
    renderElementAt(<CouponsPage />, '/coupons?tab=offers');
    expect((await screen.findByTestId('nearby-notice')).textContent).toContain('Teszt AC 1');
    expect(
      calls.some(
        (c) => c.path === '/api/v1/coupon/coupon-inventory' && c.query.get('chargerId') === '42',
      ),
    ).toBe(true);
    const walks = screen.getAllByTestId('offer-nearby').map((e) => e.textContent);
    // 50 minutes of a 60-minute charge are left: 2 × 3 minutes fit, 2 × 30 do not.
    expect(walks).toEqual([
      `240 m-re, 3 perc séta. ${hu['coupons.nearby.backInTime']}`,
      `960 m-re, 30 perc séta. ${hu['coupons.nearby.backLate']}`,
    ]);
  });

  it('the "back in time" notes follow the clock while the offers stay open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const startTime = new Date(Date.now() - 10 * 60_000).toISOString();
      fakeServer({
        ...routesOf(base()),
        'GET /api/v1/charge/current': () =>
          ok({
            id: 5,
            chargerId: 42,
            charger: 'Teszt AC 1',
            chargingStatus: 'STARTED',
            consumedEnergy: 1,
            bookedEnergy: null,
            bookedTime: 60,
            consumptionPower: 11,
            startTime,
            paymentUrl: null,
            countParkingFee: false,
            minutesAfterParkingStart: null,
            locationId: 1,
          }),
        'GET /api/v1/coupon/coupon-inventory': () =>
          ok([{ ...offers[0]!, distanceInMeters: 240, walkingMinutes: 3 }]),
      });
      renderElementAt(<CouponsPage />, '/coupons?tab=offers');
      expect((await screen.findByTestId('offer-nearby')).textContent).toContain(
        hu['coupons.nearby.backInTime'],
      );
      // 46 minutes later 4 minutes are left: a 2 × 3-minute walk no longer fits.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(46 * 60_000);
      });
      expect(screen.getByTestId('offer-nearby').textContent).toContain(
        hu['coupons.nearby.backLate'],
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused purchase says why (the server message) and buys nothing', async () => {
    fakeServer(
      routesOf(base(), {
        'GET /api/v1/coupon/buy-coupon/*': () => refused(409, 'Elfogyott ez a kupon.'),
      }),
    );
    renderElementAt(<CouponsPage />, '/coupons?tab=offers');
    const user = userEvent.setup();
    const coffee = await screen.findByRole('article', { name: 'Egy kávé' });
    await user.click(within(coffee).getByRole('button', { name: hu['coupons.buy.button'] }));
    await user.click(await screen.findByTestId('confirm-buy'));
    expect((await screen.findByTestId('buy-failed')).textContent).toContain(
      'Elfogyott ez a kupon.',
    );
  });

  it('an active coupon counts down every second, then is hidden and the coupons reload', async () => {
    const b = base({
      mine: [
        coupon({
          couponCodeId: 8,
          couponCode: 'AKTIV23456',
          state: 'ACTIVE',
          expireSec: 2,
          expire: new Date(Date.now() + 2000).toISOString(),
          expireDt: '2026. 11. 24. 10:00',
        }),
      ],
    });
    const calls = fakeServer(routesOf(b));
    renderElementAt(<CouponsPage />, '/coupons');
    const countdown = await screen.findByTestId('coupon-countdown');
    await waitFor(() => expect(countdown.textContent).toMatch(/^00:0[12]$/));
    b.setMine([]);
    const before = calls.filter((c) => c.path === '/api/v1/coupon/my-coupons').length;
    await waitFor(() => expect(screen.queryByTestId('user-coupon')).toBeNull(), { timeout: 4000 });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/coupon/my-coupons').length).toBeGreaterThan(
        before,
      ),
    );
    expect(await screen.findByText(hu['coupons.mine.empty'])).toBeTruthy();
  });

  it('a redeemable coupon is activated after a confirmation', async () => {
    const b = base({ mine: [coupon({ couponCodeId: 9, state: 'REDEEMABLE' })] });
    const calls = fakeServer(
      routesOf(b, {
        'POST /api/v1/coupon/activate-coupon/*': () => {
          const active = coupon({
            couponCodeId: 9,
            state: 'ACTIVE',
            expireSec: 3600,
            expire: new Date(Date.now() + 3_600_000).toISOString(),
          });
          b.setMine([active]);
          return ok(active);
        },
      }),
    );
    renderElementAt(<CouponsPage />, '/coupons');
    const user = userEvent.setup();
    const card = await screen.findByTestId('user-coupon');
    expect(card.getAttribute('data-state')).toBe('REDEEMABLE');
    await user.click(within(card).getByRole('button', { name: hu['coupons.activate.button'] }));
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.activate.confirmTitle'] });
    expect(dialog.textContent).toContain('60 percig');
    await user.click(within(dialog).getByRole('button', { name: 'Igen' }));
    await waitFor(() =>
      expect(screen.getByTestId('user-coupon').getAttribute('data-state')).toBe('ACTIVE'),
    );
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/coupon/activate-coupon/9'),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('coupon-countdown').textContent).toMatch(/^(59:5\d|1:00:00)$/),
    );
  });

  it('generate-coupon: a positive whole number; the server refusal replaces the messages; removing returns the points', async () => {
    const b = base({ points: 500 });
    let active: unknown = null;
    let refuse = true;
    const calls = fakeServer({
      ...routesOf(b),
      'GET /api/v1/coupon': () => ok(active),
      'GET /api/v1/coupon/generate-coupon': (c) => {
        if (refuse) return refused(409, 'Most nem készíthető kupon.');
        active = coupon({
          couponCodeId: 30,
          couponCode: 'PONT234567',
          offer: null,
          points: Number(c.query.get('points')),
          state: 'ACTIVE',
          expireSec: 3600,
        });
        b.setPoints(500 - Number(c.query.get('points')));
        return ok(active);
      },
      'DELETE /api/v1/coupon': () => {
        active = null;
        b.setPoints(500);
        return ok(null);
      },
    });
    renderElementAt(<CouponsPage />, '/coupons');
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', {
      name: new RegExp(hu['coupons.generate.points']),
    });
    await user.click(screen.getByRole('button', { name: hu['coupons.generate.button'] }));
    expect(await screen.findByText(hu['coupons.generate.required'])).toBeTruthy();
    await user.type(input, '600');
    await user.click(screen.getByRole('button', { name: hu['coupons.generate.button'] }));
    expect(await screen.findByText('Legfeljebb 500 pontja van.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/coupon/generate-coupon')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '200');
    await user.click(screen.getByRole('button', { name: hu['coupons.generate.button'] }));
    expect((await screen.findByTestId('generate-errors')).textContent).toBe(
      'Most nem készíthető kupon.',
    );

    refuse = false;
    await user.click(screen.getByRole('button', { name: hu['coupons.generate.button'] }));
    const card = await screen.findByTestId('user-coupon');
    expect(
      calls
        .filter((c) => c.path === '/api/v1/coupon/generate-coupon')
        .at(-1)!
        .query.get('points'),
    ).toBe('200');
    expect(within(card).getByText('Kupon 200 pontból')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('points-balance').textContent).toBe('300\u00a0pont'),
    );
    // Only one generated coupon at a time: the form is gone while it is active.
    expect(screen.queryByRole('button', { name: hu['coupons.generate.button'] })).toBeNull();

    await user.click(within(card).getByRole('button', { name: hu['coupons.remove.button'] }));
    const dialog = await screen.findByRole('dialog', { name: hu['coupons.remove.confirmTitle'] });
    expect(dialog.textContent).toContain('200 pont');
    await user.click(within(dialog).getByRole('button', { name: 'Igen' }));
    await waitFor(() => expect(screen.queryByTestId('user-coupon')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/api/v1/coupon')).toHaveLength(
      1,
    );
    await waitFor(() =>
      expect(screen.getByTestId('points-balance').textContent).toBe('500\u00a0pont'),
    );
  });

  it('history: used coupons with their time, unused ones as expired', async () => {
    fakeServer({
      ...routesOf(base()),
      'GET /api/v1/coupon/history': () =>
        ok([
          coupon({
            couponCodeId: 1,
            couponCode: 'USED234567',
            state: 'EXPIRED',
            usedAt: '2026-11-20T09:30:00Z',
          }),
          coupon({
            couponCodeId: 2,
            couponCode: 'LOST234567',
            state: 'EXPIRED',
            expire: '2026-11-19T09:30:00Z',
          }),
        ]),
      'GET /api/v1/coupon/points-history': () =>
        ok([
          {
            id: 1,
            createdAt: '2026-11-20T09:00:00Z',
            points: 42,
            reason: 'CHARGE',
            chargeId: 77,
            description: null,
          },
        ]),
    });
    renderElementAt(<CouponsPage />, '/coupons?tab=history');
    const rows = await screen.findAllByTestId('history-coupon-state');
    expect(rows[0]!.textContent).toBe('Felhasználva: 2026. 11. 20. 10:30');
    expect(rows[1]!.textContent).toBe(hu['coupons.history.expired']);
    expect(await screen.findByText(/\+42\spont/)).toBeTruthy();
  });
});
