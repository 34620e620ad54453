import { describe, expect, it } from 'vitest';
import { oneMonthAgo } from './history';
import { chargingQuery } from './startQuery';

describe('history from-date', () => {
  it('defaults to one month ago, clamped to the shorter month', () => {
    expect(oneMonthAgo(new Date(2026, 10, 22))).toBe('2026-10-22');
    expect(oneMonthAgo(new Date(2026, 2, 31))).toBe('2026-02-28');
    expect(oneMonthAgo(new Date(2026, 0, 15))).toBe('2025-12-15');
  });
});

describe('start query', () => {
  const base = { chargerId: 7, billingDataId: 3, carId: 4, parkCode: null, now: 0 };
  it('sends exactly one mode field', () => {
    expect(chargingQuery({ ...base, choice: { mode: 'amount', amount: 3000 } })).toEqual({
      'charger-id': 7,
      'billing-data-id': 3,
      'car-id': 4,
      'charging-amount': 3000,
    });
    const q = chargingQuery({ ...base, choice: { mode: 'energy', kWh: 20 } });
    expect(q['charging-energy']).toBe(20);
    expect(q['charging-amount']).toBeUndefined();
  });
  it('turns a finish time into minutes from now, and a free charge into no mode', () => {
    const q = chargingQuery({
      ...base,
      now: 0,
      choice: { mode: 'finishTime', finishAt: 90 * 60_000 },
    });
    expect(q['charging-minutes']).toBe(90);
    const free = chargingQuery({ ...base, choice: null, parkCode: 'AB12C' });
    expect(free).toEqual({ 'charger-id': 7, 'billing-data-id': 3, 'car-id': 4, parkCode: 'AB12C' });
  });
});
