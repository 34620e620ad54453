import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AutomaticCardPayment as Auto } from '@voltpark/contract';
import { renderElementAt } from '@/test/render';
import { i18nReady, setLanguage } from '@/shared/i18n';
import { inHungarian } from '@/test/i18n';
import { AutomaticCardPaymentReturn } from './AutomaticCardPaymentReturn';

const terms = { times: 10, days: 180, maxAmount: 30_000 };
const auto = (state: Auto['state']): Auto => ({
  cardId: 4,
  cardMask: state === 'pending' ? null : '4908-36xx-xxxx-0425',
  state,
  remaining: state === 'pending' ? 0 : 10,
  until: '2027-05-23T10:00:00.000Z',
  maxAmount: 30_000,
  defaultCard: true,
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** The server: the verified back redirect `e`, and the consent's state (changing over time). */
function serve(e: string, states: (Auto | null)[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(String(url), 'http://x').pathname;
      asked.push(path);
      if (path === '/api/v1/payment-return') return ok({ e, o: 'VP-CARD-1', t: '501234567' });
      const state = states.length > 1 ? states.shift()! : states[0]!;
      return ok({
        cameraCars: [{ carId: 1, licensePlate: 'AAA-111' }],
        automaticCardPayment: state,
        terms,
      });
    }),
  );
  return asked;
}

const AT = '/cars?r=eyJyIjowfQ%3D%3D&s=c2ln';

describe('the notice after SimplePay returns to /cars (component)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('in Hungarian', () => {
    inHungarian();

    it('says automatic card payment is on, naming the card by its last digits', async () => {
      const asked = serve('SUCCESS', [auto('on')]);
      renderElementAt(<AutomaticCardPaymentReturn />, AT);
      await waitFor(() =>
        expect(screen.getByTestId('payment-return').textContent).toContain('****0425'),
      );
      const notice = screen.getByTestId('payment-return');
      expect(notice.textContent).toContain('Automatikus kártyás fizetés bekapcsolva');
      expect(notice.getAttribute('data-status')).toBe('success');
      expect(asked).toContain('/api/v1/payment-return');
    });

    it('says it was not switched on after a cancel, and asks for the state again', async () => {
      const asked = serve('CANCEL', [auto('pending'), null]);
      renderElementAt(<AutomaticCardPaymentReturn />, AT);
      const notice = await screen.findByTestId('payment-return', {}, { timeout: 5000 });
      expect(notice.textContent).toContain('nem kapcsolt be');
      expect(notice.textContent).toContain('próbálja újra');
      await waitFor(() =>
        expect(asked.filter((p) => p.endsWith('/automatic-card-payment')).length).toBe(2),
      );
    });

    it('shows nothing without a return from SimplePay', async () => {
      const asked = serve('SUCCESS', [auto('on')]);
      renderElementAt(<AutomaticCardPaymentReturn />, '/cars');
      await waitFor(() => expect(asked.length).toBeGreaterThan(0));
      expect(screen.queryByTestId('payment-return')).toBeNull();
      expect(asked).not.toContain('/api/v1/payment-return');
    });
  });

  describe('in English', () => {
    beforeAll(async () => {
      await i18nReady;
      await setLanguage('en');
    });
    afterAll(() => setLanguage('hu'));

    it('says the card is being confirmed while SimplePay has not reported it', async () => {
      serve('SUCCESS', [auto('pending')]);
      renderElementAt(<AutomaticCardPaymentReturn />, AT);
      await waitFor(() =>
        expect(screen.getByTestId('payment-return').textContent).toContain(
          'switches on once it is confirmed',
        ),
      );
    });
  });
});
