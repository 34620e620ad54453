import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Car } from '@voltpark/contract';
import { theme } from '@/app/theme';
import { CarsScreen } from './CarsScreen';
import { inHungarian } from '@/test/i18n';

const car = (id: number, plate: string, defaultCar: boolean, over: Partial<Car> = {}): Car => ({
  id,
  vehicleId: 100 + id,
  producer: 'Tesla',
  model: `Model ${id}`,
  addedByUser: false,
  image: null,
  yearOfProduction: 2024,
  batteryCapacityKWh: 75,
  rangeKm: 500,
  enginePowerKw: 200,
  efficiencyKWhpKm: 0.15,
  maxChargingPowerACKw: 11,
  maxChargingPowerDCKw: 170,
  chargePorts: [{ id: 1, name: 'CCS' }],
  rangeEPAKm: null,
  rangeNEDCKm: null,
  rangeWLPTKm: null,
  topSpeedKmph: null,
  accelerationZeroToHundredKmph: null,
  averageChargingSpeedDCKmph: null,
  engineTorqueNm: null,
  motorType: null,
  seats: null,
  wheelbaseMM: null,
  bodyStyle: null,
  cargoVolumeL: null,
  crubWeightKg: null,
  towingCapacityKg: null,
  licensePlate: plate,
  defaultCar,
  ...over,
});

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

function serve(cars: Car[], approved: { id: number; name: string }[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const u = String(url);
      const method = init.method ?? 'GET';
      calls.push({ method, url: u, body: String(init.body ?? '') });
      if (u.includes('/vehicle/approved-vehicles')) return ok(approved);
      if (u.includes('/vehicle/keep-custom-vehicle')) return ok(null);
      if (u.includes('/vehicle/switch-to-vehicle-from-list')) return ok(cars[0]);
      if (method === 'PATCH' && u.endsWith('/api/v1/car'))
        return ok({ ...cars[0]!, licensePlate: 'NEW-111' });
      if (u.endsWith('/api/v1/car')) return ok(cars);
      return ok([]);
    }),
  );
  return calls;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <CarsScreen />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const currentSlide = () => screen.getAllByTestId('car-slide').find((s) => s.dataset.current)!;

describe('cars screen (component)', { timeout: 30_000 }, () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('the carousel moves with the arrow keys and keeps hidden slides out of reach', async () => {
    serve([car(1, 'AAA-111', true), car(2, 'BBB-222', false), car(3, 'CCC-333', false)]);
    renderScreen();
    await screen.findByTestId('car-carousel', {}, { timeout: 5000 });
    expect(within(currentSlide()).getByTestId('car-plate').textContent).toBe('AAA-111');
    const hidden = screen.getAllByTestId('car-slide').filter((s) => !s.dataset.current);
    expect(hidden.every((s) => s.hasAttribute('inert'))).toBe(true);

    const u = userEvent.setup();
    await u.click(within(currentSlide()).getByRole('button', { name: 'Részletek' }));
    await u.keyboard('{Escape}');
    (within(currentSlide()).getByRole('button', { name: 'Részletek' }) as HTMLElement).focus();
    await u.keyboard('{ArrowRight}');
    expect(within(currentSlide()).getByTestId('car-plate').textContent).toBe('BBB-222');
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(currentSlide()).getByTestId('car-plate').textContent).toBe('CCC-333');
    expect(screen.getByRole('button', { name: 'Következő autó' })).toHaveProperty('disabled', true);
    await u.click(screen.getByRole('button', { name: 'Előző autó' }));
    expect(within(currentSlide()).getByTestId('car-plate').textContent).toBe('BBB-222');
  });

  it('a changed plate is saved only when confirmed on close', async () => {
    const calls = serve([car(1, 'AAA-111', true)]);
    renderScreen();
    await screen.findByTestId('car-carousel', {}, { timeout: 5000 });
    const u = userEvent.setup();

    // Changed, then "no": nothing is sent.
    await u.click(within(currentSlide()).getByRole('button', { name: 'Részletek' }));
    const input = await screen.findByLabelText(/Rendszám/);
    await u.clear(input);
    await u.type(input, 'NEW-111');
    await u.click(screen.getAllByRole('button', { name: 'Bezárás' }).at(-1)!);
    expect(await screen.findByText('A rendszámot erre módosította: NEW-111. Menti?')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Nem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    // Changed, then "yes": PATCH v1/car with id and the new plate.
    await u.click(within(currentSlide()).getByRole('button', { name: 'Részletek' }));
    const again = await screen.findByLabelText(/Rendszám/);
    expect(again).toHaveProperty('value', 'AAA-111');
    await u.clear(again);
    await u.type(again, 'NEW-111');
    await u.click(screen.getAllByRole('button', { name: 'Bezárás' }).at(-1)!);
    await u.click(await screen.findByTestId('plate-save-yes'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(new URLSearchParams(patch.body).get('licensePlate')).toBe('NEW-111');
    expect(new URLSearchParams(patch.body).get('id')).toBe('1');
  });

  it('the details show catalogue values in Hungarian and each unit once', async () => {
    serve([
      car(1, 'AAA-111', true, {
        batteryCapacityKWh: 54,
        motorType: 'Single motor (RWD)',
        bodyStyle: 'Hatchback',
      }),
    ]);
    renderScreen();
    await screen.findByTestId('car-carousel', {}, { timeout: 5000 });
    await userEvent
      .setup()
      .click(within(currentSlide()).getByRole('button', { name: 'Részletek' }));
    const dialog = await screen.findByRole('dialog');
    const value = (label: string) =>
      within(dialog).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('Akkumulátor kapacitás')).toBe('54 kWh');
    expect(value('Motor típusa')).toBe('Egymotoros, hátsókerék-hajtás');
    expect(value('Karosszéria')).toBe('Ferdehátú');
    expect(within(dialog).queryByText(/\(kWh\)/)).toBeNull();
    expect(within(dialog).queryByText(/Single motor/)).toBeNull();
  });

  it('offers the approved catalogue vehicle for a custom car: switch or keep', async () => {
    const calls = serve(
      [car(1, 'AAA-111', true, { addedByUser: true, vehicleId: 55 })],
      [{ id: 55, name: 'Tesla Model 3 RWD' }],
    );
    renderScreen();
    const modal = await screen.findByTestId('approved-vehicle-modal', {}, { timeout: 5000 });
    expect(modal.textContent).toContain('Tesla Model 3 RWD');
    await userEvent
      .setup()
      .click(within(modal).getByRole('button', { name: 'Átváltok a listában szereplő járműre' }));
    await waitFor(() =>
      expect(
        calls.some((c) =>
          c.url.includes('/api/v1/vehicle/switch-to-vehicle-from-list?vehicle-id=55'),
        ),
      ).toBe(true),
    );
    expect(calls.some((c) => c.url.includes('keep-custom-vehicle'))).toBe(false);
    await waitFor(() => expect(screen.queryByTestId('approved-vehicle-modal')).toBeNull());
  });
});
