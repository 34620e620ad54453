import { connect, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { ocppIdTags, ocppTransactions } from '../../db/schema/index.js';
import { ChargePointNotConnectedError } from './central.js';
import { startOcppApp, until, type OcppTestApp } from './test-helpers.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Skipped (with a note) where no Redis runs. */
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(redisUrl);
  const s = connect({ host: u.hostname, port: Number(u.port || 6379) });
  s.setTimeout(500);
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
  s.once('timeout', () => (s.destroy(), resolve(false)));
});

// Two app instances (replicas) on one database and the local Redis (REDIS_URL or 127.0.0.1:6379).
let a: OcppTestApp;
let b: FastifyInstance;
const suffix = randomBytes(3).toString('hex');

beforeAll(async () => {
  if (!redisUp) return;
  a = await startOcppApp({ REDIS_URL: redisUrl });
  b = await buildApp({ config: a.config, database: a.database });
  await b.listen({ port: 0, host: '127.0.0.1' });
  await a.database.db.insert(ocppIdTags).values({ idTag: `R-${suffix}` });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(!redisUp)('commands across replicas through Redis', () => {
  it('a remote start sent through the replica that does not hold the socket starts the charge', async () => {
    const id = `REDIS-${suffix}`;
    await a.add(id);
    const sim = a.sim({ id }); // connects to replica A
    await sim.start();
    expect(a.app.ocpp.central.isConnected(id)).toBe(true);
    expect(b.ocpp.central.isConnected(id)).toBe(false);
    // Replica B asks; A holds the socket, and B hears of the StartTransaction A received.
    const waiting = b.ocpp.commands.waitForStart(id, 1, `R-${suffix}`, 10_000);
    expect(await b.ocpp.commands.remoteStartTransaction(id, 1, `R-${suffix}`)).toEqual({
      status: 'Accepted',
    });
    const started = await waiting;
    expect(started).not.toBeNull();
    const row = await until(async () => {
      const [tx] = await a.database.db
        .select()
        .from(ocppTransactions)
        .where(eq(ocppTransactions.chargePointId, id));
      return tx;
    });
    expect(row.idTag).toBe(`R-${suffix}`);
    expect(started!.transactionId).toBe(row.id);
    expect(started!.timestamp).toBeInstanceOf(Date);
    // The start is seen before the charger has the answer carrying its transactionId.
    await until(() => sim.transactions.has(row.id));
    expect(await b.ocpp.commands.remoteStopTransaction(id, row.id)).toEqual({ status: 'Accepted' });
    await until(async () => {
      const [tx] = await a.database.db
        .select()
        .from(ocppTransactions)
        .where(eq(ocppTransactions.id, row.id));
      return tx?.stopReason === 'Remote';
    });
    const conf = await b.ocpp.commands.getConfiguration(id, ['HeartbeatInterval']);
    expect(conf.configurationKey?.length).toBeGreaterThan(0);
  });

  it('a charger no replica holds fails at once', async () => {
    await expect(b.ocpp.commands.reset(`NOBODY-${suffix}`, 'Soft')).rejects.toBeInstanceOf(
      ChargePointNotConnectedError,
    );
  });

  it('after the socket moves, the other replica answers', async () => {
    const id = `MOVE-${suffix}`;
    await a.add(id);
    const port = (b.server.address() as AddressInfo).port;
    const sim = a.sim({ id, url: `ws://127.0.0.1:${port}/ocpp` }); // connects to replica B
    await sim.start();
    expect((await a.app.ocpp.commands.unlockConnector(id, 1)).status).toBe('Unlocked');
    await sim.stop();
    await until(() => !b.ocpp.central.isConnected(id));
    await new Promise((r) => setTimeout(r, 50));
    await expect(a.app.ocpp.commands.unlockConnector(id, 1)).rejects.toBeInstanceOf(
      ChargePointNotConnectedError,
    );
  });
});
