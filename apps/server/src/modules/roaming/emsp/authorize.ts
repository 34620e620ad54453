import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { limits } from '@voltpark/contract';
import type {
  AllowedType,
  AuthorizationInfo,
  LocationReferences,
} from '@voltpark/contract/ocpi/tokens';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import {
  cards,
  moneyHolds,
  roamingEmspAuthorizations,
  roamingEmspChargeRequests as R,
  users,
} from '../../../db/schema/index.js';
import { walletBalance } from '../../payments/ledger.js';
import { driverToken, type DriverTokenRow } from './driver-tokens-store.js';

/**
 * Whether the driver has a charge request under way in the app whose money is held (wallet or
 * card, decision 0050): the partner authorizing the token for our START_SESSION.
 */
async function hasHeldRequest(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: R.id })
    .from(R)
    .innerJoin(
      moneyHolds,
      and(
        eq(moneyHolds.cause, sql`'roaming:' || ${R.authorizationReference}`),
        eq(moneyHolds.userId, R.userId),
      ),
    )
    .where(
      and(
        eq(R.userId, userId),
        inArray(R.status, ['REQUESTED', 'ACCEPTED', 'STARTED', 'STOPPING']),
        eq(moneyHolds.status, 'held'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Whether our driver may charge now, as our own starts decide it: a deleted (or gone) user's
 * token is BLOCKED; a charge the driver started in the app with its money held is ALLOWED (a
 * one-off card hold leaves no saved card nor wallet money behind, decision 0050); a negative
 * wallet (it blocks our own starts: NEGATIVE_WALLET) or neither a saved card nor the wallet's
 * start minimum is NO_CREDIT; otherwise ALLOWED.
 */
export async function driverMayCharge(db: Db, token: DriverTokenRow): Promise<AllowedType> {
  if (!token.valid || token.userId === null) return 'BLOCKED';
  const [user] = await db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, token.userId));
  if (!user || user.deletedAt) return 'BLOCKED';
  if (await hasHeldRequest(db, token.userId)) return 'ALLOWED';
  const balance = await walletBalance(db, token.userId);
  if (balance < 0) return 'NO_CREDIT';
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, token.userId), inArray(cards.status, ['active'])))
    .limit(1);
  if (card) return 'ALLOWED';
  return balance >= limits.walletStartMinimum ? 'ALLOWED' : 'NO_CREDIT';
}

/**
 * A real-time authorization (mod_tokens: POST {tokens}/{uid}/authorize) for a CPO partner: the
 * answer and a new authorization_reference, recorded so the Session and CDR that follow can be
 * matched to it.
 */
export async function authorizeDriver(
  db: Db,
  config: Config,
  input: { partnerId: number; token: DriverTokenRow; location?: LocationReferences },
): Promise<AuthorizationInfo> {
  const allowed = await driverMayCharge(db, input.token);
  const reference = `VPA${randomBytes(12).toString('hex').toUpperCase()}`;
  await db.insert(roamingEmspAuthorizations).values({
    reference,
    partnerId: input.partnerId,
    tokenId: input.token.id,
    allowed,
    location: input.location ?? null,
  });
  return {
    allowed,
    token: driverToken(config, input.token),
    ...(input.location ? { location: input.location } : {}),
    authorization_reference: reference,
  };
}
