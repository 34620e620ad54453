// Runs the server's database tests against a real PostgreSQL when one answers
// (TEST_POSTGRES_URL, default postgres://root@127.0.0.1:5432/test). Each test file creates and
// drops its own database beside the one named. Without PostgreSQL it says so and passes.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';
const shown = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
} catch (err) {
  console.log(
    `PostgreSQL does not answer at ${shown} (${err.message}): the PostgreSQL run is skipped.`,
  );
  process.exit(0);
}
console.log(`Running the server tests against PostgreSQL at ${shown}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server-postgres'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(run.status ?? 1);
