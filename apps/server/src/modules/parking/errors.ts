import { ApiError } from '../../core/errors.js';
import type { GateError } from '../gates/errors.js';

/** A refusal of the parking flow the driver reads (server catalogs `parking.*`). */
export const parkingError = (code: string, key: string, status = 409, field?: string) =>
  new ApiError(status, key, {
    responseCode: code,
    ...(field ? { fields: [{ field, messageKey: key }] } : {}),
  });

export const noCurrentParking = () => parkingError('NO_PARKING', 'parking.noCurrentParking', 409);

/** A gate that did not open, as the driver reads it. */
export function gateRefusal(err: GateError): ApiError {
  return new ApiError(409, err.messageKey, {
    responseCode: err.code,
    vars: { seconds: err.retryInSeconds ?? 0 },
  });
}
