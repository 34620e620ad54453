import { randomUUID } from 'node:crypto';
import { ocpiAnyResponseSchema, type OcpiResponse } from '@voltpark/contract/ocpi/envelope';
import type { Db } from '../../db/client.js';
import { bodyForLog, logOcpiCall } from './call-log.js';
import { RoamingError } from './errors.js';
import { authorizationHeader } from './tokens.js';

/** No usable OCPI answer: down, timed out, not JSON, not an OCPI envelope. */
export class OcpiUnreachableError extends RoamingError {
  constructor(message: string) {
    super(message);
    this.name = 'OcpiUnreachableError';
  }
}

export interface OcpiClientDeps {
  db: Db;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** A call that could not be logged (the call itself goes on). */
  onLogError?: (err: unknown) => void;
}

export interface Party {
  countryCode: string;
  partyId: string;
}

export interface OcpiRequest {
  partnerId: number | null;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The partner's credentials token (sent Base64-encoded, never logged). */
  token: string;
  module: string | null;
  body?: unknown;
  /** Functional modules only: OCPI-from/to headers (configuration modules SHALL NOT have them). */
  routing?: { from: Party; to: Party };
  /** Kept across the calls of one exchange; a new one otherwise. */
  correlationId?: string;
  /** Other secrets the bodies may hold (a token we send in a credentials object). */
  secrets?: string[];
}

export interface OcpiAnswer {
  httpStatus: number;
  envelope: OcpiResponse<unknown>;
  headers: Headers;
}

/** One OCPI call to a partner, logged in and out without its tokens. */
export async function ocpiCall(deps: OcpiClientDeps, req: OcpiRequest): Promise<OcpiAnswer> {
  const requestId = randomUUID();
  const correlationId = req.correlationId ?? randomUUID();
  const secrets = [req.token, ...(req.secrets ?? [])];
  const started = performance.now();
  const record = {
    direction: 'out' as const,
    partnerId: req.partnerId,
    method: req.method,
    url: req.url,
    module: req.module,
    requestId,
    correlationId,
    requestBody: req.body ?? null,
  };
  const log = (
    httpStatus: number | null,
    ocpiStatus: number | null,
    responseBody: unknown,
    error: string | null,
  ) =>
    logOcpiCall(
      deps.db,
      {
        ...record,
        httpStatus,
        ocpiStatus,
        responseBody,
        error,
        durationMs: Math.round(performance.now() - started),
      },
      secrets,
      deps.onLogError ?? (() => {}),
    );

  const target = safeUrl(req.url);
  const headers: Record<string, string> = {
    authorization: authorizationHeader(req.token),
    accept: 'application/json',
    'x-request-id': requestId,
    'x-correlation-id': correlationId,
  };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.routing) {
    headers['ocpi-from-country-code'] = req.routing.from.countryCode;
    headers['ocpi-from-party-id'] = req.routing.from.partyId;
    headers['ocpi-to-country-code'] = req.routing.to.countryCode;
    headers['ocpi-to-party-id'] = req.routing.to.partyId;
  }
  const what = `${req.method} ${target.origin}${target.pathname}`;
  let res: Response;
  let text: string;
  try {
    res = await (deps.fetch ?? fetch)(target, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(deps.timeoutMs),
      redirect: 'error',
    });
    text = await res.text();
  } catch (err) {
    const why =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${deps.timeoutMs} ms`
        : `could not connect (${causeOf(err)})`;
    await log(null, null, null, why);
    throw new OcpiUnreachableError(`${what}: ${why}`);
  }
  const responseBody = bodyForLog(text);
  const parsed = ocpiAnyResponseSchema.safeParse(responseBody);
  if (!parsed.success) {
    await log(res.status, null, responseBody, 'not an OCPI response');
    throw new OcpiUnreachableError(`${what}: HTTP ${res.status} without an OCPI response`);
  }
  await log(res.status, parsed.data.status_code, responseBody, null);
  return { httpStatus: res.status, envelope: parsed.data, headers: res.headers };
}

function safeUrl(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new RoamingError(`not an address: ${url}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new RoamingError(`not an http(s) address: ${url}`);
  return u;
}

function causeOf(err: unknown): string {
  const cause =
    err instanceof Error
      ? (err.cause as { code?: string; message?: string } | undefined)
      : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
