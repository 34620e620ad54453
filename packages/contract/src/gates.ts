import { z } from 'zod';

/**
 * Why a parking gate did not (or may not) open (issue 11, gates/PROTOCOL.md). The parking
 * session module turns each into a translated message with gateErrorMessageKey.
 */
export const gateErrorCodeSchema = z.enum([
  /** No such gate at the lot, or switched off by the operator. */
  'GATE_NOT_FOUND',
  /** The controller is not connected (its last will said offline). */
  'GATE_OFFLINE',
  /** The controller reported sensor "fault": SPEC's "sensor not active". */
  'SENSOR_NOT_ACTIVE',
  /** No car on the loop in front of the barrier. */
  'NO_CAR_AT_GATE',
  /** An open request is still pending (neither passed nor timeout yet). */
  'GATE_BUSY',
  /** The controller did not acknowledge the open command in time; nothing opened. */
  'GATE_NO_ACK',
  /** The controller refused the command (e.g. stale). */
  'GATE_REJECTED',
]);
export type GateErrorCode = z.infer<typeof gateErrorCodeSchema>;

const gateErrorKeys: Record<GateErrorCode, string> = {
  GATE_NOT_FOUND: 'parking.gateNotFound',
  GATE_OFFLINE: 'parking.gateOffline',
  SENSOR_NOT_ACTIVE: 'parking.sensorNotActive',
  NO_CAR_AT_GATE: 'parking.noCarAtGate',
  GATE_BUSY: 'parking.gateBusy',
  GATE_NO_ACK: 'parking.gateNoAck',
  GATE_REJECTED: 'parking.gateOpenError',
};

/** The server message key of a gate error (both catalogs have each). */
export function gateErrorMessageKey(code: GateErrorCode): string {
  return gateErrorKeys[code];
}
