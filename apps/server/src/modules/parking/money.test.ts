import { describe, expect, it } from 'vitest';
import { coveredMs, parkingBill, type ParkingPrice } from './money.js';

const M = 60_000;
const H = 60 * M;
const price: ParkingPrice = {
  freeParking: false,
  grossUnitParking: 600,
  freeMinutes: 0,
  convenienceFeeGross: 100,
};
const at = (ms: number) => ({ from: 0, to: ms });

describe('parking bill: the hourly price per started minute', () => {
  it('bills every started minute at a sixtieth of the hourly price, plus the fee', () => {
    // 600 Ft/h = 10 Ft/min: 1 s is a started minute.
    expect(parkingBill(price, at(1000), []).amount).toBe(10 + 100);
    expect(parkingBill(price, at(M), []).amount).toBe(10 + 100);
    expect(parkingBill(price, at(M + 1), []).amount).toBe(20 + 100);
    expect(parkingBill(price, at(2 * H), []).billedMinutes).toBe(120);
    expect(parkingBill(price, at(2 * H), []).amount).toBe(1200 + 100);
  });

  it('rounds to whole forints once, not per minute', () => {
    const odd = { ...price, grossUnitParking: 500 }; // 8.33 Ft/min
    expect(parkingBill(odd, at(3 * M), []).amount).toBe(25 + 100);
    expect(parkingBill(odd, at(7 * M), []).amount).toBe(58 + 100);
  });

  it('takes the free minutes off first; within them (or no time at all) it is free, without the fee', () => {
    const withFree = { ...price, freeMinutes: 120 };
    expect(parkingBill(withFree, at(2 * H), [])).toMatchObject({ amount: 0, billedMinutes: 0 });
    expect(parkingBill(withFree, at(2 * H + 1), []).amount).toBe(10 + 100);
    expect(parkingBill(price, at(0), []).amount).toBe(0);
  });

  it('a free tariff or a zero price is always 0', () => {
    expect(parkingBill({ ...price, freeParking: true }, at(10 * H), []).amount).toBe(0);
    expect(parkingBill({ ...price, grossUnitParking: 0 }, at(10 * H), []).amount).toBe(0);
  });
});

describe('parking bill: free while the same driver charges at the location', () => {
  it('does not bill the time the car was at a charger here, and shows it as discount hours', () => {
    // 3 h parked, 1.5 h of it charging: 90 minutes billed.
    const bill = parkingBill(price, at(3 * H), [{ from: H, to: 2.5 * H }]);
    expect(bill.billedMinutes).toBe(90);
    expect(bill.amount).toBe(900 + 100);
    expect(bill.discountHours).toBe(1.5);
    expect(bill.chargingMinutes).toBe(90);
  });

  it('tells the whole minutes at a charger, rounded down, so they and the billed minutes add up', () => {
    // 60 minutes parked, 25 min 40 s of it charging: 34 min 20 s left, 35 started minutes billed.
    const bill = parkingBill(price, at(H), [{ from: 0, to: 25 * 60_000 + 40_000 }]);
    expect(bill.chargingMinutes).toBe(25);
    expect(bill.billedMinutes).toBe(35);
  });

  it('counts only the part of a charge inside the parking, and overlapping charges once', () => {
    const bill = parkingBill(price, { from: H, to: 4 * H }, [
      { from: 0, to: 2 * H }, // 1 h inside
      { from: 1.5 * H, to: 2.5 * H }, // overlaps the first: +0.5 h
      { from: 5 * H, to: 6 * H }, // after the parking: nothing
    ]);
    expect(bill.discountHours).toBe(1.5);
    expect(bill.billedMinutes).toBe(90);
  });

  it('free minutes apply to the time not charging', () => {
    const bill = parkingBill({ ...price, freeMinutes: 60 }, at(3 * H), [{ from: 0, to: 2 * H }]);
    expect(bill.amount).toBe(0);
    expect(bill.discountHours).toBe(2);
  });

  it('a parking spent charging all along is free', () => {
    expect(parkingBill(price, at(H), [{ from: -H, to: 2 * H }])).toEqual({
      amount: 0,
      billedMinutes: 0,
      chargingMinutes: 60,
      discountHours: 1,
    });
  });

  it('coveredMs merges spans', () => {
    expect(
      coveredMs(at(10), [
        { from: 2, to: 5 },
        { from: 4, to: 7 },
        { from: 9, to: 20 },
      ]),
    ).toBe(6);
  });
});
