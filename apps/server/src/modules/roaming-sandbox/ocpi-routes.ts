import type { FastifyInstance } from 'fastify';
import { registerSandboxOcpiServer } from '../sandbox-ocpi-party/ocpi-server.js';
import { authenticatePeer } from './auth.js';
import type { EmulatorContext } from './context.js';
import { registerChargingRoutes } from './charging-routes.js';
import { registerCommandsRoutes } from './commands-routes.js';
import { registerCredentialsRoutes } from './credentials-routes.js';
import { registerNetworkRoutes } from './network-routes.js';
import { SANDBOX_OCPI_PARTNER_PATH, VOLTPARTNER } from './party.js';

/**
 * The emulated CPO's OCPI 2.2.1 server under /sandbox/ocpi-partner: versions, version details,
 * credentials, Locations and Tariffs (Sender), Commands (Receiver), Sessions and CDRs (Sender).
 */
export function registerEmulatorOcpi(app: FastifyInstance, ctx: EmulatorContext): void {
  registerSandboxOcpiServer(app, {
    prefix: SANDBOX_OCPI_PARTNER_PATH,
    party: VOLTPARTNER,
    failureLog: 'the roaming partner emulator failed',
    baseUrl: ctx.baseUrl,
    authenticateVersions: (request) =>
      authenticatePeer(ctx.db, request, ['A', 'B', 'C', 'HANDSHAKE']),
    endpoints: [
      { identifier: 'credentials', role: 'SENDER' },
      { identifier: 'locations', role: 'SENDER' },
      { identifier: 'tariffs', role: 'SENDER' },
      { identifier: 'commands', role: 'RECEIVER' },
      { identifier: 'sessions', role: 'SENDER' },
      { identifier: 'cdrs', role: 'SENDER' },
    ],
    versionRoutes: (version) => registerCredentialsRoutes(version, ctx),
    functionalRoutes: (functional) => {
      registerNetworkRoutes(functional, ctx);
      registerCommandsRoutes(functional, ctx);
      registerChargingRoutes(functional, ctx);
    },
  });
}
