import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../../db/client.js';
import { rows, seedLocation } from './model/test-seed.js';
import { sweepRoamingRetention } from './retention.js';

// Rows of every age in each table the sweep looks at: what expired goes, what is pending or
// recent stays. Ages are relative to the database's clock, as the sweep's are.

let database: Database;
let partnerId: number;
let sessionPk: number;
let tokenId: number;
let locationId: number;
const DEFAULTS = { callLogDays: 730 };

const ago = (days: number) => sql`now() - make_interval(days => ${days})`;
const one = async (q: SQL) => (await rows<{ id: number | string }>(database.db, q))[0]!.id;

/** The labels still in `table` (each test row carries its label in a text column). */
const left = async (table: string, label: string) =>
  (
    await rows<{ label: string }>(
      database.db,
      sql`select ${sql.identifier(label)} as label from ${sql.identifier(table)} order by id`,
    )
  ).map((r) => r.label);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  partnerId = Number(
    await one(sql`insert into roaming_partners (country_code, party_id, role, name, status)
      values ('HU', 'EEE', 'EMSP', 'Partner', 'REGISTERED') returning id`),
  );
  tokenId = Number(
    await one(sql`insert into roaming_tokens (partner_id, country_code, party_id, uid, uid_key,
        type, contract_id, valid, whitelist, last_updated, object)
      values (${partnerId}, 'HU', 'EEE', 'card1', 'CARD1', 'RFID', 'HU-EEE-C1', true, 'ALWAYS',
        now(), '{}'::jsonb) returning id`),
  );
  const tx = await one(sql`insert into ocpp_transactions (charge_point_id, connector_id, id_tag,
      id_tag_status, meter_start_wh, started_at)
    values ('CP-R', 1, 'card1', 'Accepted', 0, now()) returning id`);
  sessionPk = Number(
    await one(sql`insert into roaming_sessions (id, ocpp_transaction_id, partner_id, cdr_token,
        auth_method, charger_id, location_id, started_at, status)
      values ('S1', ${tx}, ${partnerId}, '{}'::jsonb, 'WHITELIST', 1, 1, now(), 'COMPLETED')
      returning pk as id`),
  );
  ({ locationId } = await seedLocation(db, 'Retention site', []));

  // The call log: the url names the row.
  for (const [label, days] of [
    ['800 days', 800],
    ['700 days', 700],
    ['today', 0],
  ] as const) {
    await db.execute(sql`insert into ocpi_call_log (direction, partner_id, method, url,
        duration_ms, created_at)
      values ('in', ${partnerId}, 'GET', ${label}, 1, ${ago(days)})`);
  }

  // Both outboxes: created, delivered and dropped days ago (null: not yet); last_error names it.
  const pushes: [string, number, number | null, number | null][] = [
    ['delivered 35 days ago', 40, 35, null],
    ['dropped 35 days ago', 60, null, 35],
    ['pending for 40 days', 40, null, null],
    ['delivered 10 days ago', 40, 10, null],
    ['delivered today', 0, 0, null],
  ];
  for (const [label, created, delivered, dropped] of pushes) {
    const d = delivered === null ? sql`null` : ago(delivered);
    const x = dropped === null ? sql`null` : ago(dropped);
    await db.execute(sql`insert into roaming_object_pushes (partner_id, kind, object_id,
        delivered_at, dropped_at, last_error, created_at)
      values (${partnerId}, 'LOCATION', ${locationId}, ${d}, ${x}, ${label}, ${ago(created)})`);
    await db.execute(sql`insert into roaming_pushes (partner_id, kind, session_pk, delivered_at,
        dropped_at, last_error, created_at)
      values (${partnerId}, 'CDR', ${sessionPk}, ${d}, ${x}, ${label}, ${ago(created)})`);
  }

  for (const [label, days] of [
    ['100 days', 100],
    ['80 days', 80],
  ] as const) {
    await db.execute(sql`insert into roaming_authorizations (partner_id, token_id,
        charge_point_id, id_tag_key, status, method, error, created_at)
      values (${partnerId}, ${tokenId}, 'CP-R', 'CARD1', 'Accepted', 'AUTH_REQUEST', ${label},
        ${ago(days)})`);
  }

  // Commands: the response_url names the row.
  const commands: [string, string, SQL, SQL, SQL][] = [
    ['posted 100 days ago', 'DONE', sql`'ACCEPTED'`, ago(100), sql`null`],
    ['given up 100 days ago', 'DONE', sql`'FAILED'`, sql`null`, ago(100)],
    ['result not posted yet', 'DONE', sql`'ACCEPTED'`, sql`null`, sql`null`],
    ['never answered', 'PENDING', sql`null`, sql`null`, sql`null`],
    ['posted 80 days ago', 'DONE', sql`'ACCEPTED'`, ago(80), sql`null`],
  ];
  for (const [label, status, result, posted, abandoned] of commands) {
    await db.execute(sql`insert into roaming_commands (partner_id, command, request,
        response_url, response, charge_point_id, connector_id, status, deadline_at, result,
        posted_at, post_abandoned_at, created_at)
      values (${partnerId}, 'START_SESSION', '{}'::jsonb, ${label}, '{}'::jsonb, 'CP-R', 1,
        ${status}, ${ago(100)}, ${result}, ${posted}, ${abandoned}, ${ago(100)})`);
  }

  // Removed EVSEs: the short name names the row.
  for (const [label, days] of [
    ['31 days', 31],
    ['29 days', 29],
  ] as const) {
    await db.execute(sql`insert into roaming_removed_evses (location_id, charger_id, short_name,
        outlet_type, current_type, power_kw, removed_at)
      values (${locationId}, ${days}, ${label}, 'TYPE2', 'AC', 22, ${ago(days)})`);
  }
});
afterAll(() => database?.close());

