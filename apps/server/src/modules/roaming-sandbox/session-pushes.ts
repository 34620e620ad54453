import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { sandboxOcpiSessions } from '../../db/schema/index.js';
import { peerCall, successData } from './client.js';
import type { EmulatorContext } from './context.js';
import { readMeter } from './charging-store.js';
import { VOLTPARTNER } from './party.js';
import { callablePeer, peerEndpoint, routingTo } from './peer-endpoints.js';

const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 15 * 60_000;
const BATCH = 20;

/** Reads the meters of running charges that are due (every 15 s). Returns how many. */
export async function readDueMeters(ctx: EmulatorContext, now = new Date()): Promise<number> {
  const s = sandboxOcpiSessions;
  const due = await ctx.db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.status, 'ACTIVE'), lte(s.nextMeterAt, now)))
    .orderBy(asc(s.nextMeterAt))
    .limit(BATCH);
  let read = 0;
  const every = ctx.config.roaming.sandboxMeterSec * 1000;
  for (const { id } of due)
    if (await ctx.db.transaction((tx) => readMeter(tx, id, now, every))) read++;
  return read;
}

/**
 * PUTs each changed Session (start, meter readings, completion) to the platform's Sessions
 * Receiver, `{url}/HU/VPT/{session_id}`, newest state only. A session is claimed by one
 * replica (optimistic on its next_push_at) so pushes of one session never overlap; a failure is
 * retried with back-off (15 s · 2^n, ≤ 15 min). A platform without a Sessions Receiver pulls:
 * nothing is sent. Returns how many were delivered.
 */
export async function deliverSessionPushes(
  ctx: EmulatorContext,
  now = new Date(),
): Promise<number> {
  const s = sandboxOcpiSessions;
  const due = await ctx.db
    .select({ id: s.id, nextPushAt: s.nextPushAt, pushAttempts: s.pushAttempts, peerId: s.peerId })
    .from(s)
    .where(and(gt(s.version, s.pushedVersion), lte(s.nextPushAt, now)))
    .orderBy(asc(s.nextPushAt))
    .limit(BATCH);
  let delivered = 0;
  for (const row of due) {
    const [claimed] = await ctx.db
      .update(s)
      .set({ nextPushAt: new Date(now.getTime() + CLAIM_MS), pushAttempts: row.pushAttempts + 1 })
      .where(and(eq(s.id, row.id), eq(s.nextPushAt, row.nextPushAt)))
      .returning({ object: s.object, version: s.version });
    if (!claimed) continue;
    const peer = await callablePeer(ctx.db, row.peerId);
    const receiver = peer && peerEndpoint(peer, 'sessions', 'RECEIVER');
    const done = (lastError: string | null) =>
      ctx.db
        .update(s)
        .set({
          pushedVersion: sql`greatest(${s.pushedVersion}, ${claimed.version})`,
          pushAttempts: 0,
          nextPushAt: now,
          lastError,
        })
        .where(and(eq(s.id, row.id), lt(s.pushedVersion, claimed.version)));
    if (!peer || !receiver) {
      await done(peer ? null : 'the platform is not registered');
      continue;
    }
    const url = [receiver, VOLTPARTNER.countryCode, VOLTPARTNER.partyId, row.id]
      .map((part, i) => (i === 0 ? part : encodeURIComponent(part)))
      .join('/');
    try {
      successData(
        await peerCall(
          {
            method: 'PUT',
            url,
            token: peer.theirToken,
            body: claimed.object,
            routing: routingTo(peer),
          },
          ctx.config.roaming.timeoutMs,
        ),
        'the Session push',
      );
      await done(null);
      delivered++;
    } catch (err) {
      const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** row.pushAttempts);
      await ctx.db
        .update(s)
        .set({
          nextPushAt: new Date(Math.max(Date.now(), now.getTime()) + wait),
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(eq(s.id, row.id));
    }
  }
  return delivered;
}
