import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifySignature } from '../payments/simplepay/signature.js';
import { simplePayOperations } from '../payments/simplepay/types.js';
import { SandboxError } from './codes.js';
import type { SandboxMerchant } from './merchants.js';
import { operations, SandboxFailure, type OperationContext } from './operations.js';
import { applyTimeTransitions } from './state.js';
import { newSalt, signedMessage, encodeMessage } from './wire.js';
import type { Db } from '../../db/client.js';

export const API_PREFIX = '/sandbox/simplepay/payment/v2';

export interface ApiDeps {
  db: Db;
  merchants: ReadonlyMap<string, SandboxMerchant>;
  pagesUrl: string;
  ipnQueued: () => void;
}

/** Finds `"merchant":"…"` in a body that is not valid JSON, so the error can still be signed. */
function merchantInText(raw: string): string | undefined {
  return /"merchant"\s*:\s*"([^"\\]{1,64})"/.exec(raw)?.[1];
}

function send(
  reply: FastifyReply,
  merchant: SandboxMerchant | undefined,
  value: Record<string, unknown>,
) {
  reply.status(200).header('Content-Type', 'application/json; charset=utf-8');
  reply.header('Cache-Control', 'no-store');
  if (!merchant) return reply.send(encodeMessage(value));
  const { body, signature } = signedMessage(merchant.secretKey, value);
  return reply.header('Signature', signature).send(body);
}

function errorReply(
  reply: FastifyReply,
  merchantId: string | undefined,
  merchant: SandboxMerchant | undefined,
  codes: number[],
  orderRef?: string,
) {
  return send(reply, merchant, {
    errorCodes: codes,
    salt: newSalt(),
    ...(merchantId ? { merchant: merchantId } : {}),
    ...(orderRef ? { orderRef } : {}),
  });
}

/**
 * The SimplePay v2 API. The body is read raw (this scope has its own content-type parser) so the
 * signature is checked over the bytes exactly as received.
 */
export function registerSandboxApi(app: FastifyInstance, deps: ApiDeps) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 1_048_576 },
      (_req, body, done) => done(null, body),
    );

    scope.post(
      `${API_PREFIX}/:operation`,
      async (req: FastifyRequest<{ Params: { operation: string } }>, reply) => {
        const operation = req.params.operation;
        const raw = typeof req.body === 'string' ? req.body : '';
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parsed = undefined;
        }
        const body =
          parsed && typeof parsed === 'object' && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : undefined;
        const merchantId = body
          ? typeof body.merchant === 'string'
            ? body.merchant
            : undefined
          : merchantInText(raw);
        const merchant = merchantId ? deps.merchants.get(merchantId) : undefined;

        if (!(simplePayOperations as readonly string[]).includes(operation)) {
          return reply.callNotFound();
        }
        if (!body) return errorReply(reply, merchantId, merchant, [SandboxError.badJson]);
        const orderRef = typeof body.orderRef === 'string' ? body.orderRef : undefined;
        if (!merchantId) {
          return errorReply(reply, undefined, undefined, [SandboxError.merchantMissing], orderRef);
        }
        if (!merchant) {
          return errorReply(reply, merchantId, undefined, [SandboxError.unknownMerchant], orderRef);
        }
        const signature = req.headers.signature;
        if (typeof signature !== 'string' || signature === '') {
          return errorReply(reply, merchantId, merchant, [SandboxError.signatureMissing], orderRef);
        }
        if (!verifySignature(merchant.secretKey, raw, signature)) {
          return errorReply(reply, merchantId, merchant, [SandboxError.badSignature], orderRef);
        }
        if (typeof body.sdkVersion !== 'string' || body.sdkVersion === '') {
          return errorReply(
            reply,
            merchantId,
            merchant,
            [SandboxError.sdkVersionMissing],
            orderRef,
          );
        }
        const ctx: OperationContext = {
          db: deps.db,
          merchantId,
          merchant,
          pagesUrl: deps.pagesUrl,
          ipnQueued: deps.ipnQueued,
        };
        try {
          await applyTimeTransitions(deps.db);
          const answer = await operations[operation]!(ctx, body);
          return send(reply, merchant, answer);
        } catch (err) {
          if (err instanceof SandboxFailure) {
            return errorReply(reply, merchantId, merchant, err.codes, err.orderRef ?? orderRef);
          }
          req.log.error({ err, operation }, 'sandbox SimplePay operation failed');
          return errorReply(reply, merchantId, merchant, [SandboxError.internal], orderRef);
        }
      },
    );
  });
}
