// The PostgreSQL browser-test server (decision 0029): a fresh database (a stale one of an
// interrupted run is dropped first), the real server on it, and the database dropped once the
// server has stopped (Playwright sends SIGTERM: gracefulShutdown in playwright.config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminUrl = process.env.E2E_PG_ADMIN_URL;
const databaseUrl = process.env.DATABASE_URL;
if (!adminUrl || !databaseUrl) {
  console.error('postgres-server: E2E_PG_ADMIN_URL and DATABASE_URL are needed');
  process.exit(2);
}
const name = `"${new URL(databaseUrl).pathname.slice(1).replace(/"/g, '""')}"`;

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin(`CREATE DATABASE ${name}`);

const server = spawn(
  process.execPath,
  [path.join(repo, 'node_modules/tsx/dist/cli.mjs'), path.join(repo, 'apps/server/src/main.ts')],
  { stdio: 'inherit', env: process.env },
);
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    .catch((err) => console.error(`postgres-server: could not drop ${name}: ${err.message}`))
    .finally(() => process.exit(stopping ? 0 : (code ?? 1)));
});
