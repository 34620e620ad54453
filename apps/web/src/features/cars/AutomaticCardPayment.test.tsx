import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AutomaticCardPayment as Auto, CameraPayment } from '@voltpark/contract';
import { theme } from '@/app/theme';
import { inHungarian } from '@/test/i18n';
import { AutomaticCardPayment } from './AutomaticCardPayment';
import { goToPaymentPage } from './paymentPage';

vi.mock('./paymentPage', () => ({ goToPaymentPage: vi.fn() }));

const terms = { times: 10, days: 180, maxAmount: 30_000 };
const on: Auto = {
  cardId: 4,
  cardMask: '4908-36xx-xxxx-0425',
  state: 'on',
  remaining: 9,
  until: '2027-05-23T10:00:00.000Z',
  maxAmount: 30_000,
  defaultCard: true,
};

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

interface Call {
  method: string;
  url: string;
  body: string;
}

function serve(state: CameraPayment) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url: String(url), body: String(init.body ?? '') });
      if (method === 'DELETE') return ok({ ...state, automaticCardPayment: null });
      if (method === 'POST') return ok('http://localhost/sandbox/simplepay/pay/abc');
      return ok(state);
    }),
  );
  return calls;
}

function renderFor(carId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <AutomaticCardPayment carId={carId} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const cameraCars = [{ carId: 1, licensePlate: 'AAA-111' }];

describe('automatic card payment of a camera car (component)', { timeout: 30_000 }, () => {
  inHungarian();
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockClear();
  });

  it('shows the payments left and until when, and switches off after a confirmation', async () => {
    const calls = serve({ cameraCars, automaticCardPayment: on, terms });
    renderFor(1);
    const status = await screen.findByTestId('automatic-card-status', {}, { timeout: 5000 });
    expect(status.textContent).toContain('4908-36xx-xxxx-0425');
    expect(status.textContent).toContain('Hátralévő fizetések: 9');
    expect(status.textContent).toContain('2027');
    expect(status.textContent?.replace(/\s/g, ' ')).toContain('30 000 Ft');

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Kikapcsolom' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(screen.getByRole('button', { name: 'Igen' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toContain(
      '/api/v1/parking/automatic-card-payment',
    );
    // Off: the switch-on form with the terms.
    expect(await screen.findByRole('button', { name: 'Bekapcsolom' })).toBeTruthy();
    expect(screen.queryByTestId('automatic-card-status')).toBeNull();
    expect(screen.getByText(/legfeljebb 10 automatikus fizetés/)).toBeTruthy();
  });

  it('switching on asks for the secret code first, then starts the registration', async () => {
    const calls = serve({ cameraCars, automaticCardPayment: null, terms });
    renderFor(1);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Bekapcsolom' }, { timeout: 5000 }));
    expect(await screen.findByText('A mező kitöltése kötelező!')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await u.type(screen.getByLabelText(/Titkos kód/), 'titok1234');
    await u.click(screen.getByRole('button', { name: 'Bekapcsolom' }));
    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/sandbox/simplepay/pay/abc'),
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new URLSearchParams(post.body).get('cardSecret')).toBe('titok1234');
  });

  it('starts one registration however quickly it is tapped, and stays disabled while leaving', async () => {
    const calls = serve({ cameraCars, automaticCardPayment: null, terms });
    renderFor(1);
    const u = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Bekapcsolom' }, { timeout: 5000 });
    await u.type(screen.getByLabelText(/Titkos kód/), 'titok1234');
    // Two submits before the screen changes (a double tap).
    const form = button.closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledTimes(1));
    // The browser is on its way to SimplePay: another tap starts nothing.
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    fireEvent.submit(form);
    await act(async () => {});
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(goToPaymentPage).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for a car without camera parking', async () => {
    const calls = serve({ cameraCars, automaticCardPayment: on, terms });
    renderFor(2);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText('Automatikus kártyás fizetés')).toBeNull();
  });

  it('does not repeat the camera parking switch: one heading, for the card payment', async () => {
    serve({ cameraCars, automaticCardPayment: null, terms });
    renderFor(1);
    const section = await screen.findByRole(
      'region',
      { name: 'Automatikus kártyás fizetés' },
      { timeout: 5000 },
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Automatikus kártyás fizetés',
    ]);
    expect(section.textContent).not.toContain('Kamerás parkolás');
    expect(section.textContent).not.toMatch(/be van kapcsolva a kamerás parkolás/);
  });
});
