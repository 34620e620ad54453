import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/accounts.js';
import { createSession } from '../modules/auth/sessions.js';
import { hashPassword } from '../modules/auth/passwords.js';

/** An activated user with a live session, made directly in the database (no mail round trip). */
export async function createActiveUser(db: Db, email: string, options: { phone?: string } = {}) {
  const [row] = await db
    .insert(users)
    .values({
      email,
      phone: options.phone ?? '+36 30 123 4567',
      passwordHash: await hashPassword('Voltpark2026'),
      activatedAt: new Date(),
    })
    .returning();
  const { token, accessToken } = await createSession(db, row!.id);
  const headers = {
    authorization: `Basic ${Buffer.from(`${row!.id}:${token}`).toString('base64')}`,
  };
  return { id: row!.id, token, accessToken, headers };
}

export async function userRow(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
