import type { DbOrTx } from '../../db/client.js';
import { ocpiCallLog } from '../../db/schema/index.js';

const HIDDEN = '[hidden]';

export interface OcpiCallRecord {
  direction: 'in' | 'out';
  partnerId: number | null;
  method: string;
  url: string;
  module: string | null;
  httpStatus: number | null;
  ocpiStatus: number | null;
  requestId: string | null;
  correlationId: string | null;
  durationMs: number;
  requestBody: unknown;
  responseBody: unknown;
  error?: string | null;
}

/**
 * A body as it may be kept: the `token` of a credentials object hidden, and any string that holds
 * one of `secrets` (the tokens of the call) too, wherever it is.
 */
export function withoutTokens(
  body: unknown,
  secrets: readonly string[],
  credentials: boolean,
): unknown {
  const known = secrets.filter((s) => s.length >= 8);
  const walk = (v: unknown, key: string | null, depth: number): unknown => {
    if (typeof v === 'string') {
      if (credentials && key === 'token') return HIDDEN;
      return known.some((s) => v.includes(s)) ? HIDDEN : v;
    }
    if (depth > 20 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, null, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k, depth + 1)]));
  };
  return walk(body, null, 0);
}

/** A body text as JSON for the log (a text that is no JSON is kept, shortened, as a string). */
export function bodyForLog(text: string | undefined | null): unknown {
  if (text === undefined || text === null || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  }
}

/** Writes one call; a failure to log never fails the call itself (it is reported instead). */
export async function logOcpiCall(
  db: DbOrTx,
  record: OcpiCallRecord,
  secrets: readonly string[],
  onError: (err: unknown) => void,
): Promise<void> {
  const credentials = record.module === 'credentials';
  try {
    await db.insert(ocpiCallLog).values({
      ...record,
      url: scrubText(record.url, secrets),
      requestBody: withoutTokens(record.requestBody, secrets, credentials) ?? null,
      responseBody: withoutTokens(record.responseBody, secrets, credentials) ?? null,
      error: record.error ? scrubText(record.error, secrets) : null,
    });
  } catch (err) {
    onError(err);
  }
}

function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 8) out = out.split(s).join(HIDDEN);
  return out;
}
