import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { policies } from '../auth/throttle.js';
import { TestSocket } from './test-client.js';

// Its own app: the address 127.0.0.1 ends up locked here, which would refuse every other test.
let t: TestApp;
let base: string;
let anna: Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  anna = await createActiveUser(t.database.db, 'anna.throttle@example.hu');
});
afterAll(async () => {
  await t?.close();
});

async function failures(): Promise<number> {
  const r = await t.database.db.execute(
    sql`select failures from auth_throttle where key = 'ws-auth-ip:127.0.0.1'`,
  );
  const row = (r as unknown as { rows: { failures: number }[] }).rows[0];
  return Number(row?.failures ?? 0);
}

describe('/ws auth frames are throttled as the HTTP log-in is (issue 10)', () => {
  it('a socket gets one try: auth frames queued behind a refused one are not tried', async () => {
    const s = await TestSocket.open(`${base}/ws`);
    for (let i = 0; i < 10; i++)
      s.send({ command: 'auth', requestId: `g${i}`, accessToken: `guess${i}` });
    expect(await s.next()).toEqual({ topic: '/unauthorized', requestId: 'g0', data: null });
    expect((await s.closed).code).toBe(1008);
    expect(await failures()).toBe(1);
  });

  it('past the limit an address is locked out, even with a right token, until the lock ends', async () => {
    for (let i = await failures(); i < policies.wsAuthIp.limit; i++) {
      const s = await TestSocket.open(`${base}/ws`);
      expect(await s.ask({ command: 'auth', accessToken: `wrong-${i}` })).toMatchObject({
        topic: '/unauthorized',
      });
      await s.closed;
    }
    const locked = await TestSocket.open(`${base}/ws?lang=en`);
    const answer = await locked.ask({
      command: 'auth',
      requestId: 'ok',
      accessToken: anna.accessToken,
    });
    expect(answer).toMatchObject({
      topic: '/user/error',
      requestId: 'ok',
      data: { command: 'auth', message: { severity: 'error' } },
    });
    expect(answer.topic === '/user/error' && answer.data.message.text).toMatch(/minute/i);
    expect((await locked.closed).code).toBe(1008);

    // The lock ends: the right token works again.
    await t.database.db.execute(
      sql`update auth_throttle set locked_until = now() - interval '1 second' where key = 'ws-auth-ip:127.0.0.1'`,
    );
    const back = await TestSocket.open(`${base}/ws`);
    expect(await back.ask({ command: 'auth', accessToken: anna.accessToken })).toMatchObject({
      topic: '/user/parkingSession',
    });
    back.close();
  });
});
