import { describe, expect, it } from 'vitest';
import {
  adminGateButtons,
  asksPermit,
  canStartAt,
  clock,
  discountMinutes,
  elapsedMinutes,
  isFreeSession,
  openButtonWanted,
  paymentState,
  secondsLeft,
  statusKey,
} from './parkingState';
import { aSession } from './testSession';

describe('parking state rules (SPEC §4, §5, §6)', () => {
  it('counts parkingTimeInSeconds down from the entry open request, not below 0', () => {
    const sent = '2026-11-24T10:00:00.000Z';
    const at = (s: number) => Date.parse(sent) + s * 1000;
    expect(secondsLeft(null, 60, at(0))).toBeNull();
    expect(secondsLeft(sent, 60, at(0))).toBe(60);
    expect(secondsLeft(sent, 60, at(45.5))).toBe(15);
    expect(secondsLeft(sent, 60, at(75))).toBe(0);
    expect(clock(65)).toBe('1:05');
    expect(clock(9)).toBe('0:09');
  });

  it('elapsed runs from parkingFrom to now, or to parkingTo once ended', () => {
    const from = '2026-11-24T10:00:00.000Z';
    const now = Date.parse('2026-11-24T11:30:59.000Z');
    expect(elapsedMinutes({ parkingFrom: from, parkingTo: null }, now)).toBe(90);
    expect(elapsedMinutes({ parkingFrom: from, parkingTo: '2026-11-24T10:20:00.000Z' }, now)).toBe(
      20,
    );
    expect(elapsedMinutes({ parkingFrom: null, parkingTo: null }, now)).toBe(0);
  });

  it('discount time is discountHours plus the free minutes', () => {
    const s = aSession({ discountHours: 1.5 });
    expect(discountMinutes(s)).toBe(90 + 15);
  });

  it('free sessions: free, or nothing to pay', () => {
    expect(isFreeSession({ free: true, amount: 500 })).toBe(true);
    expect(isFreeSession({ free: false, amount: 0 })).toBe(true);
    expect(isFreeSession({ free: false, amount: 1 })).toBe(false);
  });

  it('a free parking that is leaving is not told it was paid', () => {
    const leaving = { parkingStatus: 'FINISHING' as const, free: false };
    expect(statusKey({ ...leaving, amount: 0 })).toBe('parking.status.FINISHING_FREE');
    expect(statusKey({ ...leaving, amount: 54 })).toBe('parking.status.FINISHING');
    expect(statusKey({ parkingStatus: 'STARTED', free: true, amount: 0 })).toBe(
      'parking.status.STARTED',
    );
  });

  it('payment: none, in progress, finishing, failed', () => {
    const base = { paymentStartedAt: null, paymentFinishedAt: null, paymentFailed: false };
    expect(paymentState(base)).toBe('none');
    expect(paymentState({ ...base, paymentStartedAt: 'x' })).toBe('inProgress');
    expect(paymentState({ ...base, paymentStartedAt: 'x', paymentFinishedAt: 'y' })).toBe(
      'finishing',
    );
    expect(paymentState({ ...base, paymentStartedAt: 'x', paymentFailed: true })).toBe('failed');
  });

  it('the open button shows only while no open request was sent for the needed gate', () => {
    expect(openButtonWanted(aSession({ parkingStatus: 'STARTING' }))).toBe(true);
    expect(openButtonWanted(aSession({ parkingStatus: 'STARTING', inOpenRequestSent: 'x' }))).toBe(
      false,
    );
    expect(openButtonWanted(aSession({ parkingStatus: 'STARTED' }))).toBe(false);
    expect(openButtonWanted(aSession({ parkingStatus: 'FINISHING', inOpenRequestSent: 'x' }))).toBe(
      true,
    );
    expect(
      openButtonWanted(aSession({ parkingStatus: 'FINISHING', outOpenRequestSent: 'y' })),
    ).toBe(false);
  });

  it('parking starts only with a free tariff or a positive hourly price', () => {
    const tariff = aSession().parkingTariff!;
    expect(canStartAt({ tariff: null })).toBe(false);
    expect(canStartAt({ tariff: { ...tariff, grossUnitParking: 0 } })).toBe(false);
    expect(canStartAt({ tariff: { ...tariff, grossUnitParking: 0, freeParking: true } })).toBe(
      true,
    );
    expect(canStartAt({ tariff })).toBe(true);
  });

  it('the permit question: lots with permits, unless the session is free', () => {
    const s = aSession();
    expect(asksPermit(s)).toBe(false);
    const withPermits = { ...s, parkingLot: { ...s.parkingLot, hasPermits: true } };
    expect(asksPermit(withPermits)).toBe(true);
    expect(asksPermit({ ...withPermits, free: true })).toBe(false);
  });

  it('admin buttons: one gate one button, several gates in and out', () => {
    expect(adminGateButtons([])).toEqual([]);
    expect(adminGateButtons([{ id: 1, name: 'Sorompó', direction: 'BOTH' }])).toEqual([
      { direction: 'in', labelKey: 'parking.admin.open' },
    ]);
    expect(
      adminGateButtons([
        { id: 1, name: 'Be', direction: 'IN' },
        { id: 2, name: 'Ki', direction: 'OUT' },
      ]).map((b) => b.direction),
    ).toEqual(['in', 'out']);
  });
});
