import { describe, expect, it } from 'vitest';
import { canStartCharge, chargerStatusSchema, type ChargerStatus } from '@voltpark/contract';
import { chargerStatusDisplay } from '@/shared/lib/chargerStatus';
import { startState } from './startState';

const charger = (value: ChargerStatus, tariff = true, finishing = false) => ({
  status: { value, title: value },
  tariff: tariff ? { freeCharging: false, unitChargingGross: 150 } : null,
  deviceType: { currentType: 'AC' as const, canStartNewChargeWhileInFinishingState: finishing },
});

describe('start state (canStart)', () => {
  it('allows AVAILABLE and PREPARING with a tariff', () => {
    expect(startState(charger('AVAILABLE'))).toBe('canStart');
    expect(startState(charger('PREPARING'))).toBe('canStart');
  });
  it('allows FINISHING only when the device allows it', () => {
    expect(startState(charger('FINISHING'))).toBe('unavailable');
    expect(startState(charger('FINISHING', true, true))).toBe('canStart');
  });
  it('never starts without a tariff', () => {
    for (const s of chargerStatusSchema.options)
      expect(startState(charger(s, false))).toBe('noTariff');
  });
  it('refuses the unavailable states', () => {
    for (const s of [
      'OCCUPIED',
      'RESERVED',
      'ERROR',
      'UNAVAILABLE',
      'UNKNOWN',
      'OUT_OF_SERVICE',
      'NEW_NOT_CONNECTED',
    ] as const) {
      expect(startState(charger(s))).toBe('unavailable');
    }
  });
});

describe('agrees with the contract', () => {
  it('matches canStartCharge for every state, tariff and device flag', () => {
    for (const s of chargerStatusSchema.options) {
      for (const tariff of [true, false]) {
        for (const finishing of [true, false]) {
          const c = charger(s, tariff, finishing);
          expect(startState(c) === 'canStart', `${s} ${tariff} ${finishing}`).toBe(
            canStartCharge({ status: c.status, hasTariff: tariff, deviceType: c.deviceType }),
          );
        }
      }
    }
  });
});

describe('status display', () => {
  it('counts AVAILABLE and PREPARING as available', () => {
    const available = chargerStatusSchema.options.filter((s) => chargerStatusDisplay(s).available);
    expect(available).toEqual(['AVAILABLE', 'PREPARING']);
  });
  it('shows UNKNOWN as a communication error and NEW_NOT_CONNECTED as a new-charger notice', () => {
    expect(chargerStatusDisplay('UNKNOWN').notice).toBe('communicationError');
    expect(chargerStatusDisplay('NEW_NOT_CONNECTED').notice).toBe('newCharger');
    expect(chargerStatusDisplay('AVAILABLE')).toEqual({
      color: 'green',
      available: true,
      notice: null,
    });
    expect(chargerStatusDisplay('ERROR').color).toBe('red');
  });
});
