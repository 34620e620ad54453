import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParkingReceipt } from '@voltpark/contract';
import hu from '@/locales/hu/parking.json';
import huCharging from '@/locales/hu/charging.json';
import { formatDateTime } from '@/shared/format';
import { inHungarian } from '@/test/i18n';
import { renderRoutes } from '@/test/render';
import { ParkingReceiptPage } from './ParkingReceiptPage';

const answer = (status: number, data: unknown, messages: { text: string }[] = []) =>
  new Response(JSON.stringify({ result: status === 200, data, messages, useAlert: false }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const receipt: ParkingReceipt = {
  rowNumber: 500007,
  issueDate: '2026-11-24T10:05:00.000Z',
  lotName: 'Malom Központ',
  fullAddress: '6000 Kecskemét, Korona utca 2.',
  billedFrom: '2026-11-24T09:00:00.000Z',
  billedTo: '2026-11-24T10:00:00.000Z',
  round: 0,
  paymentMethod: 'WALLET',
  grossPrice: 1250,
};

function serve(response: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(new URL(String(input), 'http://x').pathname);
      return response();
    }),
  );
  renderRoutes(
    [{ path: '/parking-receipt', element: <ParkingReceiptPage /> }],
    '/parking-receipt?rowNumber=500007',
  );
  return asked;
}

/** The receipt's rows as [term, value] pairs, once it is shown. */
async function shownRows() {
  const box = await screen.findByTestId('parking-receipt', {}, { timeout: 5000 });
  const values = [...box.querySelectorAll('dd')].map((e) => e.textContent);
  return [...box.querySelectorAll('dt')].map((e, i) => [e.textContent, values[i]]);
}

describe('parking receipt page (component)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('shows the lot, the billed time, how it was paid and the amount of the receipt asked for (no breakdown: a surcharge)', async () => {
    const asked = serve(() => answer(200, receipt));
    const rows = await shownRows();
    expect(asked).toContain('/api/v1/parking/receipt/500007');
    expect(rows).toEqual([
      [huCharging['charging.receipt.id'], '500007'],
      [hu['parking.receipt.lot'], 'Malom Központ, 6000 Kecskemét, Korona utca 2.'],
      // One day: the date once (decision 0064).
      [hu['parking.receipt.time'], '2026. 11. 24. 10:00–11:00'],
      [hu['parking.record.method'], hu['parking.method.WALLET']],
      [huCharging['charging.receipt.issueDate'], formatDateTime(receipt.issueDate, 'hu')],
      [huCharging['charging.receipt.cost'], '1\u00a0250\u00a0Ft'],
      [huCharging['charging.receipt.state'], huCharging['charging.receipt.paid']],
    ]);
  });

  it('tells how a parking round was priced: its free minutes, the minutes at the hourly price and the fee', async () => {
    // 09:00–11:00 with 15 free minutes (a word joiner keeps "/óra" on the price's line): 105 minutes at 600 Ft/h (1 050 Ft) and a 200 Ft fee.
    serve(() =>
      answer(200, {
        ...receipt,
        billedTo: '2026-11-24T11:00:00.000Z',
        price: {
          billedMinutes: 105,
          grossUnitParking: 600,
          freeMinutes: 15,
          convenienceFeeGross: 200,
        },
      }),
    );
    expect((await shownRows()).slice(2, 7)).toEqual([
      [hu['parking.receipt.time'], '2026. 11. 24. 10:00–12:00'],
      [hu['parking.receipt.freeMinutes'], '15 perc'],
      [hu['parking.receipt.billed'], '105 perc × 600\u00a0Ft/\u2060óra'],
      [hu['parking.receipt.convenienceFee'], '200\u00a0Ft'],
      [hu['parking.record.method'], hu['parking.method.WALLET']],
    ]);
  });

  it('tells the minutes at a charger, which were not billed', async () => {
    // 09:00–10:00, 25 minutes of it at a charger: 35 minutes at 600 Ft/h (350 Ft) and a 100 Ft fee.
    serve(() =>
      answer(200, {
        ...receipt,
        grossPrice: 450,
        price: {
          billedMinutes: 35,
          grossUnitParking: 600,
          freeMinutes: 0,
          convenienceFeeGross: 100,
          chargingMinutes: 25,
        },
      }),
    );
    const rows = await shownRows();
    expect(rows.slice(3, 5)).toEqual([
      [hu['parking.receipt.chargingMinutes'], '25 perc'],
      [hu['parking.receipt.billed'], '35 perc × 600\u00a0Ft/\u2060óra'],
    ]);
    expect(rows.map(([term]) => term)).not.toContain(hu['parking.receipt.freeMinutes']);
  });

  it("says the server's translated reason when the receipt is not the driver's", async () => {
    serve(() => answer(404, { responseCode: 'NOT_FOUND' }, [{ text: 'A nyugta nem található.' }]));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'A nyugta nem található.',
    );
    expect(screen.queryByTestId('parking-receipt')).toBeNull();
  });
});
