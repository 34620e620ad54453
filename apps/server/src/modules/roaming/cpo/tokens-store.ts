import { and, eq, sql } from 'drizzle-orm';
import type { Token } from '@voltpark/contract/ocpi/tokens';
import type { Db } from '../../../db/client.js';
import { roamingTokens } from '../../../db/schema/index.js';

/**
 * Which token of which party (the URL of the Tokens Receiver interface, plus `type`), as seen
 * by the partner calling: a token another partner stored is never read or changed through it.
 */
export interface TokenKey {
  partnerId: number;
  countryCode: string;
  partyId: string;
  uid: string;
  type: string;
}

const where = (k: TokenKey) =>
  and(
    eq(roamingTokens.countryCode, k.countryCode.toUpperCase()),
    eq(roamingTokens.partyId, k.partyId.toUpperCase()),
    eq(roamingTokens.uidKey, k.uid.toUpperCase()),
    eq(roamingTokens.type, k.type),
    eq(roamingTokens.partnerId, k.partnerId),
  );

const columns = (t: Token) => ({
  contractId: t.contract_id,
  valid: t.valid,
  whitelist: t.whitelist,
  lastUpdated: new Date(t.last_updated),
});

export async function getToken(db: Db, key: TokenKey): Promise<Token | null> {
  const [row] = await db
    .select({ object: roamingTokens.object })
    .from(roamingTokens)
    .where(where(key));
  return row ? (row.object as Token) : null;
}

/**
 * PUT: the whole Token, created or replaced in one statement (a race of two PUTs keeps one).
 * False when the same party's token is held for another partner (two partners declaring one
 * party): it is left alone.
 */
export async function putToken(db: Db, key: TokenKey, t: Token): Promise<boolean> {
  const rows = await db
    .insert(roamingTokens)
    .values({
      partnerId: key.partnerId,
      countryCode: key.countryCode.toUpperCase(),
      partyId: key.partyId.toUpperCase(),
      uid: t.uid,
      uidKey: key.uid.toUpperCase(),
      type: key.type,
      object: t,
      ...columns(t),
    })
    .onConflictDoUpdate({
      target: [
        roamingTokens.countryCode,
        roamingTokens.partyId,
        roamingTokens.uidKey,
        roamingTokens.type,
      ],
      set: { uid: t.uid, object: t, ...columns(t), updatedAt: new Date() },
      setWhere: eq(roamingTokens.partnerId, key.partnerId),
    })
    .returning({ id: roamingTokens.id });
  return rows.length > 0;
}

/**
 * PATCH: the given fields merged into the stored Token in one statement (so two PATCHes on a
 * pool never lose each other's fields). Null when the token is unknown.
 */
export async function patchToken(
  db: Db,
  key: TokenKey,
  patch: Partial<Token>,
): Promise<Token | null> {
  const set: Partial<typeof roamingTokens.$inferInsert> = { updatedAt: new Date() };
  if (patch.contract_id !== undefined) set.contractId = patch.contract_id;
  if (patch.valid !== undefined) set.valid = patch.valid;
  if (patch.whitelist !== undefined) set.whitelist = patch.whitelist;
  if (patch.last_updated !== undefined) set.lastUpdated = new Date(patch.last_updated);
  const [row] = await db
    .update(roamingTokens)
    .set({ ...set, object: sql`${roamingTokens.object} || ${JSON.stringify(patch)}::jsonb` })
    .where(where(key))
    .returning({ object: roamingTokens.object });
  return row ? (row.object as Token) : null;
}
