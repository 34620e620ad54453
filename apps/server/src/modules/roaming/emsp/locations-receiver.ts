import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  connector as connectorSchema,
  evse as evseSchema,
  location as locationSchema,
  type Connector,
  type Evse,
  type Location,
} from '@voltpark/contract/ocpi/locations';
import type { OcpiModuleContext } from '../context.js';
import { ocpiDone, ocpiOk } from '../envelope.js';
import { invalidParameters, unauthorized } from '../errors.js';
import type { OcpiModuleEntry } from '../registry.js';
import {
  changeLocation,
  getLocation,
  pick,
  upsertLocations,
  type LocationKey,
  type Target,
} from './location-store.js';
import {
  idParam,
  partnerForOwner,
  problems,
  pushAnswer,
  sameId,
  unknownLocation,
  type OwnerParams,
} from './receiver-common.js';

const route = { config: { ocpiModule: 'locations' } };
const base = '/emsp/locations/:country_code/:party_id/:location_id';
const paths = [base, `${base}/:evse_uid`, `${base}/:evse_uid/:connector_id`];

interface Params extends OwnerParams {
  location_id: string;
  evse_uid?: string;
  connector_id?: string;
}

const locationPatch = locationSchema.partial().required({ last_updated: true });
const evsePatch = evseSchema.partial().required({ last_updated: true });
const connectorPatch = connectorSchema.partial().required({ last_updated: true });

/** The Location, EVSE or Connector the URL names, for the calling partner. */
async function addressOf(
  request: FastifyRequest,
): Promise<{ key: LocationKey; target: Target; what: string }> {
  const { partner, countryCode, partyId } = await partnerForOwner(request);
  const p = request.params as Params;
  const locationId = idParam(p.location_id, 'location_id');
  const target: Target = {};
  if (p.evse_uid !== undefined) target.evseUid = idParam(p.evse_uid, 'evse_uid');
  if (p.connector_id !== undefined) target.connectorId = idParam(p.connector_id, 'connector_id');
  return {
    key: { partnerId: partner.id, countryCode, partyId, locationId },
    target,
    what: [locationId, target.evseUid, target.connectorId].filter(Boolean).join('/'),
  };
}

function parsed<T>(
  r: { success: true; data: T } | { success: false; error: Parameters<typeof problems>[0] },
  what: string,
): T {
  if (!r.success) throw invalidParameters(`not a valid ${what}: ${problems(r.error)}`);
  return r.data;
}

/**
 * The Locations module, eMSP side, Receiver interface (mod_locations.asciidoc), at
 * `/ocpi/2.2.1/emsp/locations` (our CPO Sender interface has `/locations`): CPO partners push
 * their Locations, EVSEs and Connectors (PUT), changes to them (PATCH, e.g. an EVSE's status)
 * and may read back what we hold (GET). Only for their own parties.
 */
export const locationsReceiverModule: OcpiModuleEntry = {
  identifier: 'locations',
  role: 'RECEIVER',
  path: 'emsp/locations',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    for (const path of paths) {
      scope.get(path, route, async (request) => {
        const { key, target, what } = await addressOf(request);
        const l = await getLocation(ctx.db, key);
        const found = l && pick(l, target);
        if (!found) throw unknownLocation(what);
        return ocpiOk(found);
      });

      scope.put(path, route, async (request) => {
        const { key, target, what } = await addressOf(request);
        if (target.evseUid === undefined) {
          const l = parsed(locationSchema.safeParse(request.body), 'Location');
          sameId(l.country_code, key.countryCode, 'country_code');
          sameId(l.party_id, key.partyId, 'party_id');
          sameId(l.id, key.locationId, 'id');
          if (!(await upsertLocations(ctx.db, key.partnerId, [l])))
            throw unauthorized('These credentials are no longer registered');
          return ocpiDone();
        }
        if (target.connectorId === undefined) {
          const e = parsed(evseSchema.safeParse(request.body), 'EVSE');
          sameId(e.uid, target.evseUid, 'uid');
          const r = await changeLocation(ctx.db, key, target, () => ({
            next: e,
            lastUpdated: e.last_updated,
          }));
          return pushAnswer(r, what);
        }
        const c = parsed(connectorSchema.safeParse(request.body), 'Connector');
        sameId(c.id, target.connectorId, 'id');
        const r = await changeLocation(ctx.db, key, target, () => ({
          next: c,
          lastUpdated: c.last_updated,
        }));
        return pushAnswer(r, what);
      });

      scope.patch(path, route, async (request) => {
        const { key, target, what } = await addressOf(request);
        let patch:
          Partial<Location> | Partial<Evse> | (Partial<Connector> & { last_updated: string });
        if (target.evseUid === undefined) {
          const l = parsed(locationPatch.safeParse(request.body), 'Location patch');
          sameId(l.country_code, key.countryCode, 'country_code');
          sameId(l.party_id, key.partyId, 'party_id');
          sameId(l.id, key.locationId, 'id');
          patch = l;
        } else if (target.connectorId === undefined) {
          const e = parsed(evsePatch.safeParse(request.body), 'EVSE patch');
          sameId(e.uid, target.evseUid, 'uid');
          patch = e;
        } else {
          const c = parsed(connectorPatch.safeParse(request.body), 'Connector patch');
          sameId(c.id, target.connectorId, 'id');
          patch = c;
        }
        const lastUpdated = (patch as { last_updated: string }).last_updated;
        // OCPI PATCH replaces the fields it names (a list, e.g. `connectors`, as a whole).
        const r = await changeLocation(ctx.db, key, target, (current) =>
          current ? { next: { ...current, ...patch } as typeof current, lastUpdated } : null,
        );
        return pushAnswer(r, what);
      });
    }
  },
};
