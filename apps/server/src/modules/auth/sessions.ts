import { EventEmitter } from 'node:events';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { batchedQuery, byKeys, groupRows, keyIs } from '../../db/batched.js';
import { preparedQuery } from '../../db/prepared.js';
import { userSessions, users } from '../../db/schema/accounts.js';
import type { Credentials } from './credentials.js';
import { sessionCache, type CachedSession } from './session-cache.js';
import { hashToken, newToken } from './tokens.js';

/** A session lasts 180 days from its last use. */
export const SESSION_DAYS = 180;
const TOUCH_AFTER_MS = 5 * 60_000;

export interface AuthUser {
  id: number;
  email: string;
  types: string[];
  casualUser: boolean;
  casualCharge: boolean;
  preferredLanguage: 'hu' | 'en';
  sessionId: number;
  /** A guest's charge-link session: only this charge, only on `chargeLink` routes. */
  chargeId: number | null;
}

export async function createSession(
  db: DbOrTx,
  userId: number,
  options: {
    userAgent?: string;
    oauthClientId?: string;
    /** A charge-link session (scoped to this charge), valid for `days`. */
    chargeId?: number;
    days?: number;
  } = {},
) {
  const token = newToken();
  const accessToken = newToken();
  await db.insert(userSessions).values({
    userId,
    tokenHash: hashToken(token),
    accessTokenHash: hashToken(accessToken),
    oauthClientId: options.oauthClientId ?? null,
    chargeId: options.chargeId ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + (options.days ?? SESSION_DAYS) * 86_400_000),
  });
  return { token, accessToken };
}

/**
 * The user behind Basic (user id or e-mail + token) or Bearer credentials, or null. The token is
 * looked up by its hash (in this replica's short-lived cache first); for Basic the login must
 * also name the session's owner.
 */
export async function resolveUser(db: Db, creds: Credentials): Promise<AuthUser | null> {
  const hash = hashToken(creds.token);
  const key = sessionCache.key(db, creds.kind, hash);
  let session = sessionCache.get(key);
  if (!session) {
    const startedAt = sessionCache.epoch();
    const found = await findSession(db, creds.kind, hash);
    if (!found) return null;
    session = sessionCache.set(key, found, startedAt);
  }
  const now = Date.now();
  if (now >= session.expiresAt) return null;
  if (creds.kind === 'basic' && !session.logins.includes(creds.login.toLowerCase())) return null;
  // A charge link lasts its fixed time; other sessions are kept alive by use.
  if (session.user.chargeId === null && now - session.lastUsedAt > TOUCH_AFTER_MS) {
    session.lastUsedAt = now;
    await db
      .update(userSessions)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(now + SESSION_DAYS * 86_400_000) })
      .where(eq(userSessions.id, session.user.sessionId));
  }
  return { ...session.user };
}

/**
 * The live sessions behind token hashes (one query per credential kind, built once), asked for
 * many requests at once: a replica meets each polling driver's session again every
 * SESSION_CACHE_TTL_MS (decision 0045).
 */
