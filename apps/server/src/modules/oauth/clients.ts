import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oauthClients, userSessions } from '../../db/schema/accounts.js';

export class ClientRegistryError extends Error {}

/** A redirect address a client app may register: absolute https, or http only for localhost. */
export function checkRedirect(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ClientRegistryError(`not an absolute address: ${raw}`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw new ClientRegistryError(
      `a redirect address must use https (http only for localhost): ${raw}`,
    );
  if (url.hash) throw new ClientRegistryError(`a redirect address has no #fragment: ${raw}`);
  return url.toString();
}

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 32) || 'client';

/** Registers a client app for /authorize; its id (given, or made from the name) is returned. */
export async function addClient(
  db: Db,
  input: { name: string; redirects: string[]; id?: string; showAuthorizePage?: boolean },
) {
  const name = input.name.trim();
  if (!name) throw new ClientRegistryError('the name is empty');
  if (input.redirects.length === 0)
    throw new ClientRegistryError('at least one --redirect address is needed');
  const redirectUris = [...new Set(input.redirects.map(checkRedirect))];
  const id = input.id ?? `${slug(name)}-${randomBytes(3).toString('hex')}`;
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(id))
    throw new ClientRegistryError('--id: 3–64 letters, digits, dot, dash or underscore');
  const [row] = await db
    .insert(oauthClients)
    .values({ id, name, redirectUris, showAuthorizePage: input.showAuthorizePage ?? true })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ClientRegistryError(`a client with the id ${id} exists`);
  return row;
}

export function listClients(db: Db) {
  return db.select().from(oauthClients).orderBy(asc(oauthClients.createdAt), asc(oauthClients.id));
}

/** Removes a client app: its unused codes go with it and the sessions it opened end. */
export async function removeClient(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(oauthClients).where(eq(oauthClients.id, id)).returning();
    if (!row) throw new ClientRegistryError(`no client with the id ${id}`);
    const ended = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(userSessions.oauthClientId, id), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    return { ...row, sessionsEnded: ended.length };
  });
}
