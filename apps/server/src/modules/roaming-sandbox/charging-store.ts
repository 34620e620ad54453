import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ocpiDateTime } from '@voltpark/contract/ocpi/envelope';
import type { Cdr, CdrToken, ChargingPeriod } from '@voltpark/contract/ocpi/cdrs';
import type { Location } from '@voltpark/contract/ocpi/locations';
import type { Session } from '@voltpark/contract/ocpi/sessions';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { Token } from '@voltpark/contract/ocpi/tokens';
import type { Tx } from '../../db/client.js';
import {
  sandboxOcpiCdrs,
  sandboxOcpiCommands,
  sandboxOcpiSessions,
  sandboxOcpiTariffs,
} from '../../db/schema/index.js';
import { chargePowerW, meterAfter, type MeterReading } from './charge-simulation.js';
import { VOLTPARTNER } from './party.js';
import { applyEvseStatus, lockedEvse } from './store.js';
import { chargeCost } from './tariff-cost.js';

/**
 * How often a running charge's meter is read (and the Session pushed), unless the sandbox knob
 * ROAMING_SANDBOX_METER_SEC says otherwise (browser tests read it every 2 s).
 */
export const METER_EVERY_MS = 15_000;

type SessionRow = typeof sandboxOcpiSessions.$inferSelect;
type Evse = NonNullable<Location['evses']>[number];

async function tariffOf(tx: Tx, id: string | undefined): Promise<Tariff | null> {
  if (!id) return null;
  const [row] = await tx.select().from(sandboxOcpiTariffs).where(eq(sandboxOcpiTariffs.id, id));
  return row ? (row.object as Tariff) : null;
}

/** The charging periods of a reading: charging from the start, then standing full. */
function periods(start: Date, m: MeterReading, tariffId: string | undefined): ChargingPeriod[] {
  const tariff = tariffId ? { tariff_id: tariffId } : {};
  const list: ChargingPeriod[] = [
    {
      start_date_time: ocpiDateTime(start),
      dimensions: [
        { type: 'ENERGY', volume: m.kwh },
        { type: 'TIME', volume: Math.round((m.chargingSeconds / 3600) * 10_000) / 10_000 },
      ],
      ...tariff,
    },
  ];
  if (m.parkingSeconds > 0)
    list.push({
      start_date_time: ocpiDateTime(new Date(start.getTime() + m.chargingSeconds * 1000)),
      dimensions: [
        { type: 'PARKING_TIME', volume: Math.round((m.parkingSeconds / 3600) * 10_000) / 10_000 },
      ],
      ...tariff,
    });
  return list;
}

/** The Session as it reads at `at` (its meter up to then), ACTIVE or COMPLETED. */
async function sessionAt(
  tx: Tx,
  row: Pick<SessionRow, 'startedAt' | 'powerW'> & { object: Session },
  at: Date,
  status: Session['status'],
): Promise<{ session: Session; reading: MeterReading; tariff: Tariff | null }> {
  const s = row.object;
  const reading = meterAfter(row.powerW, (at.getTime() - row.startedAt.getTime()) / 1000);
  const tariffId = s.charging_periods?.[0]?.tariff_id;
  const tariff = await tariffOf(tx, tariffId);
  const session: Session = {
    ...s,
    kwh: reading.kwh,
    charging_periods: periods(row.startedAt, reading, tariffId),
    ...(tariff ? { total_cost: chargeCost(tariff, reading).total } : {}),
    status,
    ...(status === 'COMPLETED' ? { end_date_time: ocpiDateTime(at) } : {}),
    last_updated: ocpiDateTime(at),
  };
  return { session, reading, tariff };
}

export interface StartCharge {
  commandId: number;
  /** The claim the command was taken with (attempts after the claim). */
  claimedAttempts: number;
  peerId: number;
  token: Token;
  authorizationReference?: string;
  locationId: string;
  evseUid: string;
  connectorId?: string;
  now: Date;
  /** The meter's interval (ms), METER_EVERY_MS unless the sandbox knob sets it. */
  meterEveryMs?: number;
}

export type CommandOutcome =
  | { result: 'ACCEPTED'; sessionId: string }
  | { result: 'EVSE_OCCUPIED' | 'EVSE_INOPERATIVE' | 'REJECTED' | 'FAILED'; message: string };

