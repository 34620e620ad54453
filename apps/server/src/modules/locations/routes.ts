import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { etagMatches, LocationListCache, preferredEncoding } from './list-cache.js';
import { closestLocationId, filterLocationsJson, getLocationDetail } from './repository.js';

/** Shop pictures are fetched with the file endpoint: pictureBase + pictureUrl. */
export const POI_PICTURE_BASE = '/api/file?type=poi&name=';

export function registerLocationRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const cache = new LocationListCache(db);
  app.decorate('locationListCache', cache);

  // The list is sent as prepared bytes (already checked against the contract when built in tests),
  // compressed once per data version instead of once per request.
  serve(app, apiRoutes.locations, async ({ req, reply }) => {
    const body = await cache.get();
    reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', body.etag)
      .header('Vary', 'Accept-Encoding');
    if (etagMatches(req.headers['if-none-match'], body.etag)) {
      return reply.status(304).send();
    }
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8');
    if (encoding === 'identity') return reply.send(body.raw);
    return reply
      .header('Content-Encoding', encoding)
      .send(await (encoding === 'br' ? body.br() : body.gzip()));
  });

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

  serve(app, apiRoutes.location, async ({ query, lang }) =>
    ok(await getLocationDetail(db, query.id, lang)),
  );

  serve(app, apiRoutes.locationChargerPoi, async ({ params, lang }) =>
    ok({ location: await getLocationDetail(db, params.id, lang), pictureBase: POI_PICTURE_BASE }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    locationListCache: LocationListCache;
  }
}
