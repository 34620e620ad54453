import type { Lang } from '@voltpark/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { ApiError } from '../../core/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { lockedUntil, policies, recordFailure } from '../auth/throttle.js';
import { consumeCaptcha } from '../captcha/captcha.js';
import { queueMail } from '../mail/outbox.js';
import { ACTIVATION_HOURS, consumeActionToken, issueActionToken } from './action-tokens.js';
import { normalizePhone } from './phone.js';
import { findUserByEmail } from './repository.js';

export interface RegistrationInput {
  email: string;
  phone: string;
  password: string;
  code: string;
  inputCode: string;
  chargerId?: number | '';
  gateId?: number | '';
}

const fieldError = (status: number, field: string, messageKey: string, responseCode: string) =>
  new ApiError(status, messageKey, { responseCode, fields: [{ field, messageKey }] });

/**
 * Creates an inactive account and mails the activation link. A guest (casual) account with the
 * same e-mail becomes the registered account, keeping its history.
 */
export async function register(
  db: Db,
  config: Config,
  input: RegistrationInput,
  ctx: { ip: string; lang: Lang },
): Promise<void> {
  const ipKey = `register-ip:${ctx.ip}`;
  if (await lockedUntil(db, ipKey)) {
    throw new ApiError(429, 'register.locked', { responseCode: 'TOO_MANY_ATTEMPTS' });
  }
  const captcha = await consumeCaptcha(db, input.code, input.inputCode);
  if (captcha !== 'ok') {
    await recordFailure(db, ipKey, policies.registerIp);
    throw captcha === 'expired'
      ? fieldError(400, 'inputCode', 'register.captchaExpired', 'CAPTCHA_EXPIRED')
      : fieldError(400, 'inputCode', 'register.captchaWrong', 'CAPTCHA_WRONG');
  }
  const phone = normalizePhone(input.phone);
  if (!phone) throw fieldError(400, 'phone', 'invalid.phone', 'VALIDATION_ERROR');

  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing && !existing.casualUser) {
    await recordFailure(db, ipKey, policies.registerIp);
    throw fieldError(409, 'email', 'register.emailTaken', 'EMAIL_TAKEN');
  }
  const values = {
    email,
    phone,
    passwordHash: await hashPassword(input.password),
    preferredLanguage: ctx.lang,
    casualUser: false,
    activatedAt: null,
    registeredAtChargerId: typeof input.chargerId === 'number' ? input.chargerId : null,
    registeredAtGateId: typeof input.gateId === 'number' ? input.gateId : null,
    updatedAt: new Date(),
  };
  const userId = await db.transaction(async (tx) => {
    if (existing) {
      await tx.update(users).set(values).where(eq(users.id, existing.id));
      return existing.id;
    }
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  });
  // A casual account that became a full one: its sessions' casualUser flag changed.
  if (existing) forgetCachedSessions(userId);
  const token = await issueActionToken(db, userId, 'activate', ACTIVATION_HOURS * 3_600_000);
  await queueMail(db, email, ctx.lang, {
    template: 'activation',
    link: `${config.publicUrl}/api/v1/user/activate?token=${encodeURIComponent(token)}`,
    validHours: ACTIVATION_HOURS,
  });
}

/**
 * The mailed link: activates once and returns where the browser goes next (the registration
 * result, carrying the charger or gate the driver registered from).
 */
export async function activate(db: Db, token: string): Promise<string> {
  const userId = await consumeActionToken(db, token, 'activate');
  if (!userId) return '/registration-result?v=failed';
  const [user] = await db
    .update(users)
    .set({ activatedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  const next = new URLSearchParams({ v: 'success' });
  if (user?.registeredAtChargerId) next.set('chargerId', String(user.registeredAtChargerId));
  if (user?.registeredAtGateId) next.set('gateId', String(user.registeredAtGateId));
  return `/registration-result?${next.toString()}`;
}
