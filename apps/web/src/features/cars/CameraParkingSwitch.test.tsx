import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CameraParkingCar } from '@voltpark/contract';
import { theme } from '@/app/theme';
import { inHungarian } from '@/test/i18n';
import { AutomaticCardPayment } from './AutomaticCardPayment';
import { CameraParkingSwitch } from './CameraParkingSwitch';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const ok = (data: unknown) => json({ result: true, data, messages: [], useAlert: false });

const PLATE_IN_USE =
  'Ehhez a rendszámhoz egy másik fiókban már be van kapcsolva a kamerás parkolás, így a kamera nem tudná megkülönböztetni az autókat.';

interface Call {
  method: string;
  url: string;
  body: string;
}

/**
 * A server keeping the switch of each car; `hold` keeps the PUT's answer back until released,
 * `refuse` answers it with the plate-in-use refusal.
 */
function serve(cars: CameraParkingCar[], opts: { hold?: boolean; refuse?: boolean } = {}) {
  const calls: Call[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url: String(url), body: String(init.body ?? '') });
      if (String(url).includes('automatic-card-payment'))
        return ok({
          cameraCars: cars
            .filter((c) => c.on)
            .map((c) => ({ carId: c.carId, licensePlate: c.licensePlate })),
          automaticCardPayment: null,
          terms: { times: 10, days: 180, maxAmount: 30_000 },
        });
      if (method === 'PUT') {
        if (opts.hold) await held;
        if (opts.refuse)
          return json(
            {
              result: false,
              data: null,
              messages: [
                { severity: 'error', messageKey: 'parking.cameraPlateInUse', text: PLATE_IN_USE },
              ],
              useAlert: true,
            },
            409,
          );
        const carId = Number(String(url).split('/').pop());
        const { on } = JSON.parse(String(init.body)) as { on: boolean };
        cars = cars.map((c) => (c.carId === carId ? { ...c, on } : c));
      }
      return ok(cars);
    }),
  );
  return { calls, release };
}

/** The switch and the automatic card payment section, as the car's details show them. */
function renderFor(carId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <CameraParkingSwitch carId={carId} />
        <AutomaticCardPayment carId={carId} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const switchOf = () => screen.findByRole('switch', { name: 'Kamerás parkolás' }, { timeout: 5000 });

describe('the camera parking switch of a car (component)', { timeout: 30_000 }, () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('switches on from the keyboard, shows the server’s answer, then automatic card payment', async () => {
    const { calls } = serve([
      { carId: 1, licensePlate: 'AAA-111', on: false },
      { carId: 2, licensePlate: 'BBB-222', on: false },
    ]);
    renderFor(1);
    const toggle = await switchOf();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /a sorompó kinyílik, amint a kamera leolvassa/,
    );
    expect(screen.queryByText('Automatikus kártyás fizetés')).toBeNull();

    const u = userEvent.setup();
    await u.tab();
    expect(document.activeElement).toBe(toggle);
    await u.keyboard(' ');

    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/api/v1/parking/camera-parking/1');
    expect(JSON.parse(put.body)).toEqual({ on: true });
    expect(await screen.findByText('Automatikus kártyás fizetés')).toBeTruthy();

    // And off again: the section goes.
    await u.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect(screen.queryByText('Automatikus kártyás fizetés')).toBeNull());
    expect(JSON.parse(calls.filter((c) => c.method === 'PUT')[1]!.body)).toEqual({ on: false });
  });

  it('does not move before the server answers', async () => {
    const { release } = serve([{ carId: 1, licensePlate: 'AAA-111', on: false }], { hold: true });
    renderFor(1);
    const toggle = (await switchOf()) as HTMLInputElement;
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.disabled).toBe(true));
    expect(toggle.checked).toBe(false);
    release();
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(toggle.disabled).toBe(false);
  });

  it('shows the server’s translated refusal and stays off', async () => {
    serve([{ carId: 1, licensePlate: 'AAA-111', on: false }], { refuse: true });
    renderFor(1);
    const toggle = (await switchOf()) as HTMLInputElement;
    await userEvent.setup().click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(PLATE_IN_USE);
    expect(toggle.checked).toBe(false);
    expect(screen.queryByText('Automatikus kártyás fizetés')).toBeNull();
  });

  it('shows nothing for a car the server does not list', async () => {
    const { calls } = serve([{ carId: 1, licensePlate: 'AAA-111', on: true }]);
    renderFor(2);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