/** Marks a claimed command carried out; false when another replica had it meanwhile. */
async function finishCommand(
  tx: Tx,
  commandId: number,
  claimedAttempts: number,
  outcome: CommandOutcome,
  now: Date,
): Promise<boolean> {
  const done = await tx
    .update(sandboxOcpiCommands)
    .set({
      state: 'DONE',
      result: outcome.result,
      resultMessage: 'message' in outcome ? outcome.message : null,
      sessionId: 'sessionId' in outcome ? outcome.sessionId : null,
      resultNextAttemptAt: now,
    })
    .where(
      and(
        eq(sandboxOcpiCommands.id, commandId),
        eq(sandboxOcpiCommands.state, 'PENDING'),
        eq(sandboxOcpiCommands.attempts, claimedAttempts),
      ),
    )
    .returning({ id: sandboxOcpiCommands.id });
  return done.length === 1;
}

/** Ends a claimed command without a charge (refused, or the EVSE not free). */
export async function refuseCommand(
  tx: Tx,
  commandId: number,
  claimedAttempts: number,
  outcome: Exclude<CommandOutcome, { result: 'ACCEPTED' }>,
  now: Date,
): Promise<boolean> {
  return finishCommand(tx, commandId, claimedAttempts, outcome, now);
}

/**
 * A START_SESSION carried out, in one transaction: the EVSE (row locked) must be AVAILABLE; it
 * becomes CHARGING (queued for the status push), a Session starts, and the command is DONE with
 * its result. Nothing changes if another replica finished the command meanwhile (null).
 */
export async function startCharge(tx: Tx, s: StartCharge): Promise<CommandOutcome | null> {
  const found = await lockedEvse(tx, s.locationId, s.evseUid);
  let outcome: CommandOutcome;
  let evse: Evse | undefined;
  if (!found) outcome = { result: 'REJECTED', message: `Unknown EVSE ${s.evseUid}` };
  else if (found.evse.status === 'AVAILABLE') {
    evse = found.evse;
    outcome = { result: 'ACCEPTED', sessionId: randomUUID() };
  } else if (['CHARGING', 'BLOCKED', 'RESERVED'].includes(found.evse.status))
    outcome = { result: 'EVSE_OCCUPIED', message: `${s.evseUid} is ${found.evse.status}` };
  else outcome = { result: 'EVSE_INOPERATIVE', message: `${s.evseUid} is ${found.evse.status}` };
  if (!(await finishCommand(tx, s.commandId, s.claimedAttempts, outcome, s.now))) return null;
  if (outcome.result !== 'ACCEPTED' || !found || !evse) return outcome;

  const connector = evse.connectors.find((c) => c.id === s.connectorId) ?? evse.connectors[0]!;
  const cdrToken: CdrToken = {
    country_code: s.token.country_code,
    party_id: s.token.party_id,
    uid: s.token.uid,
    type: s.token.type,
    contract_id: s.token.contract_id,
  };
  const tariffId = connector.tariff_ids?.[0];
  const object: Session = {
    country_code: VOLTPARTNER.countryCode,
    party_id: VOLTPARTNER.partyId,
    id: outcome.sessionId,
    start_date_time: ocpiDateTime(s.now),
    kwh: 0,
    cdr_token: cdrToken,
    auth_method: 'COMMAND',
    ...(s.authorizationReference ? { authorization_reference: s.authorizationReference } : {}),
    location_id: found.location.id,
    evse_uid: evse.uid,
    connector_id: connector.id,
    currency: 'HUF',
    charging_periods: periods(s.now, meterAfter(1, 0), tariffId),
    status: 'ACTIVE',
    last_updated: ocpiDateTime(s.now),
  };
  const powerW = chargePowerW(connector.max_electric_power, connector.power_type);
  const { session } = await sessionAt(tx, { object, startedAt: s.now, powerW }, s.now, 'ACTIVE');
  await applyEvseStatus(tx, found.location, evse, 'CHARGING', s.now);
  await tx.insert(sandboxOcpiSessions).values({
    id: outcome.sessionId,
    peerId: s.peerId,
    status: 'ACTIVE',
    locationId: found.location.id,
    evseUid: evse.uid,
    powerW,
    startedAt: s.now,
    meteredAt: s.now,
    object: session,
    lastUpdated: s.now,
    nextMeterAt: new Date(s.now.getTime() + (s.meterEveryMs ?? METER_EVERY_MS)),
    nextPushAt: s.now,
  });
  return outcome;
}

/**
 * Reads a running charge's meter at `now` (row locked): kWh and cost grow, the Session's
 * version with them (the push sends it). Null if it is not running any more.
 */
