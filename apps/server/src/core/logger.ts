import type { FastifyServerOptions } from 'fastify';

/**
 * Structured pino logs. Secrets never reach a log line: auth headers are cut, and every line is
 * scrubbed just before it is written (query parameters and JSON fields that name a secret, Basic
 * and Bearer credentials), wherever in the line they are: a request URL, an error's message or a
 * logged body.
 */
export function loggerOptions(
  level: string,
  /** Where lines go; stdout when unset (tests capture them). */
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
      censor: HIDDEN,
    },
    serializers: {
      req(req: { method: string; url: string; id: string }) {
        return { method: req.method, url: redactQuery(req.url), id: req.id };
      },
    },
    hooks: { streamWrite: scrubLogLine },
  };
}

export interface LogStream {
  write(line: string): void;
}

const HIDDEN = '[hidden]';

/** Names that hold a secret wherever they appear: `cardSecret`, `refresh_token`, `oldPassword`… */
const SECRET_WORDS = 'token|secret|passw(?:or)?d|pwd|signature|ticket|api_?key|credential';

/**
 * Query parameters: the secret words inside any name, plus the bare names SPEC and SimplePay use
 * for one (`code` of OAuth, `key`, a guest's charge link `access`, SimplePay's back address `r`
 * and `s`). `[^"\\]` keeps a match inside one JSON string of the log line.
 */
const SECRET_PARAMS = new RegExp(
  `([?&](?:[^=&#"\\\\\\s]*(?:${SECRET_WORDS})[^=&#"\\\\\\s]*|code|key|access|r|s|sig)=)[^&#"\\\\\\s]*`,
  'gi',
);

/** A JSON field whose name holds a secret word, with a string value. */
const SECRET_FIELDS = new RegExp(
  `("[^"\\\\]*(?:${SECRET_WORDS}|authorization|cookie)[^"\\\\]*":)"(?:[^"\\\\]|\\\\.)*"`,
  'gi',
);

/** HTTP credentials written out in a message (`Basic dXNlcjp0b2tlbg==`, `Bearer abc…`). */
const CREDENTIALS = /\b(Basic|Bearer) [A-Za-z0-9+/=._~-]{8,}/g;

export function redactQuery(url: string): string {
  return url.replace(SECRET_PARAMS, `$1${HIDDEN}`);
}

/** One serialized log line with every secret replaced by `[hidden]`. */
export function scrubLogLine(line: string): string {
  return redactQuery(line)
    .replace(SECRET_FIELDS, `$1"${HIDDEN}"`)
    .replace(CREDENTIALS, `$1 ${HIDDEN}`);
}
