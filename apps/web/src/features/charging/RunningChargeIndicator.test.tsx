import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { RunningChargeIndicator } from './RunningChargeIndicator';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const running = {
  id: 77,
  chargerId: 5,
  charger: 'Teszt AC 1',
  chargingStatus: 'STARTED',
  consumedEnergy: 1,
  bookedEnergy: null,
  bookedTime: null,
  consumptionPower: 11,
  startTime: new Date().toISOString(),
  paymentUrl: null,
  countParkingFee: false,
  minutesAfterParkingStart: null,
  locationId: 1,
};

describe('top-bar running-charge icon (component)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('shows while a charge runs and opens it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(running)),
    );
    renderElementAt(<RunningChargeIndicator />);
    const link = await screen.findByRole('link', { name: /Folyamatban lévő töltés/ });
    expect(link.getAttribute('href')).toBe('/charge-history');
    expect(link.getAttribute('aria-label')).toBe('Folyamatban lévő töltés: megnyitás – Tölt');
  });

  it('shows nothing without a charge', async () => {
    const fetch = vi.fn(async () => ok(null));
    vi.stubGlobal('fetch', fetch);
    renderElementAt(<RunningChargeIndicator />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('running-charge')).toBeNull();
  });
});
