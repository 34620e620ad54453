import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { MAX_WS_FRAME_BYTES } from '../../core/websocket.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { createSession, revokeAllSessions } from '../auth/sessions.js';
import { noParkingYet } from './parking-live.js';
import { TestSocket } from './test-client.js';

let t: TestApp;
let base: string;
let anna: Awaited<ReturnType<typeof createActiveUser>>;
let bela: Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  anna = await createActiveUser(t.database.db, 'anna.ws@example.hu');
  bela = await createActiveUser(t.database.db, 'bela.ws@example.hu');
});
afterAll(async () => {
  await t?.close();
});

const noParking = { topic: '/user/parkingSession', requestId: 'a1', data: null };

async function signedIn(user: { accessToken: string }, query = '') {
  const s = await TestSocket.open(`${base}/ws${query}`);
  expect(await s.ask({ command: 'auth', accessToken: user.accessToken })).toMatchObject({
    topic: '/user/parkingSession',
  });
  return s;
}

describe('/ws authentication (SPEC §6 websocket auth)', () => {
  it('takes the e-mail or the user id with the user token, and pushes the parking session', async () => {
    const byEmail = await TestSocket.open(`${base}/ws`);
    expect(
      await byEmail.ask({
        command: 'auth',
        requestId: 'a1',
        email: 'Anna.WS@example.hu',
        token: anna.token,
      }),
    ).toEqual(noParking);
    expect(await byEmail.ask({ command: 'ping', requestId: 'p1' })).toEqual({
      topic: '/pong',
      requestId: 'p1',
      data: null,
    });
    const byId = await TestSocket.open(`${base}/ws`);
    expect(
      await byId.ask({
        command: 'auth',
        requestId: 'a1',
        email: String(anna.id),
        token: anna.token,
      }),
    ).toEqual(noParking);
    byEmail.close();
    byId.close();
  });

  it('takes a bearer access token', async () => {
    const s = await TestSocket.open(`${base}/ws`);
    expect(
      await s.ask({ command: 'auth', requestId: 'a1', accessToken: anna.accessToken }),
    ).toEqual(noParking);
    s.close();
  });

  it('answers a wrong credential with /unauthorized and closes', async () => {
    for (const auth of [
      { email: 'anna.ws@example.hu', token: bela.token },
      { email: String(bela.id), token: anna.token },
      { accessToken: anna.token },
      { accessToken: 'x'.repeat(64) },
    ]) {
      const s = await TestSocket.open(`${base}/ws`);
      expect(await s.ask({ command: 'auth', requestId: 'w', ...auth })).toEqual({
        topic: '/unauthorized',
        requestId: 'w',
        data: null,
      });
      expect((await s.closed).code).toBe(1008);
    }
  });

  it('answers commands before authentication with /unauthorized, then authenticates', async () => {
    const s = await TestSocket.open(`${base}/ws`);
    expect(await s.ask({ command: 'getParkingSession', requestId: 'early' })).toEqual({
      topic: '/unauthorized',
      requestId: 'early',
      data: null,
    });
    expect(await s.ask({ command: 'ping' })).toEqual({ topic: '/unauthorized', data: null });
    // Commands sent right behind the auth frame are answered as the user.
    s.send({ command: 'auth', requestId: 'a1', accessToken: bela.accessToken });
    s.send({ command: 'ping', requestId: 'p' });
    expect(await s.next()).toEqual(noParking);
    expect(await s.next()).toEqual({ topic: '/pong', requestId: 'p', data: null });
    s.close();
  });

  it("ends a socket when its session is revoked (logout), leaving the user's other sessions", async () => {
    const other = await createActiveUser(t.database.db, 'revoked.ws@example.hu');
    const loggingOut = await signedIn(other);
    const stays = await TestSocket.open(`${base}/ws`);
    const { token } = await createSession(t.database.db, other.id);
    expect((await stays.ask({ command: 'auth', email: String(other.id), token })).topic).toBe(
      '/user/parkingSession',
    );
    const res = await t.app.inject({ url: '/api/v1/user/logout', headers: other.headers });
    expect(res.statusCode).toBe(200);
    expect(await loggingOut.next()).toEqual({ topic: '/unauthorized', data: null });
    expect((await loggingOut.closed).code).toBe(1008);
    expect(await stays.ask({ command: 'ping', requestId: 'still' })).toMatchObject({
      topic: '/pong',
    });
    // A password change or reset ends every session of the user.
    await revokeAllSessions(t.database.db, other.id);
    expect(await stays.next()).toEqual({ topic: '/unauthorized', data: null });
    expect((await stays.closed).code).toBe(1008);
  });

  it('the periodic sweep ends the sockets of sessions that expired, revoked or deleted, and no other', async () => {
    const users = await Promise.all(
      ['expired', 'revoked', 'deleted', 'fine'].map((n) =>
        createActiveUser(t.database.db, `sweep.${n}@example.hu`),
      ),
    );
    const [expired, revoked, deleted, fine] = await Promise.all(users.map((u) => signedIn(u)));
    // Changed in the database only, with no announcement: as another process or time does it.
    await t.database.db.execute(
      sql`update user_sessions set expires_at = now() - interval '1 second' where user_id = ${users[0]!.id}`,
    );
    await t.database.db.execute(
      sql`update user_sessions set revoked_at = now() where user_id = ${users[1]!.id}`,
    );
    await t.database.db.execute(
      sql`update users set deleted_at = now() where id = ${users[2]!.id}`,
    );
    await t.app.realtime.hub.recheck();
    for (const ended of [expired!, revoked!, deleted!]) {
      expect(await ended.next()).toEqual({ topic: '/unauthorized', data: null });
      expect((await ended.closed).code).toBe(1008);
    }
    expect(await fine!.ask({ command: 'ping', requestId: 'fine' })).toMatchObject({
      topic: '/pong',
    });
    fine!.close();
  });
});

