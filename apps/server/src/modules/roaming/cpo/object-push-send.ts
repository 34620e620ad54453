import { desc, eq } from 'drizzle-orm';
import { ocpiStatus, ocpiStatusClass } from '@voltpark/contract/ocpi/envelope';
import type { Evse, Location } from '@voltpark/contract/ocpi/locations';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import {
  chargePoints,
  chargers,
  chargingTariffs,
  roamingRemovedEvses,
} from '../../../db/schema/index.js';
import { ocpiCall, type OcpiAnswer, type OcpiClientDeps } from '../client.js';
import { evseUid, locationId, tariffId, type OcpiParty } from '../model/ids.js';
import { locationObject, type LocationView } from '../model/locations.js';
import { ocpiTariff } from '../model/tariffs.js';
import { partnerEndpoints, type PartnerRow } from '../partners.js';
import type { ClaimedObjectPush } from './object-outbox.js';

export interface ObjectPushDeps {
  db: Db;
  client: OcpiClientDeps;
  party: OcpiParty;
  view: LocationView;
}

/** What our Locations Sender serves to partners (removed EVSEs included, as REMOVED). */
export function partnerLocationView(config: Config): LocationView {
  return {
    party: config.ocpiParty,
    operator: {
      name: config.roaming.businessName,
      ...(config.roaming.businessWebsite ? { website: config.roaming.businessWebsite } : {}),
    },
    omitRemoved: false,
  };
}

export type ObjectPushOutcome = { ok: true } | { ok: false; drop: boolean; error: string };

interface Request {
  method: 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
}

const drop = (error: string): ObjectPushOutcome => ({ ok: false, drop: true, error });

const succeeded = (a: OcpiAnswer) =>
  a.httpStatus >= 200 &&
  a.httpStatus < 300 &&
  ocpiStatusClass(a.envelope.status_code) === 'success';

const locationPut = (base: string, party: OcpiParty, l: Location): Request => ({
  method: 'PUT',
  url: `${base}/${party.countryCode}/${party.partyId}/${encodeURIComponent(l.id)}`,
  body: l,
});

/**
 * The charger's location id; for a charger that is gone, the location it was last removed from
 * (its EVSE is served there as REMOVED for a while); null when there is none.
 */
async function locationOfCharger(db: Db, chargerId: number): Promise<number | null> {
  const [row] = await db
    .select({ locationId: chargePoints.locationId })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .where(eq(chargers.id, chargerId));
  if (row) return row.locationId;
  const [gone] = await db
    .select({ locationId: roamingRemovedEvses.locationId })
    .from(roamingRemovedEvses)
    .where(eq(roamingRemovedEvses.chargerId, chargerId))
    .orderBy(desc(roamingRemovedEvses.removedAt))
    .limit(1);
  return gone?.locationId ?? null;
}

/**
 * The call for a push, built from the object as it is now (so changes queued before the send
 * are all in it): EVSE → PATCH {status, last_updated} of the EVSE; LOCATION → PUT of the
 * Location; TARIFF → PUT of the Tariff, or DELETE when the price setting is gone or inactive.
 * A string when there is nothing to send (and why).
 */
async function requestFor(
  deps: ObjectPushDeps,
  p: ClaimedObjectPush,
  base: string,
): Promise<Request | string> {
  const { countryCode, partyId } = deps.party;
  if (p.kind === 'TARIFF') {
    const url = `${base}/${countryCode}/${partyId}/${tariffId(p.objectId)}`;
    const [t] = await deps.db
      .select()
      .from(chargingTariffs)
      .where(eq(chargingTariffs.id, p.objectId));
    return t?.active
      ? { method: 'PUT', url, body: ocpiTariff(deps.party, t) }
      : { method: 'DELETE', url };
  }
  const site = p.kind === 'LOCATION' ? p.objectId : await locationOfCharger(deps.db, p.objectId);
  if (site === null) return 'the charger is gone';
  if (p.kind === 'LOCATION') {
    const l = await locationObject(deps.db, deps.view, { locationId: locationId(site) });
    return l ? locationPut(base, deps.party, l as Location) : 'not a roaming location any more';
  }
  const uid = evseUid(deps.party, p.objectId);
  const evse = (await locationObject(deps.db, deps.view, {
    locationId: locationId(site),
    evseUid: uid,
  })) as Evse | null;
  if (!evse) return 'the EVSE is gone';
  return {
    method: 'PATCH',
    url: `${base}/${countryCode}/${partyId}/${locationId(site)}/${encodeURIComponent(uid)}`,
    body: { status: evse.status, last_updated: evse.last_updated },
  };
}

/**
 * Sends one claimed push to the partner's Locations or Tariffs RECEIVER endpoint, with its
 * credentials token and routing headers (logged by ocpiCall). A partner that is no longer
 * registered or has no such endpoint is never sent anything (dropped). An EVSE PATCH the
 * partner answers with "unknown location" (it never had the Location) becomes a PUT of the
 * whole Location.
 */
export async function sendObjectPush(
  deps: ObjectPushDeps,
  partner: PartnerRow | undefined,
  p: ClaimedObjectPush,
): Promise<ObjectPushOutcome> {
  if (!partner || partner.status !== 'REGISTERED' || partner.role !== 'EMSP' || !partner.theirToken)
    return drop('the partner is no longer a registered eMSP');
  const module = p.kind === 'TARIFF' ? 'tariffs' : 'locations';
  const endpoint = partnerEndpoints(partner).find(
    (e) => e.identifier === module && e.role === 'RECEIVER',
  );
  if (!endpoint) return drop(`the partner has no ${module} RECEIVER endpoint`);
  const base = endpoint.url.replace(/\/+$/, '');
  const request = await requestFor(deps, p, base);
  if (typeof request === 'string') return drop(request);
  const token = partner.theirToken;
  const call = (r: Request) =>
    ocpiCall(deps.client, {
      partnerId: partner.id,
      ...r,
      token,
      module,
      routing: {
        from: deps.party,
        to: { countryCode: partner.countryCode, partyId: partner.partyId },
      },
    });
  try {
    let answer = await call(request);
    if (
      p.kind === 'EVSE' &&
      answer.httpStatus < 500 &&
      answer.envelope.status_code === ocpiStatus.UNKNOWN_LOCATION
    ) {
      const site = await locationOfCharger(deps.db, p.objectId);
      const l =
        site === null
          ? null
          : await locationObject(deps.db, deps.view, {
              locationId: locationId(site),
            });
      if (!l) return drop('the location is gone');
      answer = await call(locationPut(base, deps.party, l as Location));
    }
    return succeeded(answer)
      ? { ok: true }
      : {
          ok: false,
          drop: false,
          error: `HTTP ${answer.httpStatus}, OCPI ${answer.envelope.status_code}`,
        };
  } catch (err) {
    return { ok: false, drop: false, error: err instanceof Error ? err.message : String(err) };
  }
}
