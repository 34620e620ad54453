import { and, asc, eq, isNull } from 'drizzle-orm';
import { noUserWithEmail } from '../../core/operator-cli.js';
import type { DbOrTx } from '../../db/client.js';
import { parkingLotAdmins, parkingLots, users } from '../../db/schema/index.js';

/** A refusal of an admin change the operator can fix (unknown lot or e-mail). */
export class LotAdminError extends Error {}

/**
 * Is the user an admin of the lot (SPEC §6 isCurrentUserAdmin)? A deleted account or a guest
 * (casual) user never is.
 */
export async function isLotAdmin(
  db: DbOrTx,
  lotId: number,
  userId: number | null | undefined,
): Promise<boolean> {
  if (userId === null || userId === undefined) return false;
  const [row] = await db
    .select({ userId: parkingLotAdmins.userId })
    .from(parkingLotAdmins)
    .innerJoin(users, eq(users.id, parkingLotAdmins.userId))
    .where(
      and(
        eq(parkingLotAdmins.parkingLotId, lotId),
        eq(parkingLotAdmins.userId, userId),
        isNull(users.deletedAt),
        eq(users.casualUser, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface LotAdmin {
  userId: number;
  email: string;
  since: Date;
}

export async function listLotAdmins(db: DbOrTx, lotId: number): Promise<LotAdmin[]> {
  await requireLot(db, lotId);
  return db
    .select({ userId: users.id, email: users.email, since: parkingLotAdmins.createdAt })
    .from(parkingLotAdmins)
    .innerJoin(users, eq(users.id, parkingLotAdmins.userId))
    .where(and(eq(parkingLotAdmins.parkingLotId, lotId), isNull(users.deletedAt)))
    .orderBy(asc(users.email));
}

/** Makes the registered user with this e-mail an admin of the lot; false if already one. */
export async function addLotAdmin(
  db: DbOrTx,
  lotId: number,
  email: string,
): Promise<{ userId: number; added: boolean }> {
  await requireLot(db, lotId);
  const user = await registeredUser(db, email);
  const added = await db
    .insert(parkingLotAdmins)
    .values({ parkingLotId: lotId, userId: user.id })
    .onConflictDoNothing()
    .returning({ userId: parkingLotAdmins.userId });
  return { userId: user.id, added: added.length > 0 };
}

/** Takes the lot's admin right from the user with this e-mail; false if they had none. */
export async function removeLotAdmin(db: DbOrTx, lotId: number, email: string): Promise<boolean> {
  await requireLot(db, lotId);
  const user = await registeredUser(db, email, { allowCasual: true });
  const removed = await db
    .delete(parkingLotAdmins)
    .where(and(eq(parkingLotAdmins.parkingLotId, lotId), eq(parkingLotAdmins.userId, user.id)))
    .returning({ userId: parkingLotAdmins.userId });
  return removed.length > 0;
}

async function registeredUser(db: DbOrTx, email: string, options: { allowCasual?: boolean } = {}) {
  const normal = email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, casualUser: users.casualUser })
    .from(users)
    .where(and(eq(users.email, normal), isNull(users.deletedAt)));
  if (!user) throw new LotAdminError(noUserWithEmail(normal));
  if (user.casualUser && !options.allowCasual)
    throw new LotAdminError(`${normal} is a guest (casual) user; a lot admin must be registered`);
  return user;
}

async function requireLot(db: DbOrTx, lotId: number) {
  const [lot] = await db
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .where(eq(parkingLots.id, lotId));
  if (!lot) throw new LotAdminError(`no parking lot with id ${lotId}`);
}
