import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import hu from '@/locales/hu/charging.json';
import { ReceiptPage } from './ReceiptPage';
import { renderRoutes } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { i18nReady, setLanguage } from '@/shared/i18n';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const ok = (data: unknown) => json(200, { result: true, data, messages: [], useAlert: false });

function renderAt(path: string) {
  return renderRoutes([{ path: '/receipt', element: <ReceiptPage /> }], path);
}

const receipt = (paid: boolean) => ({
  id: 9,
  rowNumber: 1234,
  consumedEnergyInKW: 12.345,
  issueDate: '2026-11-22T10:00:00Z',
  grossPrice: 1850,
  paid,
});

describe('receipt screen (component)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('shows an unpaid receipt and sends Pay to the provider address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { search: '', assign });
    const fetch = vi.fn(async (input: string) => {
      const p = new URL(String(input), 'http://x').pathname;
      if (p === '/api/v1/receipt/1234') return ok(receipt(false));
      if (p === '/api/v1/simplepay/start/1234') return ok('https://pay.example/abc');
      return json(404, { result: false, data: null, messages: [], useAlert: false });
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/receipt?rowNumber=1234');
    const box = await screen.findByTestId('receipt', {}, { timeout: 5000 });
    expect(box.textContent).toContain('1234');
    expect(box.textContent).toContain('12,35 kWh');
    expect(box.textContent).toContain('1\u00a0850\u00a0Ft');
    expect(box.textContent).toContain(hu['charging.receipt.unpaid']);
    fireEvent.click(screen.getByRole('button', { name: hu['charging.receipt.pay'] }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/abc'));
  });

  it('names the charge it is for: charger, end, duration, the charging and parking parts, points, car', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ok({
          ...receipt(true),
          charge: {
            id: 77,
            consumerEnergyInKw: 12.345,
            chargeEnd: '2026-11-22T09:55:00Z',
            chargeDurationInMinutes: 95,
            earnedPoints: 18,
            priceOfCharging: 1_600,
            parkingPrice: 250,
            grossPrice: 1_850,
            car: 'Nissan Leaf',
            licencePlate: 'AA-BB-123',
            charger: 'Westend DC 1',
            chargerId: 4,
            locationId: 2,
            rowNumber: 1234,
          },
        }),
      ),
    );
    renderAt('/receipt?rowNumber=1234');
    const box = await screen.findByTestId('receipt', {}, { timeout: 5000 });
    expect(screen.getByTestId('receipt-charger').textContent).toBe('Westend DC 1');
    const text = box.textContent ?? '';
    expect(text).toContain(`${hu['charging.record.duration']}1 óra 35 perc`);
    expect(text).toContain(`${hu['charging.record.chargingPrice']}1\u00a0600\u00a0Ft`);
    expect(text).toContain(`${hu['charging.record.parkingPrice']}250\u00a0Ft`);
    expect(text).toContain(`${hu['charging.receipt.cost']}1\u00a0850\u00a0Ft`);
    expect(text).toContain(`${hu['charging.record.points']}18`);
    expect(text).toContain('Nissan Leaf (AA-BB-123)');
  });

  it('offers no Pay button for a paid receipt', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(receipt(true))),
    );
    renderAt('/receipt?rowNumber=1234');
    const box = await screen.findByTestId('receipt', {}, { timeout: 5000 });
    expect(box.textContent).toContain(hu['charging.receipt.paid']);
    expect(screen.queryByRole('button', { name: hu['charging.receipt.pay'] })).toBeNull();
  });

  it('alerts a missing row number and calls nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/receipt');
    expect((await screen.findByRole('alert')).textContent).toBe(hu['charging.receipt.noRowNumber']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('alerts a failed load with the message and the response code labelled for support', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(404, {
          result: false,
          data: { responseCode: 'NOT_FOUND' },
          messages: [
            { severity: 'error', messageKey: 'receipt.notFound', text: 'Nincs ilyen nyugta.' },
          ],
          useAlert: true,
        }),
      ),
    );
    renderAt('/receipt?rowNumber=99');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Nincs ilyen nyugta.');
    expect(alert.textContent).toContain('Hibakód (az ügyfélszolgálatnak): NOT_FOUND');
    expect(alert.textContent).not.toContain('(NOT_FOUND)');
  });
});

describe('receipt screen in English (component)', () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('en');
  });
  afterAll(async () => {
    await setLanguage('hu');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the energy with a decimal point and the money in Ft', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(receipt(true))),
    );
    renderAt('/receipt?rowNumber=1234');
    const box = await screen.findByTestId('receipt', {}, { timeout: 5000 });
    expect(box.textContent).toMatch(/12\.35\s?kWh/);
    expect(box.textContent).toContain('1\u00a0850\u00a0Ft');
    expect(box.textContent).not.toContain('12,35');
  });
});
