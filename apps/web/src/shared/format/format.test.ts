import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatDistanceKm,
  formatKWhFromWh,
  formatKw,
  formatMoney,
  formatNumber,
  formatTimeSpan,
} from './index';

/** Any space the hu-HU grouping may use (normal, no-break, narrow no-break) normalised to ' '. */
const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatNumber', () => {
  it('groups thousands with a space and uses a decimal comma', () => {
    expect(spaces(formatNumber(12500))).toBe('12 500');
    expect(spaces(formatNumber(5000))).toBe('5 000');
    expect(spaces(formatNumber(1234567.891, 2))).toBe('1 234 567,89');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });
  it('handles negatives and rounding', () => {
    expect(spaces(formatNumber(-12500))).toBe('-12 500');
    expect(formatNumber(1.005, 2)).toBe('1,01');
    expect(formatNumber(-0.001, 2)).toBe('0,00');
  });
  it('prints a dash for non-finite values', () => {
    expect(formatNumber(Number.NaN)).toBe('–');
  });
  it('drops trailing zero decimals in the compact form', () => {
    expect(formatCompact(22)).toBe('22');
    expect(formatCompact(7.4)).toBe('7,4');
    expect(formatCompact(7.45)).toBe('7,45');
  });
});

describe('units', () => {
  it('formats integer forints as Ft', () => {
    expect(spaces(formatMoney(12500))).toBe('12 500 Ft');
    expect(spaces(formatMoney(0))).toBe('0 Ft');
  });
  it('formats Wh as kWh with 2 decimals', () => {
    expect(spaces(formatKWhFromWh(12345))).toBe('12,35 kWh');
    expect(spaces(formatKWhFromWh(1500000))).toBe('1 500,00 kWh');
  });
  it('formats kW', () => {
    expect(spaces(formatKw(22))).toBe('22 kW');
    expect(spaces(formatKw(7.4))).toBe('7,4 kW');
  });
  it('rounds distance to 2 decimals in km', () => {
    expect(spaces(formatDistanceKm(1.23456))).toBe('1,23 km');
    expect(spaces(formatDistanceKm(1234.5))).toBe('1 234,50 km');
  });
});

describe('dates', () => {
  it('formats a date in Budapest time per language', () => {
    const iso = '2026-11-22T13:05:00Z';
    expect(spaces(formatDate(iso, 'hu'))).toBe('2026. 11. 22.');
    expect(formatDate(iso, 'en')).toBe('22 Nov 2026');
    expect(spaces(formatDateTime(iso, 'hu'))).toBe('2026. 11. 22. 14:05');
    expect(formatDateTime(iso, 'en')).toBe('22 Nov 2026, 14:05');
  });
  it('returns an empty string for invalid input', () => {
    expect(formatDate('not a date', 'hu')).toBe('');
    expect(formatTimeSpan('not a date', '2026-11-25T02:17:00Z', 'hu')).toBe('');
  });
  it('writes a span on one day with the date once, else both ends in full', () => {
    const from = '2026-11-25T01:58:00Z';
    const to = '2026-11-25T02:17:00Z';
    expect(spaces(formatTimeSpan(from, to, 'hu'))).toBe('2026. 11. 25. 02:58–03:17');
    expect(formatTimeSpan(from, to, 'en')).toBe('25 Nov 2026, 02:58–03:17');
    // 23:50 to 00:10 Budapest time crosses midnight.
    expect(spaces(formatTimeSpan('2026-11-24T22:50:00Z', '2026-11-24T23:10:00Z', 'hu'))).toBe(
      '2026. 11. 24. 23:50 – 2026. 11. 25. 00:10',
    );
  });
});

describe('numbers follow the UI language', () => {
  it('uses a decimal point in English and keeps the grouping and Ft', () => {
    expect(formatNumber(0.4, 2, 'en')).toBe('0.40');
    expect(spaces(formatNumber(1234567.891, 2, 'en'))).toBe('1 234 567.89');
    expect(formatCompact(7.4, 2, 'en')).toBe('7.4');
    expect(formatCompact(22, 2, 'en')).toBe('22');
    expect(formatCompact(100, 2, 'en')).toBe('100');
  });
  it('formats the current language when none is given', async () => {
    const { i18nReady, setLanguage } = await import('@/shared/i18n');
    await i18nReady;
    await setLanguage('en');
    try {
      expect(spaces(formatKWhFromWh(400))).toBe('0.40 kWh');
      expect(spaces(formatKw(7.4))).toBe('7.4 kW');
      expect(spaces(formatMoney(12500))).toBe('12 500 Ft');
    } finally {
      await setLanguage('hu');
    }
    expect(spaces(formatKWhFromWh(400))).toBe('0,40 kWh');
  });
});
