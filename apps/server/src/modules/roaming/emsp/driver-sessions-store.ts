import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { session as sessionSchema, type Session } from '@voltpark/contract/ocpi/sessions';
import type { CdrToken } from '@voltpark/contract/ocpi/cdrs';
import type { Config } from '../../../config.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { roamingEmspSessions as S } from '../../../db/schema/index.js';
import { driverOfToken } from './driver-tokens-store.js';
import type { DriverRoamingSession } from './driver-sessions-events.js';
import { ocpiTime } from './location-columns.js';
import { lockRegisteredCpo } from './partner-parties.js';
import { problems } from './receiver-common.js';

export type DriverSessionRow = typeof S.$inferSelect;

/** Which Session of which party, as held for one partner. */
export interface SessionKey {
  partnerId: number;
  countryCode: string;
  partyId: string;
  sessionId: string;
}

export type SessionWrite =
  | { ok: true; stale: boolean; row: DriverSessionRow | null }
  | { ok: false; reason: 'gone' | 'unknown' | 'invalid'; message: string };

const whereKey = (k: SessionKey) =>
  and(
    eq(S.partnerId, k.partnerId),
    eq(S.countryCode, k.countryCode.toUpperCase()),
    eq(S.partyId, k.partyId.toUpperCase()),
    eq(S.sessionKey, k.sessionId.toUpperCase()),
  );

/** Our driver behind a session's or CDR's token: only a token of our own party is ours. */
export async function ourDriverOf(db: DbOrTx, config: Config, t: CdrToken): Promise<number | null> {
  const ours =
    t.country_code.toUpperCase() === config.roaming.countryCode &&
    t.party_id.toUpperCase() === config.roaming.partyId;
  return ours ? driverOfToken(db, t.uid) : null;
}

function columns(s: Session, userId: number | null) {
  return {
    sessionId: s.id,
    tokenUid: s.cdr_token.uid,
    userId,
    status: s.status,
    kwh: s.kwh,
    currency: s.currency,
    totalCost: s.total_cost ? (s.total_cost.incl_vat ?? s.total_cost.excl_vat) : null,
    authorizationReference: s.authorization_reference ?? null,
    lastUpdated: ocpiTime(s.last_updated),
    object: s,
  };
}

/**
 * PUT of a Session: created or replaced unless we hold a newer `last_updated` (a late or
 * replayed PUT changes nothing). `row` is the stored row when it was written.
 */
export async function putDriverSession(
  db: Db,
  config: Config,
  key: SessionKey,
  s: Session,
): Promise<SessionWrite> {
  return db.transaction(async (tx) => {
    if (!(await lockRegisteredCpo(tx, key.partnerId)))
      return { ok: false, reason: 'gone', message: 'no longer registered' };
    const cols = columns(s, await ourDriverOf(tx, config, s.cdr_token));
    const [row] = await tx
      .insert(S)
      .values({
        partnerId: key.partnerId,
        countryCode: key.countryCode.toUpperCase(),
        partyId: key.partyId.toUpperCase(),
        sessionKey: key.sessionId.toUpperCase(),
        ...cols,
      })
      .onConflictDoUpdate({
        target: [S.partnerId, S.countryCode, S.partyId, S.sessionKey],
        set: { ...cols, updatedAt: new Date() },
        setWhere: sql`excluded.last_updated > ${S.lastUpdated}`,
      })
      .returning();
    return { ok: true, stale: !row, row: row ?? null };
  });
}

/**
 * PATCH of a Session: the fields given replace ours (OCPI PATCH, shallow), under a row lock so
 * two patches on a pool never lose each other; one not newer than what we hold changes nothing.
 */
export async function patchDriverSession(
  db: Db,
  config: Config,
  key: SessionKey,
  patch: Partial<Session> & { last_updated: string },
): Promise<SessionWrite> {
  return db.transaction(async (tx) => {
    if (!(await lockRegisteredCpo(tx, key.partnerId)))
      return { ok: false, reason: 'gone', message: 'no longer registered' };
    const [current] = await tx.select().from(S).where(whereKey(key)).for('update');
    if (!current) return { ok: false, reason: 'unknown', message: 'Unknown session' };
    if (ocpiTime(patch.last_updated) <= current.lastUpdated)
      return { ok: true, stale: true, row: null };
    const merged = sessionSchema.safeParse({ ...(current.object as Session), ...patch });
    if (!merged.success) return { ok: false, reason: 'invalid', message: problems(merged.error) };
    const [row] = await tx
      .update(S)
      .set({
        ...columns(merged.data, await ourDriverOf(tx, config, merged.data.cdr_token)),
        updatedAt: new Date(),
      })
      .where(eq(S.id, current.id))
      .returning();
    return { ok: true, stale: false, row: row ?? null };
  });
}

export async function getDriverSession(db: DbOrTx, key: SessionKey): Promise<Session | null> {
  const [row] = await db.select({ object: S.object }).from(S).where(whereKey(key));
  return row ? (row.object as Session) : null;
}

/** The app's view of a stored session of one of our drivers (null when not our driver's). */
export function driverSessionView(row: DriverSessionRow): DriverRoamingSession | null {
  if (row.userId === null) return null;
  const s = row.object as Session;
  return {
    id: row.id,
    userId: row.userId,
    partnerId: row.partnerId,
    sessionId: row.sessionId,
    status: row.status,
    kwh: row.kwh,
    currency: row.currency,
    totalCost: row.totalCost,
    locationId: s.location_id,
    evseUid: s.evse_uid,
    startedAt: s.start_date_time,
    endedAt: s.end_date_time ?? null,
    lastUpdated: s.last_updated,
  };
}

/** A driver's sessions at partners' chargers still under way (PENDING, ACTIVE), newest first. */
export async function liveRoamingSessionsOf(
  db: DbOrTx,
  userId: number,
): Promise<DriverRoamingSession[]> {
  const rows = await db
    .select()
    .from(S)
    .where(and(eq(S.userId, userId), inArray(S.status, ['PENDING', 'ACTIVE'])))
    .orderBy(desc(S.lastUpdated));
  return rows.map(driverSessionView).filter((v): v is DriverRoamingSession => v !== null);
}
