import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Connector, Evse, Location } from '@voltpark/contract/ocpi/locations';
import { location as locationSchema } from '@voltpark/contract/ocpi/locations';
import type { Db, DbOrTx } from '../../../db/client.js';
import { roamingPartnerLocations as T } from '../../../db/schema/index.js';
import { locationColumns, ocpiTime } from './location-columns.js';
import { lockRegisteredCpo } from './partner-parties.js';
import { mirrorPartnerSites } from './partner-sites-mirror.js';
import { excluded, newestByKey } from './upsert.js';

/** Which Location of which party, as held for one partner. */
export interface LocationKey {
  partnerId: number;
  countryCode: string;
  partyId: string;
  locationId: string;
}

/** What a push did: written, ignored as older than what we hold, or refused. */
export type PushResult =
  | { ok: true; stale: boolean }
  | { ok: false; reason: 'unknown' | 'partner-gone' }
  | { ok: false; reason: 'invalid'; message: string };

const rowKey = (countryCode: string, partyId: string, id: string) =>
  `${countryCode.toUpperCase()}/${partyId.toUpperCase()}/${id.toUpperCase()}`;

const whereKey = (k: LocationKey) =>
  and(
    eq(T.partnerId, k.partnerId),
    eq(T.countryCode, k.countryCode.toUpperCase()),
    eq(T.partyId, k.partyId.toUpperCase()),
    eq(T.locationKey, k.locationId.toUpperCase()),
  );

function rowOf(partnerId: number, l: Location) {
  return {
    partnerId,
    countryCode: l.country_code.toUpperCase(),
    partyId: l.party_id.toUpperCase(),
    locationId: l.id,
    locationKey: l.id.toUpperCase(),
    object: l,
    ...locationColumns(l),
  };
}

/**
 * Whole Locations (a pulled page, or one PUT) written in one transaction: new ones inserted,
 * known ones replaced unless we hold a newer `last_updated` (a pull's page may be older than a
 * push that came meanwhile; a replayed call changes nothing). Every one is marked seen. False
 * when the partner is no longer a registered CPO (nothing written).
 */
export async function upsertLocations(
  db: Db,
  partnerId: number,
  locations: Location[],
): Promise<boolean> {
  const items = newestByKey(
    locations,
    (l) => rowKey(l.country_code, l.party_id, l.id),
    (l) => ocpiTime(l.last_updated).getTime(),
  );
  return db.transaction(async (tx) => {
    if (!(await lockRegisteredCpo(tx, partnerId))) return false;
    if (items.length === 0) return true;
    const written = await tx
      .insert(T)
      .values(items.map((l) => rowOf(partnerId, l)))
      .onConflictDoUpdate({
        target: [T.partnerId, T.countryCode, T.partyId, T.locationKey],
        set: {
          locationId: excluded('location_id'),
          name: excluded('name'),
          city: excluded('city'),
          lat: excluded('lat'),
          lng: excluded('lng'),
          publish: excluded('publish'),
          evseCount: excluded('evse_count'),
          availableEvseCount: excluded('available_evse_count'),
          connectorCount: excluded('connector_count'),
          maxPowerW: excluded('max_power_w'),
          statusCounts: excluded('status_counts'),
          lastUpdated: excluded('last_updated'),
          object: excluded('object'),
          updatedAt: sql`now()`,
        },
        setWhere: sql`excluded.last_updated >= ${T.lastUpdated}`,
      })
      .returning({ id: T.id });
    await mirrorPartnerSites(
      tx,
      written.map((r) => r.id),
    );
    await markSeen(tx, partnerId, items);
    return true;
  });
}

async function markSeen(tx: DbOrTx, partnerId: number, items: Location[]) {
  const groups = new Map<string, { cc: string; pty: string; keys: string[] }>();
  for (const l of items) {
    const g = `${l.country_code.toUpperCase()}/${l.party_id.toUpperCase()}`;
    const entry = groups.get(g) ?? {
      cc: l.country_code.toUpperCase(),
      pty: l.party_id.toUpperCase(),
      keys: [],
    };
    entry.keys.push(l.id.toUpperCase());
    groups.set(g, entry);
  }
  for (const g of groups.values()) {
    await tx
      .update(T)
      .set({ seenAt: sql`now()` })
      .where(
        and(
          eq(T.partnerId, partnerId),
          eq(T.countryCode, g.cc),
          eq(T.partyId, g.pty),
          inArray(T.locationKey, g.keys),
        ),
      );
  }
}

