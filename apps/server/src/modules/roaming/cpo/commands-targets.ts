import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  chargePoints,
  chargers,
  charges,
  locations,
  ocppTransactions,
  roamingSessions,
} from '../../../db/schema/index.js';
import type { AppChargerStatus } from '../../ocpp/status.js';
import { partnerRoles, type PartnerRow } from '../partners.js';
import { chargerIdOfEvseUid, dbId, type OcpiParty } from '../model/ids.js';
import { ocpiStatus } from '../model/status.js';
import type { CommandResultType } from './commands-store.js';

/** The charger (one OCPP connector) behind an OCPI location, EVSE and connector. */
export interface CommandTarget {
  chargerId: number;
  chargePointId: string;
  connectorId: number;
}

/**
 * The charger a command names, or a reason it names none. Each of our EVSEs is one charger with
 * one Connector, id "1" (model/locations.ts); removed chargers and sites are not startable.
 */
export async function commandTarget(
  db: Db,
  party: OcpiParty,
  ids: { locationId: string; evseUid?: string; connectorId?: string },
): Promise<CommandTarget | { unknown: string }> {
  const locationId = dbId(ids.locationId);
  if (locationId === null) return { unknown: 'unknown location' };
  if (ids.evseUid === undefined) return { unknown: 'evse_uid is required' };
  const chargerId = chargerIdOfEvseUid(party, ids.evseUid);
  if (chargerId === null) return { unknown: 'unknown EVSE' };
  if (ids.connectorId !== undefined && ids.connectorId !== '1')
    return { unknown: 'unknown connector' };
  const [row] = await db
    .select({
      chargePointId: chargers.chargePointId,
      connectorId: chargers.connectorId,
    })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .innerJoin(locations, eq(locations.id, chargePoints.locationId))
    .where(
      and(
        eq(chargers.id, chargerId),
        eq(chargePoints.locationId, locationId),
        eq(chargers.active, true),
        eq(locations.active, true),
      ),
    );
  if (!row) return { unknown: 'unknown EVSE at this location' };
  return { chargerId, ...row };
}

/**
 * Whether the connector can take a new session now, as its OCPI EVSE status says (the same
 * rule the Locations module publishes) and no charge of ours holds it: a CommandResult when
 * it cannot.
 */
export async function connectorRefusal(
  db: Db,
  chargerId: number,
): Promise<{ result: CommandResultType; message: string } | null> {
  const [c] = await db
    .select({
      status: chargers.status,
      disabled: chargePoints.disabled,
      finishing: chargePoints.canStartNewChargeWhileInFinishingState,
    })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .where(eq(chargers.id, chargerId));
  if (!c) return { result: 'EVSE_INOPERATIVE', message: 'the EVSE is gone' };
  const status = ocpiStatus({
    status: c.status as AppChargerStatus,
    removed: false,
    chargePointDisabled: c.disabled,
    canStartNewChargeWhileInFinishingState: c.finishing,
  });
  if (status === 'AVAILABLE') {
    // One of our drivers is starting here (paying, or our RemoteStart on its way): the
    // connector is theirs, as the charging module's one-running-charge rule says.
    const [ours] = await db
      .select({ id: charges.id })
      .from(charges)
      .where(
        and(
          eq(charges.chargerId, chargerId),
          inArray(charges.status, ['NEW', 'RESERVED', 'STARTING', 'STARTED']),
        ),
      )
      .limit(1);
    return ours
      ? { result: 'EVSE_OCCUPIED', message: 'the EVSE is being started by a driver' }
      : null;
  }
  if (status === 'CHARGING' || status === 'BLOCKED' || status === 'RESERVED')
    return { result: 'EVSE_OCCUPIED', message: `the EVSE is ${status}` };
  return { result: 'EVSE_INOPERATIVE', message: `the EVSE is ${status}` };
}

/** The eMSP parties a partner speaks for: its own and the EMSP roles of its credentials. */
export function isPartnerParty(partner: PartnerRow, countryCode: string, partyId: string): boolean {
  const parties = [
    { country_code: partner.countryCode, party_id: partner.partyId },
    ...partnerRoles(partner).filter((r) => r.role === 'EMSP'),
  ];
  return parties.some(
    (p) =>
      p.country_code.toUpperCase() === countryCode.toUpperCase() &&
      p.party_id.toUpperCase() === partyId.toUpperCase(),
  );
}

export interface SessionTarget {
  transactionId: number;
  chargePointId: string;
  connectorId: number;
  stopped: boolean;
}

/**
 * The session a STOP_SESSION names, if it is the calling partner's: one of our OCPI Sessions
 * (`roaming_sessions`, made when the partner's START_SESSION or RFID card started a
 * transaction) that this partner holds.
 */
export async function partnerSession(
  db: Db,
  partnerId: number,
  sessionId: string,
): Promise<SessionTarget | null> {
  if (sessionId.length > 36) return null;
  const [row] = await db
    .select({
      transactionId: ocppTransactions.id,
      chargePointId: ocppTransactions.chargePointId,
      connectorId: ocppTransactions.connectorId,
      stoppedAt: ocppTransactions.stoppedAt,
    })
    .from(roamingSessions)
    .innerJoin(ocppTransactions, eq(ocppTransactions.id, roamingSessions.ocppTransactionId))
    .where(and(eq(roamingSessions.id, sessionId), eq(roamingSessions.partnerId, partnerId)));
  if (!row) return null;
  return {
    transactionId: row.transactionId,
    chargePointId: row.chargePointId,
    connectorId: row.connectorId,
    stopped: row.stoppedAt !== null,
  };
}

/**
 * Whether the charger can be reached now: this replica holds its socket, or (with REDIS_URL)
 * another one may, as the charge point is not marked offline.
 */
export async function chargerReachable(
  db: Db,
  central: { isConnected(id: string): boolean; router: unknown },
  chargePointId: string,
): Promise<boolean> {
  if (central.isConnected(chargePointId)) return true;
  if (!central.router) return false;
  const [cp] = await db
    .select({ offlineAt: chargePoints.offlineAt, bootAt: chargePoints.lastBootAt })
    .from(chargePoints)
    .where(eq(chargePoints.id, chargePointId));
  return !!cp && cp.bootAt !== null && cp.offlineAt === null;
}
