import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Failed log-ins and registrations, counted per key ("ip:…", "email:…") in the database so that
 * every replica sees the same count. Past the limit a key is locked for a while, growing with
 * each further failure; before that, answers are slowed down a little per failure.
 */
export interface ThrottlePolicy {
  /** Failures within the window before the key is locked. */
  limit: number;
  windowMinutes: number;
  lockMinutes: number;
}

export const policies = {
  loginEmail: { limit: 5, windowMinutes: 15, lockMinutes: 15 },
  loginIp: { limit: 30, windowMinutes: 15, lockMinutes: 15 },
  registerIp: { limit: 10, windowMinutes: 60, lockMinutes: 60 },
  /** Failed /ws auth frames (each a guessed token), per client address, as loginIp. */
  wsAuthIp: { limit: 30, windowMinutes: 15, lockMinutes: 15 },
} satisfies Record<string, ThrottlePolicy>;

export async function lockedUntil(db: Db, key: string): Promise<Date | null> {
  const result = await db.execute(sql`select locked_until from auth_throttle where key = ${key}`);
  const row = (result as unknown as { rows: { locked_until: Date | string | null }[] }).rows[0];
  if (!row?.locked_until) return null;
  const until = new Date(row.locked_until);
  return until.getTime() > Date.now() ? until : null;
}

/** Counts one failure; returns the failures within the current window. */
export async function recordFailure(db: Db, key: string, policy: ThrottlePolicy): Promise<number> {
  const result = await db.execute(sql`
    insert into auth_throttle as t (key, failures, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when t.window_started_at < now() - make_interval(mins => ${policy.windowMinutes})
                      then 1 else t.failures + 1 end,
      window_started_at = case when t.window_started_at < now() - make_interval(mins => ${policy.windowMinutes})
                      then now() else t.window_started_at end
    returning failures`);
  const failures = Number(
    (result as unknown as { rows: { failures: number }[] }).rows[0]?.failures ?? 1,
  );
  if (failures >= policy.limit) {
    const minutes = policy.lockMinutes * 2 ** Math.min(4, failures - policy.limit);
    await db.execute(
      sql`update auth_throttle set locked_until = now() + make_interval(mins => ${minutes}) where key = ${key}`,
    );
  }
  return failures;
}

export async function clearFailures(db: Db, key: string) {
  await db.execute(sql`delete from auth_throttle where key = ${key}`);
}

/** A short pause that grows with the failures so far: slows guessing without hurting people. */
export function slowDown(failures: number): Promise<void> {
  const ms = Math.min(2000, Math.max(0, failures - 1) * 250);
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
