import { randomUUID } from 'node:crypto';
import {
  commandResponse,
  type CommandResponse,
  type StartSession,
  type StopSession,
} from '@voltpark/contract/ocpi/commands';
import { OCPI_VERSION } from '@voltpark/contract/ocpi/versions';
import { PeerCallError, peerCall, successData } from '../roaming-sandbox/client.js';
import {
  commandAnswered,
  commandCallFailed,
  commandSent,
  type CommandAbout,
} from './command-log.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE, VOLTDRIVE_TOKENS } from './party.js';
import { platformEndpoint, platformRow } from './platform-row.js';

/**
 * One command of the emulated eMSP to the platform's Commands Receiver (START_SESSION or
 * STOP_SESSION), with a response_url of its own Commands Receiver for the later result. The
 * command is kept (sandbox_emsp_commands) before it is sent, then the platform's synchronous
 * CommandResponse (returned) or why the call failed.
 */
async function sendCommand(
  ctx: EmspEmulatorContext,
  command: 'START_SESSION' | 'STOP_SESSION',
  body: (responseUrl: string) => StartSession | StopSession,
  about: CommandAbout,
): Promise<CommandResponse> {
  const platform = await platformRow(ctx.db);
  const base = platform && platformEndpoint(platform, 'commands', 'RECEIVER');
  const token = platform?.status === 'REGISTERED' ? platform.theirToken : null;
  if (!token || !base)
    throw new PeerCallError('the emulator is not registered with a Commands Receiver');
  const id = randomUUID();
  const responseUrl = `${ctx.baseUrl()}/${OCPI_VERSION}/commands/${command}/${id}`;
  const { countryCode, partyId } = ctx.config.ocpiParty;
  await commandSent(ctx.db, { id, command, ...about });
  try {
    const answer = await peerCall(
      {
        method: 'POST',
        url: `${base}/${command}`,
        token,
        body: body(responseUrl),
        routing: { from: [VOLTDRIVE.countryCode, VOLTDRIVE.partyId], to: [countryCode, partyId] },
      },
      ctx.config.roaming.timeoutMs,
    );
    const parsed = commandResponse.safeParse(successData(answer, `the ${command} POST`));
    if (!parsed.success) throw new PeerCallError(`the ${command} answer is not a CommandResponse`);
    await commandAnswered(ctx.db, id, parsed.data);
    return parsed.data;
  } catch (err) {
    await commandCallFailed(ctx.db, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** A VoltDrive driver (by card uid) starts a charge at one of our EVSEs. */
export function startSession(
  ctx: EmspEmulatorContext,
  at: { tokenUid: string; locationId: string; evseUid: string },
): Promise<CommandResponse> {
  const token = VOLTDRIVE_TOKENS.find((t) => t.uid === at.tokenUid);
  if (!token) throw new PeerCallError(`no VoltDrive driver has the card ${at.tokenUid}`);
  return sendCommand(
    ctx,
    'START_SESSION',
    (response_url) => ({
      response_url,
      token,
      location_id: at.locationId,
      evse_uid: at.evseUid,
      authorization_reference: randomUUID().slice(0, 36),
    }),
    at,
  );
}

/** A VoltDrive driver stops their charge (our OCPI Session id, as pushed to the emulator). */
export function stopSession(ctx: EmspEmulatorContext, sessionId: string): Promise<CommandResponse> {
  return sendCommand(
    ctx,
    'STOP_SESSION',
    (response_url) => ({ response_url, session_id: sessionId }),
    {
      sessionId,
    },
  );
}
