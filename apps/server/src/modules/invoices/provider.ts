import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { InvoicingConfig } from '../../config.js';
import { SZAMLAZZ_SANDBOX_PATH } from '../szamlazz-sandbox/routes.js';
import { createSzamlaAgentClient, type SzamlaAgentClient } from './szamlazz/client.js';

/** The provider's client for the configured Számla Agent address. */
export function agentClientFor(invoicing: InvoicingConfig, baseUrl: string): SzamlaAgentClient {
  return createSzamlaAgentClient({
    baseUrl,
    seller: {
      agentKey: invoicing.agentKey,
      bankName: invoicing.seller.bankName,
      bankAccount: invoicing.seller.bankAccount,
      invoicePrefix: invoicing.invoicePrefix,
      receiptPrefix: invoicing.receiptPrefix,
      receiptTemplateEn: invoicing.receiptTemplateEn,
    },
  });
}

/**
 * The Számla Agent the server talks to: the configured one, or the built-in emulator reached
 * over loopback HTTP like any other address (its port is known once the server listens).
 */
export function createAgentResolver(app: FastifyInstance, invoicing: InvoicingConfig) {
  let client: SzamlaAgentClient | undefined;
  return (): SzamlaAgentClient => {
    if (client) return client;
    let baseUrl = invoicing.baseUrl;
    if (!baseUrl) {
      const address = app.server.address() as AddressInfo | null;
      if (!address) throw new Error('the server is not listening yet: the emulator is unreachable');
      baseUrl = `http://127.0.0.1:${address.port}${SZAMLAZZ_SANDBOX_PATH}`;
    }
    client = agentClientFor(invoicing, baseUrl);
    return client;
  };
}
