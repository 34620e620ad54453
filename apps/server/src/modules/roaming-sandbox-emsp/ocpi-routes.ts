import type { FastifyInstance } from 'fastify';
import { ocpiOk } from '../roaming/envelope.js';
import { hashToken, tokensFromHeader } from '../roaming/tokens.js';
import { registerSandboxOcpiServer } from '../sandbox-ocpi-party/ocpi-server.js';
import { requirePlatform } from './auth.js';
import { registerChargingReceivers } from './charging-receivers.js';
import type { EmspEmulatorContext } from './context.js';
import { registerLocationsReceiver } from './locations-receiver.js';
import { SANDBOX_OCPI_EMSP_PATH, VOLTDRIVE, voltDriveRoles } from './party.js';
import { registerSenderRoutes } from './sender-routes.js';

/**
 * The emulated eMSP's OCPI 2.2.1 server under /sandbox/ocpi-emsp: versions, version details,
 * credentials (GET), Locations, Tariffs, Sessions, CDRs and Commands (Receiver), Tokens (Sender).
 */
export function registerEmspEmulatorOcpi(app: FastifyInstance, ctx: EmspEmulatorContext): void {
  registerSandboxOcpiServer(app, {
    prefix: SANDBOX_OCPI_EMSP_PATH,
    party: VOLTDRIVE,
    failureLog: 'the eMSP emulator failed',
    baseUrl: ctx.baseUrl,
    authenticateVersions: (request) => requirePlatform(ctx.db, request, false),
    endpoints: [
      { identifier: 'credentials', role: 'SENDER' },
      { identifier: 'locations', role: 'RECEIVER' },
      { identifier: 'tariffs', role: 'RECEIVER' },
      { identifier: 'sessions', role: 'RECEIVER' },
      { identifier: 'cdrs', role: 'RECEIVER' },
      { identifier: 'commands', role: 'RECEIVER' },
      { identifier: 'tokens', role: 'SENDER' },
    ],
    versionRoutes: (version) =>
      version.get('/credentials', async (request) => {
        const row = await requirePlatform(ctx.db, request, true);
        const token = tokensFromHeader(request.headers.authorization).find(
          (t) => hashToken(t) === row.issuedTokenHash,
        );
        return ocpiOk({ token, url: `${ctx.baseUrl()}/versions`, roles: voltDriveRoles() });
      }),
    functionalRoutes: (functional) => {
      registerLocationsReceiver(functional, ctx);
      registerChargingReceivers(functional, ctx);
      registerSenderRoutes(functional, ctx);
    },
  });
}
