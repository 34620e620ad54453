import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import hu from '@/locales/hu/coupons.json';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { resetSessionForTests, setUser } from '@/shared/session';
import { CouponRedeemPage } from './CouponRedeemPage';
import { coupon, fakeServer, offer, ok, refused, user } from './testServer';

describe('/coupon-redeem (component)', () => {
  inHungarian();
  afterEach(() => {
    vi.unstubAllGlobals();
    resetSessionForTests();
  });

  it('a driver who is not a service provider gets a notice, and no form', async () => {
    fakeServer({});
    setUser(user({ types: [] }));
    renderElementAt(<CouponRedeemPage />, '/coupon-redeem');
    expect((await screen.findByTestId('redeem-not-allowed')).textContent).toBe(
      hu['redeem.notProvider'],
    );
    expect(screen.queryByRole('button', { name: hu['redeem.button'] })).toBeNull();
  });

  it('a typed lower-case code is sent upper case; the answer says accepted, with the discount', async () => {
    const calls = fakeServer({
      'POST /api/v1/coupon/redeem': () =>
        ok(
          coupon({
            couponCode: 'ABCDE23456',
            state: 'EXPIRED',
            usedAt: new Date().toISOString(),
            offer: offer({ name: 'Egy kávé', discountPercent: 15 }),
          }),
        ),
    });
    setUser(user({ types: ['SERVICE_PROVIDER'] }));
    renderElementAt(<CouponRedeemPage />, '/coupon-redeem');
    const u = userEvent.setup();
    await u.type(
      await screen.findByRole('textbox', { name: new RegExp(hu['redeem.code']) }),
      'abcde-23456',
    );
    await u.click(screen.getByRole('button', { name: hu['redeem.button'] }));
    const result = await screen.findByTestId('redeem-result');
    expect(result.getAttribute('data-ok')).toBe('true');
    expect(result.textContent).toContain(hu['redeem.acceptedTitle']);
    expect(result.textContent).toContain('15% kedvezmény');
    expect(result.textContent).toContain('Egy kávé');
    expect(
      calls.filter((c) => c.path === '/api/v1/coupon/redeem').map((c) => c.body.get('couponCode')),
    ).toEqual(['ABCDE23456']);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: new RegExp(hu['redeem.code']) })).toHaveProperty(
        'value',
        '',
      ),
    );
  });

  it('a refused code says why (the server reason), and an empty one is asked for', async () => {
    const calls = fakeServer({
      'POST /api/v1/coupon/redeem': () => refused(409, 'Ezt a kupont már felhasználták.'),
    });
    setUser(user({ types: ['SERVICE_PROVIDER'] }));
    renderElementAt(<CouponRedeemPage />, '/coupon-redeem');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: hu['redeem.button'] }));
    expect(await screen.findByText('A mező kitöltése kötelező!')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await u.type(
      screen.getByRole('textbox', { name: new RegExp(hu['redeem.code']) }),
      'USED234567',
    );
    await u.click(screen.getByRole('button', { name: hu['redeem.button'] }));
    const result = await screen.findByTestId('redeem-result');
    expect(result.getAttribute('data-ok')).toBe('false');
    expect(result.textContent).toContain(hu['redeem.refusedTitle']);
    expect(result.textContent).toContain('Ezt a kupont már felhasználták.');
  });

  it('without a camera the scanner says so and the code can still be typed', async () => {
    fakeServer({});
    setUser(user({ types: ['SERVICE_PROVIDER'] }));
    renderElementAt(<CouponRedeemPage />, '/coupon-redeem');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: hu['redeem.scan.open'] }));
    expect((await screen.findByTestId('scan-problem')).textContent).toBe(
      hu['redeem.scan.problem.none'],
    );
  });
});
