import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.js';
import { createOnlineWalletClient, type OnlineWalletClient } from './client.js';

/**
 * The online-wallet partner the server talks to: the configured one, or the built-in emulator
 * reached over loopback HTTP like any other base address (its port is known once listening).
 */
export function onlineWalletGateway(
  app: FastifyInstance,
  config: Config,
): () => OnlineWalletClient {
  let client: OnlineWalletClient | undefined;
  return () => {
    if (client) return client;
    let baseUrl = config.onlineWallet.baseUrl;
    if (!baseUrl) {
      const address = app.server.address() as AddressInfo | null;
      if (!address)
        throw new Error(
          'the server is not listening yet, so the online-wallet emulator is unreachable',
        );
      baseUrl = `http://127.0.0.1:${address.port}/sandbox/online-wallet/api/v1/`;
    }
    client = createOnlineWalletClient({
      baseUrl,
      apiKey: config.onlineWallet.apiKey,
      timeoutMs: config.onlineWallet.timeoutMs,
    });
    return client;
  };
}
