import { z } from 'zod';
import { ciString, displayText, ocpiDateTime, ocpiUrl } from './datatypes.js';
import { token } from './tokens.js';

// OCPI 2.2.1 Commands module.

export const commandTypeEnum = z.enum([
  'CANCEL_RESERVATION',
  'RESERVE_NOW',
  'START_SESSION',
  'STOP_SESSION',
  'UNLOCK_CONNECTOR',
]);
export type CommandType = z.infer<typeof commandTypeEnum>;

export const commandResponseTypeEnum = z.enum([
  'NOT_SUPPORTED',
  'REJECTED',
  'ACCEPTED',
  'UNKNOWN_SESSION',
]);

export const commandResultTypeEnum = z.enum([
  'ACCEPTED',
  'CANCELED_RESERVATION',
  'EVSE_OCCUPIED',
  'EVSE_INOPERATIVE',
  'FAILED',
  'NOT_SUPPORTED',
  'REJECTED',
  'TIMEOUT',
  'UNKNOWN_RESERVATION',
]);

/** The CPO's synchronous answer to a command request. */
export const commandResponse = z.object({
  result: commandResponseTypeEnum,
  /** Seconds the eMSP waits for the CommandResult. */
  timeout: z.number().int(),
  message: z.array(displayText).optional(),
});
export type CommandResponse = z.infer<typeof commandResponse>;

/** The asynchronous result, POSTed to the command's `response_url`. */
export const commandResult = z.object({
  result: commandResultTypeEnum,
  message: z.array(displayText).optional(),
});
export type CommandResult = z.infer<typeof commandResult>;

export const startSession = z.object({
  response_url: ocpiUrl,
  token,
  location_id: ciString(36),
  evse_uid: ciString(36).optional(),
  connector_id: ciString(36).optional(),
  authorization_reference: ciString(36).optional(),
});
export type StartSession = z.infer<typeof startSession>;

export const stopSession = z.object({
  response_url: ocpiUrl,
  session_id: ciString(36),
});
export type StopSession = z.infer<typeof stopSession>;

export const reserveNow = z.object({
  response_url: ocpiUrl,
  token,
  expiry_date: ocpiDateTime,
  reservation_id: ciString(36),
  location_id: ciString(36),
  evse_uid: ciString(36).optional(),
  authorization_reference: ciString(36).optional(),
});

export const cancelReservation = z.object({
  response_url: ocpiUrl,
  reservation_id: ciString(36),
});

export const unlockConnector = z.object({
  response_url: ocpiUrl,
  location_id: ciString(36),
  evse_uid: ciString(36),
  connector_id: ciString(36),
});
