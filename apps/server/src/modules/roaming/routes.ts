import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import {
  OCPI_VERSION,
  type OcpiVersion,
  type OcpiVersionDetails,
} from '@voltpark/contract/ocpi/versions';
import type { ModuleDeps } from '../index.js';
import { authenticate, configurationModules, routingHeaders } from './auth.js';
import { bodyForLog, logOcpiCall } from './call-log.js';
import type { OcpiModuleContext } from './context.js';
import { ocpiFailure, ocpiOk } from './envelope.js';
import { OcpiError } from './errors.js';
import { ocpiVersionUrl } from './handshake.js';
import { ocpiModules, type OcpiModuleEntry } from './registry.js';
import { startPartnerPulls } from './emsp/pull-loop.js';
import { mirrorUnmirroredPartnerSites } from './emsp/partner-sites-mirror.js';

const versionsRoute = { config: { ocpiModule: 'versions' } };

/** A request id or correlation id a partner sent, if it is a sane one (else we make one). */
function idHeader(v: string | string[] | undefined): string | undefined {
  return typeof v === 'string' && /^[\x21-\x7e]{1,100}$/.test(v) ? v : undefined;
}

/**
 * OCPI 2.2.1 under /ocpi: the versions list (our base address), the version details made from
 * the module registry, and the modules' routes. Every request is answered in the OCPI envelope
 * and logged (without tokens) in ocpi_call_log before its answer leaves.
 */
export function registerRoaming(
  app: FastifyInstance,
  deps: ModuleDeps,
  modules: readonly OcpiModuleEntry[] = ocpiModules,
): void {
  const ctx: OcpiModuleContext = {
    db: deps.db,
    config: deps.config,
    client: {
      db: deps.db,
      timeoutMs: deps.config.roaming.timeoutMs,
      onLogError: (err) => app.log.error({ err }, 'an outgoing OCPI call could not be logged'),
    },
  };

  // eMSP side: CPO partners' Locations and Tariffs pulled in the background (decision 0037).
  let stopPulls: (() => Promise<void>) | undefined;
  app.addHook('onListen', async () => {
    stopPulls = startPartnerPulls({ db: deps.db, config: deps.config, log: app.log });
    await mirrorUnmirroredPartnerSites(deps.db).catch((err: unknown) =>
      app.log.error({ err }, 'partner sites not put on the map'),
    );
  });
  app.addHook('preClose', async () => {
    await stopPulls?.();
  });

  void app.register(
    async (scope) => {
      scope.decorateRequest('ocpi', null);

      scope.addHook('onRequest', async (request, reply) => {
        const requestId = idHeader(request.headers['x-request-id']) ?? randomUUID();
        const correlationId = idHeader(request.headers['x-correlation-id']) ?? randomUUID();
        request.ocpi = {
          db: deps.db,
          config: deps.config,
          requestId,
          correlationId,
          started: performance.now(),
          module: request.routeOptions.config.ocpiModule ?? null,
          match: null,
          secrets: [],
          responseBody: null,
        };
        reply.header('x-request-id', requestId).header('x-correlation-id', correlationId);
      });

      scope.addHook('preSerialization', async (request, _reply, payload) => {
        if (request.ocpi) request.ocpi.responseBody = payload;
        return payload;
      });

      scope.addHook('onSend', async (request, reply, payload) => {
        const c = request.ocpi;
        if (!c) return payload;
        const partner = c.match?.partner ?? null;
        if (partner && c.module && !configurationModules.has(c.module)) {
          const h = routingHeaders(request);
          reply
            .header('ocpi-from-country-code', deps.config.roaming.countryCode)
            .header('ocpi-from-party-id', deps.config.roaming.partyId)
            .header('ocpi-to-country-code', h.fromCountryCode ?? partner.countryCode)
            .header('ocpi-to-party-id', h.fromPartyId ?? partner.partyId);
        }
        await logOcpiCall(
          deps.db,
          {
            direction: 'in',
            partnerId: partner?.id ?? null,
            method: request.method,
            url: request.url,
            module: c.module,
            httpStatus: reply.statusCode,
            ocpiStatus: statusOf(c.responseBody),
            requestId: c.requestId,
            correlationId: c.correlationId,
            durationMs: Math.round(performance.now() - c.started),
            requestBody: request.body ?? null,
            responseBody:
              c.responseBody ?? (typeof payload === 'string' ? bodyForLog(payload) : null),
          },
          c.secrets,
          (err) => request.log.error({ err }, 'an incoming OCPI call could not be logged'),
        );
        return payload;
      });

      scope.setErrorHandler((err: FastifyError, request, reply) => {
        if (err instanceof OcpiError)
          return reply.status(err.httpStatus).send(ocpiFailure(err.statusCode, err.message));
        if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
          // Not JSON, too large, wrong media type: the transport layer's refusal.
          const code =
            err.statusCode === 400 ? ocpiStatus.INVALID_PARAMETERS : ocpiStatus.CLIENT_ERROR;
          return reply.status(err.statusCode).send(ocpiFailure(code, err.message));
        }
        request.log.error({ err }, 'OCPI request failed');
        return reply.status(500).send(ocpiFailure(ocpiStatus.SERVER_ERROR, 'Internal error'));
      });

      // The web app answers every other address; under /ocpi an unknown one is an OCPI 404.
      const notFound = async (_request: unknown, reply: FastifyReply) =>
        reply.status(404).send(ocpiFailure(ocpiStatus.CLIENT_ERROR, 'No such OCPI endpoint'));
      scope.setNotFoundHandler(notFound);
      scope.all('/*', notFound);

      scope.get('/versions', versionsRoute, async (request) => {
        await authenticate(request, ['A', 'B', 'C', 'HANDSHAKE']);
        const versions: OcpiVersion[] = [
          { version: OCPI_VERSION, url: ocpiVersionUrl(deps.config) },
        ];
        return ocpiOk(versions);
      });

      scope.get(`/${OCPI_VERSION}`, versionsRoute, async (request) => {
        await authenticate(request, ['A', 'B', 'C', 'HANDSHAKE']);
        const base = ocpiVersionUrl(deps.config);
        const details: OcpiVersionDetails = {
          version: OCPI_VERSION,
          endpoints: modules.map((m) => ({
            identifier: m.identifier,
            role: m.role,
            url: `${base}/${m.path}`,
          })),
        };
        return ocpiOk(details);
      });

      await scope.register(
        async (version) => {
          for (const m of modules) m.register(version, ctx);
        },
        { prefix: `/${OCPI_VERSION}` },
      );
    },
    { prefix: '/ocpi' },
  );
}

function statusOf(body: unknown): number | null {
  if (body && typeof body === 'object' && 'status_code' in body) {
    const s = (body as { status_code: unknown }).status_code;
    return typeof s === 'number' ? s : null;
  }
  return null;
}
