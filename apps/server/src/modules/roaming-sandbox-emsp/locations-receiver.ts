import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  connector as connectorSchema,
  evse as evseSchema,
  location as locationSchema,
  type Connector,
  type Evse,
  type Location,
} from '@voltpark/contract/ocpi/locations';
import { ocpiDone, ocpiOk } from '../roaming/envelope.js';
import { requirePlatform } from './auth.js';
import type { EmspEmulatorContext } from './context.js';
import { bodyOf, cpoParty, patchOf, sameId, unknownLocation } from './receive.js';
import { getObject, putObject, type ObjectKey } from './store.js';

interface Params {
  location_id: string;
  evse_uid?: string;
  connector_id?: string;
}

const base = '/locations/:country_code/:party_id/:location_id';

/**
 * The emulated eMSP's Locations Receiver: the platform PUTs and PATCHes its Locations, EVSEs and
 * Connectors; GET shows what the emulator holds. A PATCH (or an EVSE/Connector PUT) of a
 * Location, EVSE or Connector it does not hold is 2003 Unknown Location, so the CPO sends the
 * whole Location.
 */
export function registerLocationsReceiver(scope: FastifyInstance, ctx: EmspEmulatorContext): void {
  const key = (request: FastifyRequest): ObjectKey => ({
    kind: 'LOCATION',
    ...cpoParty(ctx, request),
    id: (request.params as Params).location_id,
  });
  const held = async (request: FastifyRequest) => {
    await requirePlatform(ctx.db, request, true);
    const k = key(request);
    const location = await getObject<Location>(ctx.db, k);
    if (!location) throw unknownLocation();
    return { k, location };
  };
  const evseIn = (location: Location, uid: string | undefined): Evse => {
    const evse = location.evses?.find((e) => e.uid === uid);
    if (!evse) throw unknownLocation();
    return evse;
  };
  const connectorIn = (evse: Evse, id: string | undefined): Connector => {
    const c = evse.connectors.find((x) => x.id === id);
    if (!c) throw unknownLocation();
    return c;
  };

  scope.get(base, async (request) => ocpiOk((await held(request)).location));
  scope.get(`${base}/:evse_uid`, async (request) => {
    const { location } = await held(request);
    return ocpiOk(evseIn(location, (request.params as Params).evse_uid));
  });
  scope.get(`${base}/:evse_uid/:connector_id`, async (request) => {
    const p = request.params as Params;
    const { location } = await held(request);
    return ocpiOk(connectorIn(evseIn(location, p.evse_uid), p.connector_id));
  });

  scope.put(base, async (request) => {
    await requirePlatform(ctx.db, request, true);
    const k = key(request);
    const location = bodyOf(locationSchema, request);
    sameId(k.id, location.id, 'location id');
    await putObject(ctx.db, k, location);
    return ocpiDone();
  });
  scope.put(`${base}/:evse_uid`, async (request) => {
    const { k, location } = await held(request);
    const evse = bodyOf(evseSchema, request);
    sameId((request.params as Params).evse_uid!, evse.uid, 'EVSE uid');
    location.evses = [...(location.evses ?? []).filter((e) => e.uid !== evse.uid), evse];
    location.last_updated = evse.last_updated;
    await putObject(ctx.db, k, location);
    return ocpiDone();
  });
  scope.put(`${base}/:evse_uid/:connector_id`, async (request) => {
    const p = request.params as Params;
    const { k, location } = await held(request);
    const evse = evseIn(location, p.evse_uid);
    const c = bodyOf(connectorSchema, request);
    sameId(p.connector_id!, c.id, 'connector id');
    evse.connectors = [...evse.connectors.filter((x) => x.id !== c.id), c];
    evse.last_updated = location.last_updated = c.last_updated;
    await putObject(ctx.db, k, location);
    return ocpiDone();
  });

  scope.patch(base, async (request) => {
    const { k, location } = await held(request);
    const patch = patchOf(request);
    const patched: Location = { ...location, ...patch, id: location.id };
    await putObject(ctx.db, k, patched);
    return ocpiDone();
  });
  scope.patch(`${base}/:evse_uid`, async (request) => {
    const { k, location } = await held(request);
    const evse = evseIn(location, (request.params as Params).evse_uid);
    const patch = patchOf(request);
    Object.assign(evse, patch, { uid: evse.uid });
    location.last_updated = patch.last_updated;
    await putObject(ctx.db, k, location);
    return ocpiDone();
  });
  scope.patch(`${base}/:evse_uid/:connector_id`, async (request) => {
    const p = request.params as Params;
    const { k, location } = await held(request);
    const evse = evseIn(location, p.evse_uid);
    const c = connectorIn(evse, p.connector_id);
    const patch = patchOf(request);
    Object.assign(c, patch, { id: c.id });
    evse.last_updated = location.last_updated = patch.last_updated;
    await putObject(ctx.db, k, location);
    return ocpiDone();
  });
}
