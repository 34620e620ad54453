import { describe, expect, it } from 'vitest';
import { autoPaymentMode, defaultCardId, effectivePayment } from './paymentMode';

const cards = [
  { cardId: 1, cardMask: '4908-36xx-xxxx-0425', defaultCard: false },
  { cardId: 2, cardMask: '5555-55xx-xxxx-4444', defaultCard: true },
  { cardId: 3, cardMask: '', defaultCard: false },
];

describe('payment mode auto-selection (SPEC §4)', () => {
  it('uses the wallet when it covers the price and the 5000 Ft start minimum', () => {
    expect(autoPaymentMode({ free: false, walletBalance: 8000, price: 6000, cards })).toEqual({
      mode: 'wallet',
      cardId: 2,
    });
  });
  it('chooses simple when the wallet is below the price, with the default card preselected', () => {
    expect(autoPaymentMode({ free: false, walletBalance: 3000, price: 6000, cards })).toEqual({
      mode: 'simple',
      cardId: 2,
    });
  });
  it('never starts from a wallet under 5000 Ft, even for a cheap charge', () => {
    expect(autoPaymentMode({ free: false, walletBalance: 4000, price: 500, cards }).mode).toBe(
      'simple',
    );
  });
  it('always uses simple for a free charge', () => {
    expect(autoPaymentMode({ free: true, walletBalance: 99999, price: 0, cards }).mode).toBe(
      'simple',
    );
  });
  it('a card still being registered is never the default', () => {
    expect(defaultCardId([{ cardId: 9, cardMask: '', defaultCard: true }])).toBeNull();
    expect(defaultCardId([cards[0]!, cards[2]!])).toBe(1);
  });
  it("keeps the user's choice while it fits, and falls back when the wallet no longer covers it", () => {
    const input = { free: false, walletBalance: 8000, price: 6000, cards };
    expect(effectivePayment({ mode: 'card', cardId: 1 }, input)).toEqual({
      mode: 'card',
      cardId: 1,
    });
    expect(effectivePayment({ mode: 'simple', cardId: null }, input)).toEqual({
      mode: 'simple',
      cardId: 2,
    });
    expect(effectivePayment({ mode: 'wallet', cardId: null }, { ...input, price: 9000 })).toEqual({
      mode: 'simple',
      cardId: 2,
    });
    expect(effectivePayment({ mode: 'card', cardId: 1 }, { ...input, free: true }).mode).toBe(
      'simple',
    );
  });
});
