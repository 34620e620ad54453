import { EventEmitter } from 'node:events';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { roamingPartnerPulls as P, roamingPartners } from '../../../db/schema/index.js';

export type PullRow = typeof P.$inferSelect;

/** Wakes this process's pull loop at once (a registration here; other replicas poll). */
export const pullWake = new EventEmitter();
pullWake.setMaxListeners(0);

/**
 * A CPO partner's next pull is due now, or `delaySeconds` from now (after a registration either
 * way). Durable: a row, so any replica's loop takes it even if this process stops; this
 * process's loop is woken when it is due.
 */
export async function schedulePull(db: DbOrTx, partnerId: number, delaySeconds = 0): Promise<void> {
  const at = sql`now() + make_interval(secs => ${delaySeconds})`;
  await db
    .insert(P)
    .values({ partnerId, nextPullAt: at })
    .onConflictDoUpdate({ target: P.partnerId, set: { nextPullAt: at } });
  if (delaySeconds <= 0) pullWake.emit('wake');
  else setTimeout(() => pullWake.emit('wake'), delaySeconds * 1000 + 100).unref();
}

/** Registered CPO partners without a schedule (e.g. registered by an older version) get one. */
export async function ensureSchedules(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ${P} (partner_id, next_pull_at)
    select ${roamingPartners.id}, now() from ${roamingPartners}
    where ${roamingPartners.status} = 'REGISTERED' and ${roamingPartners.role} = 'CPO'
    on conflict do nothing`);
}

const free = sql`(${P.claimedUntil} is null or ${P.claimedUntil} < now())`;

/**
 * Takes the most overdue pull of a registered CPO partner for `claimId` with one conditional
 * update: the WHERE is checked again on the row it locks, so of two replicas (or two loops)
 * only one gets it; SKIP LOCKED lets the other take the next due partner instead of waiting.
 * The lease ends at `leaseSeconds`.
 */
export async function claimDuePull(
  db: Db,
  claimId: string,
  leaseSeconds: number,
): Promise<PullRow | null> {
  const due = sql`${P.nextPullAt} <= now() and ${free}`;
  const [row] = await db
    .update(P)
    .set({
      claimedBy: claimId,
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      lastAttemptAt: sql`now()`,
    })
    .where(
      and(
        sql`${due}`,
        eq(
          P.partnerId,
          sql`(select p.partner_id from ${P} p join ${roamingPartners} r on r.id = p.partner_id
               where p.next_pull_at <= now()
                 and (p.claimed_until is null or p.claimed_until < now())
                 and r.status = 'REGISTERED' and r.role = 'CPO'
               order by p.next_pull_at limit 1
               for update of p skip locked)`,
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Extends the lease while the pull goes on; false when it is no longer ours (then stop). */
export async function renewClaim(
  db: Db,
  partnerId: number,
  claimId: string,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(P)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(P.partnerId, partnerId), eq(P.claimedBy, claimId)))
    .returning({ id: P.partnerId });
  return rows.length > 0;
}

export interface PullFinish {
  /** Both lists read completely (incremental or full). */
  ok: boolean;
  error: string | null;
  /** When set: the next pull's date_from for that module (the start of this complete read). */
  locationsSince?: Date;
  tariffsSince?: Date;
  /** This was a complete full pull started then. */
  fullPullAt?: Date;
}

/**
 * Releases the claim and sets the next pull a period later, success or not (a first pull that
 * failed: a minute later).
 */
export async function finishPull(
  db: Db,
  partnerId: number,
  claimId: string,
  periodMinutes: number,
  f: PullFinish,
): Promise<void> {
  await db
    .update(P)
    .set({
      claimedBy: null,
      claimedUntil: null,
      // A partner never pulled yet (e.g. still storing our token) is tried again within a minute.
      nextPullAt: f.ok
        ? sql`now() + make_interval(mins => ${periodMinutes})`
        : sql`now() + make_interval(mins => case when ${P.lastSuccessAt} is null
            then least(${periodMinutes}, 1) else ${periodMinutes} end)`,
      lastError: f.error,
      failures: f.ok ? 0 : sql`${P.failures} + 1`,
      ...(f.ok ? { lastSuccessAt: sql`now()` } : {}),
      ...(f.locationsSince ? { locationsSince: f.locationsSince } : {}),
      ...(f.tariffsSince ? { tariffsSince: f.tariffsSince } : {}),
      ...(f.fullPullAt ? { lastFullPullAt: f.fullPullAt } : {}),
    })
    .where(and(eq(P.partnerId, partnerId), eq(P.claimedBy, claimId)));
}

/** The database's clock: pull times are compared with rows' `seen_at`, set by it. */
export async function dbNow(db: Db): Promise<Date> {
  const r = await db.execute(sql`select now() as now`);
  const row = (r as unknown as { rows: { now: string | Date }[] }).rows[0];
  return new Date(row!.now);
}

/** Gives a claim back without moving the schedule (this process stops; another takes it). */
export async function releaseClaim(db: Db, partnerId: number, claimId: string): Promise<void> {
  await db
    .update(P)
    .set({ claimedBy: null, claimedUntil: null })
    .where(and(eq(P.partnerId, partnerId), eq(P.claimedBy, claimId)));
}

/** A removed partner's schedule goes with its data (inside the removal's transaction). */
export async function forgetPartnerPulls(tx: DbOrTx, partnerId: number): Promise<void> {
  await tx.delete(P).where(eq(P.partnerId, partnerId));
}
