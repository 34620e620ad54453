import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ocpiDateTime, ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import type { ModuleDeps } from '../index.js';
import { locationPage, type LocationView } from '../roaming/model/locations.js';
import { tariffPage } from '../roaming/model/tariffs.js';
import { dbId } from '../roaming/model/ids.js';
import { ocpiFailure } from '../roaming/envelope.js';
import { pagingHeaders, parsePaging, type Paging } from '../roaming/paging.js';
import { AnswerCache, type CachedAnswer } from './cache.js';

export const OPEN_DATA_PREFIX = '/open-data/v1';
/** Most objects one page may hold (X-Limit); a larger `limit` is lowered to it. */
export const OPEN_DATA_MAX_LIMIT = 500;
const DEFAULT_LIMIT = 100;
/** Price settings change rarely; AFIR allows static data to lag a change by far more. */
const TARIFF_CACHE_SECONDS = 60;

const EXPOSED =
  'Link, X-Total-Count, X-Limit, ETag, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';

/**
 * The public AFIR (Art. 20) open-data API: our charging locations with live EVSE status and
 * their prices, as OCPI 2.2.1 Locations and Tariffs in the OCPI envelope (decision 0027). Free,
 * without credentials, open to any origin, read-only and rate-limited per client address.
 */
export function registerOpenData(app: FastifyInstance, deps: ModuleDeps): void {
  const { config, db } = deps;
  const view: LocationView = {
    party: config.ocpiParty,
    operator: { name: config.invoicing.seller.name, website: config.publicUrl },
    omitRemoved: true,
  };
  const statusSeconds = config.openData.cacheSeconds;
  const locations = new AnswerCache(statusSeconds * 1000);
  const tariffs = new AnswerCache(TARIFF_CACHE_SECONDS * 1000);

  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: true,
      max: config.openData.rateLimitPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        ocpi: ocpiFailure(
          ocpiStatus.CLIENT_ERROR,
          `Too many requests: at most ${ctx.max} a minute; try again in ${ctx.after}`,
        ),
      }),
    });

    scope.addHook('onSend', async (_req, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Expose-Headers', EXPOSED);
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    });

    // Every failure answers in the OCPI envelope; a client's mistake is never a 5xx.
    scope.setErrorHandler((err: FastifyError & { ocpi?: unknown }, req, reply) => {
      if (err.ocpi) return reply.status(429).send(err.ocpi);
      const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
      if (status >= 500) {
        req.log.error({ err }, 'open data failed');
        return reply.status(500).send(ocpiFailure(ocpiStatus.SERVER_ERROR, 'Internal error'));
      }
      return reply.status(status).send(ocpiFailure(ocpiStatus.CLIENT_ERROR, err.message));
    });

    scope.options(`${OPEN_DATA_PREFIX}/*`, async (_req, reply) =>
      reply
        .status(204)
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', 'If-None-Match')
        .header('Access-Control-Max-Age', '86400')
        .send(),
    );

    const list =
      (
        name: 'locations' | 'tariffs',
        cache: AnswerCache,
        seconds: number,
        page: (p: Paging) => Promise<{ items: unknown[]; total: number }>,
      ) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        const parsed = parsePaging(req.query, {
          defaultLimit: DEFAULT_LIMIT,
          maxLimit: OPEN_DATA_MAX_LIMIT,
        });
        if (!parsed.ok) {
          return reply.status(400).send(ocpiFailure(ocpiStatus.INVALID_PARAMETERS, parsed.message));
        }
        const p = parsed.paging;
        const key = [
          name,
          p.offset,
          p.limit,
          p.dateFrom?.toISOString(),
          p.dateTo?.toISOString(),
        ].join('|');
        const answer = await cache.get(key, async () => {
          const { items, total } = await page(p);
          const headers: Record<string, string> = {};
          pagingHeaders(
            { header: (k: string, v: string) => (headers[k] = v) } as unknown as FastifyReply,
            {
              url: `${config.publicUrl}${OPEN_DATA_PREFIX}/${name}`,
              paging: p,
              returned: items.length,
              total,
              maxLimit: OPEN_DATA_MAX_LIMIT,
            },
          );
          return { data: JSON.stringify(items), headers };
        });
        return send(req, reply, answer, seconds);
      };

    scope.get(
      `${OPEN_DATA_PREFIX}/locations`,
      list('locations', locations, statusSeconds, (p) => locationPage(db, view, p)),
    );
    scope.get(
      `${OPEN_DATA_PREFIX}/tariffs`,
      list('tariffs', tariffs, TARIFF_CACHE_SECONDS, (p) => tariffPage(db, config.ocpiParty, p)),
    );

    scope.get(`${OPEN_DATA_PREFIX}/locations/:id`, async (req, reply) => {
      const raw = (req.params as { id: string }).id;
      const id = dbId(raw);
      const answer =
        id === null
          ? null
          : await locations.get(`location|${id}`, async () => {
              const { items } = await locationPage(db, view, { id, offset: 0, limit: 1 });
              return { data: items[0] ? JSON.stringify(items[0]) : '', headers: {} };
            });
      if (!answer?.data) {
        return reply
          .status(404)
          .send(ocpiFailure(ocpiStatus.UNKNOWN_LOCATION, `Unknown location: ${raw.slice(0, 36)}`));
      }
      return send(req, reply, answer, statusSeconds);
    });
  });
}

/** The envelope around cached data, or 304 when the client already has this data. */
function send(req: FastifyRequest, reply: FastifyReply, a: CachedAnswer, seconds: number) {
  reply.headers(a.headers);
  reply.header('ETag', a.etag);
  reply.header('Cache-Control', `public, max-age=${seconds}`);
  const known = req.headers['if-none-match'];
  if (known && known.split(',').some((t) => t.trim() === a.etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  return reply.send(
    `{"data":${a.data},"status_code":1000,"status_message":"Success","timestamp":"${ocpiDateTime()}"}`,
  );
}
