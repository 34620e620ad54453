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
    expect(screen.getByText('2,50 / 10,00 kWh (25%)')).toBeTruthy();
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

  it('a time-mode charge: running cost, elapsed time with its units and a time progress bar', async () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    const timed = {
      ...charge,
      bookedEnergy: null,
      bookedTime: 30,
      startTime: new Date(now - 84_000).toISOString(),
      consumedEnergy: 0.26,
      runningCost: 239,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(timed)),
    );
    wrap(<CurrentChargePanel afterGone="/charge-history" />);
    expect(await screen.findByText('239 Ft', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(hu['charging.panel.cost'], { exact: false })).toBeTruthy();
    const elapsed = screen.getByText('1 perc 24 mp');
    expect(elapsed.tagName).toBe('TIME');
    expect(elapsed.getAttribute('datetime')).toBe('PT84S');
    const bar = screen.getByRole('progressbar', { name: hu['charging.panel.timeProgress'] });
    expect(bar.getAttribute('aria-valuenow')).toBe('4.67');
    expect(screen.getByText('1 / 30 perc (4%)')).toBeTruthy();
  });

  it('a declined payment: says so with the deadline and starts a new payment for the same charge', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, assign });
    const asked: string[] = [];
    const declined = {
      ...charge,
      chargingStatus: 'NEW',
      consumedEnergy: 0,
      startTime: null,
      paymentUrl: 'http://pay/old',
      paymentFailed: true,
      paymentDeadline: '2026-11-24T10:05:00Z',
      runningCost: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(String(input), 'http://x');
        if (url.pathname === '/api/v1/charge/current') return ok(declined);
        if (url.pathname === '/api/v1/charger/charge-payment') {
          asked.push(url.search);
          return ok('http://pay/new');
        }
        return json(404, { result: false, data: null, messages: [], useAlert: false });
      }),
    );
    wrap(<CurrentChargePanel afterGone="/charge-history" />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('11:05-ig indíthat új fizetést');
    fireEvent.click(screen.getByRole('button', { name: hu['charging.panel.payAgain'] }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay/new'));
    expect(asked).toEqual(['?chargeId=77']);
  });
});
