import { and, asc, eq, lte } from 'drizzle-orm';
import { ocpiDateTime } from '@voltpark/contract/ocpi/envelope';
import type { Location, OcpiStatus } from '@voltpark/contract/ocpi/locations';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import {
  sandboxOcpiLocations,
  sandboxOcpiPeers,
  sandboxOcpiSessions,
  sandboxOcpiStatusPushes,
} from '../../db/schema/index.js';
import { peerCall, successData } from './client.js';
import type { EmulatorContext } from './context.js';
import { VOLTPARTNER } from './party.js';
import { setEvseStatus } from './store.js';

/** How long a claimed push is left to its replica before another may send it. */
const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 15 * 60_000;
const BATCH = 20;

/**
 * A driver comes or goes somewhere in the network. A driver charging (not one of a platform's)
 * leaves first: one CHARGING EVSE becomes AVAILABLE; only when none is does one AVAILABLE EVSE
 * start CHARGING. So at most one EVSE is busy this way, for one round, and a point a driver
 * picks on the map is not blocked for minutes (EVSEs out of order stay so). Null when none can.
 */
export async function changeSomeStatus(
  ctx: EmulatorContext,
  pick: (n: number) => number = (n) => Math.floor(Math.random() * n),
): Promise<{ locationId: string; evseUid: string; status: OcpiStatus } | null> {
  const rows = await ctx.db
    .select({ id: sandboxOcpiLocations.id, object: sandboxOcpiLocations.object })
    .from(sandboxOcpiLocations)
    .orderBy(asc(sandboxOcpiLocations.id));
  // An EVSE a platform's driver charges at is left alone (its session ends it).
  const roaming = new Set(
    (
      await ctx.db
        .select({ evseUid: sandboxOcpiSessions.evseUid })
        .from(sandboxOcpiSessions)
        .where(eq(sandboxOcpiSessions.status, 'ACTIVE'))
    ).map((r) => r.evseUid),
  );
  const evses = rows.flatMap((r) =>
    ((r.object as Location).evses ?? [])
      .filter((e) => !roaming.has(e.uid))
      .map((e) => ({ locationId: r.id, evseUid: e.uid, from: e.status })),
  );
  const charging = evses.filter((e) => e.from === 'CHARGING');
  const candidates = charging.length > 0 ? charging : evses.filter((e) => e.from === 'AVAILABLE');
  if (candidates.length === 0) return null;
  const c = candidates[pick(candidates.length)]!;
  const status: OcpiStatus = c.from === 'AVAILABLE' ? 'CHARGING' : 'AVAILABLE';
  const done = await setEvseStatus(ctx.db, c.locationId, c.evseUid, status, new Date(), c.from);
  return done ? { locationId: c.locationId, evseUid: c.evseUid, status } : null;
}

/**
 * Sends the queued status changes to the platform's Locations Receiver (PATCH of the EVSE, as
 * mod_locations asks of a CPO). A platform that announced no Locations Receiver gets none: the
 * queue is dropped (it pulls the locations instead). A failed push is retried later, backing off;
 * a delivered one is deleted only if no newer change of its EVSE came meanwhile.
 * Returns how many were delivered.
 */
export async function deliverStatusPushes(ctx: EmulatorContext, now = new Date()): Promise<number> {
  const [platform] = await ctx.db
    .select()
    .from(sandboxOcpiPeers)
    .where(and(eq(sandboxOcpiPeers.label, 'platform'), eq(sandboxOcpiPeers.status, 'REGISTERED')));
  const receiver = ((platform?.endpoints as OcpiEndpoint[] | null) ?? []).find(
    (e) => e.identifier === 'locations' && e.role === 'RECEIVER',
  );
  if (!platform?.theirToken || !receiver) {
    await ctx.db
      .delete(sandboxOcpiStatusPushes)
      .where(lte(sandboxOcpiStatusPushes.lastUpdated, now));
    return 0;
  }
  const due = await ctx.db
    .select()
    .from(sandboxOcpiStatusPushes)
    .where(lte(sandboxOcpiStatusPushes.nextAttemptAt, now))
    .orderBy(asc(sandboxOcpiStatusPushes.nextAttemptAt))
    .limit(BATCH);
  let delivered = 0;
  for (const push of due) {
    const mine = and(
      eq(sandboxOcpiStatusPushes.evseUid, push.evseUid),
      eq(sandboxOcpiStatusPushes.lastUpdated, push.lastUpdated),
    );
    // Claimed for this replica (another one finds next_attempt_at in the future).
    const [claimed] = await ctx.db
      .update(sandboxOcpiStatusPushes)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS), attempts: push.attempts + 1 })
      .where(and(mine, eq(sandboxOcpiStatusPushes.attempts, push.attempts)))
      .returning({ uid: sandboxOcpiStatusPushes.evseUid });
    if (!claimed) continue;
    const url = [
      receiver.url.replace(/\/+$/, ''),
      VOLTPARTNER.countryCode,
      VOLTPARTNER.partyId,
      push.locationId,
      push.evseUid,
    ]
      .map((part, i) => (i === 0 ? part : encodeURIComponent(part)))
      .join('/');
    try {
      successData(
        await peerCall(
          {
            method: 'PATCH',
            url,
            token: platform.theirToken,
            body: { status: push.status, last_updated: ocpiDateTime(push.lastUpdated) },
            routing: {
              from: [VOLTPARTNER.countryCode, VOLTPARTNER.partyId],
              to: [platform.countryCode ?? '', platform.partyId ?? ''],
            },
          },
          ctx.config.roaming.timeoutMs,
        ),
        'the status push',
      );
      await ctx.db.delete(sandboxOcpiStatusPushes).where(mine);
      delivered++;
    } catch (err) {
      const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** push.attempts);
      await ctx.db
        .update(sandboxOcpiStatusPushes)
        .set({
          nextAttemptAt: new Date(Math.max(Date.now(), now.getTime()) + wait),
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(mine);
    }
  }
  return delivered;
}
