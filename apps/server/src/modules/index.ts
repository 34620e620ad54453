import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerChargerRoutes } from './chargers/routes.js';
import { registerContentRoutes } from './content/routes.js';
import { registerLocationRoutes } from './locations/routes.js';
import { registerNewsRoutes } from './news/routes.js';
import { registerParkingRoutes } from './parking/routes.js';
import { registerUserRoutes } from './users/routes.js';
import { registerCaptchaRoutes } from './captcha/routes.js';
import { registerMailboxRoutes } from './mail/routes.js';
import { registerBillingRoutes } from './billing/routes.js';
import { registerCarRoutes } from './cars/routes.js';
import { registerOAuthRoutes } from './oauth/routes.js';
import { registerSimplePaySandboxRoutes } from './simplepay-sandbox/routes.js';
import { registerPaymentRoutes } from './payments/routes.js';
import { registerOcpp } from './ocpp/routes.js';
import { registerChargingRoutes } from './charging/routes.js';
import { registerRealtime } from './realtime/routes.js';
import { registerGates } from './gates/module.js';
import { registerGatesSandbox } from './gates-sandbox/routes.js';
import { registerLoyaltyRoutes } from './loyalty/routes.js';
import { registerOnlineWalletSandbox } from './online-wallet-sandbox/routes.js';
import { registerSzamlazzSandbox } from './szamlazz-sandbox/routes.js';
import { registerInvoiceRoutes } from './invoices/routes.js';
import { registerOpenData } from './open-data/routes.js';
import { registerRoaming } from './roaming/routes.js';
import { registerRoamingSandbox } from './roaming-sandbox/routes.js';
import { registerRoamingSandboxEmsp } from './roaming-sandbox-emsp/routes.js';
import { registerRoamingChargeRoutes } from './roaming/emsp/driver-charge-routes.js';
import { registerPartnerTokenAuthorizer } from './roaming/cpo/token-authorizer.js';
import { registerRoamingSessions } from './roaming/cpo/sessions-events.js';
import { registerCommandBackground } from './roaming/cpo/commands-background.js';
import { registerObjectPushes } from './roaming/cpo/object-pushes.js';
import { registerRoamingRetention } from './roaming/retention-loop.js';

export interface ModuleDeps {
  config: Config;
  db: Db;
}

/** Each domain module registers its contract routes here (names match apps/web/src/features). */
export function registerModules(app: FastifyInstance, deps: ModuleDeps): void {
  registerLocationRoutes(app, deps);
  registerCategoryRoutes(app, deps);
  registerChargerRoutes(app, deps);
  // Before parking, which registers its live answers with it.
  registerRealtime(app, deps);
  registerParkingRoutes(app, deps);
  registerNewsRoutes(app, deps);
  registerContentRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerCaptchaRoutes(app, deps);
  registerMailboxRoutes(app, deps);
  registerBillingRoutes(app, deps);
  registerCarRoutes(app, deps);
  registerOAuthRoutes(app, deps);
  registerSimplePaySandboxRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerOcpp(app, deps);
  registerChargingRoutes(app, deps);
  registerGates(app, deps);
  // After gates: the sandbox page drives its simulated controllers.
  registerGatesSandbox(app, deps);
  registerOnlineWalletSandbox(app, deps);
  registerLoyaltyRoutes(app, deps);
  registerSzamlazzSandbox(app, deps);
  registerInvoiceRoutes(app, deps);
  registerOpenData(app, deps);
  registerRoaming(app, deps);
  registerRoamingChargeRoutes(app, deps);
  registerRoamingSandbox(app, deps);
  registerRoamingSandboxEmsp(app, deps);
  // Before the partner tokens' authorizer: a START_SESSION's idTag is accepted whatever the
  // token's whitelist (the eMSP authorized it by sending the command).
  registerCommandBackground(app, deps);
  // After charging: our own drivers' tags are asked first, partners' RFID cards after them.
  registerPartnerTokenAuthorizer(app.ocpp.central, {
    db: deps.db,
    party: deps.config.ocpiParty,
    client: {
      db: deps.db,
      timeoutMs: deps.config.roaming.authorizeTimeoutMs,
      onLogError: (err) => app.log.error({ err }, 'an outgoing OCPI call could not be logged'),
    },
  });
  // Partners' drivers' transactions: OCPI Sessions and CDRs, pushed to the partner.
  registerRoamingSessions(app, deps);
  // Our Locations and Tariffs pushed to eMSP partners on change.
  registerObjectPushes(app, deps);
  // Old call log entries and finished outbox rows deleted (decision 0046).
  registerRoamingRetention(app, deps);
}
