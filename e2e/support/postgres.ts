import { spawnSync } from 'node:child_process';

/**
 * The second browser-test server, on PostgreSQL (decision 0029). Flows that need an operator CLI
 * or psql beside the running server (the embedded PGlite allows one process only) run against
 * it in the `postgres` project; everything else keeps the PGlite server.
 *
 * PostgreSQL is the one the server tests use (TEST_POSTGRES_URL, default
 * postgres://root@127.0.0.1:5432/test); the server gets a fresh database of its own beside it,
 * named after its port, created before the run and dropped after it (support/postgres-server.mjs).
 */
export interface E2EPostgres {
  /** The database the runner connects to for creating and dropping the server's one. */
  adminUrl: string;
  /** The server's own database, also given to the CLIs and psql of the tests. */
  databaseUrl: string;
  port: number;
}

/** Why the PostgreSQL flows are skipped in this run (empty when they run); set by the config. */
export const postgresSkipReason = () => process.env.E2E_POSTGRES_SKIP_REASON ?? '';
const skipBecause = (reason: string) => {
  process.env.E2E_POSTGRES_SKIP_REASON = reason;
  return null;
};

const shown = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** Does PostgreSQL answer at url? Synchronous (a config is), in a child process with pg. */
function answers(url: string): string | null {
  const probe = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import pg from 'pg';
       const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
       try { await c.connect(); await c.query('select 1'); await c.end(); }
       catch (err) { console.error(err.message); process.exit(1); }`,
      url,
    ],
    { encoding: 'utf8', timeout: 10_000 },
  );
  return probe.status === 0 ? null : (probe.stderr.trim() || 'no answer').split('\n')[0]!;
}

/**
 * The PostgreSQL server's settings, or null with postgresSkipReason set. Probed once in the
 * runner; its workers inherit the answer through E2E_POSTGRES_PROBED.
 */
export function e2ePostgres(e2ePort: number): E2EPostgres | null {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';
  if (process.env.E2E_POSTGRES === '0') {
    return skipBecause('E2E_POSTGRES=0: the PostgreSQL server is off for this run');
  }
  if (process.env.E2E_POSTGRES_PROBED === undefined)
    process.env.E2E_POSTGRES_PROBED = answers(adminUrl) ?? 'ok';
  const probed = process.env.E2E_POSTGRES_PROBED;
  if (probed !== 'ok') {
    return skipBecause(
      `PostgreSQL does not answer at ${shown(adminUrl)} (${probed}); TEST_POSTGRES_URL names it`,
    );
  }
  const port = Number(process.env.E2E_PG_PORT ?? e2ePort + 1000);
  const db = new URL(adminUrl);
  db.pathname = `/voltpark_e2e_${port}`;
  return { adminUrl, databaseUrl: db.toString(), port };
}

/** Tag of the tests that run on the PostgreSQL server. */
export const POSTGRES_TAG = '@postgres';
