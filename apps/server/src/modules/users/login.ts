import type { Session } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../core/errors.js';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords.js';
import { createSession } from '../auth/sessions.js';
import { clearFailures, lockedUntil, policies, recordFailure, slowDown } from '../auth/throttle.js';
import { findUserByEmail } from './repository.js';
import { toUserDto } from './user-dto.js';

/**
 * E-mail and password log-in. Failures are counted per e-mail and per IP address (shared by all
 * replicas): answers slow down, then the key is locked for a while. An unknown e-mail costs the
 * same password check as a known one and gets the same answer.
 */
export async function login(
  db: Db,
  input: { email: string; password: string },
  ctx: { ip: string; userAgent?: string },
): Promise<Session> {
  const email = input.email.trim().toLowerCase();
  const keys = [`login-email:${email}`, `login-ip:${ctx.ip}`] as const;
  const locks = await Promise.all(keys.map((k) => lockedUntil(db, k)));
  const until = Math.max(...locks.map((d) => d?.getTime() ?? 0));
  if (until > Date.now()) {
    const minutes = Math.max(1, Math.round((until - Date.now()) / 60_000));
    throw new ApiError(429, 'login.locked', { responseCode: 'LOGIN_LOCKED', vars: { minutes } });
  }

  const user = await findUserByEmail(db, email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyPasswordHash(), input.password)) && false;
  if (!user || !passwordOk) {
    const [emailFailures] = await Promise.all([
      recordFailure(db, keys[0], policies.loginEmail),
      recordFailure(db, keys[1], policies.loginIp),
    ]);
    await slowDown(emailFailures);
    throw new ApiError(401, 'login.badCredentials', { responseCode: 'BAD_CREDENTIALS' });
  }
  if (!user.activatedAt) {
    throw new ApiError(403, 'login.notActivated', { responseCode: 'NOT_ACTIVATED' });
  }
  await clearFailures(db, keys[0]);
  const tokens = await createSession(db, user.id, { userAgent: ctx.userAgent });
  return { user: toUserDto(user), ...tokens };
}
