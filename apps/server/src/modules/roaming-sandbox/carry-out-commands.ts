import { and, asc, eq, lte } from 'drizzle-orm';
import type { StartSession, StopSession } from '@voltpark/contract/ocpi/commands';
import { authorizationInfo } from '@voltpark/contract/ocpi/tokens';
import { sandboxOcpiCommands } from '../../db/schema/index.js';
import { peerCall } from './client.js';
import type { EmulatorContext } from './context.js';
import { refuseCommand, startCharge, stopCharge } from './charging-store.js';
import { COMMAND_TIMEOUT_S } from './commands-routes.js';
import { callablePeer, peerEndpoint, routingTo } from './peer-endpoints.js';

const CLAIM_MS = 60_000;
const AUTHORIZE_RETRY_MS = 2_000;
const BATCH = 20;

type CommandRow = typeof sandboxOcpiCommands.$inferSelect;

/**
 * Real-time authorization of a START_SESSION's token at the peer's Tokens Sender, when it
 * announced one: ALLOWED, a refusal (with what it said), or null when the peer could not answer.
 */
async function authorize(
  ctx: EmulatorContext,
  peerId: number,
  cmd: StartSession,
): Promise<{ allowed: true; reference?: string } | { allowed: false; message: string } | null> {
  const peer = await callablePeer(ctx.db, peerId);
  const sender = peer && peerEndpoint(peer, 'tokens', 'SENDER');
  if (!peer || !sender) return { allowed: true };
  const url = `${sender}/${encodeURIComponent(cmd.token.uid)}/authorize?type=${cmd.token.type}`;
  try {
    const a = await peerCall(
      {
        method: 'POST',
        url,
        token: peer.theirToken,
        body: { location_id: cmd.location_id, evse_uids: cmd.evse_uid ? [cmd.evse_uid] : [] },
        routing: routingTo(peer),
      },
      ctx.config.roaming.timeoutMs,
    );
    if (a.envelope.status_code === 2004)
      return { allowed: false, message: 'The token is unknown to its eMSP' };
    if (a.httpStatus !== 200 || a.envelope.status_code !== 1000) return null;
    const info = authorizationInfo.safeParse(a.envelope.data);
    if (!info.success) return null;
    if (info.data.allowed !== 'ALLOWED')
      return { allowed: false, message: `The eMSP answered ${info.data.allowed}` };
    return {
      allowed: true,
      ...(info.data.authorization_reference
        ? { reference: info.data.authorization_reference }
        : {}),
    };
  } catch {
    return null;
  }
}

async function carryOut(ctx: EmulatorContext, c: CommandRow, now: Date): Promise<void> {
  if (c.type === 'STOP_SESSION') {
    const cmd = c.request as StopSession;
    await ctx.db.transaction((tx) =>
      stopCharge(tx, {
        commandId: c.id,
        claimedAttempts: c.attempts,
        sessionId: cmd.session_id,
        now,
      }),
    );
    return;
  }
  const cmd = c.request as StartSession;
  const auth = await authorize(ctx, c.peerId, cmd);
  if (!auth) {
    // The eMSP did not answer: asked again shortly, until the command's timeout has passed.
    if (now.getTime() - c.createdAt.getTime() > COMMAND_TIMEOUT_S * 1000)
      await ctx.db.transaction((tx) =>
        refuseCommand(
          tx,
          c.id,
          c.attempts,
          { result: 'FAILED', message: 'The token could not be authorized' },
          now,
        ),
      );
    else
      await ctx.db
        .update(sandboxOcpiCommands)
        .set({ dueAt: new Date(now.getTime() + AUTHORIZE_RETRY_MS) })
        .where(and(eq(sandboxOcpiCommands.id, c.id), eq(sandboxOcpiCommands.attempts, c.attempts)));
    return;
  }
  if (!auth.allowed) {
    await ctx.db.transaction((tx) =>
      refuseCommand(tx, c.id, c.attempts, { result: 'REJECTED', message: auth.message }, now),
    );
    return;
  }
  const reference = cmd.authorization_reference ?? auth.reference;
  await ctx.db.transaction((tx) =>
    startCharge(tx, {
      commandId: c.id,
      claimedAttempts: c.attempts,
      peerId: c.peerId,
      token: cmd.token,
      ...(reference ? { authorizationReference: reference } : {}),
      locationId: cmd.location_id,
      evseUid: cmd.evse_uid ?? '',
      ...(cmd.connector_id ? { connectorId: cmd.connector_id } : {}),
      now,
      meterEveryMs: ctx.config.roaming.sandboxMeterSec * 1000,
    }),
  );
}

/**
 * The commands due, carried out as the CPO's chargers would: each claimed by one replica
 * (optimistic on `attempts`, with a lease), then done in one transaction that also marks it
 * DONE, so a command is carried out once even if two replicas or a restart meet it.
 */
export async function carryOutCommands(ctx: EmulatorContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select()
    .from(sandboxOcpiCommands)
    .where(and(eq(sandboxOcpiCommands.state, 'PENDING'), lte(sandboxOcpiCommands.dueAt, now)))
    .orderBy(asc(sandboxOcpiCommands.dueAt))
    .limit(BATCH);
  let done = 0;
  for (const c of due) {
    const [claimed] = await ctx.db
      .update(sandboxOcpiCommands)
      .set({ attempts: c.attempts + 1, dueAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(sandboxOcpiCommands.id, c.id),
          eq(sandboxOcpiCommands.state, 'PENDING'),
          eq(sandboxOcpiCommands.attempts, c.attempts),
        ),
      )
      .returning();
    if (!claimed) continue;
    await carryOut(ctx, claimed, now);
    done++;
  }
  return done;
}
