import { describe, expect, it } from 'vitest';
import type { CouponOffer, CurrentCharge } from '@voltpark/contract';
import { limits } from '@voltpark/contract';
import { couponDeadline, formatCountdown, secondsLeft } from './countdown';
import {
  clampDeposit,
  DEPOSIT_DEFAULT,
  DEPOSIT_MAX,
  DEPOSIT_OPTIONS,
  DEPOSIT_STEP,
  depositCeiling,
  depositOptions,
  nextDepositStep,
} from './deposit';
import { affordableWithPoints, filterOffers, offerCities } from './offerFilters';
import { checkPoints } from './GenerateCouponForm';
import { normalizeCode } from './CouponRedeemPage';
import { cameraProblem } from './QrScanModal';
import { backBeforeEnd, chargeEndsAt } from './nearby';

function offer(p: Partial<CouponOffer>): CouponOffer {
  return {
    id: 1,
    shopName: 'Shop',
    shopUrl: null,
    type: 'SHOP',
    name: 'Offer',
    price: 100,
    priceUnit: 'POINTS',
    discountPercent: 10,
    couponCondition: null,
    description: null,
    categories: [],
    cities: [],
    styleClass: null,
    activeTimeInMinutes: 60,
    activationUrl: null,
    activationUrlDescription: null,
    ...p,
  };
}

describe('coupon countdown', () => {
  it('counts from the seconds the server sent, not from the phone clock', () => {
    const received = 1_000_000;
    // The phone clock may be hours off: expire is ignored when expireSec is there.
    const d = couponDeadline({ expire: '2000-01-01T00:00:00Z', expireSec: 3600 }, received);
    expect(d).toBe(received + 3_600_000);
    expect(secondsLeft(d!, received)).toBe(3600);
    expect(secondsLeft(d!, received + 1500)).toBe(3599);
    expect(secondsLeft(d!, received + 3_600_000)).toBe(0);
    expect(secondsLeft(d!, received + 4_000_000)).toBe(0);
  });

  it('falls back to the ISO expiry, and a redeemable coupon has none', () => {
    expect(couponDeadline({ expire: '2026-11-24T10:00:00Z', expireSec: null }, 0)).toBe(
      Date.parse('2026-11-24T10:00:00Z'),
    );
    expect(couponDeadline({ expire: null, expireSec: null }, 5)).toBeNull();
  });

  it('reads mm:ss within the hour, h:mm:ss beyond', () => {
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(-4)).toBe('00:00');
  });
});

