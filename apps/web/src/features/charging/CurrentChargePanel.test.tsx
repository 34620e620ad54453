import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import hu from '@/locales/hu/charging.json';
import core from '@/locales/hu/core.json';
import { CurrentChargePanel } from './CurrentChargePanel';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const ok = (data: unknown) => json(200, { result: true, data, messages: [], useAlert: false });

const charge = {
  id: 77,
  chargerId: 5,
  charger: 'Teszt AC 1',
  chargingStatus: 'STARTED',
  consumedEnergy: 2.5,
  bookedEnergy: 10,
  bookedTime: null,
  consumptionPower: 11,
  startTime: new Date(Date.now() - 65_000).toISOString(),
  paymentUrl: null,
  countParkingFee: false,
  minutesAfterParkingStart: null,
  locationId: 1,
};

function wrap(ui: React.ReactElement) {
  return renderElementAt(ui, '/x');
}

describe('current charge panel (component)', () => {
  inHungarian();
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows progress, asks before stopping and hides the stop button for 15 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stops: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(String(input), 'http://x');
        if (url.pathname === '/api/v1/charge/current') return ok(charge);
        if (url.pathname === '/api/v1/charger/stop-charging') {
          stops.push(url.search);
          return ok(null);
        }
        return json(404, { result: false, data: null, messages: [], useAlert: false });
      }),
    );
    wrap(<CurrentChargePanel afterGone="/charge-history" />);
    expect(
      await screen.findByText(hu['charging.status.STARTED'], {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('2,50 / 10,00 kWh (25,00%)')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();

    const stopName = hu['charging.panel.stop'];
    fireEvent.click(screen.getByRole('button', { name: stopName }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(hu['charging.panel.confirmStop']);
    // "No" changes nothing.
    fireEvent.click(screen.getByRole('button', { name: core['common.no'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stops).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: stopName }));
    fireEvent.click(await screen.findByRole('button', { name: core['common.yes'] }));
    expect(await screen.findByText(hu['charging.panel.stopSent'])).toBeTruthy();
    expect(stops).toEqual(['?chargerId=5&chargeId=77']);
    expect(screen.queryByRole('button', { name: stopName })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(14_000);
    });
    expect(screen.queryByRole('button', { name: stopName })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1_500);
    });
    expect(screen.getByRole('button', { name: stopName })).toBeTruthy();
  });
});