/** After a complete full pull: the partner's Locations it did not list are no longer valid. */
export async function sweepLocations(db: Db, partnerId: number, pullStart: Date) {
  const gone = await db
    .delete(T)
    .where(and(eq(T.partnerId, partnerId), lt(T.seenAt, pullStart)))
    .returning({ id: T.id });
  return gone.length;
}

export async function getLocation(db: DbOrTx, key: LocationKey): Promise<Location | null> {
  const [row] = await db.select({ object: T.object }).from(T).where(whereKey(key));
  return row ? (row.object as Location) : null;
}

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
const time = (v: string) => ocpiTime(v).getTime();
const later = (a: string, b: string) => (time(a) >= time(b) ? a : b);

/** The part of a Location a push names: the Location, one EVSE, or one Connector. */
export interface Target {
  evseUid?: string;
  connectorId?: string;
}

/** The object a GET of the Receiver interface names, as we hold it; null when unknown. */
export function pick(l: Location, t: Target): Location | Evse | Connector | null {
  if (t.evseUid === undefined) return l;
  const evse = (l.evses ?? []).find((e) => same(e.uid, t.evseUid!));
  if (!evse) return null;
  if (t.connectorId === undefined) return evse;
  return evse.connectors.find((c) => same(c.id, t.connectorId!)) ?? null;
}

/**
 * An EVSE or Connector (PUT) or part of a Location, EVSE or Connector (PATCH) changed inside the
 * stored Location, under a row lock: two pushes on a pool never lose each other's change. The
 * changed object's parents get its `last_updated` (the module says so); a change older than the
 * object it names is ignored. The result must still be a valid Location.
 */
export async function changeLocation(
  db: Db,
  key: LocationKey,
  target: Target,
  change: (current: Location | Evse | Connector | null) => {
    next: Location | Evse | Connector;
    lastUpdated: string;
  } | null,
): Promise<PushResult> {
  return db.transaction(async (tx): Promise<PushResult> => {
    if (!(await lockRegisteredCpo(tx, key.partnerId))) return { ok: false, reason: 'partner-gone' };
    const [row] = await tx.select({ object: T.object }).from(T).where(whereKey(key)).for('update');
    if (!row) return { ok: false, reason: 'unknown' };
    const stored = row.object as Location;
    const current = pick(stored, target);
    // PUT of a new EVSE or Connector: its parent must be known.
    const parentKnown =
      target.connectorId === undefined
        ? true
        : (stored.evses ?? []).some((e) => same(e.uid, target.evseUid!));
    if (!current && (target.evseUid === undefined || !parentKnown))
      return { ok: false, reason: 'unknown' };
    const changed = change(current);
    if (!changed) return { ok: false, reason: 'unknown' };
    const currentTime = current && 'last_updated' in current ? current.last_updated : null;
    if (currentTime && time(changed.lastUpdated) < time(currentTime))
      return { ok: true, stale: true };

    const lu = changed.lastUpdated;
    let next: Location;
    if (target.evseUid === undefined) {
      next = changed.next as Location;
    } else {
      const evses = [...(stored.evses ?? [])];
      const i = evses.findIndex((e) => same(e.uid, target.evseUid!));
      if (target.connectorId === undefined) {
        if (i >= 0) evses[i] = changed.next as Evse;
        else evses.push(changed.next as Evse);
      } else {
        const evse = evses[i]!;
        const connectors = [...evse.connectors];
        const j = connectors.findIndex((c) => same(c.id, target.connectorId!));
        if (j >= 0) connectors[j] = changed.next as Connector;
        else connectors.push(changed.next as Connector);
        evses[i] = { ...evse, connectors, last_updated: later(lu, evse.last_updated) };
      }
      next = { ...stored, evses, last_updated: later(lu, stored.last_updated) };
    }
    const valid = locationSchema.safeParse(next);
    if (!valid.success)
      return {
        ok: false,
        reason: 'invalid',
        message: `the Location would not be valid: ${valid.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
          .join('; ')}`,
      };
    const values = rowOf(key.partnerId, valid.data);
    const written = await tx
      .update(T)
      .set({ ...values, seenAt: sql`now()`, updatedAt: sql`now()` })
      .where(whereKey(key))
      .returning({ id: T.id });
    await mirrorPartnerSites(
      tx,
      written.map((r) => r.id),
    );
    return { ok: true, stale: false };
  });
}

/** Everything held of a partner (its removal), inside the removal's transaction. */
export async function forgetPartnerLocations(tx: DbOrTx, partnerId: number) {
  await tx.delete(T).where(eq(T.partnerId, partnerId));
}
