import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import {
  OCPI_VERSION,
  type OcpiVersion,
  type OcpiVersionDetails,
} from '@voltpark/contract/ocpi/versions';
import { ocpiFailure, ocpiOk } from '../roaming/envelope.js';
import { OcpiError } from '../roaming/errors.js';
import { authenticatePeer } from './auth.js';
import type { EmulatorContext } from './context.js';
import { registerChargingRoutes } from './charging-routes.js';
import { registerCommandsRoutes } from './commands-routes.js';
import { registerCredentialsRoutes } from './credentials-routes.js';
import { registerNetworkRoutes } from './network-routes.js';
import { SANDBOX_OCPI_PARTNER_PATH, VOLTPARTNER } from './party.js';

const idHeader = (v: string | string[] | undefined) =>
  typeof v === 'string' && /^[\x21-\x7e]{1,100}$/.test(v) ? v : undefined;

/**
 * The emulated CPO's OCPI 2.2.1 server under /sandbox/ocpi-partner: versions, version details,
 * credentials, Locations and Tariffs (Sender), Commands (Receiver), Sessions and CDRs (Sender). Every answer is an OCPI envelope with the
 * request's X-Request-ID and X-Correlation-ID echoed; functional answers carry OCPI-from/to.
 */
export function registerEmulatorOcpi(app: FastifyInstance, ctx: EmulatorContext): void {
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
        request.log.error({ err }, 'the roaming partner emulator failed');
        return reply.status(500).send(ocpiFailure(ocpiStatus.SERVER_ERROR, 'Internal error'));
      });

      const notFound = async (_request: unknown, reply: FastifyReply) =>
        reply.status(404).send(ocpiFailure(ocpiStatus.CLIENT_ERROR, 'No such OCPI endpoint'));
      scope.setNotFoundHandler(notFound);
      scope.all('/*', notFound);

      scope.get('/versions', async (request) => {
        await authenticatePeer(ctx.db, request, ['A', 'B', 'C', 'HANDSHAKE']);
        const versions: OcpiVersion[] = [
          { version: OCPI_VERSION, url: `${ctx.baseUrl()}/${OCPI_VERSION}` },
        ];
        return ocpiOk(versions);
      });

      scope.get(`/${OCPI_VERSION}`, async (request) => {
        await authenticatePeer(ctx.db, request, ['A', 'B', 'C', 'HANDSHAKE']);
        const base = `${ctx.baseUrl()}/${OCPI_VERSION}`;
        const details: OcpiVersionDetails = {
          version: OCPI_VERSION,
          endpoints: [
            { identifier: 'credentials', role: 'SENDER', url: `${base}/credentials` },
            { identifier: 'locations', role: 'SENDER', url: `${base}/locations` },
            { identifier: 'tariffs', role: 'SENDER', url: `${base}/tariffs` },
            { identifier: 'commands', role: 'RECEIVER', url: `${base}/commands` },
            { identifier: 'sessions', role: 'SENDER', url: `${base}/sessions` },
            { identifier: 'cdrs', role: 'SENDER', url: `${base}/cdrs` },
          ],
        };
        return ocpiOk(details);
      });

      await scope.register(
        async (version) => {
          registerCredentialsRoutes(version, ctx);
          await version.register(async (functional) => {
            functional.addHook('onSend', async (request, reply, payload) => {
              const from = (name: string) => {
                const v = request.headers[name];
                return typeof v === 'string' && v.trim() ? v.trim() : undefined;
              };
              const toCountry = from('ocpi-from-country-code');
              const toParty = from('ocpi-from-party-id');
              reply
                .header('ocpi-from-country-code', VOLTPARTNER.countryCode)
                .header('ocpi-from-party-id', VOLTPARTNER.partyId);
              if (toCountry && toParty)
                reply.header('ocpi-to-country-code', toCountry).header('ocpi-to-party-id', toParty);
              return payload;
            });
            registerNetworkRoutes(functional, ctx);
            registerCommandsRoutes(functional, ctx);
            registerChargingRoutes(functional, ctx);
          });
        },
        { prefix: `/${OCPI_VERSION}` },
      );
    },
    { prefix: SANDBOX_OCPI_PARTNER_PATH },
  );
}
