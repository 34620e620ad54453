import { randomUUID } from 'node:crypto';
import { ocpiAnyResponseSchema, type OcpiResponse } from '@voltpark/contract/ocpi/envelope';
import { authorizationHeader } from '../roaming/tokens.js';

/** A platform the emulator could not use: down, timed out, no OCPI answer, or refusing. */
export class PeerCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PeerCallError';
  }
}

export interface PeerAnswer {
  httpStatus: number;
  envelope: OcpiResponse<unknown>;
  headers: Headers;
}

/**
 * One OCPI call of the emulated CPO to a platform, as a foreign CPO's own client makes it: the
 * token Base64-encoded, a new X-Request-ID, the exchange's X-Correlation-ID, and the OCPI
 * routing headers on functional modules.
 */
export async function peerCall(
  req: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    token: string;
    body?: unknown;
    correlationId?: string;
    routing?: { from: [string, string]; to: [string, string] };
  },
  timeoutMs: number,
): Promise<PeerAnswer> {
  const headers: Record<string, string> = {
    authorization: authorizationHeader(req.token),
    accept: 'application/json',
    'x-request-id': randomUUID(),
    'x-correlation-id': req.correlationId ?? randomUUID(),
  };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.routing) {
    headers['ocpi-from-country-code'] = req.routing.from[0];
    headers['ocpi-from-party-id'] = req.routing.from[1];
    headers['ocpi-to-country-code'] = req.routing.to[0];
    headers['ocpi-to-party-id'] = req.routing.to[1];
  }
  const what = `${req.method} ${req.url.split('?')[0]}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    text = await res.text();
  } catch (err) {
    throw new PeerCallError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new PeerCallError(`${what}: HTTP ${res.status} without an OCPI response`);
  }
  const parsed = ocpiAnyResponseSchema.safeParse(json);
  if (!parsed.success)
    throw new PeerCallError(`${what}: HTTP ${res.status} without an OCPI response`);
  return { httpStatus: res.status, envelope: parsed.data, headers: res.headers };
}

/** The answer's data when it is an OCPI success, else a PeerCallError saying what came. */
export function successData(a: PeerAnswer, what: string): unknown {
  if (a.httpStatus !== 200 || a.envelope.status_code !== 1000) {
    const m = a.envelope.status_message;
    throw new PeerCallError(
      `${what}: HTTP ${a.httpStatus}, OCPI ${a.envelope.status_code}${m ? ` (${m})` : ''}`,
    );
  }
  return a.envelope.data;
}
