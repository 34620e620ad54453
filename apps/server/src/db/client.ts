import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** The one database type the code uses, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; helpers that work inside or outside a transaction take `DbOrTx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A cheap round trip, for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Session-level lock id so that only one replica migrates at a time. */
const MIGRATION_LOCK = 7_316_240_921;

export type DatabaseTarget =
  { url: string } | { dataDir: string } | { memory: true; template?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url);
  if ('dataDir' in target) return openPglite(target.dataDir);
  return openPglite(undefined, target.template);
}

async function openPglite(dataDir: string | undefined, template?: Blob): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    await fs.mkdir(dataDir, { recursive: true });
    client = await PGlite.create(path.join(dataDir, 'pgdata'));
  } else {
    // A dump of an already migrated database starts several times faster than initdb.
    client = await PGlite.create(template ? { loadDataDir: template } : {});
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  // A connection idle for pg's default 10 s would close, and the next burst would pay for new
  // ones: PostgreSQL starts a process for each, and every named statement is prepared again on
  // it. Kept for 5 minutes, the pool stays warm between the bursts of a busy hour (decision 0053).
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 300_000 });
  // Without a listener an idle client's error (e.g. the server restarting) would crash the process.
  pool.on('error', () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
