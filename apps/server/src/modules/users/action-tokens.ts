import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { actionTokens } from '../../db/schema/accounts.js';
import { hashToken, newToken } from '../auth/tokens.js';

export const ACTIVATION_HOURS = 48;
export const RESET_MINUTES = 60;

type Purpose = (typeof actionTokens.$inferInsert)['purpose'];

export async function issueActionToken(db: Db, userId: number, purpose: Purpose, validMs: number) {
  const token = newToken();
  await db.insert(actionTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + validMs),
  });
  return token;
}

/** Uses a mailed token once: returns its user, or null when unknown, used or expired. */
export async function consumeActionToken(
  db: Db,
  token: string,
  purpose: Purpose,
): Promise<number | null> {
  const [row] = await db
    .update(actionTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(actionTokens.tokenHash, hashToken(token)),
        eq(actionTokens.purpose, purpose),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: actionTokens.userId });
  return row?.userId ?? null;
}
