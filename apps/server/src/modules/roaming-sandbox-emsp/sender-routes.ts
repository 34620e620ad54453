import type { FastifyInstance } from 'fastify';
import { commandResult } from '@voltpark/contract/ocpi/commands';
import { ocpiDone, ocpiOk } from '../roaming/envelope.js';
import { requirePlatform } from './auth.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE_TOKENS } from './party.js';
import { bodyOf } from './receive.js';

/**
 * The emulated eMSP's Tokens Sender (its drivers' cards, one page: they are three) and its
 * Commands Receiver (the CPO's asynchronous results; logged, nothing waits for them yet).
 */
export function registerSenderRoutes(scope: FastifyInstance, ctx: EmspEmulatorContext): void {
  scope.get('/tokens', async (request, reply) => {
    await requirePlatform(ctx.db, request, true);
    void reply
      .header('x-total-count', String(VOLTDRIVE_TOKENS.length))
      .header('x-limit', String(VOLTDRIVE_TOKENS.length));
    return ocpiOk(VOLTDRIVE_TOKENS);
  });

  scope.post('/commands/:command/:uid', async (request) => {
    await requirePlatform(ctx.db, request, true);
    const result = bodyOf(commandResult, request);
    request.log.info({ params: request.params, result }, 'the eMSP emulator got a command result');
    return ocpiDone();
  });
}
