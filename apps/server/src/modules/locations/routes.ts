import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { MAP_POINTS_CONTENT_TYPE } from '@voltpark/contract/map-points';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { LocationDetailCache } from './detail-cache.js';
import { FirstViewCache } from './first-view.js';
import {
  etagMatches,
  LocationListBody,
  LocationListCache,
  mapPointsBytes,
  preferredEncoding,
} from './list-cache.js';
import {
  allMapPoints,
  closestLocationId,
  filterLocationsJson,
  filterMapPoints,
  mapLabels,
} from './repository.js';

/** Shop pictures are fetched with the file endpoint: pictureBase + pictureUrl. */
export const POI_PICTURE_BASE = '/api/file?type=poi&name=';

export function registerLocationRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const cache = new LocationListCache(db);
  app.decorate('locationListCache', cache);

  // The map's first view for the pages of / and /map (decision 0010), made with each build.
  const firstView = new FirstViewCache((err) => app.log.warn({ err }, 'map first view not made'));
  app.decorate('firstView', firstView);
  const mapPointsCache = new LocationListCache(
    db,
    async (d) => mapPointsBytes(await allMapPoints(d)),
    (body) => firstView.update(body),
  );
  app.decorate('mapPointsCache', mapPointsCache);
  app.addHook('onListen', () => {
    // Built once listening, so the first map page already carries its first view.
    mapPointsCache.get().catch((err: unknown) => app.log.warn({ err }, 'map points not built'));
  });

  // The list is sent as prepared bytes (already checked against the contract when built in tests),
  // compressed once per data version instead of once per request.
  serve(app, apiRoutes.locations, async ({ req, reply }) =>
    sendPrepared(req, reply, await cache.get(), 'application/json; charset=utf-8'),
  );

  // The map's compact form (decision 0009). Without a filter: the cached bytes of every
  // location; with one, built for the request (still with an ETag, so a repeat gets 304).
  serve(app, apiRoutes.mapPoints, async ({ query, req, reply }) => {
    const filtered = Object.values(query).some((v) => v !== undefined);
    const body = filtered
      ? new LocationListBody('0', mapPointsBytes(await filterMapPoints(db, query)), 0, Date.now())
      : await mapPointsCache.get();
    return sendPrepared(req, reply, body, MAP_POINTS_CONTENT_TYPE);
  });

  serve(app, apiRoutes.mapLabels, async ({ query }) => ok(await mapLabels(db, query.ids)));

  // Sent as the JSON text the database built (it can be all 50,000 locations); the tests
  // check it against the contract.
  serve(app, apiRoutes.filteredLocations, async ({ query, reply }) =>
    reply
      .type('application/json; charset=utf-8')
      .send(
        `{"result":true,"data":${await filterLocationsJson(db, query)},"messages":[],"useAlert":false}`,
      ),
  );

  serve(app, apiRoutes.closestLocation, async ({ query }) =>
    ok(await closestLocationId(db, query.latitude, query.longitude, query.product)),
  );

  // Prepared answers (open panels re-ask them): sent as they are, like the location list.
  const details = new LocationDetailCache(db, POI_PICTURE_BASE, {
    roamingFeePercent: config.roaming.feePercent,
  });
  const json = 'application/json; charset=utf-8';
  serve(app, apiRoutes.location, async ({ query, lang, req, reply }) =>
    sendPrepared(req, reply, await details.get('location', query.id, lang), json),
  );

  serve(app, apiRoutes.locationChargerPoi, async ({ params, lang, req, reply }) =>
    sendPrepared(req, reply, await details.get('locationChargerPoi', params.id, lang), json),
  );
}

/** A prepared body with its ETag (304 when it matches), compressed as the client prefers. */
async function sendPrepared(
  req: FastifyRequest,
  reply: FastifyReply,
  body: LocationListBody,
  type: string,
): Promise<FastifyReply> {
  reply
    .header('Cache-Control', 'no-cache')
    .header('ETag', body.etag)
    .header('Vary', 'Accept-Encoding');
  if (etagMatches(req.headers['if-none-match'], body.etag)) {
    return reply.status(304).send();
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  reply.type(type);
  if (encoding === 'identity') return reply.send(body.raw);
  return reply
    .header('Content-Encoding', encoding)
    .send(await (encoding === 'br' ? body.br() : body.gzip()));
}

declare module 'fastify' {
  interface FastifyInstance {
    locationListCache: LocationListCache;
    mapPointsCache: LocationListCache;
    firstView: FirstViewCache;
  }
}
