import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';

/** An OCPI refusal: the HTTP status and the envelope's status code and message. */
export class OcpiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'OcpiError';
  }
}

export const unauthorized = (why = 'Missing or unknown credentials token') =>
  new OcpiError(401, ocpiStatus.INVALID_PARAMETERS, why);

export const invalidParameters = (why: string) =>
  new OcpiError(200, ocpiStatus.INVALID_PARAMETERS, why);

export const methodNotAllowed = (why: string) => new OcpiError(405, ocpiStatus.CLIENT_ERROR, why);

/** A refusal of an operator action (CLI) or of our own call to a partner: printed as is. */
export class RoamingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RoamingError';
  }
}
