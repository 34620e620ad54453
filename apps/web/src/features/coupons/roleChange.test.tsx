import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { WsServerFrame } from '@voltpark/contract';
import hu from '@/locales/hu/coupons.json';
import MainMenu from '@/app/MainMenu';
import { ParkingLive } from '@/features/parking/parkingLive';
import { storage, STORAGE_KEYS } from '@/shared/lib/storage';
import { getSession, resetSessionForTests, setUser } from '@/shared/session';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import { CouponRedeemPage } from './CouponRedeemPage';
import { fakeServer, user } from './testServer';

/** The page's live socket, with a hand that pushes server frames into it. */
function liveSocket() {
  let push: (f: WsServerFrame) => void = () => {};
  const live = new ParkingLive((onFrame) => {
    push = onFrame;
    return { start() {}, stop() {}, send: () => true };
  });
  const release = live.acquire('basic:staff');
  return { push: (f: WsServerFrame) => act(() => push(f)), release };
}

describe('a role given or taken while signed in (decision 0031)', () => {
  inHungarian();
  afterEach(() => {
    storage.remove(STORAGE_KEYS.loggedInUserId);
    storage.remove(STORAGE_KEYS.loggedInUserToken);
    resetSessionForTests();
  });

  it('/coupon-redeem and its menu item appear on /user/types, and go when the role goes', async () => {
    fakeServer({});
    storage.set(STORAGE_KEYS.loggedInUserId, '7');
    storage.set(STORAGE_KEYS.loggedInUserToken, 'token');
    resetSessionForTests();
    setUser(user({ types: ['USER'] }));
    const socket = liveSocket();
    renderElementAt(
      <>
        <MainMenu opened onClose={() => {}} pathname="/coupon-redeem" />
        <CouponRedeemPage />
      </>,
      '/coupon-redeem',
    );
    expect(await screen.findByTestId('redeem-not-allowed')).toBeTruthy();
    const menuItem = () => screen.queryByRole('link', { name: /^Kupon beváltása$/ });
    expect(menuItem()).toBeNull();

    socket.push({ topic: '/user/types', data: { types: ['USER', 'SERVICE_PROVIDER'] } });
    expect(getSession().user?.types).toEqual(['USER', 'SERVICE_PROVIDER']);
    expect(await screen.findByRole('button', { name: hu['redeem.button'] })).toBeTruthy();
    expect(screen.queryByTestId('redeem-not-allowed')).toBeNull();
    expect(menuItem()?.getAttribute('href')).toBe('/coupon-redeem');

    socket.push({ topic: '/user/types', data: { types: ['USER'] } });
    expect(await screen.findByTestId('redeem-not-allowed')).toBeTruthy();
    expect(menuItem()).toBeNull();
    socket.release();
  });
});
