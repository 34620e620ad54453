import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorEnvelope, Lang, Message } from '@voltpark/contract';
import { ApiError, type FieldProblem } from './errors.js';
import { message } from './envelope.js';
import { requestLang } from './lang.js';
import { fieldProblems } from './validation.js';

function errorBody(
  lang: Lang,
  messageKey: string,
  responseCode: string,
  fields: FieldProblem[] = [],
  severity: Message['severity'] = 'error',
  useAlert = true,
  vars?: Record<string, string | number>,
): ErrorEnvelope {
  const main = message(lang, messageKey, severity, undefined, vars);
  return {
    result: false,
    data: { responseCode },
    message: main,
    messages: [main, ...fields.map((f) => message(lang, f.messageKey, 'error', f.field))],
    useAlert,
  };
}

/** Known HTTP errors a client can provoke, mapped to catalog keys. */
const clientErrorKeys: Record<number, [string, string]> = {
  400: ['error.badRequest', 'BAD_REQUEST'],
  404: ['error.notFound', 'NOT_FOUND'],
  405: ['error.badRequest', 'METHOD_NOT_ALLOWED'],
  406: ['error.badRequest', 'NOT_ACCEPTABLE'],
  413: ['error.payloadTooLarge', 'PAYLOAD_TOO_LARGE'],
  415: ['error.badRequest', 'UNSUPPORTED_MEDIA_TYPE'],
  429: ['error.tooManyRequests', 'TOO_MANY_REQUESTS'],
};

export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req);
    if (err instanceof ApiError) {
      const o = err.options;
      return reply
        .status(err.statusCode)
        .send(
          errorBody(
            lang,
            err.messageKey,
            o.responseCode ?? 'ERROR',
            o.fields,
            o.severity,
            o.useAlert ?? true,
            o.vars,
          ),
        );
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const location = err.validationContext ?? 'request';
      const fields = fieldProblems(
        err.validation.map((v) => ({
          code: v.keyword,
          message: v.message,
          instancePath: v.instancePath,
          origin: typeof v.params.origin === 'string' ? v.params.origin : undefined,
        })),
        location,
      );
      return reply
        .status(400)
        .send(errorBody(lang, 'error.validation', 'VALIDATION_ERROR', fields));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response does not match the contract');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const [key, code] = clientErrorKeys[err.statusCode] ?? ['error.badRequest', 'BAD_REQUEST'];
      return reply.status(err.statusCode).send(errorBody(lang, key, code));
    } else {
      req.log.error({ err }, 'unhandled error');
    }
    return reply.status(500).send(errorBody(lang, 'error.internal', 'INTERNAL_ERROR'));
  });
}

export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send(errorBody(requestLang(req), 'error.routeNotFound', 'ROUTE_NOT_FOUND'));
}
