import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../index.js';
import { registerSandboxApi } from './api.js';
import { runIpnDeliveryRound, startIpnDelivery, type IpnRoundResult } from './ipn.js';
import { sandboxMerchants, type SandboxMerchant } from './merchants.js';
import { registerSandboxOverview } from './overview.js';
import { PAGES_PREFIX, registerSandboxPages } from './pages.js';

export interface SimplePaySandbox {
  /** The merchants the emulator accepts; a test may change a merchant's ipnUrl. */
  merchants: Map<string, SandboxMerchant>;
  /** Delivers the IPN messages that are due now (tests drive delivery with this). */
  runIpnDeliveryRound(): Promise<IpnRoundResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    simplePaySandbox?: SimplePaySandbox;
  }
}

/**
 * The built-in SimplePay v2 emulator, mounted in sandbox mode only: the API under
 * /sandbox/simplepay/payment/v2/, the hosted pay page under /sandbox/simplepay/pay/, and an IPN
 * sender that runs while the app is up. The payments module reaches it over HTTP only.
 */
export function registerSimplePaySandboxRoutes(app: FastifyInstance, { config, db }: ModuleDeps) {
  if (config.mode !== 'sandbox') return;
  const merchants = sandboxMerchants(config);
  const pagesUrl = `${config.publicUrl.replace(/\/$/, '')}${PAGES_PREFIX}`;
  const round = () => runIpnDeliveryRound(db, merchants, app.log);
  let delivery: ReturnType<typeof startIpnDelivery> | undefined;
  const ipnQueued = () => delivery?.wake();

  app.decorate('simplePaySandbox', { merchants, runIpnDeliveryRound: round });
  registerSandboxApi(app, { db, merchants, pagesUrl, ipnQueued });
  registerSandboxPages(app, { db, merchants, ipnQueued });
  registerSandboxOverview(app, { db });

  app.addHook('onReady', async () => {
    delivery = startIpnDelivery(round, app.log);
  });
  app.addHook('onClose', async () => {
    await delivery?.stop();
    delivery = undefined;
  });
}
