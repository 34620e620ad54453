import type { FastifyInstance } from 'fastify';
import { commandResult } from '@voltpark/contract/ocpi/commands';
import { ocpiDone, ocpiOk } from '../roaming/envelope.js';
import { requirePlatform } from './auth.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE_TOKENS } from './party.js';
import { bodyOf, unknownObject } from './receive.js';
import { commandResultCame } from './command-log.js';

/**
 * The emulated eMSP's Tokens Sender (its drivers' cards, one page: they are three) and its
 * Commands Receiver (the CPO's asynchronous results, kept with the command they answer; a result
 * for a command it never sent is 404).
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
    const { command, uid } = request.params as { command: string; uid: string };
    if (!(await commandResultCame(ctx.db, { id: uid, command }, result)))
      throw unknownObject('command');
    return ocpiDone();
  });
}
