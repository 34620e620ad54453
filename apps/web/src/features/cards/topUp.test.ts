import { describe, expect, it } from 'vitest';
import { limits, walletTopUpMinimum } from '@voltpark/contract';
import {
  checkTopUp,
  digitsOnly,
  TOP_UP_MAX,
  TOP_UP_MIN,
  topUpMinimum,
  topUpPrefill,
} from './topUp';

describe('wallet top-up rules (SPEC §5 Wallet, §9 Limits)', () => {
  it('uses the contract limits the server enforces', () => {
    expect(TOP_UP_MIN).toBe(limits.walletTopUpMin);
    expect(TOP_UP_MAX).toBe(limits.walletTopUpMax);
    for (const b of [5000, 0, -50, -100, -101, -2500, -60000])
      expect(topUpMinimum(b)).toBe(walletTopUpMinimum(b));
  });

  it('requires an amount', () => {
    expect(checkTopUp('', 0)).toEqual({ ok: false, key: 'cards.topUp.required' });
    expect(checkTopUp('   ', 0)).toEqual({ ok: false, key: 'cards.topUp.required' });
  });

  it('takes at least 100 Ft without a debt', () => {
    expect(checkTopUp('99', 1200)).toEqual({ ok: false, key: 'cards.topUp.min', minimum: 100 });
    expect(checkTopUp('0', 0)).toEqual({ ok: false, key: 'cards.topUp.min', minimum: 100 });
    expect(checkTopUp('100', 1200)).toEqual({ ok: true, amount: 100 });
  });

  it('takes at least the debt when it is larger than 100 Ft', () => {
    expect(checkTopUp('2499', -2500)).toEqual({
      ok: false,
      key: 'cards.topUp.min',
      minimum: 2500,
    });
    expect(checkTopUp('2500', -2500)).toEqual({ ok: true, amount: 2500 });
    // A debt below 100 Ft still needs the 100 Ft minimum.
    expect(checkTopUp('60', -60)).toEqual({ ok: false, key: 'cards.topUp.min', minimum: 100 });
  });

  it('takes at most 50 000 Ft', () => {
    expect(checkTopUp('50000', 0)).toEqual({ ok: true, amount: 50000 });
    expect(checkTopUp('50001', 0)).toEqual({ ok: false, key: 'cards.topUp.max', maximum: 50000 });
  });

  it('rejects what is not a whole number of forints', () => {
    expect(checkTopUp('12.5', 0)).toMatchObject({ ok: false, key: 'cards.topUp.min' });
    expect(checkTopUp('1e4', 0)).toMatchObject({ ok: false });
    expect(digitsOnly('1 000 Ft')).toBe('1000');
  });

  it('prefills the debt, and nothing otherwise', () => {
    expect(topUpPrefill(-3200)).toBe('3200');
    expect(topUpPrefill(0)).toBe('');
    expect(topUpPrefill(4500)).toBe('');
    expect(topUpPrefill(null)).toBe('');
  });
});
