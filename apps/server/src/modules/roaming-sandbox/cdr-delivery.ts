import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { sandboxOcpiCdrs } from '../../db/schema/index.js';
import { peerCall, successData } from './client.js';
import type { EmulatorContext } from './context.js';
import { callablePeer, peerEndpoint, routingTo } from './peer-endpoints.js';

const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;
const BATCH = 20;

/**
 * POSTs each new CDR to its platform's CDRs Receiver until it is accepted, then never again:
 * claimed by one replica (optimistic on `attempts`, with a lease), `delivered_at` set on
 * success, else retried with back-off (30 s · 2^n, ≤ 30 min). A platform that announced no CDRs
 * Receiver is asked again later (it may announce one; meanwhile it can GET the CDRs).
 * Returns how many were delivered.
 */
export async function deliverCdrs(ctx: EmulatorContext, now = new Date()): Promise<number> {
  const t = sandboxOcpiCdrs;
  const due = await ctx.db
    .select()
    .from(t)
    .where(and(isNull(t.deliveredAt), lte(t.nextAttemptAt, now)))
    .orderBy(asc(t.nextAttemptAt))
    .limit(BATCH);
  let delivered = 0;
  for (const cdr of due) {
    const [claimed] = await ctx.db
      .update(t)
      .set({ attempts: cdr.attempts + 1, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(and(eq(t.id, cdr.id), isNull(t.deliveredAt), eq(t.attempts, cdr.attempts)))
      .returning({ id: t.id });
    if (!claimed) continue;
    try {
      const peer = await callablePeer(ctx.db, cdr.peerId);
      if (!peer) throw new Error('the platform is not registered');
      const receiver = peerEndpoint(peer, 'cdrs', 'RECEIVER');
      if (!receiver) throw new Error('the platform announced no CDRs Receiver');
      successData(
        await peerCall(
          {
            method: 'POST',
            url: receiver,
            token: peer.theirToken,
            body: cdr.object,
            routing: routingTo(peer),
          },
          ctx.config.roaming.timeoutMs,
        ),
        'the CDR',
      );
      await ctx.db.update(t).set({ deliveredAt: now, lastError: null }).where(eq(t.id, cdr.id));
      delivered++;
    } catch (err) {
      const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** cdr.attempts);
      await ctx.db
        .update(t)
        .set({
          nextAttemptAt: new Date(Math.max(Date.now(), now.getTime()) + wait),
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(eq(t.id, cdr.id));
    }
  }
  return delivered;
}
