import { describe, expect, it } from 'vitest';
import { formatElapsed, progressPercent, statusView } from './chargeStatus';

const c = (chargingStatus: Parameters<typeof statusView>[0]['chargingStatus'], extra = {}) => ({
  chargingStatus,
  paymentUrl: null,
  countParkingFee: false,
  minutesAfterParkingStart: null,
  ...extra,
});

describe('charge status texts and actions (SPEC §4)', () => {
  it('NEW waits for payment with the payment link and a cancel button', () => {
    const v = statusView(c('NEW', { paymentUrl: 'https://pay/x' }));
    expect(v).toMatchObject({ textKey: 'charging.status.NEW', paymentLink: true, canCancel: true });
    expect(v.canStop).toBe(false);
    expect(statusView(c('NEW')).paymentLink).toBe(false);
  });
  it('RESERVED waits for payment, nothing to press', () => {
    expect(statusView(c('RESERVED'))).toMatchObject({
      textKey: 'charging.status.RESERVED',
      canCancel: false,
      canStop: false,
    });
  });
  it('STARTING asks to connect the car and can be stopped; STARTED can be stopped', () => {
    expect(statusView(c('STARTING'))).toMatchObject({
      textKey: 'charging.status.STARTING',
      canStop: true,
    });
    expect(statusView(c('STARTED'))).toMatchObject({
      textKey: 'charging.status.STARTED',
      canStop: true,
    });
  });
  it('FINISHING shows the stop message, or the parking-fee message when it counts', () => {
    expect(statusView(c('FINISHING')).textKey).toBe('charging.status.FINISHING');
    const parking = statusView(
      c('FINISHING', { countParkingFee: true, minutesAfterParkingStart: 15 }),
    );
    expect(parking).toMatchObject({
      textKey: 'charging.status.FINISHING.parking',
      vars: { minutes: 15 },
      canStop: false,
    });
  });
  it('other statuses show their name', () => {
    expect(statusView(c('FINISHED')).textKey).toBe('charging.statusName.FINISHED');
  });
});

describe('progress and elapsed time', () => {
  it('is consumed / booked in percent, 2 decimals, only when booked', () => {
    expect(progressPercent(3.3333, 10)).toBe(33.33);
    expect(progressPercent(12, 10)).toBe(120);
    expect(progressPercent(5, null)).toBeNull();
    expect(progressPercent(5, 0)).toBeNull();
  });
  it('formats the time since the start', () => {
    const start = '2026-11-22T10:00:00Z';
    const t0 = Date.parse(start);
    expect(formatElapsed(start, t0 + 65_000)).toBe('1:05');
    expect(formatElapsed(start, t0 + 3_725_000)).toBe('1:02:05');
    expect(formatElapsed(null, t0)).toBeNull();
  });
});
