import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { SimplePayError, SimplePayTransportError } from './errors.js';
import { phpJsonEncode } from './php-json.js';
import { signMessage, verifySignature } from './signature.js';
import {
  cancelResponseSchema,
  cardResponseSchema,
  doResponseSchema,
  finishResponseSchema,
  queryResponseSchema,
  refundResponseSchema,
  startResponseSchema,
  tokenResponseSchema,
  type SimplePayOperation,
} from './types.js';

export interface SimplePayConfig {
  merchant: string;
  secretKey: string;
  /** e.g. https://sandbox.simplepay.hu/payment/v2/ or the built-in emulator's address. */
  baseUrl: string;
  timeoutMs?: number;
  /** Extra attempts for failures where the request surely did not take effect. */
  retries?: number;
  fetch?: typeof fetch;
}

export const SDK_VERSION = 'Voltpark_SimplePay_Client_1.0';

/** Operations that only read: retried on any transport failure. */
const readOnly: ReadonlySet<SimplePayOperation> = new Set(['query', 'cardquery', 'tokenquery']);
/** Connection failures that mean the request never reached SimplePay. */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

type Json = Record<string, unknown>;

export interface StartRequest {
  orderRef: string;
  currency: 'HUF' | 'EUR' | 'USD';
  customerEmail: string;
  language: 'HU' | 'EN';
  total: number;
  timeout: string;
  url?: string;
  urls?: { success: string; fail: string; cancel: string; timeout: string };
  methods?: ['CARD'];
  twoStep?: boolean;
  invoice?: Json;
  recurring?: { times: number; until: string; maxAmount: number };
  cardSecret?: string;
  threeDSReqAuthMethod?: '01' | '02' | '05';
}

export interface BrowserInfo {
  accept: string;
  agent: string;
  ip: string;
  java: boolean;
  lang: string;
  color: number;
  height: number;
  width: number;
  tz: number;
}

export type TransactionRef = { orderRef: string } | { transactionId: number };

/**
 * SimplePay v2 client. Every request is signed; every answer's signature is checked against the
 * raw body before anything in it is believed. An unsigned or wrongly signed answer throws
 * SimplePayTransportError, `errorCodes` throws SimplePayError: neither may change money state.
 */
export function createSimplePayClient(config: SimplePayConfig) {
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 20_000;
  const retries = config.retries ?? 2;
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;

  async function send(operation: SimplePayOperation, payload: Json): Promise<Json> {
    const body = phpJsonEncode({
      salt: randomBytes(16).toString('hex'),
      merchant: config.merchant,
      ...payload,
      sdkVersion: SDK_VERSION,
    });
    let response: Response;
    try {
      response = await doFetch(new URL(operation, base), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Signature: signMessage(config.secretKey, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const code = errorCode(err);
      const sent = !(code && notSentCodes.has(code));
      throw new SimplePayTransportError(
        operation,
        `request failed (${code ?? String(err)})`,
        sent,
        {
          cause: err,
        },
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status !== 200) {
      throw new SimplePayTransportError(operation, `HTTP ${response.status}`, true);
    }
    if (!verifySignature(config.secretKey, text, response.headers.get('signature'))) {
      throw new SimplePayTransportError(operation, 'answer has no valid signature', true);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new SimplePayTransportError(operation, 'answer is not JSON', true, { cause: err });
    }
    if (typeof parsed !== 'object' || parsed === null) {
      throw new SimplePayTransportError(operation, 'answer is not an object', true);
    }
    const json = parsed as Json;
    if (Array.isArray(json.errorCodes) && json.errorCodes.length > 0) {
      throw new SimplePayError(operation, json.errorCodes.map(Number));
    }
    return json;
  }

  async function call<S extends z.ZodType>(
    operation: SimplePayOperation,
    payload: Json,
    schema: S,
  ) {
    for (let attempt = 0; ; attempt++) {
      try {
        const json = await send(operation, payload);
        const result = schema.safeParse(json);
        if (!result.success) {
          throw new SimplePayTransportError(operation, 'answer has an unexpected shape', true, {
            cause: result.error,
          });
        }
        return result.data as z.infer<S>;
      } catch (err) {
        const retryable =
          err instanceof SimplePayTransportError && (readOnly.has(operation) || !err.maybeApplied);
        if (!retryable || attempt >= retries) throw err;
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
    }
  }

  return {
    merchant: config.merchant,
    start: (req: StartRequest) => call('start', { methods: ['CARD'], ...req }, startResponseSchema),
    /** Two-step capture: approveTotal 0 releases the whole hold. Only one finish per transaction. */
    finish: (
      ref: TransactionRef & { originalTotal: number; approveTotal: number; currency: string },
    ) => call('finish', ref, finishResponseSchema),
    refund: (ref: TransactionRef & { refundTotal: number; currency: string }) =>
      call('refund', ref, refundResponseSchema),
    query: (q: {
      transactionIds?: number[];
      orderRefs?: string[];
      detailed?: boolean;
      refunds?: boolean;
    }) => call('query', q, queryResponseSchema),
    transactionCancel: (ref: TransactionRef) =>
      call('transactioncancel', ref, cancelResponseSchema),
    /** OneClick payment with a saved card (customer initiated). */
    doPayment: (req: {
      orderRef: string;
      currency: string;
      customerEmail: string;
      total: number;
      cardId: number;
      cardSecret: string;
      threeDSReqAuthMethod: '01' | '02';
      browser: BrowserInfo;
      url: string;
      twoStep?: boolean;
    }) => call('do', { type: 'CIT', ...req }, doResponseSchema),
    /** Merchant-initiated payment with a one-use recurring token. */
    doRecurring: (req: {
      orderRef: string;
      currency: string;
      customerEmail: string;
      total: number;
      token: string;
      threeDSReqAuthMethod: '02';
    }) => call('dorecurring', { type: 'MIT', ...req }, doResponseSchema),
    cardQuery: (cardId: number, history = false) =>
      call('cardquery', { cardId, history }, cardResponseSchema),
    cardCancel: (cardId: number) => call('cardcancel', { cardId }, cardResponseSchema),
    tokenQuery: (token: string) => call('tokenquery', { token }, tokenResponseSchema),
    tokenCancel: (token: string) => call('tokencancel', { token }, tokenResponseSchema),
  };
}
export type SimplePayClient = ReturnType<typeof createSimplePayClient>;

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if ((e as { name?: unknown }).name === 'TimeoutError') return 'TIMEOUT';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
