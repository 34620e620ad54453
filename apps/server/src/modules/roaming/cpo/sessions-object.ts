import type { CdrToken, ChargingPeriod } from '@voltpark/contract/ocpi/cdrs';
import type { Price } from '@voltpark/contract/ocpi/datatypes';
import type { Session } from '@voltpark/contract/ocpi/sessions';
import type { roamingSessions } from '../../../db/schema/index.js';
import { costOf, type PriceSnapshot } from '../../charging/pricing.js';
import { splitGross } from '../../invoices/amounts.js';
import { evseUid, locationId, ocpiTime, tariffId, type OcpiParty } from '../model/ids.js';

export type RoamingSessionRow = typeof roamingSessions.$inferSelect;

/** The gross price settings copied at the start; null when the EVSE had no tariff. */
export type SessionPrices = Omit<PriceSnapshot, 'parkingToHoldGross'> | null;

/**
 * What the session costs so far, as our own drivers pay it: whole gross forints (energy in Wh ×
 * Ft/kWh / 1000 rounded half up, plus the per-charge fee; no energy, nothing), split like our
 * invoice lines: excl_vat = round-half-up(gross × 100 / 127), incl_vat = gross. Parking after
 * the charge is not billed to roaming drivers (decision 0035).
 */
export function sessionCost(energyWh: number, prices: SessionPrices): Price {
  const gross = prices ? costOf(energyWh, 0, prices).grossPrice : 0;
  const { net } = splitGross(gross);
  return { excl_vat: net, incl_vat: gross };
}

/** Hours between two instants, to 4 decimals (OCPI TIME and total_time are in hours). */
export const hoursBetween = (from: Date, to: Date) =>
  Math.round((Math.max(0, to.getTime() - from.getTime()) / 3_600_000) * 10_000) / 10_000;

/** kWh to 3 decimals (Wh precision). */
export const kwhOf = (wh: number) => Math.round(wh) / 1000;

/**
 * One charging period from the start: the prices are fixed for the whole session (copied at the
 * start), so no variable that changes the cost moves inside it. ENERGY is the kWh metered so
 * far, TIME the hours up to the latest reading (or the end).
 */
export function chargingPeriods(row: RoamingSessionRow): ChargingPeriod[] {
  const until = row.endedAt ?? row.meterAt ?? row.startedAt;
  return [
    {
      start_date_time: ocpiTime(row.startedAt),
      dimensions: [
        { type: 'ENERGY', volume: kwhOf(row.energyWh) },
        { type: 'TIME', volume: hoursBetween(row.startedAt, until) },
      ],
      ...(row.tariffId !== null ? { tariff_id: tariffId(row.tariffId) } : {}),
    },
  ];
}

/** A roaming session row as the OCPI Session the partner eMSP sees. */
export function ocpiSession(party: OcpiParty, row: RoamingSessionRow): Session {
  return {
    country_code: party.countryCode,
    party_id: party.partyId,
    id: row.id,
    start_date_time: ocpiTime(row.startedAt),
    ...(row.endedAt ? { end_date_time: ocpiTime(row.endedAt) } : {}),
    kwh: kwhOf(row.energyWh),
    cdr_token: row.cdrToken as CdrToken,
    auth_method: row.authMethod,
    ...(row.authorizationReference ? { authorization_reference: row.authorizationReference } : {}),
    location_id: locationId(row.locationId),
    evse_uid: evseUid(party, row.chargerId),
    connector_id: '1',
    currency: 'HUF',
    charging_periods: chargingPeriods(row),
    total_cost: sessionCost(row.energyWh, row.prices as SessionPrices),
    status: row.status,
    last_updated: ocpiTime(row.lastUpdated),
  };
}
