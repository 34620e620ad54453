import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import {
  commandTypeEnum,
  startSession,
  stopSession,
  unlockConnector,
  type CommandResponse,
} from '@voltpark/contract/ocpi/commands';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiOk } from '../envelope.js';
import { invalidParameters, OcpiError } from '../errors.js';
import type { PartnerRow } from '../partners.js';
import type { OcpiModuleEntry } from '../registry.js';
import { commandDepsOf, commandTimeoutMs, type CommandDeps } from './commands-deps.js';
import { runCommand } from './commands-runner.js';
import {
  commandByResponseUrl,
  insertCommand,
  type CommandRow,
  type NewCommand,
} from './commands-store.js';
import {
  chargerReachable,
  commandTarget,
  isPartnerParty,
  partnerSession,
} from './commands-targets.js';

const route = { config: { ocpiModule: 'commands' } };

/** Longest OCPP idTag (CiString20): a longer token uid cannot be sent to a charger. */
const ID_TAG_MAX = 20;

function problems(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`)
    .join('; ');
}

/** What a command request turns into: an answer now, and maybe a command to carry out. */
type Decision =
  | { answer: CommandResponse['result']; message: string }
  | {
      store: Omit<NewCommand, 'partnerId' | 'request' | 'response' | 'deadlineAt' | 'responseUrl'>;
    };

/**
 * The Commands module, CPO side, Receiver interface (mod_commands.asciidoc): a registered eMSP
 * asks us to start or stop a session of its driver (or unlock a connector). We answer at once
 * with a CommandResponse (ACCEPTED with the timeout we keep, or why not), send the OCPP command
 * to the charger afterwards and POST the CommandResult to the request's response_url. Commands
 * are stored (roaming_commands) before they are answered: a replayed request (same
 * response_url) is answered the same and sends nothing again; results are posted by a durable,
 * claimed loop (commands-loop.ts).
 */
export const commandsModule: OcpiModuleEntry = {
  identifier: 'commands',
  role: 'RECEIVER',
  path: 'commands',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    const inFlight = new Set<Promise<void>>();
    let deps: CommandDeps | null = null;
    const depsOf = () => (deps ??= commandDepsOf(scope, ctx));
    // Follow-ups still sending or posting finish before the app (and its database) closes.
    scope.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
    });

    scope.post('/commands/:command', route, async (request) => {
      const partner = await requirePartner(request, 'EMSP');
      const command = commandTypeEnum.safeParse((request.params as { command: string }).command);
      if (!command.success)
        throw invalidParameters('command must be one of ' + commandTypeEnum.options.join(', '));
      const timeout = ctx.config.roaming.commandTimeoutSec;
      const respond = (result: CommandResponse['result'], message?: string) =>
        ocpiOk<CommandResponse>({
          result,
          timeout,
          ...(message ? { message: [{ language: 'en', text: message }] } : {}),
        });

      let responseUrl: string;
      let decide: () => Promise<Decision>;
      switch (command.data) {
        case 'START_SESSION': {
          const body = startSession.safeParse(request.body);
          if (!body.success)
            throw invalidParameters(`not a valid StartSession: ${problems(body.error)}`);
          responseUrl = body.data.response_url;
          decide = () => decideStart(ctx, scope, partner, body.data);
          break;
        }
        case 'STOP_SESSION': {
          const body = stopSession.safeParse(request.body);
          if (!body.success)
            throw invalidParameters(`not a valid StopSession: ${problems(body.error)}`);
          responseUrl = body.data.response_url;
          decide = () => decideStop(ctx, scope, partner, body.data.session_id);
          break;
        }
        case 'UNLOCK_CONNECTOR': {
          const body = unlockConnector.safeParse(request.body);
          if (!body.success)
            throw invalidParameters(`not a valid UnlockConnector: ${problems(body.error)}`);
          responseUrl = body.data.response_url;
          decide = () => decideUnlock(ctx, scope, body.data);
          break;
        }
        default:
          return respond('NOT_SUPPORTED', `${command.data} is not supported`);
      }

      // A replay (same partner and response_url) is answered as the first time, whatever
      // happened since (the session may have started or ended), and nothing is sent again.
      const replayOf = (row: CommandRow) =>
        row.command !== command.data || !isDeepStrictEqual(row.request, request.body)
          ? respond('REJECTED', 'response_url was already used by another command')
          : ocpiOk(row.response as CommandResponse);
      const earlier = await commandByResponseUrl(ctx.db, partner.id, responseUrl);
      if (earlier) return replayOf(earlier);

      const decision = await decide();
      if ('answer' in decision) return respond(decision.answer, decision.message);

      const response: CommandResponse = { result: 'ACCEPTED', timeout };
      const { row, created } = await insertCommand(ctx.db, {
        ...decision.store,
        partnerId: partner.id,
        request: request.body,
        responseUrl,
        response,
        deadlineAt: new Date(Date.now() + commandTimeoutMs(ctx.config)),
      });
      // A replay that raced this one stored its row first.
      if (!created) return replayOf(row);
      const followUp = runCommand(depsOf(), row.id)
        .catch((err: unknown) => request.log.error({ err, commandId: row.id }, 'command failed'))
        .finally(() => inFlight.delete(followUp));
      inFlight.add(followUp);
      return ocpiOk(response);
    });
  },
};

type Central = FastifyInstance['ocpp']['central'];

async function decideStart(
  ctx: OcpiModuleContext,
  scope: { ocpp: { central: Central } },
  partner: PartnerRow,
  body: ReturnType<typeof startSession.parse>,
): Promise<Decision> {
  const { token } = body;
  if (!isPartnerParty(partner, token.country_code, token.party_id))
    throw new OcpiError(
      403,
      ocpiStatus.CLIENT_ERROR,
      'these credentials may only start sessions with tokens of their own country_code and party_id',
    );
  if (!token.valid) return { answer: 'REJECTED', message: 'the token is not valid' };
  if (token.uid.length > ID_TAG_MAX)
    return {
      answer: 'REJECTED',
      message: `token uid longer than ${ID_TAG_MAX} characters: our chargers cannot take it`,
    };
  const target = await commandTarget(ctx.db, ctx.config.roaming, {
    locationId: body.location_id,
    evseUid: body.evse_uid,
    connectorId: body.connector_id,
  });
  if ('unknown' in target) return { answer: 'REJECTED', message: target.unknown };
  if (!(await chargerReachable(ctx.db, scope.ocpp.central, target.chargePointId)))
    return { answer: 'REJECTED', message: 'the charger is not connected' };
  return {
    store: {
      command: 'START_SESSION',
      chargerId: target.chargerId,
      chargePointId: target.chargePointId,
      connectorId: target.connectorId,
      idTag: token.uid,
      token,
      authorizationReference: body.authorization_reference,
    },
  };
}

async function decideStop(
  ctx: OcpiModuleContext,
  scope: { ocpp: { central: Central } },
  partner: PartnerRow,
  sessionId: string,
): Promise<Decision> {
  const session = await partnerSession(ctx.db, partner.id, sessionId);
  if (!session) return { answer: 'UNKNOWN_SESSION', message: 'unknown session' };
  if (session.stopped) return { answer: 'REJECTED', message: 'the session has already ended' };
  if (!(await chargerReachable(ctx.db, scope.ocpp.central, session.chargePointId)))
    return { answer: 'REJECTED', message: 'the charger is not connected' };
  return {
    store: {
      command: 'STOP_SESSION',
      chargerId: null,
      chargePointId: session.chargePointId,
      connectorId: session.connectorId,
      transactionId: session.transactionId,
    },
  };
}

async function decideUnlock(
  ctx: OcpiModuleContext,
  scope: { ocpp: { central: Central } },
  body: ReturnType<typeof unlockConnector.parse>,
): Promise<Decision> {
  const target = await commandTarget(ctx.db, ctx.config.roaming, {
    locationId: body.location_id,
    evseUid: body.evse_uid,
    connectorId: body.connector_id,
  });
  if ('unknown' in target) return { answer: 'REJECTED', message: target.unknown };
  if (!(await chargerReachable(ctx.db, scope.ocpp.central, target.chargePointId)))
    return { answer: 'REJECTED', message: 'the charger is not connected' };
  return {
    store: {
      command: 'UNLOCK_CONNECTOR',
      chargerId: target.chargerId,
      chargePointId: target.chargePointId,
      connectorId: target.connectorId,
    },
  };
}
