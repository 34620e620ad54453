import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CdrToken } from '@voltpark/contract/ocpi/cdrs';
import type { Session } from '@voltpark/contract/ocpi/sessions';
import type { Db } from '../../../db/client.js';
import {
  chargePoints,
  chargers,
  charges,
  chargingTariffs,
  ocppIdTags,
  ocppTransactions,
  roamingPartners,
  roamingSessions,
  roamingTokens,
} from '../../../db/schema/index.js';
import type { Page } from '../model/locations.js';
import type { OcpiParty } from '../model/ids.js';
import { ocpiTariff } from '../model/tariffs.js';
import type { Paging } from '../paging.js';
import { enqueuePush, SESSION_PUSH_EVERY_SECONDS } from '../push-outbox.js';
import { ocpiSession, type RoamingSessionRow, type SessionPrices } from './sessions-object.js';

/** Who the session is for: the partner eMSP and its driver's token. */
export interface RoamingSessionStart {
  /** Our OCPP transaction (ocpp_transactions.id). */
  transactionId: number;
  partnerId: number;
  cdrToken: CdrToken;
  /** WHITELIST: a stored token accepted at the charger; COMMAND: START_SESSION. */
  authMethod: 'WHITELIST' | 'COMMAND' | 'AUTH_REQUEST';
  authorizationReference?: string;
}

/**
 * The partner RFID token a charger's idTag stands for, when the transaction is a roaming one:
 * the same token the authorizer accepted (valid, whitelist ALWAYS or ALLOWED, partner a
 * registered eMSP), and only when the tag is none of our own (ocpp_id_tags, a charge's idTag),
 * which the authorizer asks first.
 */
export async function partnerTokenOfIdTag(
  db: Db,
  idTag: string,
): Promise<{ partnerId: number; cdrToken: CdrToken } | null> {
  const [row] = await db
    .select({ token: roamingTokens })
    .from(roamingTokens)
    .innerJoin(roamingPartners, eq(roamingPartners.id, roamingTokens.partnerId))
    .where(
      and(
        eq(roamingTokens.uidKey, idTag.toUpperCase()),
        eq(roamingTokens.type, 'RFID'),
        eq(roamingTokens.valid, true),
        or(eq(roamingTokens.whitelist, 'ALWAYS'), eq(roamingTokens.whitelist, 'ALLOWED')),
        eq(roamingPartners.status, 'REGISTERED'),
        eq(roamingPartners.role, 'EMSP'),
      ),
    )
    .orderBy(asc(roamingTokens.id))
    .limit(1);
  if (!row) return null;
  // Our own drivers' tags are asked first by the authorizer: such a tag is never roaming.
  const [own] = await db
    .select({ t: ocppIdTags.idTag })
    .from(ocppIdTags)
    .where(eq(ocppIdTags.idTag, idTag));
  if (own) return null;
  const [charge] = await db
    .select({ t: charges.idTag })
    .from(charges)
    .where(eq(charges.idTag, idTag));
  if (charge) return null;
  const t = row.token;
  return {
    partnerId: t.partnerId,
    cdrToken: {
      country_code: t.countryCode,
      party_id: t.partyId,
      uid: t.uid,
      type: 'RFID',
      contract_id: t.contractId,
    },
  };
}

/**
 * The roaming session of an OCPP transaction, made once (a second call for the same transaction
 * changes nothing, except that COMMAND — the Commands module's START_SESSION — takes the place of
 * WHITELIST with its authorization_reference). The EVSE, location and the charger's tariff are
 * read now and the prices copied; the partner is told (a push) in the same database transaction.
 * Null when the transaction or its charger is unknown.
 *
 * For the Commands module: call this when the StartTransaction of a START_SESSION arrives (the
 * `transactionStarted` event), with authMethod COMMAND and the command's authorization_reference.
 */
