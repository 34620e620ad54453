import Fastify from 'fastify';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createGateway } from '../payments/gateway.js';
import type { PaymentDeps } from '../payments/payments.js';
import { registerSandboxApi } from '../simplepay-sandbox/api.js';
import { sandboxMerchants } from '../simplepay-sandbox/merchants.js';
import { PAGES_PREFIX } from '../simplepay-sandbox/pages.js';

export interface CliPayments {
  pay: PaymentDeps;
  close(): Promise<void>;
}

/**
 * SimplePay for an operator command (e.g. `camera off` cancelling automatic card payment): the
 * configured merchant, or without one (sandbox) the built-in emulator's API on a loopback port
 * of this process, on the same database as the server's (its IPNs wait there for the server).
 */
export async function openCliPayments(database: Database): Promise<CliPayments> {
  const config = loadConfig();
  const app = Fastify({ logger: false });
  if (!config.simplePay.baseUrl) {
    registerSandboxApi(app, {
      db: database.db,
      merchants: sandboxMerchants(config),
      pagesUrl: `${config.publicUrl.replace(/\/$/, '')}${PAGES_PREFIX}`,
      ipnQueued: () => {},
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  return {
    pay: { db: database.db, config, gateway: createGateway(app, config) },
    close: () => app.close(),
  };
}
