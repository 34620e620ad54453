import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SimChargePoint } from '@voltpark/sim';
import { openDatabase, type Database } from '../../db/client.js';
import { ocppIdTags, ocppTransactions } from '../../db/schema/index.js';
import { addChargePoint } from './registry.js';
import { KEY, until } from './test-helpers.js';
import type { ReplicaCommand } from './test-replica.js';
import {
  createReplicaDatabase,
  replicasSkipReason,
  startReplica,
  stopReplica,
  type Replica,
} from '../../test/replicas.js';

/**
 * Two real server processes (replicas A and B) on one PostgreSQL database and the local Redis.
 * A charger holds its socket on A; the driver's remote start goes through B's
 * `app.ocpp.commands` (driven over IPC, see test-replica.ts), crosses Redis to A, reaches the
 * charger, and B sees the StartTransaction that A received.
 */
const skipReason = await replicasSkipReason();
if (skipReason) console.warn(`replicas.test.ts skipped: ${skipReason}`);

const harness = fileURLToPath(new URL('./test-replica.ts', import.meta.url));

const suffix = randomBytes(3).toString('hex');
const cpId = `REPLICA-${suffix}`;
const idTag = `RPL-${suffix}`;
let database: Database | undefined;
let a: Replica<ReplicaCommand> | undefined;
let b: Replica<ReplicaCommand> | undefined;
let drop: (() => Promise<void>) | undefined;
let sim: SimChargePoint | undefined;

beforeAll(async () => {
  if (skipReason) return;
  const created = await createReplicaDatabase('voltpark_replicas');
  drop = created.drop;
  // Migrated here, so the two replicas start on a ready schema.
  database = await openDatabase({ url: created.url });
  await addChargePoint(database.db, { id: cpId, key: KEY, connectors: 2 });
  await database.db.insert(ocppIdTags).values({ idTag });
  [a, b] = await Promise.all([
    startReplica<ReplicaCommand>(harness, created.url),
    startReplica<ReplicaCommand>(harness, created.url),
  ]);
}, 90_000);

afterAll(async () => {
  await sim?.stop();
  await Promise.all([stopReplica(a), stopReplica(b)]);
  await database?.close();
  await drop?.();
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