export async function readMeter(
  tx: Tx,
  sessionId: string,
  now: Date,
  meterEveryMs = METER_EVERY_MS,
): Promise<Session | null> {
  const [row] = await tx
    .select()
    .from(sandboxOcpiSessions)
    .where(eq(sandboxOcpiSessions.id, sessionId))
    .for('update');
  if (!row || row.status !== 'ACTIVE') return null;
  const at = now > row.meteredAt ? now : row.meteredAt;
  const { session } = await sessionAt(tx, { ...row, object: row.object as Session }, at, 'ACTIVE');
  await tx
    .update(sandboxOcpiSessions)
    .set({
      object: session,
      meteredAt: at,
      lastUpdated: at,
      version: sql`${sandboxOcpiSessions.version} + 1`,
      nextMeterAt: new Date(now.getTime() + meterEveryMs),
    })
    .where(eq(sandboxOcpiSessions.id, sessionId));
  return session;
}

/**
 * A STOP_SESSION carried out, in one transaction: the meter read a last time, the Session
 * COMPLETED, the EVSE AVAILABLE again, the CDR written (one per session, to be sent), the
 * command DONE. A session no longer running gives FAILED; null if another replica had the
 * command.
 */
export async function stopCharge(
  tx: Tx,
  c: { commandId: number; claimedAttempts: number; sessionId: string; now: Date },
): Promise<CommandOutcome | null> {
  const [row] = await tx
    .select()
    .from(sandboxOcpiSessions)
    .where(eq(sandboxOcpiSessions.id, c.sessionId))
    .for('update');
  if (!row || row.status !== 'ACTIVE') {
    const outcome = { result: 'FAILED', message: 'The session is not running' } as const;
    return (await finishCommand(tx, c.commandId, c.claimedAttempts, outcome, c.now))
      ? outcome
      : null;
  }
  const outcome = { result: 'ACCEPTED', sessionId: row.id } as const;
  if (!(await finishCommand(tx, c.commandId, c.claimedAttempts, outcome, c.now))) return null;
  const at = c.now > row.meteredAt ? c.now : row.meteredAt;
  const { session, reading, tariff } = await sessionAt(
    tx,
    { ...row, object: row.object as Session },
    at,
    'COMPLETED',
  );
  await tx
    .update(sandboxOcpiSessions)
    .set({
      status: 'COMPLETED',
      object: session,
      meteredAt: at,
      endedAt: at,
      lastUpdated: at,
      version: sql`${sandboxOcpiSessions.version} + 1`,
    })
    .where(eq(sandboxOcpiSessions.id, row.id));
  const found = await lockedEvse(tx, row.locationId, row.evseUid);
  if (found) await applyEvseStatus(tx, found.location, found.evse, 'AVAILABLE', at);

  const evse = found?.evse;
  const location = found?.location;
  const connector =
    evse?.connectors.find((x) => x.id === session.connector_id) ?? evse?.connectors[0];
  if (!location || !evse || !connector) return outcome;
  const cost = tariff ? chargeCost(tariff, reading) : null;
  const hours = (s: number) => Math.round((s / 3600) * 10_000) / 10_000;
  const cdr: Cdr = {
    country_code: VOLTPARTNER.countryCode,
    party_id: VOLTPARTNER.partyId,
    id: randomUUID(),
    start_date_time: session.start_date_time,
    end_date_time: ocpiDateTime(at),
    session_id: session.id,
    cdr_token: session.cdr_token,
    auth_method: 'COMMAND',
    ...(session.authorization_reference
      ? { authorization_reference: session.authorization_reference }
      : {}),
    cdr_location: {
      id: location.id,
      ...(location.name ? { name: location.name } : {}),
      address: location.address,
      city: location.city,
      ...(location.postal_code ? { postal_code: location.postal_code } : {}),
      country: location.country,
      coordinates: location.coordinates,
      evse_uid: evse.uid,
      evse_id: evse.evse_id ?? evse.uid,
      connector_id: connector.id,
      connector_standard: connector.standard,
      connector_format: connector.format,
      connector_power_type: connector.power_type,
    },
    currency: session.currency,
    ...(tariff ? { tariffs: [tariff] } : {}),
    charging_periods: session.charging_periods ?? periods(row.startedAt, reading, undefined),
    total_cost: cost?.total ?? { excl_vat: 0, incl_vat: 0 },
    ...(cost
      ? {
          total_energy_cost: cost.energy,
          total_time_cost: cost.time,
          total_parking_cost: cost.parking,
        }
      : {}),
    total_energy: reading.kwh,
    total_time: hours(reading.chargingSeconds + reading.parkingSeconds),
    total_parking_time: hours(reading.parkingSeconds),
    last_updated: ocpiDateTime(at),
  };
  await tx
    .insert(sandboxOcpiCdrs)
    .values({
      id: cdr.id,
      peerId: row.peerId,
      sessionId: row.id,
      object: cdr,
      lastUpdated: at,
      nextAttemptAt: c.now,
    })
    .onConflictDoNothing({ target: sandboxOcpiCdrs.sessionId });
  return outcome;
}
