import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../index.js';
import { registerStartCommandAuthorizer } from './commands-authorizer.js';
import { commandDepsOf } from './commands-deps.js';
import { startCommandLoop } from './commands-loop.js';

/**
 * Partners' commands outside their requests: the idTags of START_SESSIONs accepted at OCPP
 * Authorize, and the durable loop (sends left over, timeouts, result posts), run while the
 * server listens.
 */
export function registerCommandBackground(app: FastifyInstance, deps: ModuleDeps): void {
  registerStartCommandAuthorizer(app.ocpp.central, deps.db);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onListen', async () => {
    stop = startCommandLoop(commandDepsOf(app, deps));
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
