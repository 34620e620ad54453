import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { REMOVED_EVSE_LISTED_DAYS } from './model/removed-evses.js';

/**
 * How long roaming records are kept (decision 0046). What a dispute needs is the call log (every
 * OCPI call in and out, with its bodies) and the sessions, CDRs and receipts themselves, which
 * are never deleted here; the outboxes' finished rows and the authorizations only explain
 * how a call came to be made.
 */
export interface RoamingRetention {
  /** ROAMING_CALL_LOG_RETENTION_DAYS, default 730 (two years). */
  callLogDays: number;
}

/** Delivered or dropped pushes (Locations/Tariffs, Sessions/CDRs): their calls are logged. */
export const FINISHED_PUSH_DAYS = 30;
/** Real-time authorizations: an accepted one is reused for 10 minutes only. */
export const AUTHORIZATION_DAYS = 90;
/** Commands whose result was posted (or given up): a replay that late is a new command. */
export const FINISHED_COMMAND_DAYS = 90;

/** Rows deleted per statement: each is short, so no lock is held for long. */
const BATCH = 1000;
/** Statements per table and round: a backlog is worked off over the next rounds. */
const MAX_BATCHES = 50;

interface Rule {
  table: string;
  days: number;
  /** Which rows may go, `cutoff` the oldest time kept; a pending row never matches. */
  expired: (cutoff: SQL) => SQL;
}

function rules(r: RoamingRetention): Rule[] {
  const finishedPush = (c: SQL) =>
    sql`created_at < ${c} and (delivered_at < ${c} or dropped_at < ${c})`;
  return [
    { table: 'ocpi_call_log', days: r.callLogDays, expired: (c) => sql`created_at < ${c}` },
    { table: 'roaming_object_pushes', days: FINISHED_PUSH_DAYS, expired: finishedPush },
    { table: 'roaming_pushes', days: FINISHED_PUSH_DAYS, expired: finishedPush },
    {
      table: 'roaming_authorizations',
      days: AUTHORIZATION_DAYS,
      expired: (c) => sql`created_at < ${c}`,
    },
    {
      table: 'roaming_commands',
      days: FINISHED_COMMAND_DAYS,
      expired: (c) =>
        sql`created_at < ${c} and status = 'DONE' and (posted_at < ${c} or post_abandoned_at < ${c})`,
    },
    {
      table: 'roaming_removed_evses',
      days: REMOVED_EVSE_LISTED_DAYS,
      expired: (c) => sql`removed_at < ${c}`,
    },
  ];
}

/**
 * One retention sweep: the expired rows of each table deleted in batches, each batch one short
 * statement that skips rows another replica's sweep (or a sender) holds, so any number of
 * replicas can sweep at once. Idempotent; `stopped` ends it early (the server is closing).
 * The number of rows deleted, by table.
 */
export async function sweepRoamingRetention(
  db: Db,
  retention: RoamingRetention,
  stopped: () => boolean = () => false,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of rules(retention)) {
    const table = sql.identifier(rule.table);
    const cutoff = sql`(now() - make_interval(days => ${rule.days}))`;
    let total = 0;
    for (let i = 0; i < MAX_BATCHES && !stopped(); i++) {
      const result = await db.execute(sql`
        delete from ${table} where id in (
          select id from ${table} where ${rule.expired(cutoff)}
          limit ${BATCH} for update skip locked)
        returning id`);
      const n = (result as unknown as { rows: unknown[] }).rows.length;
      total += n;
      if (n < BATCH) break;
    }
    deleted[rule.table] = total;
  }
  return deleted;
}