describe('/ws and the sessions a change of account ends', () => {
  it("a password change ends the user's other sockets and keeps the one of the session that made it", async () => {
    const user = await createActiveUser(t.database.db, 'password.ws@example.hu');
    const changer = await signedIn(user);
    const other = await createSession(t.database.db, user.id);
    const ended = await signedIn(other);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        phone: '+36301234567',
        password: 'Changed2026',
        password2: 'Changed2026',
        oldPassword: 'Voltpark2026',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await ended.next()).toEqual({ topic: '/unauthorized', data: null });
    expect((await ended.closed).code).toBe(1008);
    expect(await changer.ask({ command: 'ping', requestId: 'mine' })).toMatchObject({
      topic: '/pong',
      requestId: 'mine',
    });
    changer.close();
  });

  it("refuses a guest's charge-link session: it opens that charge's calls only", async () => {
    const guest = await createActiveUser(t.database.db, 'link.ws@example.hu');
    const link = await createSession(t.database.db, guest.id, { chargeId: 1, days: 30 });
    const s = await TestSocket.open(`${base}/ws`);
    expect(await s.ask({ command: 'auth', accessToken: link.accessToken })).toMatchObject({
      topic: '/unauthorized',
    });
    expect((await s.closed).code).toBe(1008);
  });
});

describe('/ws frames a client must not be able to break', () => {
  it('answers malformed JSON, unknown commands and bad fields with a translated /user/error', async () => {
    const hu = await signedIn(anna);
    expect(await hu.ask('{"command":')).toEqual({
      topic: '/user/error',
      data: {
        command: null,
        message: { severity: 'error', messageKey: 'error.badRequest', text: 'Hibás kérés.' },
      },
    });
    const en = await signedIn(anna, '?lang=en');
    expect(await en.ask({ command: 'dropTables', requestId: 'u1' })).toEqual({
      topic: '/user/error',
      requestId: 'u1',
      data: {
        command: 'dropTables',
        message: { severity: 'error', messageKey: 'error.routeNotFound', text: 'Unknown call.' },
      },
    });
    expect(
      await en.ask({ command: 'getParkingSurcharge', requestId: 'u2', surchargeId: 'x' }),
    ).toMatchObject({
      topic: '/user/error',
      requestId: 'u2',
      data: { command: 'getParkingSurcharge', message: { text: 'Bad request.' } },
    });
    expect(await en.ask([1, 2])).toMatchObject({ topic: '/user/error' });
    en.ws.send(Buffer.from([0xff, 0x00]), { binary: true });
    expect(await en.next()).toMatchObject({ topic: '/user/error' });
    // The socket still works.
    expect(await en.ask({ command: 'ping', requestId: 'ok' })).toMatchObject({ topic: '/pong' });
    hu.close();
    en.close();
  });

  it('takes the language from Accept-Language when the page gives none', async () => {
    const s = await TestSocket.open(`${base}/ws`, { 'accept-language': 'en-GB,hu;q=0.5' });
    expect(await s.ask('nonsense')).toMatchObject({ data: { message: { text: 'Bad request.' } } });
    s.close();
  });

  it('closes a frame over 1 MiB with 1009, before authentication too', async () => {
    const s = await TestSocket.open(`${base}/ws`);
    s.send('x'.repeat(MAX_WS_FRAME_BYTES + 1));
    expect((await s.closed).code).toBe(1009);
    const a = await signedIn(anna);
    a.send({ command: 'ping', requestId: 'y'.repeat(MAX_WS_FRAME_BYTES) });
    expect((await a.closed).code).toBe(1009);
  });

  it('limits the commands of one socket', async () => {
    const s = await signedIn(bela);
    for (let i = 0; i < 60; i++) s.send({ command: 'ping', requestId: String(i) });
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await s.next());
    const refused = answers.filter((f) => f.topic === '/user/error');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({
      data: { command: 'ping', message: { messageKey: 'error.tooManyRequests' } },
    });
    expect(answers.filter((f) => f.topic === '/pong').length).toBeGreaterThan(0);
    s.close();
  });

  it('answers an upgrade on another path with 404 instead of leaving it hanging', async () => {
    await expect(TestSocket.open(`${base}/nowhere`)).rejects.toThrow('upgrade answered 404');
    await expect(TestSocket.open(`${base}/ws/extra`)).rejects.toThrow('upgrade answered 404');
  });
});

