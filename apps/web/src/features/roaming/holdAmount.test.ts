import { describe, expect, it } from 'vitest';
import { checkHold, defaultHold, HOLD_MAX, HOLD_MIN } from './holdAmount';

describe('roaming hold amount', () => {
  it('presets 10 000 Ft, or what the wallet holds (in 500 Ft steps) when that is less', () => {
    expect(defaultHold(null)).toBe(10_000);
    expect(defaultHold(25_000)).toBe(10_000);
    expect(defaultHold(7_800)).toBe(7_500);
    expect(defaultHold(500)).toBe(HOLD_MIN);
  });

  it('checks given, whole, limits, then the wallet', () => {
    expect(checkHold('', 20_000)).toEqual({ ok: false, reason: 'required' });
    expect(checkHold(2500.5, 20_000)).toEqual({ ok: false, reason: 'whole' });
    expect(checkHold(HOLD_MIN - 1, 20_000)).toEqual({ ok: false, reason: 'min' });
    expect(checkHold(HOLD_MAX + 1, 100_000)).toEqual({ ok: false, reason: 'max' });
    expect(checkHold(12_000, 10_000)).toEqual({ ok: false, reason: 'wallet' });
    expect(checkHold(10_000, 10_000)).toEqual({ ok: true, amount: 10_000 });
    // The balance not known yet: the limits alone.
    expect(checkHold(HOLD_MAX, null)).toEqual({ ok: true, amount: HOLD_MAX });
  });
});
