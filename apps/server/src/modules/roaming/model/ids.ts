/** Our OCPI identity: ISO 3166-1 alpha-2 country and ISO 15118 party id. */
export interface OcpiParty {
  countryCode: string;
  partyId: string;
}

/**
 * EVSE ids in the eMI3 form `<country>*<operator>*E<outlet>` (e.g. HU*VPK*E42). Each of our
 * chargers (one OCPP connector) is one EVSE; the outlet part is the charger's database id, which
 * is never reused, so the id stays the same for the charger's whole life. We use it as the
 * technical `uid` as well.
 */
export const evseUid = (party: OcpiParty, chargerId: number) =>
  `${party.countryCode}*${party.partyId}*E${chargerId}`;

/** The charger behind one of our EVSE uids, or null when it is not one of ours. */
export function chargerIdOfEvseUid(party: OcpiParty, uid: string): number | null {
  const prefix = `${party.countryCode}*${party.partyId}*E`.toUpperCase();
  const u = uid.toUpperCase();
  if (!u.startsWith(prefix)) return null;
  const rest = u.slice(prefix.length);
  return /^[1-9]\d{0,8}$/.test(rest) ? Number(rest) : null;
}

/** The Location id: our location's id (CiString(36)). */
export const locationId = (id: number) => String(id);

/** The Tariff id: our price setting's id. */
export const tariffId = (id: number) => String(id);

/** A database id from an OCPI id path segment, or null (never a value the column cannot hold). */
export const dbId = (s: string): number | null => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : null);

/** OCPI DateTime: UTC, RFC 3339 (fractional seconds are allowed). */
export const ocpiTime = (d: Date) => d.toISOString();

/** ISO 3166-1 alpha-3 (Location.country) of the EU and its neighbours, where our sites can be. */
const ALPHA3: Record<string, string> = {
  AT: 'AUT',
  BE: 'BEL',
  BG: 'BGR',
  CH: 'CHE',
  CY: 'CYP',
  CZ: 'CZE',
  DE: 'DEU',
  DK: 'DNK',
  EE: 'EST',
  ES: 'ESP',
  FI: 'FIN',
  FR: 'FRA',
  GB: 'GBR',
  GR: 'GRC',
  HR: 'HRV',
  HU: 'HUN',
  IE: 'IRL',
  IT: 'ITA',
  LT: 'LTU',
  LU: 'LUX',
  LV: 'LVA',
  MT: 'MLT',
  NL: 'NLD',
  NO: 'NOR',
  PL: 'POL',
  PT: 'PRT',
  RO: 'ROU',
  RS: 'SRB',
  SE: 'SWE',
  SI: 'SVN',
  SK: 'SVK',
  UA: 'UKR',
};
/** Locations default to HU; a code outside the table is a data error, reported as Hungary. */
export const alpha3 = (alpha2: string) => ALPHA3[alpha2.toUpperCase()] ?? 'HUN';
