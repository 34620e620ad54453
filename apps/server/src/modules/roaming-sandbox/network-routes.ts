import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { ocpiOk } from '../roaming/envelope.js';
import { OcpiError } from '../roaming/errors.js';
import { pagingHeaders, parsePaging, type Paging } from '../roaming/paging.js';
import { requirePeer } from './auth.js';
import type { EmulatorContext } from './context.js';
import { locationById, locationPage, tariffPage } from './store.js';

/** The most objects one page holds (X-Limit); a smaller limit asked for is kept. */
export const EMULATOR_MAX_LIMIT = 50;
const DEFAULT_LIMIT = 20;

/** One page of a Sender list (paging parameters, Link, X-Total-Count, X-Limit headers). */

export async function paged<T>(
  ctx: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
  module: string,
  page: (p: Paging) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const parsed = parsePaging(request.query, {
    defaultLimit: DEFAULT_LIMIT,
    maxLimit: EMULATOR_MAX_LIMIT,
  });
  if (!parsed.ok) throw new OcpiError(400, ocpiStatus.INVALID_PARAMETERS, parsed.message);
  const { items, total } = await page(parsed.paging);
  pagingHeaders(reply, {
    url: `${ctx.baseUrl()}/2.2.1/${module}`,
    paging: parsed.paging,
    returned: items.length,
    total,
    maxLimit: EMULATOR_MAX_LIMIT,
  });
  return items;
}

const unknownLocation = (what: string) =>
  new OcpiError(404, ocpiStatus.UNKNOWN_LOCATION, `Unknown location: ${what.slice(0, 120)}`);

/**
 * The emulated CPO's Locations and Tariffs modules, Sender interface: a registered platform
 * pulls the network page by page (date_from/date_to on last_updated) or one Location, EVSE or
 * Connector by its ids.
 */
export function registerNetworkRoutes(scope: FastifyInstance, ctx: EmulatorContext): void {
  scope.get('/locations', async (request, reply) => {
    await requirePeer(ctx.db, request);
    return ocpiOk(await paged(ctx, request, reply, 'locations', (p) => locationPage(ctx.db, p)));
  });

  scope.get('/locations/:location_id', async (request) => {
    await requirePeer(ctx.db, request);
    const { location_id } = request.params as { location_id: string };
    const location = await locationById(ctx.db, location_id);
    if (!location) throw unknownLocation(location_id);
    return ocpiOk(location);
  });

  scope.get('/locations/:location_id/:evse_uid', async (request) => {
    await requirePeer(ctx.db, request);
    const p = request.params as { location_id: string; evse_uid: string };
    const evse = (await locationById(ctx.db, p.location_id))?.evses?.find(
      (e) => e.uid === p.evse_uid,
    );
    if (!evse) throw unknownLocation(`${p.location_id}/${p.evse_uid}`);
    return ocpiOk(evse);
  });

  scope.get('/locations/:location_id/:evse_uid/:connector_id', async (request) => {
    await requirePeer(ctx.db, request);
    const p = request.params as { location_id: string; evse_uid: string; connector_id: string };
    const connector = (await locationById(ctx.db, p.location_id))?.evses
      ?.find((e) => e.uid === p.evse_uid)
      ?.connectors.find((c) => c.id === p.connector_id);
    if (!connector) throw unknownLocation(`${p.location_id}/${p.evse_uid}/${p.connector_id}`);
    return ocpiOk(connector);
  });

  scope.get('/tariffs', async (request, reply) => {
    await requirePeer(ctx.db, request);
    return ocpiOk(await paged(ctx, request, reply, 'tariffs', (p) => tariffPage(ctx.db, p)));
  });
}
