import { describe, expect, it } from 'vitest';
import {
  CANCELLABLE_CHARGE_STATUSES,
  limits,
  startChargeErrorCodeSchema,
  startChargeErrorMessageKey,
  STOPPABLE_CHARGE_STATUSES,
} from '@voltpark/contract';
import { CANCELLABLE, STOPPABLE } from './chargeStatus';
import * as C from './constants';
import { START_ERROR_CODES, startErrorKey } from './startErrors';

/** The browser keeps zod out, so these mirror the contract; they must not drift. */
describe('charging constants mirror the contract', () => {
  it('limits', () => {
    expect(C.CHARGE_MINUTES).toEqual(limits.chargeMinutes);
    expect(C.WIZARD_AMOUNTS).toEqual(limits.wizardAmounts);
    expect(C.CASUAL_AMOUNTS).toEqual(limits.casualAmounts);
    expect(C.ENERGY_MIN_KWH).toBe(limits.energyMinKWh);
    expect(C.ENERGY_MAX_KWH).toBe(limits.energyMaxKWh);
    expect(C.WALLET_START_MINIMUM).toBe(limits.walletStartMinimum);
    expect(C.PARK_CODE_LENGTH).toBe(limits.parkCodeLength);
  });
  it('status lists and start error codes', () => {
    expect(CANCELLABLE).toEqual(CANCELLABLE_CHARGE_STATUSES);
    expect(STOPPABLE).toEqual(STOPPABLE_CHARGE_STATUSES);
    expect([...START_ERROR_CODES]).toEqual(startChargeErrorCodeSchema.options);
    for (const code of [...START_ERROR_CODES, 'SOMETHING_ELSE', null])
      expect(startErrorKey(code)).toBe(startChargeErrorMessageKey(code));
  });
});
