import { z } from 'zod';

/** OCPI 2.2.1 status codes (status_codes.asciidoc): inside the envelope, apart from HTTP. */
export const ocpiStatus = {
  SUCCESS: 1000,
  CLIENT_ERROR: 2000,
  INVALID_PARAMETERS: 2001,
  NOT_ENOUGH_INFORMATION: 2002,
  UNKNOWN_LOCATION: 2003,
  UNKNOWN_TOKEN: 2004,
  SERVER_ERROR: 3000,
  UNABLE_TO_USE_CLIENT_API: 3001,
  UNSUPPORTED_VERSION: 3002,
  NO_MATCHING_ENDPOINTS: 3003,
  // Hub errors: a hub routing a message answers these; a peer only reads them.
  HUB_UNKNOWN_RECEIVER: 4001,
  HUB_TIMEOUT: 4002,
  HUB_CONNECTION_PROBLEM: 4003,
} as const;
export type OcpiStatusCode = (typeof ocpiStatus)[keyof typeof ocpiStatus];

/** 1xxx success, 2xxx client error, 3xxx server error, 4xxx hub error (19xx… custom). */
export function ocpiStatusClass(code: number): 'success' | 'client' | 'server' | 'hub' | 'unknown' {
  if (code >= 1000 && code < 2000) return 'success';
  if (code >= 2000 && code < 3000) return 'client';
  if (code >= 3000 && code < 4000) return 'server';
  if (code >= 4000 && code < 5000) return 'hub';
  return 'unknown';
}

/**
 * OCPI DateTime: UTC, `YYYY-MM-DDThh:mm:ss` with optional fraction and an optional `Z` (2.2.1
 * says all times are UTC; senders differ on writing the Z).
 */
export const ocpiDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z?$/, 'an OCPI DateTime in UTC');

/** Our way of writing one: seconds precision, always with the Z. */
export function ocpiDateTime(d: Date = new Date()): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** The response envelope every OCPI answer is wrapped in (transport_and_format, Response format). */
export function ocpiResponseSchema<T extends z.ZodType>(data: T) {
  return z.object({
    data: data.optional(),
    status_code: z.number().int(),
    status_message: z.string().optional(),
    timestamp: ocpiDateTimeSchema,
  });
}

/** The envelope without looking at `data` yet (an error answer may carry anything there). */
export const ocpiAnyResponseSchema = z.object({
  data: z.unknown().optional(),
  status_code: z.number().int(),
  status_message: z.string().optional(),
  timestamp: z.string(),
});

export interface OcpiResponse<T> {
  data?: T;
  status_code: number;
  status_message?: string;
  timestamp: string;
}
