import { apiRoutes } from '@voltpark/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userSessions, users } from '../../db/schema/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { deleteAccount, setLanguage } from '../users/profile.js';
import { SESSION_CACHE_TTL_MS, sessionCache } from './session-cache.js';
import { resolveUser } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const basic = (login: string | number, token: string) => ({
  kind: 'basic' as const,
  login: String(login),
  token,
});

describe('the session cache', () => {
  it('answers a polling driver from memory: a change made behind its back shows within the TTL', async () => {
    const db = t.database.db;
    const u = await createActiveUser(db, 'cache-ttl@example.hu');
    expect((await resolveUser(db, basic(u.id, u.token)))?.id).toBe(u.id);
    // Revoked straight in the database (not through the app, which would drop the entry):
    // this replica does not ask the database again until the entry is older than the TTL.
    await db
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(eq(userSessions.userId, u.id));
    expect((await resolveUser(db, basic(u.id, u.token)))?.id).toBe(u.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    expect(await resolveUser(db, basic(u.id, u.token))).toBeNull();
  });

  it('keeps no entry past its TTL: a driver who does not come back is dropped at the next lookup', async () => {
    const db = t.database.db;
    const gone = await createActiveUser(db, 'cache-gone@example.hu');
    const back = await createActiveUser(db, 'cache-back@example.hu');
    expect((await resolveUser(db, basic(gone.id, gone.token)))?.id).toBe(gone.id);
    const withGone = sessionCache.size;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    // Another driver's lookup stores its entry and drops every expired one before it.
    expect((await resolveUser(db, basic(back.id, back.token)))?.id).toBe(back.id);
    expect(sessionCache.size).toBeLessThanOrEqual(withGone);
  });

  it('never serves a session past its expiry', async () => {
    const db = t.database.db;
    const u = await createActiveUser(db, 'cache-expiry@example.hu');
    await db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() + 2000) })
      .where(eq(userSessions.userId, u.id));
    expect((await resolveUser(db, basic(u.id, u.token)))?.id).toBe(u.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2001);
    expect(await resolveUser(db, basic(u.id, u.token))).toBeNull();
  });

  it('still checks that a Basic login names the session owner (id or e-mail)', async () => {
    const db = t.database.db;
    const u = await createActiveUser(db, 'cache-login@example.hu');
    const other = await createActiveUser(db, 'cache-other@example.hu');
    expect((await resolveUser(db, basic('cache-login@example.hu', u.token)))?.id).toBe(u.id);
    expect(await resolveUser(db, basic(other.id, u.token))).toBeNull();
    expect(await resolveUser(db, basic('cache-other@example.hu', u.token))).toBeNull();
    expect((await resolveUser(db, basic(u.id, u.token)))?.id).toBe(u.id);
  });

  it('drops a logged-out session at once', async () => {
    const u = await createActiveUser(t.database.db, 'cache-logout@example.hu');
    const me = () =>
      t.app.inject({ method: 'GET', url: apiRoutes.loggedinUser.path, headers: u.headers });
    expect((await me()).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'GET',
      url: apiRoutes.logout.path,
      headers: u.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('drops a deleted account at once', async () => {
    const db = t.database.db;
    const u = await createActiveUser(db, 'cache-delete@example.hu');
    expect((await resolveUser(db, basic(u.id, u.token)))?.id).toBe(u.id);
    await deleteAccount(db, u.id);
    expect(await resolveUser(db, basic(u.id, u.token))).toBeNull();
  });

  it('shows a language change at once', async () => {
    const db = t.database.db;
    const u = await createActiveUser(db, 'cache-lang@example.hu');
    expect((await resolveUser(db, basic(u.id, u.token)))?.preferredLanguage).toBe('hu');
    await setLanguage(db, u.id, 'en');
    expect((await resolveUser(db, basic(u.id, u.token)))?.preferredLanguage).toBe('en');
  });

  it('does not keep an answer read before an invalidation that happened meanwhile', async () => {
    const db = t.database.db;
    const u = await createActiveUser(db, 'cache-race@example.hu');
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    const key = sessionCache.key(db, 'basic', 'a-hash-read-before');
    const startedAt = sessionCache.epoch();
    sessionCache.forgetUser(u.id); // e.g. a logout committed while the lookup was out
    sessionCache.set(
      key,
      {
        user: {
          id: u.id,
          email: row!.email,
          types: row!.types,
          casualUser: false,
          casualCharge: false,
          preferredLanguage: 'hu',
          sessionId: 1,
          chargeId: null,
        },
        logins: [String(u.id)],
        expiresAt: Date.now() + 60_000,
        lastUsedAt: Date.now(),
      },
      startedAt,
    );
    expect(sessionCache.get(key)).toBeNull();
  });
});
