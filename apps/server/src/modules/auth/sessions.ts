import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userSessions, users } from '../../db/schema/accounts.js';
import type { Credentials } from './credentials.js';
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
}

export async function createSession(
  db: Db,
  userId: number,
  options: { userAgent?: string; oauthClientId?: string } = {},
) {
  const token = newToken();
  const accessToken = newToken();
  await db.insert(userSessions).values({
    userId,
    tokenHash: hashToken(token),
    accessTokenHash: hashToken(accessToken),
    oauthClientId: options.oauthClientId ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return { token, accessToken };
}

/**
 * The user behind Basic (user id or e-mail + token) or Bearer credentials, or null. The token is
 * looked up by its hash; for Basic the login must also name the session's owner.
 */
export async function resolveUser(db: Db, creds: Credentials): Promise<AuthUser | null> {
  const hash = hashToken(creds.token);
  const live = and(
    isNull(userSessions.revokedAt),
    gt(userSessions.expiresAt, sql`now()`),
    isNull(users.deletedAt),
  );
  const [row] = await db
    .select({
      sessionId: userSessions.id,
      lastUsedAt: userSessions.lastUsedAt,
      id: users.id,
      email: users.email,
      types: users.types,
      casualUser: users.casualUser,
      casualCharge: users.casualCharge,
      preferredLanguage: users.preferredLanguage,
      activatedAt: users.activatedAt,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        creds.kind === 'bearer'
          ? eq(userSessions.accessTokenHash, hash)
          : eq(userSessions.tokenHash, hash),
        live,
      ),
    );
  if (!row) return null;
  if (creds.kind === 'basic') {
    const login = creds.login.toLowerCase();
    if (login !== String(row.id) && login !== row.email) return null;
  }
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(userSessions)
      .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
      .where(eq(userSessions.id, row.sessionId));
  }
  return {
    id: row.id,
    email: row.email,
    types: row.types,
    casualUser: row.casualUser,
    casualCharge: row.casualCharge,
    preferredLanguage: row.preferredLanguage === 'en' ? 'en' : 'hu',
    sessionId: row.sessionId,
  };
}

export async function revokeSession(db: Db, sessionId: number) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(eq(userSessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}
