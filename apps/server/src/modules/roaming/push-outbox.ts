import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { roamingPushes, type RoamingPushKind } from '../../db/schema/index.js';

/** A session's meter-value PUTs go out at most this often (start and end go at once). */
export const SESSION_PUSH_EVERY_SECONDS = 30;

/**
 * Seconds to wait after the n-th failed attempt; after the last step every day, until
 * PUSH_MAX_ATTEMPTS, then the push is dropped (the partner can still GET the object).
 */
export const PUSH_RETRY_SECONDS = [15, 60, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 86_400];
export const PUSH_MAX_ATTEMPTS = 20;
/** A claimed push is leased this long: a replica that dies mid-send leaves it to another. */
const LEASE_SECONDS = 120;

/**
 * Queues a push in the caller's transaction. A session has at most one pending SESSION push:
 * a newer change joins it (its `generation` moves, so a send already under way is followed by
 * one with the newer state) and brings it forward when it is due sooner (start and end are due
 * at once, meter values `delaySeconds` later).
 */
export async function enqueuePush(
  db: DbOrTx,
  p: { partnerId: number; sessionPk: number; kind: RoamingPushKind; delaySeconds?: number },
): Promise<void> {
  const due = sql`now() + make_interval(secs => ${p.delaySeconds ?? 0})`;
  await db
    .insert(roamingPushes)
    .values({ partnerId: p.partnerId, sessionPk: p.sessionPk, kind: p.kind, nextAttemptAt: due })
    .onConflictDoUpdate({
      target: [roamingPushes.sessionPk, roamingPushes.kind],
      targetWhere: sql`${roamingPushes.deliveredAt} is null and ${roamingPushes.droppedAt} is null`,
      set: {
        generation: sql`${roamingPushes.generation} + 1`,
        nextAttemptAt: sql`least(${roamingPushes.nextAttemptAt}, ${due})`,
      },
    });
}

export interface ClaimedPush {
  id: number;
  partnerId: number;
  kind: RoamingPushKind;
  sessionPk: number;
  generation: number;
  attempts: number;
}

/**
 * Due pushes, claimed for this sender: a conditional update on unclaimed (or lease-expired) rows
 * with FOR UPDATE SKIP LOCKED, so two replicas or two overlapping rounds never take one row.
 * A SESSION push's next send is put SESSION_PUSH_EVERY_SECONDS ahead (meter values that arrive
 * meanwhile wait for it; start and end bring it forward).
 */
export async function claimDuePushes(db: Db, limit: number): Promise<ClaimedPush[]> {
  const result = await db.execute(sql`
    update roaming_pushes
    set attempts = attempts + 1,
      claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}),
      next_attempt_at = case when kind = 'SESSION'
        then now() + make_interval(secs => ${SESSION_PUSH_EVERY_SECONDS}) else next_attempt_at end
    where id in (
      select id from roaming_pushes
      where delivered_at is null and dropped_at is null and next_attempt_at <= now()
        and (claimed_until is null or claimed_until < now())
      order by next_attempt_at, id limit ${limit} for update skip locked)
    returning id, partner_id, kind, session_pk, generation, attempts`);
  const rows = (
    result as unknown as {
      rows: {
        id: number | string;
        partner_id: number;
        kind: RoamingPushKind;
        session_pk: number;
        generation: number;
        attempts: number;
      }[];
    }
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    partnerId: r.partner_id,
    kind: r.kind,
    sessionPk: r.session_pk,
    generation: r.generation,
    attempts: r.attempts,
  }));
}

/**
 * The partner took the push. A SESSION push whose session changed while it was being sent stays
 * pending (released, attempts back to 0) so the newer state follows.
 */
export async function pushDelivered(db: Db, p: ClaimedPush): Promise<void> {
  const done = await db.execute(sql`
    update roaming_pushes set delivered_at = now(), claimed_until = null, last_error = null
    where id = ${p.id} and generation = ${p.generation} and delivered_at is null
    returning id`);
  if ((done as unknown as { rows: unknown[] }).rows.length === 0) {
    await db.execute(sql`
      update roaming_pushes set claimed_until = null, attempts = 0, last_error = null
      where id = ${p.id} and delivered_at is null`);
  }
}

/** The send failed: tried again after the backoff step, dropped after PUSH_MAX_ATTEMPTS. */
export async function pushFailed(db: Db, p: ClaimedPush, error: string): Promise<void> {
  if (p.attempts >= PUSH_MAX_ATTEMPTS) {
    await pushDropped(db, p, `gave up after ${p.attempts} attempts: ${error}`);
    return;
  }
  const wait = PUSH_RETRY_SECONDS[Math.min(p.attempts, PUSH_RETRY_SECONDS.length) - 1]!;
  await db.execute(sql`
    update roaming_pushes set claimed_until = null, last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + make_interval(secs => ${wait})
    where id = ${p.id} and delivered_at is null`);
}

/** Never to be sent (the partner was removed, has no such endpoint, or retries ran out). */
export async function pushDropped(db: Db, p: ClaimedPush, why: string): Promise<void> {
  await db.execute(sql`
    update roaming_pushes set dropped_at = now(), claimed_until = null,
      last_error = ${why.slice(0, 500)}
    where id = ${p.id} and delivered_at is null`);
}
