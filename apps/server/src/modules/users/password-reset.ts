import type { Lang } from '@voltpark/contract';
import { eq, isNull, and } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { ApiError } from '../../core/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { lockedUntil, recordFailure } from '../auth/throttle.js';
import { queueMail } from '../mail/outbox.js';
import { consumeActionToken, issueActionToken, RESET_MINUTES } from './action-tokens.js';
import { findUserByEmail } from './repository.js';

/** At most 5 reset mails per address an hour, so the form cannot be used to flood a mailbox. */
const resetMailPolicy = { limit: 5, windowMinutes: 60, lockMinutes: 60 };

/**
 * Mails a single-use reset link when the address belongs to a registered account. The caller
 * answers the same either way, so the form never reveals whether an e-mail is registered.
 */
export async function requestPasswordReset(db: Db, config: Config, email: string, lang: Lang) {
  const user = await findUserByEmail(db, email);
  if (!user || user.casualUser) return;
  const key = `reset-mail:${user.id}`;
  if (await lockedUntil(db, key)) return;
  await recordFailure(db, key, resetMailPolicy);
  const token = await issueActionToken(db, user.id, 'reset_password', RESET_MINUTES * 60_000);
  await queueMail(db, user.email, user.preferredLanguage === 'en' ? 'en' : lang, {
    template: 'passwordReset',
    link: `${config.publicUrl}/forgotten-password?token=${encodeURIComponent(token)}`,
    validMinutes: RESET_MINUTES,
  });
}

/**
 * Sets the new password with the mailed token (once, within the hour). Every session is
 * logged out; the account counts as activated since the owner proved the address.
 */
export async function changePasswordWithToken(db: Db, token: string, password: string) {
  const userId = await consumeActionToken(db, token, 'reset_password');
  if (!userId) {
    throw new ApiError(400, 'forgetPassword.badToken', {
      responseCode: 'BAD_TOKEN',
      fields: [{ field: 'token', messageKey: 'forgetPassword.badToken' }],
    });
  }
  const passwordHash = await hashPassword(password);
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  if (user && !user.activatedAt) {
    await db.update(users).set({ activatedAt: new Date() }).where(eq(users.id, userId));
  }
  await revokeAllSessions(db, userId);
}