describe('online-wallet deposit rules (SPEC §5, §9)', () => {
  it('mirrors the contract limits', () => {
    expect(DEPOSIT_STEP).toBe(limits.depositStep);
    expect(DEPOSIT_DEFAULT).toBe(limits.depositDefault);
    expect(DEPOSIT_MAX).toBe(limits.depositMax);
    expect([...DEPOSIT_OPTIONS]).toEqual([...limits.depositOptions]);
  });

  it('disables each choice the balance does not cover', () => {
    expect(depositOptions(2999).map((o) => o.disabled)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(depositOptions(15000).every((o) => !o.disabled)).toBe(true);
    expect(depositOptions(0).every((o) => o.disabled)).toBe(true);
  });

  it('clamps to the lower of the balance and 100 000, rounded down to 500', () => {
    expect(clampDeposit(1234, 5000)).toBe(1000);
    expect(clampDeposit(9000, 2750)).toBe(2500);
    expect(clampDeposit(250_000, 1_000_000)).toBe(100_000);
    expect(clampDeposit(-500, 5000)).toBe(0);
    expect(clampDeposit(400, 5000)).toBe(0);
    expect(clampDeposit(Number.NaN, 5000)).toBe(0);
    expect(depositCeiling(12_345)).toBe(12_000);
    expect(depositCeiling(499)).toBe(0);
  });

  it('deposits for a known e-mail, else asks to create the wallet, which needs both consents', () => {
    const base = { creationMode: false, dataPolicyAccepted: false, termsAccepted: false };
    expect(nextDepositStep({ ...base, userExists: true })).toBe('deposit');
    expect(nextDepositStep({ ...base, userExists: false })).toBe('askCreation');
    expect(nextDepositStep({ ...base, userExists: false, creationMode: true })).toBe(
      'needsConsent',
    );
    expect(
      nextDepositStep({
        userExists: false,
        creationMode: true,
        dataPolicyAccepted: true,
        termsAccepted: false,
      }),
    ).toBe('needsConsent');
    expect(
      nextDepositStep({
        userExists: false,
        creationMode: true,
        dataPolicyAccepted: true,
        termsAccepted: true,
      }),
    ).toBe('deposit');
  });
});

describe('offer filters', () => {
  const offers = [
    offer({ id: 1, categories: ['food'], cities: ['Budapest', 'Győr'] }),
    offer({ id: 2, categories: ['beauty'], cities: ['Debrecen'] }),
    offer({ id: 3, categories: ['food', 'beauty'], cities: ['Érd'] }),
  ];
  it('filters by category and by city, together', () => {
    expect(filterOffers(offers, { category: null, city: null }).map((o) => o.id)).toEqual([
      1, 2, 3,
    ]);
    expect(filterOffers(offers, { category: 'food', city: null }).map((o) => o.id)).toEqual([1, 3]);
    expect(filterOffers(offers, { category: 'beauty', city: 'Debrecen' }).map((o) => o.id)).toEqual(
      [2],
    );
    expect(filterOffers(offers, { category: 'food', city: 'Debrecen' })).toEqual([]);
  });
  it('lists each city once in Hungarian order', () => {
    expect(offerCities(offers)).toEqual(['Budapest', 'Debrecen', 'Érd', 'Győr']);
  });
  it('knows which offers the points cover (Ft offers are not paid in points)', () => {
    expect(affordableWithPoints(offer({ price: 500 }), 499)).toBe(false);
    expect(affordableWithPoints(offer({ price: 500 }), 500)).toBe(true);
    expect(affordableWithPoints(offer({ price: 5000, priceUnit: 'FT' }), 0)).toBe(true);
  });
});

describe('walking from the charger', () => {
  const charge = {
    id: 1,
    chargerId: 2,
    charger: 'AC',
    chargingStatus: 'STARTED',
    consumedEnergy: 4,
    bookedEnergy: 10,
    bookedTime: null,
    consumptionPower: 12,
    startTime: '2026-11-24T10:00:00Z',
  } as CurrentCharge;
  const now = Date.parse('2026-11-24T10:20:00Z');
  it('knows when a charge ends: booked minutes from its start, else the energy still to go', () => {
    expect(chargeEndsAt({ ...charge, bookedTime: 60 }, now)).toBe(
      Date.parse('2026-11-24T11:00:00Z'),
    );
    // 6 kWh to go at 12 kW: half an hour.
    expect(chargeEndsAt(charge, now)).toBe(now + 30 * 60_000);
    expect(chargeEndsAt({ ...charge, bookedEnergy: null }, now)).toBeNull();
    expect(chargeEndsAt({ ...charge, chargingStatus: 'NEW' }, now)).toBeNull();
  });
  it('there and back is twice the walk', () => {
    const end = now + 30 * 60_000;
    expect(backBeforeEnd(15, end, now)).toBe(true);
    expect(backBeforeEnd(16, end, now)).toBe(false);
    expect(backBeforeEnd(1, null, now)).toBeNull();
  });
});

describe('small rules', () => {
  it('coupon points must be a positive whole number within the balance', () => {
    expect(checkPoints('', 100)).toBe('required');
    expect(checkPoints('0', 100)).toBe('invalid');
    expect(checkPoints('1.5', 100)).toBe('invalid');
    expect(checkPoints('101', 100)).toBe('tooMany');
    expect(checkPoints(' 100 ', 100)).toBeNull();
  });
  it('a typed code is upper-cased and loses spaces and dashes', () => {
    expect(normalizeCode(' 7kq2m-xd9pa ')).toBe('7KQ2MXD9PA');
  });
  it('names why the camera did not start', () => {
    expect(cameraProblem(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('x', 'NotFoundError'))).toBe('none');
    expect(cameraProblem(new Error('boom'))).toBe('failed');
  });
});
