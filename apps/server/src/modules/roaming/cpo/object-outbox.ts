import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { RoamingObjectPushKind } from '../../../db/schema/index.js';
import { PUSH_MAX_ATTEMPTS, PUSH_RETRY_SECONDS } from '../push-outbox.js';

/**
 * The durable outbox of our Locations and Tariffs pushes (`roaming_object_pushes`, queued by
 * database triggers, migration roaming_cpo_pushes): claims, delivery, backoff and drops, the
 * same rules as the Sessions/CDRs outbox (decision 0035).
 */

/** A claimed push is leased this long: a replica that dies mid-send leaves it to another. */
const LEASE_SECONDS = 120;

export interface ClaimedObjectPush {
  id: number;
  partnerId: number;
  kind: RoamingObjectPushKind;
  objectId: number;
  generation: number;
  attempts: number;
}

interface Row {
  id: number | string;
  partner_id: number;
  kind: RoamingObjectPushKind;
  object_id: number;
  generation: number;
  attempts: number;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Due pushes, claimed for this sender: a conditional update on unclaimed (or lease-expired) rows
 * with FOR UPDATE SKIP LOCKED, so two replicas or two overlapping rounds never take one row.
 */
export async function claimDueObjectPushes(db: Db, limit: number): Promise<ClaimedObjectPush[]> {
  const result = await db.execute(sql`
    update roaming_object_pushes
    set attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from roaming_object_pushes
      where delivered_at is null and dropped_at is null and next_attempt_at <= now()
        and (claimed_until is null or claimed_until < now())
      order by next_attempt_at, id limit ${limit} for update skip locked)
    returning id, partner_id, kind, object_id, generation, attempts`);
  return rowsOf<Row>(result).map((r) => ({
    id: Number(r.id),
    partnerId: r.partner_id,
    kind: r.kind,
    objectId: r.object_id,
    generation: r.generation,
    attempts: r.attempts,
  }));
}

/**
 * The partner took the push. When the object changed while it was being sent (a trigger moved
 * the generation) the row stays pending, released with its attempts back to 0, so the newer
 * state follows at once.
 */
export async function objectPushDelivered(db: Db, p: ClaimedObjectPush): Promise<void> {
  const done = await db.execute(sql`
    update roaming_object_pushes set delivered_at = now(), claimed_until = null, last_error = null
    where id = ${p.id} and generation = ${p.generation} and delivered_at is null
    returning id`);
  if (rowsOf(done).length === 0) {
    await db.execute(sql`
      update roaming_object_pushes set claimed_until = null, attempts = 0, last_error = null,
        next_attempt_at = now()
      where id = ${p.id} and delivered_at is null and dropped_at is null`);
  }
}

/** The send failed: tried again after the backoff step, dropped after PUSH_MAX_ATTEMPTS. */
export async function objectPushFailed(db: Db, p: ClaimedObjectPush, error: string): Promise<void> {
  if (p.attempts >= PUSH_MAX_ATTEMPTS) {
    await objectPushDropped(db, p, `gave up after ${p.attempts} attempts: ${error}`);
    return;
  }
  const wait = PUSH_RETRY_SECONDS[Math.min(p.attempts, PUSH_RETRY_SECONDS.length) - 1]!;
  await db.execute(sql`
    update roaming_object_pushes set claimed_until = null, last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + make_interval(secs => ${wait})
    where id = ${p.id} and delivered_at is null`);
}

/** Never to be sent (the partner was removed, has no such endpoint, the object is gone…). */
export async function objectPushDropped(db: Db, p: ClaimedObjectPush, why: string): Promise<void> {
  await db.execute(sql`
    update roaming_object_pushes set dropped_at = now(), claimed_until = null,
      last_error = ${why.slice(0, 500)}
    where id = ${p.id} and delivered_at is null`);
}
