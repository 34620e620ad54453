import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import type { ModuleDeps } from '../index.js';
import { getParkingLot } from './repository.js';
import { registerParkingSessionRoutes } from './session-routes.js';
import { registerParkingAccessRoutes } from './access-routes.js';
import { registerCameraPaymentRoutes } from './camera-payment-routes.js';
import { registerCameraParkingRoutes } from './camera-parking-routes.js';
import { ownParkingReceipt } from './receipt-view.js';
import { and, eq } from 'drizzle-orm';
import { locations } from '../../db/schema/index.js';

export function registerParkingRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  serve(app, apiRoutes.parkingByLocation, async ({ params, lang, user }) => {
    const [loc] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, params.id), eq(locations.active, true)));
    if (!loc) throw notFound('location.notFound');
    return ok(await getParkingLot(db, { locationId: params.id }, lang, user?.id ?? null));
  });
  serve(app, apiRoutes.parkingLot, async ({ params, lang, user }) =>
    ok(await getParkingLot(db, { lotId: params.id }, lang, user?.id ?? null)),
  );
  // Both share one set of parking deps: one emitter, one gateway, the same live pushes.
  const deps = registerParkingSessionRoutes(app, { db, config });
  registerParkingAccessRoutes(app, deps);
  registerCameraPaymentRoutes(app, deps);
  registerCameraParkingRoutes(app, deps);
  serve(app, apiRoutes.parkingReceipt, async ({ user, params }) =>
    ok(await ownParkingReceipt(db, user.id, params.rowNumber)),
  );
}