const sessionQuery = (kind: Credentials['kind'], many: boolean) =>
  preparedQuery((db) =>
    db
      .select({
        hash: kind === 'bearer' ? userSessions.accessTokenHash : userSessions.tokenHash,
        sessionId: userSessions.id,
        lastUsedAt: userSessions.lastUsedAt,
        expiresAt: userSessions.expiresAt,
        chargeId: userSessions.chargeId,
        id: users.id,
        email: users.email,
        types: users.types,
        casualUser: users.casualUser,
        casualCharge: users.casualCharge,
        preferredLanguage: users.preferredLanguage,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(
        and(
          keyIs(
            kind === 'bearer' ? userSessions.accessTokenHash : userSessions.tokenHash,
            many,
            'text',
          ),
          isNull(userSessions.revokedAt),
          gt(userSessions.expiresAt, sql`now()`),
          isNull(users.deletedAt),
        ),
      )
      .prepare(
        `${kind === 'bearer' ? 'sessions_by_access_token' : 'sessions_by_token'}${many ? 's' : ''}`,
      ),
  );
const sessionsBy = (kind: Credentials['kind']) => {
  const query = byKeys((many) => sessionQuery(kind, many));
  return batchedQuery(async (db, hashes: string[]) =>
    groupRows(await query(db, hashes), (r) => r.hash),
  );
};
const sessionQueries = { basic: sessionsBy('basic'), bearer: sessionsBy('bearer') };

async function findSession(
  db: Db,
  kind: Credentials['kind'],
  hash: string,
): Promise<CachedSession | null> {
  const [row] = await sessionQueries[kind](db, hash);
  if (!row) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      types: row.types,
      casualUser: row.casualUser,
      casualCharge: row.casualCharge,
      preferredLanguage: row.preferredLanguage === 'en' ? 'en' : 'hu',
      sessionId: row.sessionId,
      chargeId: row.chargeId,
    },
    logins: [String(row.id), row.email],
    expiresAt: row.expiresAt.getTime(),
    lastUsedAt: row.lastUsedAt.getTime(),
  };
}

/** Which sessions a revocation ended, so that live connections (the /ws sockets) end too. */
export type SessionRevocation = { db: Db } & ({ sessionId: number } | { userId: number });
export const sessionRevocations = new EventEmitter<{ revoked: [SessionRevocation] }>();
// One listener per app instance (tests build many in one process).
sessionRevocations.setMaxListeners(0);

export async function revokeSession(db: Db, sessionId: number) {
  const [revoked] = await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(eq(userSessions.id, sessionId))
    .returning({ userId: userSessions.userId });
  if (!revoked) return;
  sessionCache.forgetUser(revoked.userId);
  // By user: other replicas drop the user's cached sessions and re-check the user's sockets.
  sessionRevocations.emit('revoked', { db, userId: revoked.userId });
}

/** Ends every session of the user and tells live connections. */
export async function revokeAllSessions(db: Db, userId: number) {
  await endUserSessions(db, userId);
  announceRevokedSessions(db, userId);
}

/**
 * Ends the user's sessions, all or all but `keepSessionId` (the caller's own). Inside a
 * transaction the caller announces it with `announceRevokedSessions` once it has committed, so
 * live sockets are re-checked against the committed state.
 */
export async function endUserSessions(db: DbOrTx, userId: number, keepSessionId?: number) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(userSessions.id, keepSessionId),
      ),
    );
}

/** Tells live connections (the /ws sockets) that the user's sessions were ended. */
export function announceRevokedSessions(db: Db, userId: number) {
  sessionCache.forgetUser(userId);
  sessionRevocations.emit('revoked', { db, userId });
}

/** Of the given sessions, those no longer valid: revoked, expired, gone, or the user deleted. */
export async function endedSessionIds(db: Db, sessionIds: number[]): Promise<Set<number>> {
  const ended = new Set<number>();
  for (let i = 0; i < sessionIds.length; i += 5000) {
    // One array parameter, and only the ended sessions come back: the periodic sweep of 10,000
    // sockets asked for 5,000 parameters a query and read every live session (decision 0053).
    // The given ids EXCEPT the live ones: a hashed set operation, never a nested loop, whatever
    // the planner believes of the table (decision 0060: before autovacuum had analysed freshly
    // written sessions, a NOT EXISTS form compared every id with every session, 0.5–2.6 s).
    const batch = `{${sessionIds.slice(i, i + 5000).join(',')}}`;
    const result = await db.execute(sql`
      select k.id from unnest(${batch}::integer[]) as k(id)
      except all
      select s.id from user_sessions s join users u on u.id = s.user_id
      where s.id = any(${batch}::integer[]) and s.revoked_at is null and s.expires_at > now()
        and u.deleted_at is null`);
    for (const r of (result as unknown as { rows: { id: number }[] }).rows) ended.add(r.id);
  }
  return ended;
}
