import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { CommandResult } from '@voltpark/contract/ocpi/commands';
import { sandboxOcpiCommands } from '../../db/schema/index.js';
import { peerCall, successData } from './client.js';
import type { EmulatorContext } from './context.js';
import { callablePeer, routingTo } from './peer-endpoints.js';

const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 5_000;
/** A CommandResult is given up after this many failed deliveries (the eMSP has timed out). */
const MAX_ATTEMPTS = 5;
const BATCH = 20;

/**
 * POSTs the CommandResults of carried-out commands to their response_url, once each: claimed
 * (optimistic on `resultAttempts`), marked delivered when the eMSP accepted it, else retried
 * (5 s, 10 s, 20 s …) up to five times.
 */
export async function deliverCommandResults(
  ctx: EmulatorContext,
  now = new Date(),
): Promise<number> {
  const c = sandboxOcpiCommands;
  const due = await ctx.db
    .select()
    .from(c)
    .where(and(eq(c.state, 'DONE'), isNull(c.resultDeliveredAt), lte(c.resultNextAttemptAt, now)))
    .orderBy(asc(c.resultNextAttemptAt))
    .limit(BATCH);
  let delivered = 0;
  for (const row of due) {
    const [claimed] = await ctx.db
      .update(c)
      .set({
        resultAttempts: row.resultAttempts + 1,
        resultNextAttemptAt: new Date(now.getTime() + CLAIM_MS),
      })
      .where(
        and(
          eq(c.id, row.id),
          isNull(c.resultDeliveredAt),
          eq(c.resultAttempts, row.resultAttempts),
        ),
      )
      .returning({ id: c.id });
    if (!claimed) continue;
    const body: CommandResult = {
      result: row.result as CommandResult['result'],
      ...(row.resultMessage ? { message: [{ language: 'en', text: row.resultMessage }] } : {}),
    };
    try {
      const peer = await callablePeer(ctx.db, row.peerId);
      if (!peer) throw new Error('the platform is not registered');
      successData(
        await peerCall(
          {
            method: 'POST',
            url: row.responseUrl,
            token: peer.theirToken,
            body,
            routing: routingTo(peer),
          },
          ctx.config.roaming.timeoutMs,
        ),
        'the CommandResult',
      );
      await ctx.db
        .update(c)
        .set({ resultDeliveredAt: now, lastError: null })
        .where(eq(c.id, row.id));
      delivered++;
    } catch (err) {
      const last = row.resultAttempts + 1 >= MAX_ATTEMPTS;
      const wait = FIRST_RETRY_MS * 2 ** row.resultAttempts;
      await ctx.db
        .update(c)
        .set({
          resultNextAttemptAt: last ? null : new Date(Math.max(Date.now(), now.getTime()) + wait),
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(eq(c.id, row.id));
    }
  }
  return delivered;
}