describe('/ws parking commands when the user has no parking', () => {
  it('answers truthfully that there is no current parking', async () => {
    const s = await signedIn(anna, '?lang=en');
    expect(await s.ask({ command: 'getParkingSession', requestId: 'g' })).toEqual({
      topic: '/user/parkingSession',
      requestId: 'g',
      data: null,
    });
    expect(await s.ask({ command: 'getCanOpen', requestId: 'o' })).toEqual({
      topic: '/can/open',
      requestId: 'o',
      data: { canOpen: false, parkingSessionId: null, surchargeId: null, retryInSeconds: null },
    });
    expect(await s.ask({ command: 'getCanStop', requestId: 's', parkingSessionId: 5 })).toEqual({
      topic: '/can/stop',
      requestId: 's',
      data: { canStop: false, parkingSessionId: null },
    });
    expect(await s.ask({ command: 'openGate', requestId: 'x' })).toEqual({
      topic: '/user/error',
      requestId: 'x',
      data: {
        command: 'openGate',
        message: {
          severity: 'error',
          messageKey: 'parking.noCurrentParking',
          text: 'You have no parking in progress.',
        },
      },
    });
    // A surcharge that is not the user's (or does not exist) reads as none; acting on it is refused.
    expect(await s.ask({ command: 'getParkingSurcharge', surchargeId: 3 })).toMatchObject({
      topic: '/user/parkingSurcharge',
      data: null,
    });
    for (const command of ['getCanOpenSurcharge', 'openGateSurcharge'])
      expect(await s.ask({ command, surchargeId: 3 })).toMatchObject({
        topic: '/user/error',
        data: { command, message: { messageKey: 'surcharge.notFound' } },
      });
    s.close();
  });

  it("answers with the parking module's handlers once it registers them", async () => {
    const calls: number[] = [];
    t.app.realtime.setParkingLive({
      currentSession: () => Promise.resolve(null),
      canOpen: (user, id) => {
        calls.push(user.id);
        return Promise.resolve({
          canOpen: true,
          parkingSessionId: id ?? null,
          surchargeId: null,
          retryInSeconds: null,
        });
      },
      canStop: () => Promise.reject(new Error('database down')),
      openGate: () => Promise.reject(new Error('not used')),
      surcharge: () => Promise.resolve(null),
      canOpenSurcharge: () => Promise.reject(new Error('not used')),
      openGateSurcharge: () => Promise.reject(new Error('not used')),
    });
    try {
      const s = await signedIn(bela);
      expect(await s.ask({ command: 'getCanOpen', parkingSessionId: 9 })).toMatchObject({
        data: { canOpen: true, parkingSessionId: 9 },
      });
      expect(calls).toEqual([bela.id]);
      // A failure inside is an internal error for the client, never a crash.
      expect(await s.ask({ command: 'getCanStop', requestId: 'c' })).toMatchObject({
        topic: '/user/error',
        requestId: 'c',
        data: { command: 'getCanStop', message: { messageKey: 'error.internal' } },
      });
      s.close();
    } finally {
      t.app.realtime.setParkingLive(noParkingYet);
    }
  });
});

describe('publishToUser', () => {
  it("reaches every socket of that user and no other user's", async () => {
    const first = await signedIn(anna);
    const second = await signedIn(anna);
    const other = await signedIn(bela);
    const unauthenticated = await TestSocket.open(`${base}/ws`);
    t.app.realtime.publishToUser(anna.id, {
      topic: '/can/stop',
      data: { canStop: true, parkingSessionId: 12 },
    });
    const expected = { topic: '/can/stop', data: { canStop: true, parkingSessionId: 12 } };
    expect(await first.next()).toEqual(expected);
    expect(await second.next()).toEqual(expected);
    // Frames are in order: had anything been sent to them, it would come before the answer.
    expect(await other.ask({ command: 'ping', requestId: 'b' })).toMatchObject({ topic: '/pong' });
    expect(await unauthenticated.ask({ command: 'ping' })).toMatchObject({
      topic: '/unauthorized',
    });
    for (const s of [first, second, other, unauthenticated]) s.close();
  });
});
