import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { SimChargePoint } from '@voltpark/sim';
import { openDatabase, type Database } from '../../db/client.js';
import { ocppIdTags, ocppTransactions } from '../../db/schema/index.js';
import { addChargePoint } from './registry.js';
import { KEY, until } from './test-helpers.js';
import type { ReplicaCommand, ReplicaReply } from './test-replica.js';

/**
 * Two real server processes (replicas A and B) on one PostgreSQL database and the local Redis.
 * A charger holds its socket on A; the driver's remote start goes through B's
 * `app.ocpp.commands` (driven over IPC, see test-replica.ts), crosses Redis to A, reaches the
 * charger, and B sees the StartTransaction that A received.
 */
const pgUrl =
  process.env.TEST_POSTGRES_URL ??
  process.env.DATABASE_URL ??
  'postgres://root@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

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

const skipReason = (await postgresAnswers()) ?? (await redisAnswers());
if (skipReason) console.warn(`replicas.test.ts skipped: ${skipReason}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Replica {
  port: number;
  child: ChildProcess;
  ask(req: ReplicaCommand): Promise<unknown>;
}

const harness = fileURLToPath(new URL('./test-replica.ts', import.meta.url));

async function startReplica(databaseUrl: string): Promise<Replica> {
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

async function stopReplica(r: Replica | undefined): Promise<void> {
  if (!r || r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise((resolve) => r.child.once('exit', resolve));
  r.child.kill('SIGTERM');
  const timer = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const dbName = `voltpark_replicas_${randomBytes(6).toString('hex')}`;
const suffix = randomBytes(3).toString('hex');
const cpId = `REPLICA-${suffix}`;
const idTag = `RPL-${suffix}`;
let database: Database | undefined;
let a: Replica | undefined;
let b: Replica | undefined;
let sim: SimChargePoint | undefined;

beforeAll(async () => {
  if (skipReason) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  // Migrated here, so the two replicas start on a ready schema.
  database = await openDatabase({ url: url.toString() });
  await addChargePoint(database.db, { id: cpId, key: KEY, connectors: 2 });
  await database.db.insert(ocppIdTags).values({ idTag });
  [a, b] = await Promise.all([startReplica(url.toString()), startReplica(url.toString())]);
}, 90_000);

afterAll(async () => {
  await sim?.stop();
  await Promise.all([stopReplica(a), stopReplica(b)]);
  await database?.close();
  if (skipReason) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}, 30_000);

describe.skipIf(skipReason)('two server processes on one PostgreSQL and Redis', () => {
  it('a remote start sent through the replica without the socket reaches the charger, and that replica sees the start', async () => {
    sim = new SimChargePoint({
      url: `ws://127.0.0.1:${a!.port}/ocpp`,
      id: cpId,
      key: KEY,
      connectors: [{ powerKw: 22 }, { powerKw: 22 }],
      meterIntervalSec: 3600,
      backoff: { initialDelay: 50, maxDelay: 200 },
    });
    await sim.start();
    expect(await a!.ask({ op: 'isConnected', chargePointId: cpId })).toBe(true);
    expect(await b!.ask({ op: 'isConnected', chargePointId: cpId })).toBe(false);

    const { answer, started } = (await b!.ask({
      op: 'remoteStart',
      chargePointId: cpId,
      connectorId: 2,
      idTag,
      waitMs: 15_000,
    })) as { answer: unknown; started: { transactionId: number; connectorId: number } | null };
    expect(answer).toEqual({ status: 'Accepted' });
    expect(started).toMatchObject({ connectorId: 2 });

    // The charger really started: it holds the transaction, the database has it.
    await until(() => sim!.transactions.has(started!.transactionId));
    expect(sim.status(2)).toBe('Charging');
    const [row] = await database!.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, started!.transactionId));
    expect(row).toMatchObject({ chargePointId: cpId, connectorId: 2, idTag, stoppedAt: null });

    // And the stop through B ends it on the charger.
    expect(
      await b!.ask({
        op: 'remoteStop',
        chargePointId: cpId,
        transactionId: started!.transactionId,
      }),
    ).toEqual({ status: 'Accepted' });
    await until(async () => {
      const [tx] = await database!.db
        .select({ reason: ocppTransactions.stopReason })
        .from(ocppTransactions)
        .where(eq(ocppTransactions.id, started!.transactionId));
      return tx?.reason === 'Remote';
    }, 10_000);
  });
});
