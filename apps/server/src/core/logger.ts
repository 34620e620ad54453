import type { FastifyServerOptions } from 'fastify';

/** Structured pino logs. Secrets never reach a log line: auth headers and token queries are cut. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
      censor: '[hidden]',
    },
    serializers: {
      req(req: { method: string; url: string; id: string }) {
        return { method: req.method, url: redactQuery(req.url), id: req.id };
      },
    },
  };
}

const SECRET_PARAMS = /([?&](?:token|code|password|secret|key|r|s)=)[^&]*/gi;
export function redactQuery(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[hidden]');
}
