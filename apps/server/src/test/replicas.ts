/**
 * Two-process (replica) tests: real server processes on one PostgreSQL database and the local
 * Redis, as in production with several replicas. Shared by the OCPP and parking replica tests.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import pg from 'pg';

export const pgUrl =
  process.env.TEST_POSTGRES_URL ??
  process.env.DATABASE_URL ??
  'postgres://root@127.0.0.1:5432/test';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresAnswers(): Promise<string | null> {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (err) {
    return `PostgreSQL does not answer at ${pgUrl} (${err instanceof Error ? err.message : String(err)})`;
  } finally {
    await c.end().catch(() => {});
  }
}

function redisAnswers(): Promise<string | null> {
  const u = new URL(redisUrl);
  return new Promise((resolve) => {
    const s = connect({ host: u.hostname, port: Number(u.port || 6379) });
    const fail = (why: string) => (
      s.destroy(),
      resolve(`Redis does not answer at ${redisUrl} (${why})`)
    );
    s.setTimeout(1000, () => fail('timeout'));
    s.once('error', (e) => fail(e.message));
    s.once('connect', () => s.write('PING\r\n'));
    s.once(
      'data',
      (d) => (
        s.destroy(),
        resolve(
          d.toString().startsWith('+PONG')
            ? null
            : `Redis at ${redisUrl} answered ${d.toString().trim()}`,
        )
      ),
    );
  });
}

/** Why a two-process test cannot run here (no PostgreSQL or no Redis), or null. */
export async function replicasSkipReason(): Promise<string | null> {
  return (await postgresAnswers()) ?? (await redisAnswers());
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface Replica<C = never> {
  port: number;
  child: ChildProcess;
  ask(req: C): Promise<unknown>;
}

/** A replica reply over IPC (test-replica.ts). */
type ReplicaReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: string });

/**
 * A server process started from `harness` (a script that builds the app from the environment,
 * listens on PORT, says 'ready' over IPC and answers `{ id, ...command }` messages).
 */
export async function startReplica<C extends object = never>(
  harness: string,
  databaseUrl: string,
): Promise<Replica<C>> {
  const port = await freePort();
  let output = '';
  const child = fork(harness, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'never',
      SIMULATE_CHARGERS: '0',
      GATES_MQTT_PORT: '0',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))));
    child.once('exit', (code) =>
      reject(new Error(`replica exited (${code}) before it was ready:\n${output}`)),
    );
  });
  let next = 0;
  const waiting = new Map<number, (r: ReplicaReply) => void>();
  child.on('message', (m: ReplicaReply | 'ready') => {
    if (m !== 'ready') waiting.get(m.id)?.(m);
  });
  return {
    port,
    child,
    async ask(req) {
      const id = ++next;
      const reply = await new Promise<ReplicaReply>((resolve) => {
        waiting.set(id, resolve);
        child.send({ ...req, id });
      });
      waiting.delete(id);
      if (!reply.ok) throw new Error(reply.error);
      return reply.value;
    },
  };
}

export async function stopReplica(r: { child: ChildProcess } | undefined): Promise<void> {
  if (!r || r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise((resolve) => r.child.once('exit', resolve));
  r.child.kill('SIGTERM');
  const timer = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A fresh database of its own on the test PostgreSQL; returns its URL and how to drop it. */
export async function createReplicaDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
