import type { OcpiStatus } from '@voltpark/contract/ocpi/locations';
import type { AppChargerStatus } from '../../ocpp/status.js';

export interface EvseStatusInputs {
  /** The app-level state the OCPP module keeps from the charger's reports. */
  status: AppChargerStatus;
  /** The charger or its location was taken out of the network. */
  removed: boolean;
  /** The operator refuses the charge point at the OCPP handshake. */
  chargePointDisabled: boolean;
  canStartNewChargeWhileInFinishingState: boolean;
}

/**
 * Our connector state as OCPI EVSE status. OCPI's AVAILABLE means "able to start a new
 * charging session", so it follows SPEC §4's start rule: PREPARING (plugged in, not yet
 * started) is startable, and FINISHING is when the device allows a new charge then, otherwise
 * the car still stands there (BLOCKED).
 */
export function ocpiStatus(s: EvseStatusInputs): OcpiStatus {
  if (s.removed) return 'REMOVED';
  if (s.chargePointDisabled) return 'INOPERATIVE';
  switch (s.status) {
    case 'AVAILABLE':
    case 'PREPARING':
      return 'AVAILABLE';
    case 'OCCUPIED':
      return 'CHARGING';
    case 'FINISHING':
      return s.canStartNewChargeWhileInFinishingState ? 'AVAILABLE' : 'BLOCKED';
    case 'RESERVED':
      return 'RESERVED';
    case 'ERROR':
      return 'OUTOFORDER';
    case 'UNAVAILABLE':
    case 'OUT_OF_SERVICE':
      return 'INOPERATIVE';
    case 'NEW_NOT_CONNECTED':
      return 'PLANNED';
    case 'UNKNOWN':
      return 'UNKNOWN';
  }
}
