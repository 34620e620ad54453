import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { ParkingPanelView } from './CurrentParkingPanel';
import { parkingLive } from './parkingLive';
import { aSession } from './testSession';

beforeEach(() => {
  vi.spyOn(parkingLive, 'send').mockReturnValue(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function show(session: ReturnType<typeof aSession>) {
  const live = {
    session,
    canOpen: null,
    canStop: { canStop: true, parkingSessionId: 31 },
    error: null,
  };
  return renderElementAt(<ParkingPanelView live={live} casual={false} />, '/parking-history');
}

// 10:00 UTC is 11:00 in Budapest; the tariff gives 15 free minutes.
const inFreeMinutes = aSession({ parkingFrom: new Date().toISOString(), amount: 0 });

describe('STARTED: free time of a paid parking vs a free parking (decision 0064)', () => {
  inHungarian();

  it('a paid lot in its free minutes says "free until HH:MM" and shows the amount so far', async () => {
    const from = Date.parse('2026-11-24T10:00:00.000Z');
    show({ ...inFreeMinutes, parkingFrom: new Date(from).toISOString() });
    const note = await screen.findByTestId('parking-free-note');
    expect(note.textContent).toBe('A parkolás 11:15-ig díjmentes, utána percenként fizetendő.');
    expect(screen.getByTestId('parking-fact-Eddigi összeg').textContent).toMatch(/^0\sFt$/);
  });

  it('time charging here lengthens the free time', async () => {
    show({ ...inFreeMinutes, parkingFrom: '2026-11-24T10:00:00.000Z', discountHours: 0.5 });
    expect((await screen.findByTestId('parking-free-note')).textContent).toContain('11:45-ig');
  });

  it('a truly free parking (free session or free tariff) says free, without an amount', async () => {
    show(aSession({ free: true, amount: 0 }));
    expect((await screen.findByTestId('parking-free-note')).textContent).toBe(
      'Ez a parkolás díjmentes.',
    );
    expect(screen.queryByTestId('parking-fact-Eddigi összeg')).toBeNull();
  });

  it('a free tariff says free too', async () => {
    const s = aSession({ amount: 0 });
    show({ ...s, parkingTariff: { ...s.parkingTariff!, freeParking: true } });
    expect((await screen.findByTestId('parking-free-note')).textContent).toBe(
      'Ez a parkolás díjmentes.',
    );
  });
});