describe('the retention sweep of roaming records', () => {
  it('deletes what expired and keeps what is pending or recent, in every table', async () => {
    const deleted = await sweepRoamingRetention(database.db, DEFAULTS);
    expect(deleted).toEqual({
      ocpi_call_log: 1,
      roaming_object_pushes: 2,
      roaming_pushes: 2,
      roaming_authorizations: 1,
      roaming_commands: 2,
      roaming_removed_evses: 1,
    });
    expect(await left('ocpi_call_log', 'url')).toEqual(['700 days', 'today']);
    for (const table of ['roaming_object_pushes', 'roaming_pushes']) {
      expect(await left(table, 'last_error')).toEqual([
        'pending for 40 days',
        'delivered 10 days ago',
        'delivered today',
      ]);
    }
    expect(await left('roaming_authorizations', 'error')).toEqual(['80 days']);
    expect(await left('roaming_commands', 'response_url')).toEqual([
      'result not posted yet',
      'never answered',
      'posted 80 days ago',
    ]);
    expect(await left('roaming_removed_evses', 'short_name')).toEqual(['29 days']);

    // A second sweep finds nothing more.
    expect(Object.values(await sweepRoamingRetention(database.db, DEFAULTS))).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
  });

  it('keeps the call log as many days as configured', async () => {
    const deleted = await sweepRoamingRetention(database.db, { callLogDays: 30 });
    expect(deleted.ocpi_call_log).toBe(1);
    expect(await left('ocpi_call_log', 'url')).toEqual(['today']);
  });

  it('works off a backlog in batches, two replicas at once', async () => {
    await database.db.execute(sql`insert into ocpi_call_log (direction, method, url, duration_ms,
        created_at)
      select 'out', 'PUT', 'old ' || g, 1, now() - interval '3 years'
      from generate_series(1, 2500) g`);
    const [x, y] = await Promise.all([
      sweepRoamingRetention(database.db, DEFAULTS),
      sweepRoamingRetention(database.db, DEFAULTS),
    ]);
    expect((x.ocpi_call_log ?? 0) + (y.ocpi_call_log ?? 0)).toBe(2500);
    expect(await left('ocpi_call_log', 'url')).toEqual(['today']);
  });

  it('ends early when the server is closing', async () => {
    await database.db.execute(sql`insert into ocpi_call_log (direction, method, url, duration_ms,
        created_at)
      values ('out', 'PUT', 'old', 1, now() - interval '3 years')`);
    expect(await sweepRoamingRetention(database.db, DEFAULTS, () => true)).toMatchObject({
      ocpi_call_log: 0,
    });
    expect(await left('ocpi_call_log', 'url')).toEqual(['today', 'old']);
  });
});