export async function startRoamingSessionFor(
  db: Db,
  party: OcpiParty,
  s: RoamingSessionStart,
): Promise<{ id: string; created: boolean } | null> {
  return db.transaction(async (tx) => {
    const [t] = await tx
      .select({
        tx: ocppTransactions,
        chargerId: chargers.id,
        locationId: chargePoints.locationId,
        tariff: chargingTariffs,
      })
      .from(ocppTransactions)
      .innerJoin(
        chargers,
        and(
          eq(chargers.chargePointId, ocppTransactions.chargePointId),
          eq(chargers.connectorId, ocppTransactions.connectorId),
        ),
      )
      .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
      .leftJoin(chargingTariffs, eq(chargingTariffs.id, chargers.tariffId))
      .where(eq(ocppTransactions.id, s.transactionId));
    if (!t) return null;
    const tariff = t.tariff;
    const prices: SessionPrices = tariff
      ? {
          freeCharging: tariff.freeCharging,
          unitChargingGross: tariff.unitChargingGross,
          convenienceFeeGross: tariff.convenienceFeeGross,
          parkingEnabled: tariff.parkingEnabled,
          minutesAfterParkingStart: tariff.minutesAfterParkingStart,
          unitParkingGross: tariff.unitParkingGross,
        }
      : null;
    const metered =
      t.tx.lastMeterWh !== null ? Math.max(0, t.tx.lastMeterWh - t.tx.meterStartWh) : 0;
    const stopped = t.tx.stoppedAt !== null && t.tx.meterStopWh !== null;
    const energyWh = stopped ? Math.max(0, t.tx.meterStopWh! - t.tx.meterStartWh) : metered;
    const command = s.authMethod === 'COMMAND';
    const [row] = await tx
      .insert(roamingSessions)
      .values({
        id: randomUUID(),
        ocppTransactionId: s.transactionId,
        partnerId: s.partnerId,
        cdrToken: s.cdrToken,
        authMethod: s.authMethod,
        authorizationReference: s.authorizationReference ?? null,
        chargerId: t.chargerId,
        locationId: t.locationId,
        tariffId: tariff?.id ?? null,
        // The Tariff as served when the session started: the CDR's `tariffs`.
        tariff: tariff ? ocpiTariff(party, tariff) : null,
        prices,
        startedAt: t.tx.startedAt,
        energyWh,
        meterAt: t.tx.lastMeterAt,
        status: 'ACTIVE',
        lastUpdated: new Date(),
      })
      .onConflictDoUpdate({
        target: roamingSessions.ocppTransactionId,
        set: command
          ? {
              authMethod: 'COMMAND',
              authorizationReference: s.authorizationReference ?? null,
              lastUpdated: new Date(),
            }
          : { authMethod: sql`${roamingSessions.authMethod}` },
        setWhere: command
          ? and(
              sql`${roamingSessions.authMethod} <> 'COMMAND'`,
              eq(roamingSessions.partnerId, s.partnerId),
            )
          : sql`false`,
      })
      .returning({
        pk: roamingSessions.pk,
        id: roamingSessions.id,
        created: sql<boolean>`xmax = 0`,
      });
    if (!row) {
      const [existing] = await tx
        .select({ id: roamingSessions.id })
        .from(roamingSessions)
        .where(eq(roamingSessions.ocppTransactionId, s.transactionId));
      return existing ? { id: existing.id, created: false } : null;
    }
    await enqueuePush(tx, { partnerId: s.partnerId, sessionPk: row.pk, kind: 'SESSION' });
    return { id: row.id, created: row.created };
  });
}

/**
 * Meter values of roaming transactions, taken from what the OCPP module keeps on the transaction
 * (its highest register), for the ACTIVE sessions only: the charger hot path pays nothing for
 * roaming. A session's energy only moves forward, and the partner gets a PUT at most every
 * SESSION_PUSH_EVERY_SECONDS (one pending push per session carries the latest state). One
 * conditional statement, so replicas running it together change and queue each reading once.
 */
export async function syncSessionEnergy(db: Db, limit = 200): Promise<number> {
  const result = await db.execute(sql`
    with changed as (
      select s.pk, greatest(0, t.last_meter_wh - t.meter_start_wh) as wh, t.last_meter_at as at
      from roaming_sessions s join ocpp_transactions t on t.id = s.ocpp_transaction_id
      where s.status = 'ACTIVE' and t.last_meter_wh is not null
        and t.last_meter_wh - t.meter_start_wh > s.energy_wh
      order by s.pk limit ${limit}
    ), updated as (
      update roaming_sessions s set energy_wh = c.wh, meter_at = c.at, last_updated = now()
      from changed c
      where s.pk = c.pk and s.status = 'ACTIVE' and s.energy_wh < c.wh
      returning s.pk, s.partner_id)
    insert into roaming_pushes (partner_id, session_pk, kind, next_attempt_at)
    select partner_id, pk, 'SESSION', now() + make_interval(secs => ${SESSION_PUSH_EVERY_SECONDS})
    from updated
    on conflict (session_pk, kind) where delivered_at is null and dropped_at is null
    do update set generation = roaming_pushes.generation + 1,
      next_attempt_at = least(roaming_pushes.next_attempt_at, excluded.next_attempt_at)
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** A page of one partner's sessions, by last_updated window, in a stable order. */
export async function sessionPage(
  db: Db,
  party: OcpiParty,
  partnerId: number,
  p: Paging,
): Promise<Page<Session>> {
  const conditions: SQL[] = [eq(roamingSessions.partnerId, partnerId)];
  if (p.dateFrom) conditions.push(gte(roamingSessions.lastUpdated, p.dateFrom));
  if (p.dateTo) conditions.push(lt(roamingSessions.lastUpdated, p.dateTo));
  const rows = await db
    .select({ s: roamingSessions, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(roamingSessions)
    .where(and(...conditions))
    .orderBy(asc(roamingSessions.pk))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && p.offset > 0) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(roamingSessions)
      .where(and(...conditions));
    total = c?.n ?? 0;
  }
  return { items: rows.map((r) => ocpiSession(party, r.s)), total };
}

/** One session row by its primary key (the push outbox builds the PUT from it). */
export async function sessionRow(db: Db, pk: number): Promise<RoamingSessionRow | null> {
  const [row] = await db.select().from(roamingSessions).where(eq(roamingSessions.pk, pk));
  return row ?? null;
}
