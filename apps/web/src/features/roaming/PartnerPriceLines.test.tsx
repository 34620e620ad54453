import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { PartnerPrice } from '@voltpark/contract';
import { setLanguage } from '@/shared/i18n';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { PartnerPriceLines } from './PartnerPriceLines';

// Decision 0047: a partner's price for a charge started now, its steps in words, the next change,
// and every amount in the app's one money format ("1 397 Ft", never "HUF 1,397") in both languages.

const NBSP = '\u00a0';

const price: PartnerPrice = {
  caveat: 'conditional',
  text: 'A parking fee is charged from 4 hours after the start.',
  textLanguage: 'en',
  minChargeFt: 559,
  components: [
    { type: 'ENERGY', grossFt: 150, roamingFeeFt: 14, stepSize: 1, conditional: false },
    { type: 'FLAT', grossFt: 1200, roamingFeeFt: 0, stepSize: 1, conditional: false },
    {
      type: 'PARKING_TIME',
      grossFt: 1397,
      roamingFeeFt: 127,
      stepSize: 60,
      conditional: true,
      condition: { minDurationSec: 4 * 3600 },
    },
    {
      type: 'TIME',
      grossFt: 2400,
      roamingFeeFt: 0,
      stepSize: 60,
      conditional: true,
      condition: { maxDurationSec: 5400, minPowerKw: 50 },
    },
    {
      type: 'TIME',
      grossFt: 3600,
      roamingFeeFt: 0,
      stepSize: 60,
      conditional: false,
      otherwise: true,
    },
  ],
  nextChange: {
    at: '2026-11-24T21:00:00.000Z',
    time: '22:00',
    tomorrow: false,
    components: [{ type: 'ENERGY', grossFt: 90, roamingFeeFt: 8, stepSize: 1, conditional: false }],
  },
};

const items = (name: string) =>
  Array.from(screen.getByRole('list', { name }).querySelectorAll('li'), (li) => li.textContent);

describe('a partner’s price lines', () => {
  inHungarian();
  afterAll(() => setLanguage('hu'));

  it('in Hungarian: the price now, the steps in words, from when the price changes', async () => {
    renderElementAt(<PartnerPriceLines price={price} />);
    await screen.findByRole('list', { name: 'Ár' });
    expect(items('Ár')).toEqual([
      `Energia: 150${NBSP}Ft/kWh (ebből roaming díj: 14${NBSP}Ft)`,
      `Alapdíj: 1${NBSP}200${NBSP}Ft töltésenként`,
      `Parkolás: 1${NBSP}397${NBSP}Ft/óra (ebből roaming díj: 127${NBSP}Ft) – a kezdettől számított 4 óra után`,
      `Töltési idő: 2${NBSP}400${NBSP}Ft/óra – a kezdettől számított 1 óra 30 perc alatt, legalább 50 kW töltési teljesítménynél`,
      `Töltési idő: 3${NBSP}600${NBSP}Ft/óra – egyébként`,
    ]);
    expect(document.body.textContent).toContain(`Legkisebb ár töltésenként: 559${NBSP}Ft`);
    expect(screen.getByText('Ma 22:00-kor változik az ár:')).toBeTruthy();
    expect(items('Ma 22:00-kor változik az ár:')).toEqual([
      `Energia: 90${NBSP}Ft/kWh (ebből roaming díj: 8${NBSP}Ft)`,
    ]);
    // The partner's note is its own words, in its language, not our price.
    const note = screen.getByTestId('partner-note');
    expect(note.getAttribute('lang')).toBe('en');
    expect(note.parentElement!.textContent).toContain('A partner saját megjegyzése:');
  });

  it('in English: the same amounts in Ft, never HUF; tomorrow’s change says so', async () => {
    await setLanguage('en');
    renderElementAt(
      <PartnerPriceLines
        price={{ ...price, nextChange: { ...price.nextChange!, time: '06:00', tomorrow: true } }}
      />,
    );
    await screen.findByRole('list', { name: 'Price' });
    expect(items('Price')).toEqual([
      `Energy: 150${NBSP}Ft/kWh (of which roaming fee: 14${NBSP}Ft)`,
      `Flat fee: 1${NBSP}200${NBSP}Ft per charge`,
      `Parking: 1${NBSP}397${NBSP}Ft/hour (of which roaming fee: 127${NBSP}Ft) – from 4 hours after the start`,
      `Charging time: 2${NBSP}400${NBSP}Ft/hour – for the first 1 hour 30 minutes, when charging at 50 kW or more`,
      `Charging time: 3${NBSP}600${NBSP}Ft/hour – otherwise`,
    ]);
    expect(items('From 06:00 tomorrow:')).toEqual([
      `Energy: 90${NBSP}Ft/kWh (of which roaming fee: 8${NBSP}Ft)`,
    ]);
    expect(document.body.textContent).toContain(`Lowest price per charge: 559${NBSP}Ft`);
    const all = document.body.textContent ?? '';
    expect(all).not.toMatch(/HUF/);
    // Amounts are grouped and joined to "Ft" with no-break spaces: no "1,397" nor "150 Ft".
    expect(all).not.toMatch(/\d Ft|\d[,.]\d{3}\b/);
    expect(all.match(/\d\u00a0Ft/g)).toHaveLength(10);
    expect(screen.getByTestId('partner-note').parentElement!.textContent).toContain(
      "The partner's own note:",
    );
  });

  it('without a step or change, no conditions note and no change list', async () => {
    await setLanguage('hu');
    renderElementAt(
      <PartnerPriceLines
        price={{ caveat: null, text: null, components: [price.components[0]!] }}
      />,
    );
    await screen.findByRole('list', { name: 'Ár' });
    expect(screen.queryByTestId('partner-price-change')).toBeNull();
    expect(screen.queryByTestId('partner-note')).toBeNull();
  });
});
