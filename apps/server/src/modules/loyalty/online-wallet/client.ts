import type { z } from 'zod';
import {
  acceptedSchema,
  existsSchema,
  refusedSchema,
  unknownSchema,
  type DepositRequest,
  type RefusalCode,
} from './wire.js';

export type DepositOutcome =
  { status: 'ACCEPTED'; depositId: string } | { status: 'REFUSED'; code: RefusalCode };

/** No usable answer (network error, timeout, 5xx, an answer we do not understand). */
export class OnlineWalletUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OnlineWalletUnavailableError';
  }
}

export interface OnlineWalletClient {
  accountExists(email: string): Promise<boolean>;
  /** Idempotent on `reference`. */
  deposit(reference: string, request: DepositRequest): Promise<DepositOutcome>;
  /** What the partner knows of a deposit; UNKNOWN when it never arrived. */
  depositStatus(reference: string): Promise<DepositOutcome | { status: 'UNKNOWN' }>;
}

export interface OnlineWalletClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The partner's HTTP client (wire.ts). Errors never carry the API key. */
export function createOnlineWalletClient(options: OnlineWalletClientOptions): OnlineWalletClient {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const doFetch = options.fetch ?? fetch;

  async function call(method: 'GET' | 'PUT', path: string, body?: unknown) {
    let res: Response;
    try {
      res = await doFetch(new URL(path, base), {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new OnlineWalletUnavailableError(
        `online wallet ${method} ${path.split('?')[0]} ${why}`,
      );
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new OnlineWalletUnavailableError(`online wallet answered ${res.status} without JSON`);
    }
    return { status: res.status, json };
  }

  function parse<T extends z.ZodType>(schema: T, json: unknown, status: number): z.infer<T> {
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new OnlineWalletUnavailableError(`online wallet answered ${status} unexpectedly`);
    return parsed.data;
  }

  const outcome = (status: number, json: unknown): DepositOutcome => {
    if (status === 200 || status === 201) {
      const a = parse(acceptedSchema, json, status);
      return { status: 'ACCEPTED', depositId: a.depositId };
    }
    if (status === 409 || status === 422) {
      const r = parse(refusedSchema, json, status);
      return { status: 'REFUSED', code: r.code };
    }
    throw new OnlineWalletUnavailableError(`online wallet answered ${status}`);
  };

  return {
    async accountExists(email) {
      const { status, json } = await call(
        'GET',
        `accounts/exists?email=${encodeURIComponent(email)}`,
      );
      if (status !== 200)
        throw new OnlineWalletUnavailableError(`online wallet answered ${status}`);
      return parse(existsSchema, json, status).exists;
    },
    async deposit(reference, request) {
      const { status, json } = await call(
        'PUT',
        `deposits/${encodeURIComponent(reference)}`,
        request,
      );
      return outcome(status, json);
    },
    async depositStatus(reference) {
      const { status, json } = await call('GET', `deposits/${encodeURIComponent(reference)}`);
      if (status === 404) {
        parse(unknownSchema, json, status);
        return { status: 'UNKNOWN' };
      }
      return outcome(status, json);
    },
  };
}
