import { describe, expect, it } from 'vitest';
import { appStatus, canStartCharge, OCPP_TO_APP_STATUS } from './status.js';
import { ocppErrorMessageKey } from './commands.js';
import { ChargePointNotConnectedError } from './central.js';
import { readMeterValue } from './meter.js';
import { checkKeyLength, hashChargePointKey, sandboxKey, verifyChargePointKey } from './keys.js';

const online = { outOfService: false, neverBooted: false, offline: false, chargePointStatus: null };

describe('status mapping (SPEC §4)', () => {
  it.each([
    ['Available', 'AVAILABLE'],
    ['Preparing', 'PREPARING'],
    ['Charging', 'OCCUPIED'],
    ['SuspendedEV', 'OCCUPIED'],
    ['SuspendedEVSE', 'OCCUPIED'],
    ['Finishing', 'FINISHING'],
    ['Reserved', 'RESERVED'],
    ['Unavailable', 'UNAVAILABLE'],
    ['Faulted', 'ERROR'],
  ])('%s → %s', (ocpp, app) => {
    expect(appStatus({ ...online, connectorStatus: ocpp })).toBe(app);
    expect(OCPP_TO_APP_STATUS[ocpp as keyof typeof OCPP_TO_APP_STATUS]).toBe(app);
  });
  it('precedence: OUT_OF_SERVICE, NEW_NOT_CONNECTED, UNKNOWN, connector 0, own status', () => {
    const s = { ...online, connectorStatus: 'Charging' };
    expect(appStatus({ ...s, outOfService: true, offline: true })).toBe('OUT_OF_SERVICE');
    expect(appStatus({ ...s, neverBooted: true })).toBe('NEW_NOT_CONNECTED');
    expect(appStatus({ ...s, offline: true })).toBe('UNKNOWN');
    expect(appStatus({ ...s, chargePointStatus: 'Faulted' })).toBe('ERROR');
    expect(appStatus({ ...s, chargePointStatus: 'Unavailable' })).toBe('UNAVAILABLE');
    expect(appStatus({ ...s, chargePointStatus: 'Available' })).toBe('OCCUPIED');
    expect(appStatus({ ...online, connectorStatus: null })).toBe('UNKNOWN');
  });
});

describe('meter values', () => {
  it('reads Wh, kWh, power, context; skips per-phase energy when a total exists', () => {
    const r = readMeterValue({
      timestamp: '2026-01-01T10:00:00Z',
      sampledValue: [
        {
          value: '12.3456',
          measurand: 'Energy.Active.Import.Register',
          unit: 'kWh',
          context: 'Transaction.End',
        },
        { value: '100', measurand: 'Energy.Active.Import.Register', unit: 'Wh', phase: 'L1' },
        { value: '7.4', measurand: 'Power.Active.Import', unit: 'kW' },
      ],
    });
    expect(r).toEqual({
      timestamp: new Date('2026-01-01T10:00:00Z'),
      energyWh: 12_346,
      powerW: 7400,
      context: 'Transaction.End',
    });
    expect(
      readMeterValue({ timestamp: '2026-01-01T10:00:00Z', sampledValue: [{ value: '500' }] })
        .energyWh,
    ).toBe(500);
    expect(
      readMeterValue({
        timestamp: '2026-01-01T10:00:00Z',
        sampledValue: [
          { value: '1000', measurand: 'Power.Active.Import', phase: 'L1' },
          { value: '1500', measurand: 'Power.Active.Import', phase: 'L2' },
        ],
      }).powerW,
    ).toBe(2500);
  });
});

describe('charge point keys', () => {
  it('hashes with a salt, verifies in constant time, checks length 16–20 bytes', async () => {
    const h = hashChargePointKey('0123456789abcdef');
    expect(h).not.toContain('0123456789abcdef');
    expect(hashChargePointKey('0123456789abcdef')).not.toBe(h);
    expect(await verifyChargePointKey(h, Buffer.from('0123456789abcdef'))).toBe(true);
    expect(await verifyChargePointKey(h, Buffer.from('0123456789abcdeX'))).toBe(false);
    expect(await verifyChargePointKey(h, undefined)).toBe(false);
    expect(checkKeyLength('short')).toMatch(/16 to 20/);
    expect(checkKeyLength('x'.repeat(21))).toMatch(/16 to 20/);
    expect(checkKeyLength('x'.repeat(16))).toBeNull();
    expect(sandboxKey('VP-00001')).toHaveLength(20);
    expect(sandboxKey('VP-00001')).toBe(sandboxKey('VP-00001'));
  });
});

describe('start rule (SPEC §4)', () => {
  it('needs a tariff and AVAILABLE/PREPARING, or FINISHING when the device allows it', () => {
    const c = { hasTariff: true, canStartNewChargeWhileInFinishingState: false };
    expect(canStartCharge({ ...c, status: 'AVAILABLE' })).toBe(true);
    expect(canStartCharge({ ...c, status: 'PREPARING' })).toBe(true);
    expect(canStartCharge({ ...c, status: 'FINISHING' })).toBe(false);
    expect(
      canStartCharge({ ...c, status: 'FINISHING', canStartNewChargeWhileInFinishingState: true }),
    ).toBe(true);
    expect(canStartCharge({ ...c, status: 'AVAILABLE', hasTariff: false })).toBe(false);
    for (const s of [
      'OCCUPIED',
      'RESERVED',
      'ERROR',
      'UNAVAILABLE',
      'UNKNOWN',
      'OUT_OF_SERVICE',
      'NEW_NOT_CONNECTED',
    ] as const) {
      expect(
        canStartCharge({ ...c, status: s, canStartNewChargeWhileInFinishingState: true }),
      ).toBe(false);
    }
  });
  it('maps command failures to ocpp.* message keys', () => {
    expect(ocppErrorMessageKey(new ChargePointNotConnectedError('X'))).toBe('ocpp.notConnected');
    const timeout = new Error('Call timeout');
    timeout.name = 'TimeoutError';
    expect(ocppErrorMessageKey(timeout)).toBe('ocpp.timeout');
    expect(ocppErrorMessageKey(new Error('boom'))).toBe('ocpp.rejected');
  });
});
