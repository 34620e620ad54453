import { and, asc, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ocpiDateTime } from '@voltpark/contract/ocpi/envelope';
import type { Location, OcpiStatus } from '@voltpark/contract/ocpi/locations';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { Db, Tx } from '../../db/client.js';
import {
  sandboxOcpiLocations,
  sandboxOcpiStatusPushes,
  sandboxOcpiTariffs,
} from '../../db/schema/index.js';
import type { Paging } from '../roaming/paging.js';
import { seedLocations, seedTariffs } from './seed-data.js';

/**
 * Seeds the network if it is not there yet. Each object is inserted only when its id is free,
 * so two replicas starting together, or a restart, never overwrite a status that changed.
 */
export async function seedNetworkIfEmpty(db: Db, now = new Date()): Promise<void> {
  const at = ocpiDateTime(now);
  const locations = seedLocations(at);
  const tariffs = seedTariffs(at);
  await db
    .insert(sandboxOcpiLocations)
    .values(locations.map((l) => ({ id: l.id, object: l, lastUpdated: now })))
    .onConflictDoNothing();
  await db
    .insert(sandboxOcpiTariffs)
    .values(tariffs.map((t) => ({ id: t.id, object: t, lastUpdated: now })))
    .onConflictDoNothing();
}

function window(column: PgColumn, p: Paging): SQL | undefined {
  return and(
    p.dateFrom ? gte(column, p.dateFrom) : undefined,
    p.dateTo ? lt(column, p.dateTo) : undefined,
  );
}

/** One page of locations, by id, with date_from (inclusive) and date_to (exclusive). */
export async function locationPage(
  db: Db,
  p: Paging,
): Promise<{ items: Location[]; total: number }> {
  const t = sandboxOcpiLocations;
  const where = window(t.lastUpdated, p);
  const [rows, [n]] = await Promise.all([
    db.select().from(t).where(where).orderBy(asc(t.id)).limit(p.limit).offset(p.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { items: rows.map((r) => r.object as Location), total: n?.n ?? 0 };
}

export async function tariffPage(db: Db, p: Paging): Promise<{ items: Tariff[]; total: number }> {
  const t = sandboxOcpiTariffs;
  const where = window(t.lastUpdated, p);
  const [rows, [n]] = await Promise.all([
    db.select().from(t).where(where).orderBy(asc(t.id)).limit(p.limit).offset(p.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { items: rows.map((r) => r.object as Tariff), total: n?.n ?? 0 };
}

export async function locationById(db: Db, id: string): Promise<Location | null> {
  const [row] = await db.select().from(sandboxOcpiLocations).where(eq(sandboxOcpiLocations.id, id));
  return row ? (row.object as Location) : null;
}

/**
 * Sets an EVSE's status inside a transaction that holds its location row (read `for update`):
 * the EVSE's and the location's last_updated change, and the change is queued for the push to
 * the platform (replacing a change of this EVSE not delivered yet).
 */
export async function applyEvseStatus(
  tx: Tx,
  location: Location,
  evse: NonNullable<Location['evses']>[number],
  status: OcpiStatus,
  now: Date,
): Promise<void> {
  const at = ocpiDateTime(now);
  evse.status = status;
  evse.last_updated = at;
  location.last_updated = at;
  await tx
    .update(sandboxOcpiLocations)
    .set({ object: location, lastUpdated: now })
    .where(eq(sandboxOcpiLocations.id, location.id));
  const push = {
    locationId: location.id,
    status,
    lastUpdated: now,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
  };
  await tx
    .insert(sandboxOcpiStatusPushes)
    .values({ evseUid: evse.uid, ...push })
    .onConflictDoUpdate({ target: sandboxOcpiStatusPushes.evseUid, set: push });
}

/** A location read in a transaction with its row locked, and one of its EVSEs. */
export async function lockedEvse(tx: Tx, locationId: string, evseUid: string) {
  const [row] = await tx
    .select()
    .from(sandboxOcpiLocations)
    .where(eq(sandboxOcpiLocations.id, locationId))
    .for('update');
  if (!row) return null;
  const location = row.object as Location;
  const evse = location.evses?.find((e) => e.uid === evseUid);
  return evse ? { location, evse } : null;
}

/**
 * Changes one EVSE's status (and the location's last_updated): read and written in one
 * transaction with the row locked, so two changes at once never lose one another, and queued
 * for the push to the platform in the same transaction. `from`: only if the EVSE is in that
 * status still. Returns the EVSE as it is now, or null when there is no such EVSE (or it was
 * no longer in `from`).
 */
export async function setEvseStatus(
  db: Db,
  locationId: string,
  evseUid: string,
  status: OcpiStatus,
  now = new Date(),
  from?: OcpiStatus,
): Promise<{ location: Location; evse: NonNullable<Location['evses']>[number] } | null> {
  return db.transaction(async (tx) => {
    const found = await lockedEvse(tx, locationId, evseUid);
    if (!found || (from && found.evse.status !== from)) return null;
    await applyEvseStatus(tx, found.location, found.evse, status, now);
    return found;
  });
}
