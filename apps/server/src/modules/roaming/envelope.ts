import { ocpiDateTime, ocpiStatus, type OcpiResponse } from '@voltpark/contract/ocpi/envelope';

export function ocpiOk<T>(data: T, message = 'Success'): OcpiResponse<T> {
  return {
    data,
    status_code: ocpiStatus.SUCCESS,
    status_message: message,
    timestamp: ocpiDateTime(),
  };
}

/** Errors carry no data (transport_and_format: "Response with an error"). */
export function ocpiFailure(statusCode: number, message: string): OcpiResponse<never> {
  return { status_code: statusCode, status_message: message, timestamp: ocpiDateTime() };
}

/** A success without data (e.g. DELETE). */
export function ocpiDone(message = 'Success'): OcpiResponse<never> {
  return { status_code: ocpiStatus.SUCCESS, status_message: message, timestamp: ocpiDateTime() };
}
