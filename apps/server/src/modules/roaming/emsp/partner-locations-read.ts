import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Connector, Location } from '@voltpark/contract/ocpi/locations';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { Db } from '../../../db/client.js';
import {
  roamingPartnerLocations as L,
  roamingPartners as P,
  roamingPartnerTariffs as T,
} from '../../../db/schema/index.js';
import { connectorPowerW } from './location-columns.js';

/** A partner's Location as a point of the map. */
export interface PartnerMapLocation {
  /** Our row id: the key of partnerLocationDetail. */
  id: number;
  partnerName: string;
  lat: number;
  lng: number;
  name: string | null;
  city: string;
  connectorCount: number;
  /** EVSEs that can start a charge now (OCPI AVAILABLE), of `evseCount`. */
  availableCount: number;
  evseCount: number;
  maxPowerW: number | null;
}

/**
 * The partners' Locations a driver may be shown: of registered CPO partners, published
 * (`publish`; we keep no tokens of `publish_allowed_to`), with at least one EVSE not REMOVED
 * (a Location without valid EVSEs has expired, says the module).
 */
export async function partnerLocationsForMap(db: Db): Promise<PartnerMapLocation[]> {
  return db
    .select({
      id: L.id,
      partnerName: P.name,
      lat: L.lat,
      lng: L.lng,
      name: L.name,
      city: L.city,
      connectorCount: L.connectorCount,
      availableCount: L.availableEvseCount,
      evseCount: L.evseCount,
      maxPowerW: L.maxPowerW,
    })
    .from(L)
    .innerJoin(P, eq(P.id, L.partnerId))
    .where(
      and(eq(P.status, 'REGISTERED'), eq(P.role, 'CPO'), eq(L.publish, true), gt(L.evseCount, 0)),
    )
    .orderBy(asc(L.id));
}

export interface PartnerConnectorDetail {
  id: string;
  standard: Connector['standard'];
  format: Connector['format'];
  powerType: Connector['power_type'];
  maxPowerW: number;
  tariffIds: string[];
}

export interface PartnerEvseDetail {
  uid: string;
  evseId: string | null;
  status: string;
  capabilities: string[];
  connectors: PartnerConnectorDetail[];
  lastUpdated: string;
}

export interface PartnerTariffDetail {
  id: string;
  currency: string;
  type: Tariff['type'] | null;
  elements: Tariff['elements'];
  altText: NonNullable<Tariff['tariff_alt_text']>;
  minPrice: Tariff['min_price'] | null;
  maxPrice: Tariff['max_price'] | null;
  /** When the tariff becomes / stops being valid (UTC), null if always. */
  startDateTime: string | null;
  endDateTime: string | null;
}

export interface PartnerLocationDetail {
  id: number;
  partnerName: string;
  countryCode: string;
  partyId: string;
  locationId: string;
  name: string | null;
  address: string;
  city: string;
  postalCode: string | null;
  lat: number;
  lng: number;
  operator: string | null;
  /** The Location's `time_zone` as the partner sent it (IANA, e.g. Europe/Budapest). */
  timeZone: string;
  openingTimes: Location['opening_times'] | null;
  /** EVSEs not REMOVED, with their status and connectors. */
  evses: PartnerEvseDetail[];
  /** The Tariffs the connectors name (`tariff_ids`) that the partner sent us, by id. */
  tariffs: PartnerTariffDetail[];
  lastUpdated: string;
}

/** Which partner Location: our row id, or the partner and the Location's own ids. */
export type PartnerLocationRef =
  number | { partnerId: number; countryCode: string; partyId: string; locationId: string };

/** One partner Location for a driver, with its EVSEs and the tariffs that apply; null if none. */
export async function partnerLocationDetail(
  db: Db,
  ref: PartnerLocationRef,
): Promise<PartnerLocationDetail | null> {
  const where =
    typeof ref === 'number'
      ? eq(L.id, ref)
      : and(
          eq(L.partnerId, ref.partnerId),
          eq(L.countryCode, ref.countryCode.toUpperCase()),
          eq(L.partyId, ref.partyId.toUpperCase()),
          eq(L.locationKey, ref.locationId.toUpperCase()),
        );
  const [row] = await db
    .select({ id: L.id, partnerId: L.partnerId, partnerName: P.name, object: L.object })
    .from(L)
    .innerJoin(P, eq(P.id, L.partnerId))
    .where(and(where, eq(P.status, 'REGISTERED'), eq(P.role, 'CPO')));
  if (!row) return null;
  const l = row.object as Location;
  const evses = (l.evses ?? [])
    .filter((e) => e.status !== 'REMOVED')
    .map((e): PartnerEvseDetail => ({
      uid: e.uid,
      evseId: e.evse_id ?? null,
      status: e.status,
      capabilities: e.capabilities ?? [],
      connectors: e.connectors.map((c) => ({
        id: c.id,
        standard: c.standard,
        format: c.format,
        powerType: c.power_type,
        maxPowerW: Math.round(connectorPowerW(c)),
        tariffIds: c.tariff_ids ?? [],
      })),
      lastUpdated: e.last_updated,
    }));
  const tariffKeys = [
    ...new Set(
      evses.flatMap((e) => e.connectors.flatMap((c) => c.tariffIds)).map((id) => id.toUpperCase()),
    ),
  ];
  const tariffRows = tariffKeys.length
    ? await db
        .select({ object: T.object })
        .from(T)
        .where(
          and(
            eq(T.partnerId, row.partnerId),
            eq(T.countryCode, l.country_code.toUpperCase()),
            eq(T.partyId, l.party_id.toUpperCase()),
            inArray(T.tariffKey, tariffKeys),
          ),
        )
        .orderBy(asc(T.tariffKey))
    : [];
  return {
    id: row.id,
    partnerName: row.partnerName,
    countryCode: l.country_code,
    partyId: l.party_id,
    locationId: l.id,
    name: l.name ?? null,
    address: l.address,
    city: l.city,
    postalCode: l.postal_code ?? null,
    lat: Number(l.coordinates.latitude),
    lng: Number(l.coordinates.longitude),
    operator: l.operator?.name ?? null,
    timeZone: l.time_zone,
    openingTimes: l.opening_times ?? null,
    evses,
    tariffs: tariffRows.map(({ object }) => {
      const t = object as Tariff;
      return {
        id: t.id,
        currency: t.currency,
        type: t.type ?? null,
        elements: t.elements,
        altText: t.tariff_alt_text ?? [],
        minPrice: t.min_price ?? null,
        maxPrice: t.max_price ?? null,
        startDateTime: t.start_date_time ?? null,
        endDateTime: t.end_date_time ?? null,
      };
    }),
    lastUpdated: l.last_updated,
  };
}
