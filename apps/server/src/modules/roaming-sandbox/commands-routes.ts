import type { FastifyInstance } from 'fastify';
import { startSession, stopSession, type CommandResponse } from '@voltpark/contract/ocpi/commands';
import type { OcpiCredentialsRole } from '@voltpark/contract/ocpi/credentials';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { and, eq } from 'drizzle-orm';
import { sandboxOcpiCommands, sandboxOcpiSessions } from '../../db/schema/index.js';
import { ocpiOk } from '../roaming/envelope.js';
import { OcpiError } from '../roaming/errors.js';
import { requirePeer } from './auth.js';
import type { EmulatorContext } from './context.js';
import type { PeerRow } from './peers.js';
import { locationById } from './store.js';

/** Seconds the platform is told to wait for a CommandResult. */
export const COMMAND_TIMEOUT_S = 30;
/** A command is carried out by the charging loop this long after it came (the charger's turn). */
export const COMMAND_DELAY_MS = 1_000;

const answer = (result: CommandResponse['result'], message?: string): CommandResponse => ({
  result,
  timeout: COMMAND_TIMEOUT_S,
  ...(message ? { message: [{ language: 'en', text: message }] } : {}),
});

/** Whether a token's party is the peer itself or one of the roles of its credentials. */
function speaksFor(peer: PeerRow, countryCode: string, partyId: string): boolean {
  const key = (c: string | null | undefined, p: string | null | undefined) =>
    `${(c ?? '').toUpperCase()}/${(p ?? '').toUpperCase()}`;
  const roles = (peer.roles as OcpiCredentialsRole[] | null) ?? [];
  return [
    key(peer.countryCode, peer.partyId),
    ...roles.map((r) => key(r.country_code, r.party_id)),
  ].includes(key(countryCode, partyId));
}

function parsed<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  body: unknown,
): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new OcpiError(400, ocpiStatus.INVALID_PARAMETERS, 'Invalid command');
  return r.data;
}

/**
 * The emulated CPO's Commands module, Receiver interface: START_SESSION and STOP_SESSION are
 * answered at once (CommandResponse) and carried out a moment later by the charging loop, which
 * POSTs the CommandResult to the command's response_url. Other commands: NOT_SUPPORTED.
 */
export function registerCommandsRoutes(scope: FastifyInstance, ctx: EmulatorContext): void {
  const queue = async (
    peerId: number,
    type: 'START_SESSION' | 'STOP_SESSION',
    request: { response_url: string },
  ) => {
    // The same command sent again (same response_url) is queued once.
    await ctx.db
      .insert(sandboxOcpiCommands)
      .values({
        peerId,
        type,
        request,
        responseUrl: request.response_url,
        dueAt: new Date(Date.now() + COMMAND_DELAY_MS),
      })
      .onConflictDoNothing();
  };

  scope.post('/commands/:command', async (request) => {
    const peer = await requirePeer(ctx.db, request);
    const { command } = request.params as { command: string };
    if (command === 'START_SESSION') {
      const cmd = parsed(startSession, request.body);
      if (!speaksFor(peer, cmd.token.country_code, cmd.token.party_id))
        return ocpiOk(answer('REJECTED', 'The token is not of a party this platform speaks for'));
      if (!cmd.token.valid) return ocpiOk(answer('REJECTED', 'The token is not valid'));
      const location = await locationById(ctx.db, cmd.location_id);
      if (!location) return ocpiOk(answer('REJECTED', `Unknown location ${cmd.location_id}`));
      if (!cmd.evse_uid) return ocpiOk(answer('REJECTED', 'evse_uid is required at this CPO'));
      const evse = location.evses?.find((e) => e.uid === cmd.evse_uid);
      if (!evse) return ocpiOk(answer('REJECTED', `Unknown EVSE ${cmd.evse_uid}`));
      if (cmd.connector_id && !evse.connectors.some((c) => c.id === cmd.connector_id))
        return ocpiOk(answer('REJECTED', `Unknown connector ${cmd.connector_id}`));
      await queue(peer.id, 'START_SESSION', cmd);
      return ocpiOk(answer('ACCEPTED'));
    }
    if (command === 'STOP_SESSION') {
      const cmd = parsed(stopSession, request.body);
      const [session] = await ctx.db
        .select({ id: sandboxOcpiSessions.id })
        .from(sandboxOcpiSessions)
        .where(
          and(
            eq(sandboxOcpiSessions.id, cmd.session_id),
            eq(sandboxOcpiSessions.peerId, peer.id),
            eq(sandboxOcpiSessions.status, 'ACTIVE'),
          ),
        );
      if (!session)
        return ocpiOk(answer('UNKNOWN_SESSION', `No running session ${cmd.session_id}`));
      await queue(peer.id, 'STOP_SESSION', cmd);
      return ocpiOk(answer('ACCEPTED'));
    }
    if (['RESERVE_NOW', 'CANCEL_RESERVATION', 'UNLOCK_CONNECTOR'].includes(command))
      return ocpiOk(answer('NOT_SUPPORTED', `${command} is not supported by this CPO`));
    throw new OcpiError(404, ocpiStatus.CLIENT_ERROR, 'No such command');
  });
}
