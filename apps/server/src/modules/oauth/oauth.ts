import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oauthClients, oauthCodes, userSessions } from '../../db/schema/accounts.js';
import { ApiError } from '../../core/errors.js';
import { pkceChallengeMatches } from '../auth/pkce.js';
import { createSession, revokeSession, SESSION_DAYS } from '../auth/sessions.js';
import { hashToken, newToken } from '../auth/tokens.js';

const CODE_TTL_MS = 2 * 60_000;

export async function findClient(db: Db, id: string) {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id));
  return row ?? null;
}

/**
 * The logged-in user authorizes a registered client app: a one-time code (2 minutes, bound to
 * the PKCE challenge) goes to one of the client's registered addresses, with the state. Any
 * other address is refused: we never redirect where the client did not register.
 */
export async function authorize(
  db: Db,
  userId: number,
  input: { clientId: string; state?: string; codeChallenge?: string; redirectUri?: string },
): Promise<string> {
  const client = await findClient(db, input.clientId);
  if (!client) throw new ApiError(404, 'oauth.unknownClient', { responseCode: 'UNKNOWN_CLIENT' });
  const redirectUri = input.redirectUri ?? client.redirectUris[0];
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    throw new ApiError(400, 'oauth.badRedirect', { responseCode: 'BAD_REDIRECT' });
  }
  if (!input.codeChallenge)
    throw new ApiError(400, 'oauth.pkceRequired', { responseCode: 'PKCE_REQUIRED' });
  const code = newToken();
  await db.insert(oauthCodes).values({
    codeHash: hashToken(code),
    clientId: client.id,
    userId,
    redirectUri,
    codeChallenge: input.codeChallenge,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (input.state !== undefined) url.searchParams.set('state', input.state);
  return url.toString();
}

export type TokenAnswer =
  | {
      ok: true;
      access_token: string;
      refresh_token: string;
      token_type: 'Bearer';
      expires_in: number;
    }
  | { ok: false; status: 400 | 401; error: 'invalid_grant' | 'invalid_client' | 'invalid_request' };

const tokens = (t: { token: string; accessToken: string }): TokenAnswer => ({
  ok: true,
  access_token: t.accessToken,
  refresh_token: t.token,
  token_type: 'Bearer',
  expires_in: SESSION_DAYS * 86_400,
});

/** RFC 6749 §4.1.3 with PKCE: the code is used up on the first try, right or wrong. */
export async function exchangeCode(
  db: Db,
  input: { code: string; client_id: string; code_verifier: string; redirect_uri?: string },
): Promise<TokenAnswer> {
  const [row] = await db
    .update(oauthCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthCodes.codeHash, hashToken(input.code)),
        isNull(oauthCodes.usedAt),
        gt(oauthCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row || row.clientId !== input.client_id)
    return { ok: false, status: 400, error: 'invalid_grant' };
  if (input.redirect_uri !== undefined && input.redirect_uri !== row.redirectUri) {
    return { ok: false, status: 400, error: 'invalid_grant' };
  }
  if (!row.codeChallenge || !pkceChallengeMatches(input.code_verifier, row.codeChallenge)) {
    return { ok: false, status: 400, error: 'invalid_grant' };
  }
  return tokens(await createSession(db, row.userId, { oauthClientId: row.clientId }));
}

/** A refresh token is the session's own token: it is rotated, the old session ends. */
export async function refresh(
  db: Db,
  input: { refresh_token: string; client_id: string },
): Promise<TokenAnswer> {
  const [session] = await db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.tokenHash, hashToken(input.refresh_token)),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, sql`now()`),
      ),
    );
  if (!session || session.oauthClientId !== input.client_id)
    return { ok: false, status: 400, error: 'invalid_grant' };
  await revokeSession(db, session.id);
  return tokens(await createSession(db, session.userId, { oauthClientId: session.oauthClientId }));
}

/** Sandbox only: a demo client app whose redirect address is a sandbox page showing code and state. */
export async function ensureDemoClient(db: Db, publicUrl: string) {
  const redirect = `${publicUrl}/sandbox/oauth-callback`;
  await db
    .insert(oauthClients)
    .values({
      id: 'demo-partner',
      name: 'Demo Partner App',
      redirectUris: [redirect],
      showAuthorizePage: true,
    })
    .onConflictDoUpdate({ target: oauthClients.id, set: { redirectUris: [redirect] } });
}
