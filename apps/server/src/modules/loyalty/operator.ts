import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { partnerShops, serviceProviders } from '../../db/schema/loyalty.js';
import { creditPoints, NotEnoughPointsError, pointsBalance, spendPoints } from './points.js';
import { SERVICE_PROVIDER } from './redeem.js';
import { noUserWithEmail } from '../../core/operator-cli.js';
import { forgetCachedSessions } from '../auth/session-cache.js';

/** A refusal of an operator command (unknown user or shop, points below zero). */
export class LoyaltyOperatorError extends Error {}

async function liveUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, types: users.types, casualUser: users.casualUser })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)));
  if (!user) throw new LoyaltyOperatorError(noUserWithEmail(email.trim().toLowerCase()));
  return user;
}

/**
 * An operator's adjustment: a row in the points ledger with the reason. Negative points take
 * points back, refused when the balance would go below zero. Returns the new balance.
 */
export async function grantPoints(
  db: Db,
  input: { email: string; points: number; reason: string },
): Promise<{ userId: number; balance: number }> {
  const user = await liveUserByEmail(db, input.email);
  if (user.casualUser)
    throw new LoyaltyOperatorError(`${input.email} is a guest: guests have no points.`);
  const move = {
    userId: user.id,
    amount: Math.abs(input.points),
    cause: `adjustment:${randomUUID()}`,
    reason: 'ADJUSTMENT' as const,
    description: input.reason,
  };
  try {
    const balance = await db.transaction(async (tx) => {
      if (input.points < 0) return spendPoints(tx, move);
      await creditPoints(tx, move);
      return pointsBalance(tx, user.id);
    });
    return { userId: user.id, balance };
  } catch (err) {
    if (err instanceof NotEnoughPointsError)
      throw new LoyaltyOperatorError(
        `Refused: ${input.email} has ${err.balance} points; taking ${move.amount} would go below zero.`,
      );
    throw err;
  }
}

/**
 * Makes the user the service provider of the shop named (offers show it as shopName): adds
 * SERVICE_PROVIDER to the user's types and ties the user to that one shop.
 */
export async function makeServiceProvider(
  db: Db,
  input: { email: string; shop: string },
): Promise<{ userId: number; shopId: number; shopName: string }> {
  const user = await liveUserByEmail(db, input.email);
  if (user.casualUser)
    throw new LoyaltyOperatorError(`${input.email} is a guest and cannot be a service provider.`);
  const [shop] = await db
    .select()
    .from(partnerShops)
    .where(sql`lower(${partnerShops.name}) = lower(${input.shop.trim()})`);
  if (!shop) throw new LoyaltyOperatorError(`No partner shop named "${input.shop}".`);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        types: sql`case when ${SERVICE_PROVIDER} = any(${users.types}) then ${users.types} else array_append(${users.types}, ${SERVICE_PROVIDER}) end`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await tx
      .insert(serviceProviders)
      .values({ userId: user.id, shopId: shop.id })
      .onConflictDoUpdate({ target: serviceProviders.userId, set: { shopId: shop.id } });
  });
  forgetCachedSessions(user.id);
  return { userId: user.id, shopId: shop.id, shopName: shop.name };
}

/**
 * Ends the user's service-provider role: SERVICE_PROVIDER leaves their types and the tie to the
 * shop goes. Signed-in browsers learn it through /ws within seconds (decision 0031), and
 * redemption checks the role in the database on every call. Returns the shop they had, if any.
 */
export async function removeServiceProvider(
  db: Db,
  input: { email: string },
): Promise<{ userId: number; email: string; shopName: string | null }> {
  const user = await liveUserByEmail(db, input.email);
  const shopName = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ types: sql`array_remove(${users.types}, ${SERVICE_PROVIDER})`, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), sql`${SERVICE_PROVIDER} = any(${users.types})`));
    const [gone] = await tx
      .delete(serviceProviders)
      .where(eq(serviceProviders.userId, user.id))
      .returning({ shopId: serviceProviders.shopId });
    if (!gone) return null;
    const [shop] = await tx
      .select({ name: partnerShops.name })
      .from(partnerShops)
      .where(eq(partnerShops.id, gone.shopId));
    return shop?.name ?? null;
  });
  forgetCachedSessions(user.id);
  return { userId: user.id, email: user.email, shopName };
}
