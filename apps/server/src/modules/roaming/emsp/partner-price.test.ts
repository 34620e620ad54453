import { describe, expect, it } from 'vitest';
import type { TariffElement } from '@voltpark/contract/ocpi/tariffs';
import type { PartnerTariffDetail } from './partner-locations-read.js';
import { driverTariff, partnerPrice } from './partner-price.js';
import { usableTimeZone } from './tariff-clock.js';

// Decision 0047: which tariff elements a charge started now pays, by fixed clocks. Prices have no
// VAT and no roaming fee unless a test says so, so the Ft amounts are the partner's.

const tariff = (elements: TariffElement[], over: Partial<PartnerTariffDetail> = {}) =>
  ({
    id: 'T',
    currency: 'HUF',
    type: 'REGULAR',
    elements,
    altText: [],
    minPrice: null,
    maxPrice: null,
    startDateTime: null,
    endDateTime: null,
    ...over,
  }) satisfies PartnerTariffDetail;

const energy = (price: number) => ({ type: 'ENERGY' as const, price, step_size: 1 });
const at = (iso: string, timeZone = 'Europe/Budapest', connectorKw: number | null = 22) => ({
  now: new Date(iso),
  timeZone,
  connectorKw,
});
const priceOf = (t: PartnerTariffDetail, iso: string, tz?: string, kw?: number | null) =>
  partnerPrice(t, 0, 'hu', at(iso, tz, kw));
const lines = (p: ReturnType<typeof partnerPrice>) =>
  p.components.map((c) => `${c.type} ${c.grossFt}`);

/** Night energy 90 Ft/kWh from 22:00 to 06:00, else 150; a 200 Ft start fee at all times. */
const nightAndDay = tariff([
  { price_components: [energy(90)], restrictions: { start_time: '22:00', end_time: '06:00' } },
  { price_components: [energy(150)] },
  { price_components: [{ type: 'FLAT', price: 200, step_size: 1 }] },
]);

describe('time of day, across midnight (Budapest: UTC+1 in November)', () => {
  it('at 21:00 the day price applies, and it says 90 Ft/kWh from 22:00 today', () => {
    const p = priceOf(nightAndDay, '2026-11-24T20:00:00Z');
    expect(lines(p)).toEqual(['ENERGY 150', 'FLAT 200']);
    expect(p.caveat).toBeNull();
    expect(p.nextChange).toEqual({
      at: '2026-11-24T21:00:00.000Z',
      time: '22:00',
      tomorrow: false,
      // Only the dimension that changes.
      components: [
        { type: 'ENERGY', grossFt: 90, roamingFeeFt: 0, stepSize: 1, conditional: false },
      ],
    });
  });

  it('at 22:00 sharp the night price (start inclusive), back to the day price at 06:00 tomorrow', () => {
    const p = priceOf(nightAndDay, '2026-11-24T21:00:00Z');
    expect(lines(p)).toEqual(['ENERGY 90', 'FLAT 200']);
    expect(p.nextChange).toMatchObject({
      at: '2026-11-25T05:00:00.000Z',
      time: '06:00',
      tomorrow: true,
      components: [{ type: 'ENERGY', grossFt: 150 }],
    });
  });

  it('after midnight still the night price, until 06:00 the same day (end exclusive)', () => {
    const p = priceOf(nightAndDay, '2026-11-24T23:30:00Z');
    expect(lines(p)).toEqual(['ENERGY 90', 'FLAT 200']);
    expect(p.nextChange).toMatchObject({ time: '06:00', tomorrow: false });
    expect(lines(priceOf(nightAndDay, '2026-11-25T05:00:00Z'))).toEqual(['ENERGY 150', 'FLAT 200']);
  });

  it('reads the time in the Location’s time zone; an unknown zone falls back to Budapest', () => {
    // 21:30 UTC is 22:30 in Budapest (night) but 21:30 in London (day).
    expect(lines(priceOf(nightAndDay, '2026-11-24T21:30:00Z', 'Europe/London'))).toEqual([
      'ENERGY 150',
      'FLAT 200',
    ]);
    expect(usableTimeZone('Mars/Olympus')).toBe('Europe/Budapest');
    expect(usableTimeZone('Europe/London')).toBe('Europe/London');
  });

  it('a change across the start of summer time is at the right instant', () => {
    // 28 March 2027: Budapest moves from UTC+1 to UTC+2 at 02:00; 06:00 is then 04:00 UTC.
    expect(priceOf(nightAndDay, '2027-03-27T21:30:00Z').nextChange).toMatchObject({
      at: '2027-03-28T04:00:00.000Z',
      time: '06:00',
      tomorrow: true,
    });
  });

  it('"00:00" as the end means the end of the day', () => {
    const evening = tariff([
      { price_components: [energy(80)], restrictions: { start_time: '18:00', end_time: '00:00' } },
      { price_components: [energy(150)] },
    ]);
    expect(lines(priceOf(evening, '2026-11-24T22:59:00Z'))).toEqual(['ENERGY 80']);
    expect(priceOf(evening, '2026-11-24T22:59:00Z').nextChange).toMatchObject({
      time: '00:00',
      tomorrow: true,
    });
    expect(lines(priceOf(evening, '2026-11-24T23:00:00Z'))).toEqual(['ENERGY 150']);
  });
});

