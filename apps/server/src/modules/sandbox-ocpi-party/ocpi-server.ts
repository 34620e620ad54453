import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import {
  OCPI_VERSION,
  type OcpiEndpoint,
  type OcpiVersion,
  type OcpiVersionDetails,
} from '@voltpark/contract/ocpi/versions';
import { ocpiFailure, ocpiOk } from '../roaming/envelope.js';
import { OcpiError } from '../roaming/errors.js';

const idHeader = (v: string | string[] | undefined) =>
  typeof v === 'string' && /^[\x21-\x7e]{1,100}$/.test(v) ? v : undefined;

/** What one emulated OCPI party (the sandbox CPO or eMSP) serves under its mount. */
export interface SandboxOcpiServer {
  /** Where it is mounted, e.g. `/sandbox/ocpi-partner`. */
  prefix: string;
  /** Who answers functional calls (OCPI-from headers). */
  party: { countryCode: string; partyId: string };
  /** For the server log when a route throws something unexpected. */
  failureLog: string;
  /** Its base address as the platform reaches it (`…/sandbox/ocpi-…`). */
  baseUrl(): string;
  /** Who may read the versions list and details (throws 401 otherwise). */
  authenticateVersions(request: FastifyRequest): Promise<unknown>;
  /** The modules of its 2.2.1 details, credentials first (relative to `…/2.2.1`). */
  endpoints: ReadonlyArray<Pick<OcpiEndpoint, 'identifier' | 'role'>>;
  /** Routes under `/2.2.1` without OCPI-from/to headers (credentials). */
  versionRoutes(scope: FastifyInstance): void;
  /** The functional modules under `/2.2.1`; their answers carry OCPI-from/to. */
  functionalRoutes(scope: FastifyInstance): void;
}

/**
 * An emulated party's OCPI 2.2.1 server: versions, version details, its modules. Every answer is
 * an OCPI envelope with the request's X-Request-ID and X-Correlation-ID echoed (made when
 * missing); functional answers carry OCPI-from (the party) and OCPI-to (the caller's from).
 */
export function registerSandboxOcpiServer(app: FastifyInstance, s: SandboxOcpiServer): void {
  void app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        reply
          .header('x-request-id', idHeader(request.headers['x-request-id']) ?? randomUUID())
          .header(
            'x-correlation-id',
            idHeader(request.headers['x-correlation-id']) ?? randomUUID(),
          );
      });

      scope.setErrorHandler((err: FastifyError, request, reply) => {
        if (err instanceof OcpiError)
          return reply.status(err.httpStatus).send(ocpiFailure(err.statusCode, err.message));
        if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
          return reply
            .status(err.statusCode)
            .send(
              ocpiFailure(
                err.statusCode === 400 ? ocpiStatus.INVALID_PARAMETERS : ocpiStatus.CLIENT_ERROR,
                err.message,
              ),
            );
        request.log.error({ err }, s.failureLog);
        return reply.status(500).send(ocpiFailure(ocpiStatus.SERVER_ERROR, 'Internal error'));
      });

      const notFound = async (_request: unknown, reply: FastifyReply) =>
        reply.status(404).send(ocpiFailure(ocpiStatus.CLIENT_ERROR, 'No such OCPI endpoint'));
      scope.setNotFoundHandler(notFound);
      scope.all('/*', notFound);

      scope.get('/versions', async (request) => {
        await s.authenticateVersions(request);
        const versions: OcpiVersion[] = [
          { version: OCPI_VERSION, url: `${s.baseUrl()}/${OCPI_VERSION}` },
        ];
        return ocpiOk(versions);
      });

      scope.get(`/${OCPI_VERSION}`, async (request) => {
        await s.authenticateVersions(request);
        const base = `${s.baseUrl()}/${OCPI_VERSION}`;
        const details: OcpiVersionDetails = {
          version: OCPI_VERSION,
          endpoints: s.endpoints.map((e) => ({ ...e, url: `${base}/${e.identifier}` })),
        };
        return ocpiOk(details);
      });

      await scope.register(
        async (version) => {
          s.versionRoutes(version);
          await version.register(async (functional) => {
            functional.addHook('onSend', async (request, reply, payload) => {
              const from = (name: string) => {
                const v = request.headers[name];
                return typeof v === 'string' && v.trim() ? v.trim() : undefined;
              };
              const toCountry = from('ocpi-from-country-code');
              const toParty = from('ocpi-from-party-id');
              reply
                .header('ocpi-from-country-code', s.party.countryCode)
                .header('ocpi-from-party-id', s.party.partyId);
              if (toCountry && toParty)
                reply.header('ocpi-to-country-code', toCountry).header('ocpi-to-party-id', toParty);
              return payload;
            });
            s.functionalRoutes(functional);
          });
        },
        { prefix: `/${OCPI_VERSION}` },
      );
    },
    { prefix: s.prefix },
  );
}
