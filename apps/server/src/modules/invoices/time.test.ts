import { describe, expect, it } from 'vitest';
import { budapestDate, budapestMidnight, isDate, mondayOf, previousWeek } from './time.js';

describe('Budapest weeks', () => {
  it('starts a Budapest day at local midnight in winter and summer', () => {
    expect(budapestMidnight('2026-11-23').toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(budapestMidnight('2026-07-06').toISOString()).toBe('2026-07-05T22:00:00.000Z');
    // The day clocks go forward (29 March 2026) and back (25 October 2026).
    expect(budapestMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(budapestMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('puts Sunday 23:59 in the old week and Monday 00:00 in the new one', () => {
    const sunday = new Date('2026-11-22T22:59:00Z'); // 23:59 Budapest
    const monday = new Date('2026-11-22T23:00:00Z'); // 00:00 Budapest
    expect(budapestDate(sunday)).toBe('2026-11-22');
    expect(mondayOf(sunday)).toBe('2026-11-16');
    expect(mondayOf(monday)).toBe('2026-11-23');
    expect(previousWeek(monday)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('checks calendar dates', () => {
    expect(isDate('2026-02-28')).toBe(true);
    expect(isDate('2026-02-30')).toBe(false);
    expect(isDate('2026-2-1')).toBe(false);
  });
});
