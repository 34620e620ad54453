import type { Lang, User } from '@voltpark/contract';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema/accounts.js';
import { ApiError } from '../../core/errors.js';
import type { AuthUser } from '../auth/sessions.js';
import { createSession } from '../auth/sessions.js';
import { findUserByEmail, findUserById, type UserRow } from '../users/repository.js';
import { toUserDto } from '../users/user-dto.js';
import { createChargeLinkSession } from './guest-link.js';
import type { ChargingDeps } from './lifecycle.js';
import { parkCodeRefused } from './park-code.js';
import { startCharge, startableCharger } from './start.js';

export interface CasualStartInput {
  chargerId: number;
  amount: number;
  email: string;
  parkCode?: string;
  lang: Lang;
  caller: AuthUser | null;
  req: FastifyRequest;
}

/**
 * A guest charge by e-mail (SPEC §4 Casual charging): card payment at SimplePay only, for one
 * of the offered amounts. The guest is a casual user made for the e-mail (or the one already
 * there). A session token comes back only to whom it is safe to give: a new guest, or the
 * caller already logged in as that guest — otherwise anyone who typed a guest's e-mail would
 * read their charges; anyone else gets a charge-link session that sees only the charge just
 * started. A registered user's e-mail is refused: they log in instead.
 */
export async function startCasualCharge(
  deps: ChargingDeps,
  input: CasualStartInput,
): Promise<{ url: string; login: { user: User; token: string } | null }> {
  const email = input.email.trim().toLowerCase();
  // Checked before a guest account is made for nothing (startCharge checks again).
  await startableCharger(deps, input.chargerId);
  let user = await findUserByEmail(deps.db, email);
  let created = false;
  if (user && !user.casualUser) {
    throw new ApiError(409, 'charge.error.CASUAL_EMAIL_REGISTERED', {
      responseCode: 'CASUAL_EMAIL_REGISTERED',
      fields: [{ field: 'email', messageKey: 'charge.error.CASUAL_EMAIL_REGISTERED' }],
    });
  }
  // A new guest has no parking the code could name: refused before an account is made.
  if (!user && input.parkCode) throw parkCodeRefused();
  if (!user) {
    user = await createCasualUser(deps, email, input.lang);
    created = true;
  }
  const result = await startCharge(deps, {
    userId: user.id,
    email,
    lang: input.lang,
    chargerId: input.chargerId,
    parkCode: input.parkCode,
    mode: { kind: 'amount', amount: input.amount },
    payment: { kind: 'card' },
    casual: true,
    req: input.req,
  });
  const url = result.kind === 'payment' ? result.url : '';
  const mayLogIn = created || (input.caller?.id === user.id && input.caller.chargeId === null);
  // Someone else who typed a known guest's e-mail sees only the charge they are paying for.
  const { token } = mayLogIn
    ? await createSession(deps.db, user.id, { userAgent: input.req.headers['user-agent'] })
    : await createChargeLinkSession(deps.db, user.id, result.charge.id);
  return { url, login: { user: toUserDto(user), token } };
}

async function createCasualUser(deps: ChargingDeps, email: string, lang: Lang): Promise<UserRow> {
  const [row] = await deps.db
    .insert(users)
    .values({
      email,
      casualUser: true,
      casualCharge: true,
      preferredLanguage: lang,
      activatedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Made by a simultaneous request a moment ago.
  const existing = await findUserByEmail(deps.db, email);
  if (!existing) throw new Error('casual user vanished');
  return (await findUserById(deps.db, existing.id))!;
}
