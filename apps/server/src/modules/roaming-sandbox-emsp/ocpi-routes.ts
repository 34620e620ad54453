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
import { hashToken, tokensFromHeader } from '../roaming/tokens.js';
import { requirePlatform } from './auth.js';
import { registerChargingReceivers } from './charging-receivers.js';
import type { EmspEmulatorContext } from './context.js';
import { registerLocationsReceiver } from './locations-receiver.js';
import { SANDBOX_OCPI_EMSP_PATH, VOLTDRIVE, voltDriveRoles } from './party.js';
import { registerSenderRoutes } from './sender-routes.js';

const idHeader = (v: string | string[] | undefined) =>
  typeof v === 'string' && /^[\x21-\x7e]{1,100}$/.test(v) ? v : undefined;

/**
 * The emulated eMSP's OCPI 2.2.1 server under /sandbox/ocpi-emsp: versions, version details,
 * credentials (GET), Locations, Tariffs, Sessions, CDRs and Commands (Receiver), Tokens
 * (Sender). Every answer is an OCPI envelope with the request's X-Request-ID and
 * X-Correlation-ID echoed; functional answers carry OCPI-from/to.
 */
export function registerEmspEmulatorOcpi(app: FastifyInstance, ctx: EmspEmulatorContext): void {
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
        request.log.error({ err }, 'the eMSP emulator failed');
        return reply.status(500).send(ocpiFailure(ocpiStatus.SERVER_ERROR, 'Internal error'));
      });

      const notFound = async (_request: unknown, reply: FastifyReply) =>
        reply.status(404).send(ocpiFailure(ocpiStatus.CLIENT_ERROR, 'No such OCPI endpoint'));
      scope.setNotFoundHandler(notFound);
      scope.all('/*', notFound);

      scope.get('/versions', async (request) => {
        await requirePlatform(ctx.db, request, false);
        const versions: OcpiVersion[] = [
          { version: OCPI_VERSION, url: `${ctx.baseUrl()}/${OCPI_VERSION}` },
        ];
        return ocpiOk(versions);
      });

      scope.get(`/${OCPI_VERSION}`, async (request) => {
        await requirePlatform(ctx.db, request, false);
        const base = `${ctx.baseUrl()}/${OCPI_VERSION}`;
        const details: OcpiVersionDetails = {
          version: OCPI_VERSION,
          endpoints: [
            { identifier: 'credentials', role: 'SENDER', url: `${base}/credentials` },
            { identifier: 'locations', role: 'RECEIVER', url: `${base}/locations` },
            { identifier: 'tariffs', role: 'RECEIVER', url: `${base}/tariffs` },
            { identifier: 'sessions', role: 'RECEIVER', url: `${base}/sessions` },
            { identifier: 'cdrs', role: 'RECEIVER', url: `${base}/cdrs` },
            { identifier: 'commands', role: 'RECEIVER', url: `${base}/commands` },
            { identifier: 'tokens', role: 'SENDER', url: `${base}/tokens` },
          ],
        };
        return ocpiOk(details);
      });

      await scope.register(
        async (version) => {
          version.get('/credentials', async (request) => {
            const row = await requirePlatform(ctx.db, request, true);
            const token = tokensFromHeader(request.headers.authorization).find(
              (t) => hashToken(t) === row.issuedTokenHash,
            );
            return ocpiOk({ token, url: `${ctx.baseUrl()}/versions`, roles: voltDriveRoles() });
          });
          await version.register(async (functional) => {
            functional.addHook('onSend', async (request, reply, payload) => {
              const from = (name: string) => {
                const v = request.headers[name];
                return typeof v === 'string' && v.trim() ? v.trim() : undefined;
              };
              const toCountry = from('ocpi-from-country-code');
              const toParty = from('ocpi-from-party-id');
              reply
                .header('ocpi-from-country-code', VOLTDRIVE.countryCode)
                .header('ocpi-from-party-id', VOLTDRIVE.partyId);
              if (toCountry && toParty)
                reply.header('ocpi-to-country-code', toCountry).header('ocpi-to-party-id', toParty);
              return payload;
            });
            registerLocationsReceiver(functional, ctx);
            registerChargingReceivers(functional, ctx);
            registerSenderRoutes(functional, ctx);
          });
        },
        { prefix: `/${OCPI_VERSION}` },
      );
    },
    { prefix: SANDBOX_OCPI_EMSP_PATH },
  );
}