describe('day of week and dates', () => {
  const weekend = tariff([
    {
      price_components: [energy(120)],
      restrictions: { day_of_week: ['SATURDAY', 'SUNDAY'] },
    },
    {
      price_components: [energy(60)],
      restrictions: { start_time: '22:00', end_time: '06:00', day_of_week: ['FRIDAY'] },
    },
    { price_components: [energy(150)] },
  ]);

  it('Friday 21:00: the weekday price; Friday 23:00: the Friday-night one, until midnight', () => {
    // 2026-11-27 is a Friday.
    expect(lines(priceOf(weekend, '2026-11-27T20:00:00Z'))).toEqual(['ENERGY 150']);
    const night = priceOf(weekend, '2026-11-27T22:00:00Z');
    expect(lines(night)).toEqual(['ENERGY 60']);
    // Each restriction is read at the moment: after midnight it is Saturday, the weekend price.
    expect(night.nextChange).toMatchObject({
      at: '2026-11-27T23:00:00.000Z',
      time: '00:00',
      tomorrow: true,
      components: [{ type: 'ENERGY', grossFt: 120 }],
    });
    expect(lines(priceOf(weekend, '2026-11-28T01:00:00Z'))).toEqual(['ENERGY 120']);
  });

  it('Sunday evening: the weekday price from Monday 00:00', () => {
    const p = priceOf(weekend, '2026-11-29T20:00:00Z');
    expect(lines(p)).toEqual(['ENERGY 120']);
    expect(p.nextChange).toMatchObject({ time: '00:00', tomorrow: true });
    expect(p.nextChange!.components.map((c) => c.grossFt)).toEqual([150]);
  });

  it('start_date inclusive, end_date exclusive', () => {
    const promo = tariff([
      {
        price_components: [energy(50)],
        restrictions: { start_date: '2026-12-01', end_date: '2026-12-03' },
      },
      { price_components: [energy(150)] },
    ]);
    expect(lines(priceOf(promo, '2026-11-30T22:59:00Z'))).toEqual(['ENERGY 150']);
    expect(priceOf(promo, '2026-11-30T22:59:00Z').nextChange).toMatchObject({ time: '00:00' });
    expect(lines(priceOf(promo, '2026-11-30T23:00:00Z'))).toEqual(['ENERGY 50']);
    expect(lines(priceOf(promo, '2026-12-02T22:59:00Z'))).toEqual(['ENERGY 50']);
    expect(lines(priceOf(promo, '2026-12-02T23:00:00Z'))).toEqual(['ENERGY 150']);
  });

  it('a dimension that stops being billed shows at 0 Ft from then', () => {
    const dayParking = tariff([
      {
        price_components: [{ type: 'PARKING_TIME', price: 500, step_size: 60 }],
        restrictions: { start_time: '08:00', end_time: '20:00' },
      },
      { price_components: [energy(150)] },
    ]);
    const p = priceOf(dayParking, '2026-11-24T18:00:00Z');
    expect(lines(p)).toEqual(['PARKING_TIME 500', 'ENERGY 150']);
    expect(p.nextChange).toMatchObject({
      time: '20:00',
      components: [{ type: 'PARKING_TIME', grossFt: 0, stepSize: 60 }],
    });
  });
});

