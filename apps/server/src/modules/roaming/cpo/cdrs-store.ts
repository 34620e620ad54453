import { and, asc, eq, gte, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Cdr, CdrLocation, CdrToken } from '@voltpark/contract/ocpi/cdrs';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { Db, Tx } from '../../../db/client.js';
import {
  chargePoints,
  chargers,
  locations,
  ocppTransactions,
  roamingCdrs,
  roamingSessions,
} from '../../../db/schema/index.js';
import { connectorTechnics } from '../model/connector.js';
import { alpha3, evseUid, locationId, ocpiTime, type OcpiParty } from '../model/ids.js';
import type { Page } from '../model/locations.js';
import type { Paging } from '../paging.js';
import { enqueuePush } from '../push-outbox.js';
import {
  chargingPeriods,
  hoursBetween,
  kwhOf,
  sessionCost,
  type RoamingSessionRow,
  type SessionPrices,
} from './sessions-object.js';

/** The end of a roaming transaction, as the charger reported it. */
export interface RoamingSessionEnd {
  transactionId: number;
  /** meterStop − meterStart, Wh. */
  energyWh: number;
  endedAt: Date;
}

async function cdrLocation(tx: Tx, party: OcpiParty, chargerId: number): Promise<CdrLocation> {
  const [c] = await tx
    .select({ charger: chargers, currentType: chargePoints.currentType, location: locations })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .innerJoin(locations, eq(locations.id, chargePoints.locationId))
    .where(eq(chargers.id, chargerId));
  if (!c) throw new Error(`charger ${chargerId} of a roaming session is gone`);
  const l = c.location;
  const t = connectorTechnics(c.charger.outletType, c.currentType, c.charger.powerKw);
  const uid = evseUid(party, chargerId);
  return {
    id: locationId(l.id),
    name: l.name.slice(0, 255),
    address: `${l.street} ${l.addressType} ${l.houseNumber}`.trim().slice(0, 45),
    city: l.city.slice(0, 45),
    postal_code: l.zipCode.slice(0, 10),
    country: alpha3(l.countryCode),
    coordinates: { latitude: l.lat.toFixed(6), longitude: l.lng.toFixed(6) },
    evse_uid: uid,
    evse_id: uid,
    connector_id: '1',
    connector_standard: t.standard,
    connector_format: t.format,
    connector_power_type: t.power_type,
  };
}

/** The CDR of a completed session (its id is the session's: one CDR per session). */
export function ocpiCdr(
  party: OcpiParty,
  s: RoamingSessionRow,
  location: CdrLocation,
  lastUpdated: Date,
): Cdr {
  const end = s.endedAt ?? lastUpdated;
  const prices = s.prices as SessionPrices;
  const cost = sessionCost(s.energyWh, prices);
  return {
    country_code: party.countryCode,
    party_id: party.partyId,
    id: s.id,
    start_date_time: ocpiTime(s.startedAt),
    end_date_time: ocpiTime(end),
    session_id: s.id,
    cdr_token: s.cdrToken as CdrToken,
    auth_method: s.authMethod,
    ...(s.authorizationReference ? { authorization_reference: s.authorizationReference } : {}),
    cdr_location: location,
    currency: 'HUF',
    ...(s.tariff ? { tariffs: [s.tariff as Tariff] } : {}),
    charging_periods: chargingPeriods({ ...s, endedAt: end }),
    total_cost: cost,
    total_energy: kwhOf(s.energyWh),
    total_time: hoursBetween(s.startedAt, end),
    total_parking_time: 0,
    ...(prices ? {} : { remark: 'No tariff was set on this EVSE: nothing is charged.' }),
    last_updated: ocpiTime(lastUpdated),
  };
}

/**
 * The end of a roaming session: the session COMPLETED with the final energy, its one CDR stored,
 * and the session PUT and CDR POST queued, all in one database transaction. A replayed stop (or
 * the sweep finding a session already done) changes nothing: the session is completed only from
 * another status, and the CDR is unique per session.
 */
