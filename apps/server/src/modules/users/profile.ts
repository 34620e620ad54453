import type { Lang, User } from '@voltpark/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { userCars } from '../../db/schema/cars.js';
import { ApiError } from '../../core/errors.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { announceRevokedSessions, revokeAllSessions, endUserSessions } from '../auth/sessions.js';
import { normalizePhone } from './phone.js';
import { findUserById } from './repository.js';
import { toUserDto } from './user-dto.js';

export interface ProfileUpdate {
  email?: string;
  phone: string;
  password?: string;
  oldPassword?: string;
  lang?: Lang;
  /** The session making the change: a new password ends every other one. */
  sessionId: number;
}

const fieldError = (status: number, field: string, messageKey: string) =>
  new ApiError(status, messageKey, {
    responseCode: 'VALIDATION_ERROR',
    fields: [{ field, messageKey }],
  });

/**
 * SPEC §4/§5 Profile: phone required; e-mail editable only for social accounts; password change
 * needs the old one and logs out every other device (a stolen session ends with the old password).
 */
export async function updateProfile(db: Db, userId: number, input: ProfileUpdate): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(401, 'error.unauthorized', { responseCode: 'UNAUTHORIZED' });
  const phone = normalizePhone(input.phone);
  if (!phone) throw fieldError(400, 'phone', 'invalid.phone');

  const changes: Partial<typeof users.$inferInsert> = { phone, updatedAt: new Date() };
  if (input.lang) changes.preferredLanguage = input.lang;

  const isSocial = Boolean(user.googleSubject || user.appleSubject || user.facebookSubject);
  const email = input.email?.trim().toLowerCase();
  if (email && email !== user.email && isSocial) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt), ne(users.id, userId)));
    if (taken) throw fieldError(409, 'email', 'profile.emailTaken');
    changes.email = email;
  }

  if (input.password) {
    if (user.passwordHash) {
      if (!input.oldPassword) throw fieldError(400, 'oldPassword', 'profile.oldPasswordRequired');
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw fieldError(400, 'oldPassword', 'profile.oldPasswordWrong');
      }
    }
    changes.passwordHash = await hashPassword(input.password);
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (changes.passwordHash) await endUserSessions(tx, userId, input.sessionId);
    return row!;
  });
  if (changes.passwordHash) announceRevokedSessions(db, userId);
  else forgetCachedSessions(userId);
  return toUserDto(updated);
}

export async function setLanguage(db: Db, userId: number, lang: Lang) {
  await db
    .update(users)
    .set({ preferredLanguage: lang, updatedAt: new Date() })
    .where(eq(users.id, userId));
  forgetCachedSessions(userId);
}

/**
 * Deletes the account: it can no longer log in and its personal data are erased from the user
 * record and its cars. Billing records stay (hidden from use) because issued invoices must keep
 * their addressee for the accounting retention period (see the privacy statement).
 */
export async function deleteAccount(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        phone: null,
        passwordHash: null,
        firstName: null,
        lastName: null,
        googleSubject: null,
        appleSubject: null,
        facebookSubject: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx
      .update(userCars)
      .set({ licensePlate: '', deletedAt: new Date() })
      .where(and(eq(userCars.userId, userId), isNull(userCars.deletedAt)));
  });
  await revokeAllSessions(db, userId);
}
