import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { userSessions } from '../../db/schema/accounts.js';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { TestSocket } from './test-client.js';

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
if (!redisUp) console.warn(`realtime replicas.test.ts skipped: no Redis at ${redisUrl}`);

// Two app instances (replicas) on one database and the local Redis.
let a: TestApp;
let b: FastifyInstance;
const url = (app: FastifyInstance) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;

beforeAll(async () => {
  if (!redisUp) return;
  a = await createTestApp({ env: { REDIS_URL: redisUrl } });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  b = await buildApp({ config: a.config, database: a.database });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(!redisUp)('publishToUser across replicas through Redis', () => {
  it("a frame published on one replica reaches the user's sockets on the other, and only theirs", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const anna = await createActiveUser(a.database.db, `anna-${suffix}@example.hu`);
    const bela = await createActiveUser(a.database.db, `bela-${suffix}@example.hu`);
    const onB = await TestSocket.open(url(b));
    const onA = await TestSocket.open(url(a.app));
    const belaOnB = await TestSocket.open(url(b));
    for (const [s, user] of [
      [onB, anna],
      [onA, anna],
      [belaOnB, bela],
    ] as const)
      expect((await s.ask({ command: 'auth', accessToken: user.accessToken })).topic).toBe(
        '/user/parkingSession',
      );

    const frame = { topic: '/can/stop', data: { canStop: true, parkingSessionId: 7 } } as const;
    a.app.realtime.publishToUser(anna.id, frame);
    expect(await onA.next()).toEqual(frame);
    expect(await onB.next()).toEqual(frame);
    // Published on B for the socket B holds: delivered once, not echoed back through Redis.
    b.realtime.publishToUser(anna.id, { topic: '/user/parkingSession', data: null });
    expect(await onB.next()).toEqual({ topic: '/user/parkingSession', data: null });
    expect(await onA.next()).toEqual({ topic: '/user/parkingSession', data: null });
    expect(await onB.ask({ command: 'ping', requestId: 'once' })).toMatchObject({ topic: '/pong' });
    expect(await belaOnB.ask({ command: 'ping', requestId: 'none' })).toMatchObject({
      topic: '/pong',
    });

    // After the user's last socket on B closes, B lets go of the user; A's socket still hears.
    onB.close();
    await onB.closed;
    a.app.realtime.publishToUser(anna.id, frame);
    expect(await onA.next()).toEqual(frame);
    onA.close();
    belaOnB.close();
  });

  it('a session revoked on one replica ends its socket on the other', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const carl = await createActiveUser(a.database.db, `carl-${suffix}@example.hu`);
    const onB = await TestSocket.open(url(b));
    expect((await onB.ask({ command: 'auth', accessToken: carl.accessToken })).topic).toBe(
      '/user/parkingSession',
    );
    // Revoked in the database as replica A would, and only A told of it (B hears through Redis).
    await a.database.db
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(eq(userSessions.userId, carl.id));
    await a.app.realtime.hub.revoked({ userId: carl.id });
    expect(await onB.next()).toEqual({ topic: '/unauthorized', data: null });
    expect((await onB.closed).code).toBe(1008);
  });
});
