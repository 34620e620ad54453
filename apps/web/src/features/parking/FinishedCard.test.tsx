import { useSyncExternalStore } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import { CurrentParkingPanel } from './CurrentParkingPanel';
import { parkingLive } from './parkingLive';
import { aSession } from './testSession';

vi.mock('./useCurrentParking', () => ({
  useCurrentParking: () => ({
    ...useSyncExternalStore(parkingLive.subscribe, parkingLive.getState),
    active: true,
  }),
}));

beforeEach(() => {
  vi.spyOn(parkingLive, 'send').mockReturnValue(true);
});
afterEach(() => {
  act(() => parkingLive.setSession(null));
  vi.restoreAllMocks();
});

const leaving = aSession({
  parkingStatus: 'FINISHING',
  amount: 1200,
  paymentMethod: 'WALLET',
  paymentStartedAt: '2026-11-24T11:00:00.000Z',
  paymentFinishedAt: '2026-11-24T11:00:05.000Z',
  outOpenRequestSent: '2026-11-24T11:03:00.000Z',
  receiptRowNumber: 500123,
});

function leave(s: ReturnType<typeof aSession>, at = '/map') {
  act(() => parkingLive.setSession(s));
  renderElementAt(<CurrentParkingPanel />, at);
  expect(screen.getByTestId('current-parking')).toBeTruthy();
  act(() => parkingLive.setSession(null));
}

describe('after the car left: a goodbye card (decision 0064)', () => {
  inHungarian();

  it('thanks, says what was paid, links to the receipt, and can be closed', () => {
    leave(leaving);
    const card = screen.getByTestId('finished-parking');
    expect(card.textContent).toContain('Köszönjük, hogy nálunk parkolt!');
    expect(screen.getByTestId('finished-parking-amount').textContent).toMatch(
      /^Fizetve: 1\s200\sFt$/,
    );
    expect(screen.getByRole('link', { name: 'A nyugta megtekintése' }).getAttribute('href')).toBe(
      '/parking-receipt?rowNumber=500123',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bezárás' }));
    expect(screen.queryByTestId('finished-parking')).toBeNull();
  });

  it('a free parking says it was free and links to the history', () => {
    leave({ ...leaving, free: true, amount: 0, receiptRowNumber: null });
    expect(screen.getByTestId('finished-parking-amount').textContent).toBe(
      'Ez a parkolás díjmentes volt.',
    );
    expect(screen.getByRole('link', { name: 'Parkolási előzmények' }).getAttribute('href')).toBe(
      '/parking-history',
    );
  });

  it('goes when another parking starts; a cancelled start is no goodbye', () => {
    leave(leaving);
    act(() => parkingLive.setSession(aSession({ id: 32, parkingStatus: 'STARTING' })));
    expect(screen.queryByTestId('finished-parking')).toBeNull();
    act(() => parkingLive.setSession(null));
    expect(screen.queryByTestId('finished-parking')).toBeNull();
  });
});