describe('restrictions that depend on the charge: the steps, in order, with their conditions', () => {
  it('parking from 4 hours after the start (the sandbox partner’s AC tariff), with VAT and fee', () => {
    const ac = tariff([
      { price_components: [{ type: 'ENERGY', price: 100, vat: 27, step_size: 1 }] },
      {
        price_components: [{ type: 'PARKING_TIME', price: 1000, vat: 27, step_size: 60 }],
        restrictions: { min_duration: 4 * 3600 },
      },
    ]);
    const p = partnerPrice(ac, 10, 'hu', at('2026-11-24T12:00:00Z'));
    expect(p.caveat).toBe('conditional');
    expect(p.components).toEqual([
      { type: 'ENERGY', grossFt: 140, roamingFeeFt: 13, stepSize: 1, conditional: false },
      {
        type: 'PARKING_TIME',
        grossFt: 1397,
        roamingFeeFt: 127,
        stepSize: 60,
        conditional: true,
        condition: { minDurationSec: 14400 },
      },
    ]);
    expect(p.nextChange).toBeUndefined();
  });

  it('a first-20-kWh price, then "otherwise"; later elements of the dimension never apply', () => {
    const p = priceOf(
      tariff([
        { price_components: [energy(100)], restrictions: { max_kwh: 20 } },
        { price_components: [energy(150)] },
        { price_components: [energy(1)] },
      ]),
      '2026-11-24T12:00:00Z',
    );
    expect(p.components).toEqual([
      {
        type: 'ENERGY',
        grossFt: 100,
        roamingFeeFt: 0,
        stepSize: 1,
        conditional: true,
        condition: { maxKwh: 20 },
      },
      {
        type: 'ENERGY',
        grossFt: 150,
        roamingFeeFt: 0,
        stepSize: 1,
        conditional: false,
        otherwise: true,
      },
    ]);
  });

  it('power restrictions the connector decides are settled by it', () => {
    const fast = tariff([
      { price_components: [energy(200)], restrictions: { min_power: 50 } },
      { price_components: [energy(150)] },
    ]);
    // A 22 kW connector never charges at 50 kW: only the 150 Ft price, no step.
    const ac = priceOf(fast, '2026-11-24T12:00:00Z', undefined, 22);
    expect(lines(ac)).toEqual(['ENERGY 150']);
    expect(ac.caveat).toBeNull();
    expect(ac.components[0]!.otherwise).toBeUndefined();
    // A 150 kW one may.
    const dc = priceOf(fast, '2026-11-24T12:00:00Z', undefined, 150);
    expect(dc.components.map((c) => [c.grossFt, c.condition, c.otherwise])).toEqual([
      [200, { minPowerKw: 50 }, undefined],
      [150, undefined, true],
    ]);
    // Below a maximum of 32 kW a 22 kW connector always is: that element settles it.
    const slow = tariff([
      { price_components: [energy(120)], restrictions: { max_power: 32 } },
      { price_components: [energy(150)] },
    ]);
    expect(priceOf(slow, '2026-11-24T12:00:00Z', undefined, 22).components).toEqual([
      { type: 'ENERGY', grossFt: 120, roamingFeeFt: 0, stepSize: 1, conditional: false },
    ]);
  });

  it('skips reservation elements; a min/max price is shown, with VAT and our fee', () => {
    const p = priceOf(
      tariff(
        [
          {
            price_components: [{ type: 'TIME', price: 600, step_size: 60 }],
            restrictions: { reservation: 'RESERVATION' },
          },
          { price_components: [energy(150)] },
        ],
        { minPrice: { excl_vat: 400, incl_vat: 508 }, maxPrice: { excl_vat: 10000 } },
      ),
      '2026-11-24T12:00:00Z',
    );
    expect(lines(p)).toEqual(['ENERGY 150']);
    expect(p.caveat).toBe('conditional');
    expect([p.minChargeFt, p.maxChargeFt]).toEqual([508, 10000]);
    const withFee = partnerPrice(
      tariff([{ price_components: [energy(150)] }], { minPrice: { excl_vat: 400, incl_vat: 508 } }),
      10,
      'hu',
      at('2026-11-24T12:00:00Z'),
    );
    expect([withFee.minChargeFt, withFee.maxChargeFt]).toEqual([559, undefined]);
  });
});

describe('which tariff', () => {
  it('of the tariffs valid now, the regular one', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const old = tariff([{ price_components: [energy(100)] }], {
      id: 'OLD',
      endDateTime: '2026-11-20T00:00:00Z',
    });
    const current = tariff([{ price_components: [energy(150)] }], {
      id: 'NEW',
      startDateTime: '2026-11-20T00:00:00Z',
    });
    const future = tariff([{ price_components: [energy(180)] }], {
      id: 'NEXT',
      startDateTime: '2026-12-01T00:00:00Z',
    });
    const profile = tariff([{ price_components: [energy(99)] }], { id: 'P', type: 'PROFILE_FAST' });
    expect(driverTariff([old, profile, future, current], now)?.id).toBe('NEW');
    expect(driverTariff([old, future, profile], now)?.id).toBe('P');
    expect(driverTariff([old, future], now)).toBeNull();
  });

  it('keeps the partner’s text with its language; no tariff or another currency, no price', () => {
    const words = [
      { language: 'hu', text: 'Parkolási díj 4 óra után.' },
      { language: 'en', text: 'Parking fee after 4 hours.' },
    ];
    const t = tariff([{ price_components: [energy(150)] }], { altText: words });
    expect(partnerPrice(t, 0, 'en', at('2026-11-24T12:00:00Z'))).toMatchObject({
      text: 'Parking fee after 4 hours.',
      textLanguage: 'en',
    });
    expect(partnerPrice(null, 0, 'hu', at('2026-11-24T12:00:00Z'))).toEqual({
      caveat: 'noTariff',
      components: [],
      text: null,
    });
    expect(partnerPrice({ ...t, currency: 'EUR' }, 0, 'hu', at('2026-11-24T12:00:00Z'))).toEqual({
      caveat: 'currency',
      components: [],
      text: words[0]!.text,
      textLanguage: 'hu',
    });
  });
});