export async function completeRoamingSession(
  db: Db,
  party: OcpiParty,
  end: RoamingSessionEnd,
): Promise<{ cdrId: string } | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [s] = await tx
      .update(roamingSessions)
      .set({
        status: 'COMPLETED',
        endedAt: end.endedAt,
        energyWh: sql`greatest(${roamingSessions.energyWh}, ${end.energyWh})`,
        lastUpdated: now,
      })
      .where(
        and(
          eq(roamingSessions.ocppTransactionId, end.transactionId),
          ne(roamingSessions.status, 'COMPLETED'),
        ),
      )
      .returning();
    if (!s) return null;
    const cdr = ocpiCdr(party, s, await cdrLocation(tx, party, s.chargerId), now);
    const [stored] = await tx
      .insert(roamingCdrs)
      .values({ id: s.id, sessionPk: s.pk, partnerId: s.partnerId, object: cdr, lastUpdated: now })
      .onConflictDoNothing()
      .returning({ pk: roamingCdrs.pk });
    await enqueuePush(tx, { partnerId: s.partnerId, sessionPk: s.pk, kind: 'SESSION' });
    if (stored) await enqueuePush(tx, { partnerId: s.partnerId, sessionPk: s.pk, kind: 'CDR' });
    return { cdrId: s.id };
  });
}

/**
 * Roaming sessions still ACTIVE whose OCPP transaction has stopped (a stop that raced the
 * session's creation, or an event lost in a restart): completed as the stop would have.
 */
export async function completeStoppedSessions(db: Db, party: OcpiParty): Promise<number> {
  const rows = await db
    .select({
      transactionId: ocppTransactions.id,
      meterStartWh: ocppTransactions.meterStartWh,
      meterStopWh: ocppTransactions.meterStopWh,
      stoppedAt: ocppTransactions.stoppedAt,
    })
    .from(roamingSessions)
    .innerJoin(ocppTransactions, eq(ocppTransactions.id, roamingSessions.ocppTransactionId))
    .where(and(eq(roamingSessions.status, 'ACTIVE'), isNotNull(ocppTransactions.stoppedAt)))
    .orderBy(asc(roamingSessions.pk))
    .limit(50);
  let done = 0;
  for (const r of rows) {
    const finished = await completeRoamingSession(db, party, {
      transactionId: r.transactionId,
      energyWh: Math.max(0, (r.meterStopWh ?? r.meterStartWh) - r.meterStartWh),
      endedAt: r.stoppedAt!,
    });
    if (finished) done++;
  }
  return done;
}

/** A page of one partner's CDRs, by last_updated window, in a stable order. */
export async function cdrPage(db: Db, partnerId: number, p: Paging): Promise<Page<Cdr>> {
  const conditions: SQL[] = [eq(roamingCdrs.partnerId, partnerId)];
  if (p.dateFrom) conditions.push(gte(roamingCdrs.lastUpdated, p.dateFrom));
  if (p.dateTo) conditions.push(lt(roamingCdrs.lastUpdated, p.dateTo));
  const rows = await db
    .select({ object: roamingCdrs.object, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(roamingCdrs)
    .where(and(...conditions))
    .orderBy(asc(roamingCdrs.pk))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && p.offset > 0) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(roamingCdrs)
      .where(and(...conditions));
    total = c?.n ?? 0;
  }
  return { items: rows.map((r) => r.object as Cdr), total };
}

/** The stored CDR of a session (the push outbox POSTs it as stored). */
export async function cdrOfSession(db: Db, sessionPk: number): Promise<Cdr | null> {
  const [row] = await db
    .select({ object: roamingCdrs.object })
    .from(roamingCdrs)
    .where(eq(roamingCdrs.sessionPk, sessionPk));
  return row ? (row.object as Cdr) : null;
}
