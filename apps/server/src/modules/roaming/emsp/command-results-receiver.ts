import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { commandResult } from '@voltpark/contract/ocpi/commands';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { roamingEmspChargeRequests as R } from '../../../db/schema/index.js';
import { createGateway } from '../../payments/gateway.js';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiDone } from '../envelope.js';
import { invalidParameters, OcpiError } from '../errors.js';
import type { OcpiModuleEntry } from '../registry.js';
import { endRequest } from './charge-requests-store.js';
import { startChargeRequestsLoop } from './charge-requests-loop.js';
import { problems } from './receiver-common.js';
import { roamingChargeChanged } from './roaming-charge-events.js';
import type { PartnerChargeDeps } from './send-start-session.js';
import { backToStarted } from './stop-partner-charge.js';

const route = { config: { ocpiModule: 'commands' } };
const unknownCommand = () => new OcpiError(404, ocpiStatus.CLIENT_ERROR, 'Unknown command');

/**
 * The Commands module, eMSP side: OCPI 2.2.1 calls the eMSP's interface the Sender interface
 * (mod_commands.asciidoc, the eMSP sends commands) and it receives the CommandResult
 * of a START_SESSION / STOP_SESSION we sent, POSTed to the response_url we gave
 * (`/ocpi/2.2.1/emsp/commands/{command}/{opaque key}`). Only the partner the command went to;
 * a result of a command no longer waiting (late, replayed) changes nothing and answers 1000.
 */
export const commandResultsReceiverModule: OcpiModuleEntry = {
  identifier: 'commands',
  role: 'SENDER',
  path: 'emsp/commands',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    const deps: PartnerChargeDeps = {
      db: ctx.db,
      config: ctx.config,
      gateway: createGateway(scope, ctx.config),
      // The loop sends START_SESSION once a card hold is authorized (decision 0050).
      client: ctx.client,
    };
    let loop: ReturnType<typeof startChargeRequestsLoop> | null = null;
    scope.addHook('onListen', async () => {
      loop = startChargeRequestsLoop(deps, scope.log);
    });
    scope.addHook('preClose', async () => {
      await loop?.stop();
      loop = null;
    });

    scope.post('/emsp/commands/:command/:key', route, async (request) => {
      const partner = await requirePartner(request, 'CPO');
      const p = request.params as { command: string; key: string };
      if (p.command !== 'START_SESSION' && p.command !== 'STOP_SESSION') throw unknownCommand();
      const [row] = await ctx.db
        .select()
        .from(R)
        .where(and(eq(R.resultKey, p.key), eq(R.partnerId, partner.id)));
      if (!row) throw unknownCommand();
      const body = commandResult.safeParse(request.body);
      if (!body.success)
        throw invalidParameters(`not a valid CommandResult: ${problems(body.error)}`);
      const { result } = body.data;
      const message = body.data.message?.map((m) => m.text).join(' ') || result;
      if (p.command === 'START_SESSION' && row.pendingCommand === 'START_SESSION') {
        if (result === 'ACCEPTED')
          await ctx.db
            .update(R)
            .set({
              status: 'ACCEPTED',
              pendingCommand: null,
              resultDueAt: null,
              updatedAt: sql`now()`,
            })
            .where(and(eq(R.id, row.id), eq(R.status, 'REQUESTED'), eq(R.resultKey, p.key)));
        else await endRequest(deps, row.id, ['REQUESTED'], 'REJECTED', message);
      } else if (p.command === 'STOP_SESSION' && row.pendingCommand === 'STOP_SESSION') {
        if (result === 'ACCEPTED')
          await ctx.db
            .update(R)
            .set({ pendingCommand: null, resultDueAt: null, updatedAt: sql`now()` })
            .where(and(eq(R.id, row.id), eq(R.status, 'STOPPING'), eq(R.resultKey, p.key)));
        else await backToStarted(deps, row.id, p.key, message);
      }
      // ACCEPTED changes above (endRequest and backToStarted announce their own).
      roamingChargeChanged(ctx.db, row.userId);
      return ocpiDone();
    });
  },
};
