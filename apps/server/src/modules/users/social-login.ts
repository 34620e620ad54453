import type { Lang, Session } from '@voltpark/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { ApiError } from '../../core/errors.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { createSession } from '../auth/sessions.js';
import { createFacebookVerifier } from '../auth/social/facebook.js';
import { SocialLoginError, type SocialIdentity } from '../auth/social/identity.js';
import { createOidcVerifier } from '../auth/social/oidc.js';
import { findUserByEmail } from './repository.js';
import { toUserDto } from './user-dto.js';

const subjectColumn = {
  google: 'googleSubject',
  apple: 'appleSubject',
  facebook: 'facebookSubject',
} as const;

/** The verifiers of the providers the operator configured; a missing one means "off". */
export function socialVerifiers(config: Config) {
  const { google, apple, facebook } = config.social;
  return {
    google: google
      ? createOidcVerifier({
          provider: 'google',
          issuers: ['https://accounts.google.com', 'accounts.google.com'],
          audiences: google.clientIds,
          jwksUrl: google.jwksUrl,
        })
      : null,
    apple: apple
      ? createOidcVerifier({
          provider: 'apple',
          issuers: ['https://appleid.apple.com'],
          audiences: apple.clientIds,
          jwksUrl: apple.jwksUrl,
        })
      : null,
    facebook: facebook ? createFacebookVerifier(facebook) : null,
  };
}

export async function verifyOrFail(
  verify: ((token: string) => Promise<SocialIdentity>) | null,
  token: string,
) {
  if (!verify)
    throw new ApiError(404, 'social.notConfigured', { responseCode: 'SOCIAL_NOT_CONFIGURED' });
  try {
    return await verify(token);
  } catch (err) {
    if (err instanceof SocialLoginError) {
      throw new ApiError(
        401,
        err.provider === 'apple' ? 'login.appleLoginFailed' : 'social.failed',
        {
          responseCode: 'SOCIAL_LOGIN_FAILED',
        },
      );
    }
    throw err;
  }
}

/**
 * Logs in with a verified social identity: the account already linked to it, else the account
 * with the same e-mail when the provider verified that e-mail (it gets linked), else a new,
 * activated account. An unverified e-mail is never linked to someone else's account.
 */
export async function socialLogin(
  db: Db,
  identity: SocialIdentity,
  ctx: { lang: Lang; userAgent?: string },
): Promise<Session> {
  const user = await resolveSocialUser(db, identity, ctx.lang);
  const tokens = await createSession(db, user.id, { userAgent: ctx.userAgent });
  return { user: toUserDto(user), ...tokens };
}

/** The account a verified social identity belongs to (linked, matched by verified e-mail, or new). */
export async function resolveSocialUser(db: Db, identity: SocialIdentity, lang: Lang) {
  const ctx = { lang };
  const column = subjectColumn[identity.provider];
  const [linked] = await db.select().from(users).where(eq(users[column], identity.subject));
  let user = linked && !linked.deletedAt ? linked : null;
  if (!user && identity.email) {
    const byEmail = await findUserByEmail(db, identity.email);
    if (byEmail) {
      if (!identity.emailVerified) {
        throw new ApiError(403, 'social.emailNotVerified', { responseCode: 'EMAIL_NOT_VERIFIED' });
      }
      const [updated] = await db
        .update(users)
        .set({
          [column]: identity.subject,
          activatedAt: byEmail.activatedAt ?? new Date(),
          casualUser: false,
          firstName: byEmail.firstName ?? identity.firstName,
          lastName: byEmail.lastName ?? identity.lastName,
          updatedAt: new Date(),
        })
        .where(eq(users.id, byEmail.id))
        .returning();
      user = updated!;
      // A casual account that became a full one: its sessions' casualUser flag changed.
      forgetCachedSessions(user.id);
    }
  }
  if (!user) {
    if (!identity.email) throw new ApiError(400, 'social.failed', { responseCode: 'NO_EMAIL' });
    const [created] = await db
      .insert(users)
      .values({
        email: identity.email,
        [column]: identity.subject,
        firstName: identity.firstName,
        lastName: identity.lastName,
        preferredLanguage: ctx.lang,
        activatedAt: new Date(),
      })
      .returning();
    user = created!;
  }
  return user;
}
