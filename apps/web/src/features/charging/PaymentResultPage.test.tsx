import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import hu from '@/locales/hu/charging.json';
import { resetSessionForTests } from '@/shared/session';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { PaymentResultPage } from './PaymentResultPage';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const stopped = {
  id: 77,
  chargerId: 5,
  charger: 'Teszt AC 1',
  chargingStatus: 'FINISHING',
  consumedEnergy: 1.2,
  bookedEnergy: null,
  bookedTime: null,
  consumptionPower: null,
  startTime: new Date().toISOString(),
  paymentUrl: null,
  countParkingFee: false,
  minutesAfterParkingStart: null,
  locationId: 1,
};

describe('payment result after the charge stopped (component)', () => {
  inHungarian();
  afterEach(() => {
    localStorage.clear();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('no longer says the charger is starting', async () => {
    localStorage.setItem('loggedInUserId', '31');
    localStorage.setItem('loggedInUserToken', 'tok');
    resetSessionForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(String(input), 'http://x');
        if (url.pathname === '/api/v1/payment-return')
          return ok({ e: 'SUCCESS', o: 'VP-CHARGE-1', t: 501234567 });
        if (url.pathname === '/api/v1/charge/current') return ok(stopped);
        return ok(null);
      }),
    );
    renderElementAt(<PaymentResultPage />, '/payment-result?r=abc&s=def');
    expect(
      await screen.findByText(hu['charging.result.finished'], {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText(hu['charging.result.starting'])).toBeNull();
  });
});
