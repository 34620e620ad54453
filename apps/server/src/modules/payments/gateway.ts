import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { createSimplePayClient, type SimplePayClient } from './simplepay/client.js';

export interface Gateway {
  merchant: string;
  secretKey: string;
  client(): SimplePayClient;
}

/**
 * The SimplePay the server talks to: the configured merchant, or the built-in emulator reached
 * over loopback HTTP like any other base address (its port is known once the server listens).
 */
export function createGateway(app: FastifyInstance, config: Config): Gateway {
  let client: SimplePayClient | undefined;
  return {
    merchant: config.simplePay.merchant,
    secretKey: config.simplePay.secretKey,
    client() {
      if (client) return client;
      let baseUrl = config.simplePay.baseUrl;
      if (!baseUrl) {
        const address = app.server.address() as AddressInfo | null;
        if (!address)
          throw new Error(
            'the server is not listening yet, so the SimplePay emulator cannot be reached',
          );
        baseUrl = `http://127.0.0.1:${address.port}/sandbox/simplepay/payment/v2/`;
      }
      client = createSimplePayClient({
        merchant: config.simplePay.merchant,
        secretKey: config.simplePay.secretKey,
        baseUrl,
      });
      return client;
    },
  };
}
