import { describe, expect, it } from 'vitest';
import {
  checkEnergy,
  finishTimeOptions,
  minutesUntil,
  pickerValues,
  sanitizeEnergyInput,
  type ModeChoice,
} from './modes';

describe('mode choice (each choice resets the others)', () => {
  it('shows a value only in the picker of the chosen mode', () => {
    let choice: ModeChoice = { mode: 'time', minutes: 60 };
    expect(pickerValues(choice)).toEqual({
      time: 60,
      amount: null,
      finishTime: null,
      energy: null,
    });
    choice = { mode: 'amount', amount: 3000 };
    expect(pickerValues(choice)).toEqual({
      time: null,
      amount: 3000,
      finishTime: null,
      energy: null,
    });
    choice = { mode: 'energy', kWh: 20 };
    expect(pickerValues(choice)).toEqual({
      time: null,
      amount: null,
      finishTime: null,
      energy: 20,
    });
    choice = { mode: 'finishTime', finishAt: 123 };
    expect(pickerValues(choice).finishTime).toBe(123);
    expect(pickerValues(choice).energy).toBeNull();
    expect(pickerValues(null)).toEqual({
      time: null,
      amount: null,
      finishTime: null,
      energy: null,
    });
  });
});

describe('finish-time options', () => {
  const at = (h: number, m: number, s = 0) => new Date(2026, 10, 22, h, m, s).getTime();

  it('offers every 15 minutes across 24 h from the next quarter hour', () => {
    const now = at(10, 7, 30);
    const opts = finishTimeOptions(now);
    expect(opts).toHaveLength(96);
    expect(opts[0]).toMatchObject({ time: '10:15', day: 'today' });
    expect(opts[1]!.at - opts[0]!.at).toBe(15 * 60_000);
    expect(opts.at(-1)).toMatchObject({ time: '10:00', day: 'tomorrow' });
    expect(opts.at(-1)!.at - now).toBeLessThanOrEqual(24 * 60 * 60_000);
  });
  it('labels times after midnight as tomorrow', () => {
    const opts = finishTimeOptions(at(23, 20));
    expect(opts[0]).toMatchObject({ time: '23:30', day: 'today' });
    expect(opts[2]).toMatchObject({ time: '00:00', day: 'tomorrow' });
  });
  it('starts at the following quarter when now is exactly on one', () => {
    expect(finishTimeOptions(at(9, 45))[0]!.time).toBe('10:00');
  });
  it('counts the minutes to the chosen time rounded up, at least 1', () => {
    expect(minutesUntil(at(10, 15), at(10, 7, 30))).toBe(8);
    expect(minutesUntil(at(10, 15), at(10, 15))).toBe(1);
    expect(minutesUntil(at(10, 0), at(10, 15))).toBe(1);
    const opts = finishTimeOptions(at(10, 0));
    expect(minutesUntil(opts.at(-1)!.at, at(10, 0))).toBe(1440);
  });
});

describe('max kWh input (SPEC §5)', () => {
  it('keeps digits only, at most 4', () => {
    expect(sanitizeEnergyInput('12a3,5')).toBe('1235');
    expect(sanitizeEnergyInput('123456')).toBe('1234');
  });
  it('accepts 1 to 500 inclusive', () => {
    expect(checkEnergy('1')).toEqual({ kind: 'ok', kWh: 1 });
    expect(checkEnergy('500')).toEqual({ kind: 'ok', kWh: 500 });
    expect(checkEnergy('42')).toEqual({ kind: 'ok', kWh: 42 });
  });
  it('alerts below 1 and above 500', () => {
    expect(checkEnergy('0')).toEqual({ kind: 'tooLow' });
    expect(checkEnergy('501')).toEqual({ kind: 'tooHigh' });
    expect(checkEnergy('9999')).toEqual({ kind: 'tooHigh' });
  });
  it('an empty value clears the choice', () => {
    expect(checkEnergy('')).toEqual({ kind: 'clear' });
    expect(checkEnergy('kWh')).toEqual({ kind: 'clear' });
  });
});
