import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Token } from '@voltpark/contract/ocpi/tokens';
import type { Config } from '../../../config.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { roamingEmspTokens as K, users } from '../../../db/schema/index.js';
import type { Paging } from '../paging.js';

export type DriverTokenRow = typeof K.$inferSelect;

/** Users who get a token: registered (activated), not casual, not deleted. */
const activeUser = and(
  isNotNull(users.activatedAt),
  isNull(users.deletedAt),
  eq(users.casualUser, false),
);

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomAlnum = (n: number) =>
  Array.from(randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('');

/** A new token's ids: a random uid (20 hex, fits an OCPP idTag) and an eMAID-style contract id. */
function newIds(config: Config) {
  const { countryCode, partyId } = config.roaming;
  return {
    uid: randomBytes(10).toString('hex').toUpperCase(),
    contractId: `${countryCode}-${partyId}-C${randomAlnum(8)}`,
  };
}

/** The OCPI Token of one of our drivers (APP_USER; our app starts it by command). */
export function driverToken(config: Config, row: DriverTokenRow): Token {
  return {
    country_code: config.roaming.countryCode,
    party_id: config.roaming.partyId,
    uid: row.uid,
    type: 'APP_USER',
    contract_id: row.contractId,
    visual_number: row.contractId,
    issuer: config.roaming.businessName,
    valid: row.valid,
    whitelist: 'NEVER',
    last_updated: row.lastUpdated.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

/**
 * Brings the token table in line with the users: a token for each active user without one, and
 * valid=false (with a new last_updated, so partners pulling changes learn it) for the tokens of
 * users deleted or gone. Idempotent; concurrent runs insert each token once (unique user).
 */
export async function syncDriverTokens(db: Db, config: Config): Promise<void> {
  for (;;) {
    const missing = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(K, eq(K.userId, users.id))
      .where(and(activeUser, isNull(K.id)))
      .orderBy(asc(users.id))
      .limit(500);
    if (missing.length === 0) break;
    await db
      .insert(K)
      .values(missing.map((u) => ({ userId: u.id, ...newIds(config) })))
      .onConflictDoNothing();
    if (missing.length < 500) break;
  }
  await db
    .update(K)
    .set({ valid: false, lastUpdated: sql`now()` })
    .where(
      and(
        eq(K.valid, true),
        or(
          isNull(K.userId),
          sql`not exists (select 1 from ${users} where ${users.id} = ${K.userId} and ${activeUser})`,
        ),
      ),
    );
}

/** One page of our drivers' tokens by last_updated (date_from inclusive, date_to exclusive). */
export async function driverTokenPage(
  db: Db,
  config: Config,
  p: Paging,
): Promise<{ items: Token[]; total: number }> {
  await syncDriverTokens(db, config);
  const where = and(
    p.dateFrom ? gte(K.lastUpdated, p.dateFrom) : undefined,
    p.dateTo ? lt(K.lastUpdated, p.dateTo) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(K)
      .where(where)
      .orderBy(asc(K.lastUpdated), asc(K.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(K).where(where),
  ]);
  return { items: rows.map((r) => driverToken(config, r)), total: total?.n ?? 0 };
}

/** The token with this uid (CiString: without case); null when it is not ours. */
export async function driverTokenByUid(db: DbOrTx, uid: string): Promise<DriverTokenRow | null> {
  const [row] = await db.select().from(K).where(eq(K.uid, uid.toUpperCase()));
  return row ?? null;
}

/** The user behind a token uid of ours, if the token is ours and still linked. */
export async function driverOfToken(db: DbOrTx, uid: string): Promise<number | null> {
  return (await driverTokenByUid(db, uid))?.userId ?? null;
}

/** The token of a user (made now if the user is active and has none): for the app's starts. */
export async function driverTokenOfUser(
  db: Db,
  config: Config,
  userId: number,
): Promise<DriverTokenRow | null> {
  const find = async () => (await db.select().from(K).where(eq(K.userId, userId)))[0] ?? null;
  const had = await find();
  if (had) return had;
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), activeUser));
  if (!u) return null;
  await db
    .insert(K)
    .values({ userId, ...newIds(config) })
    .onConflictDoNothing();
  return find();
}
