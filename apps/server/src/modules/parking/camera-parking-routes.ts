import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { cameraParkingOf, refuseGuest, switchCameraParking } from './camera-parking.js';
import type { ParkingDeps } from './deps.js';

/** The driver's camera parking switch per car (decision 0054); only the caller's own cars. */
export function registerCameraParkingRoutes(app: FastifyInstance, deps: ParkingDeps) {
  serve(app, apiRoutes.cameraParking, async ({ user }) => {
    refuseGuest(user);
    return ok(await cameraParkingOf(deps.db, user.id));
  });

  serve(app, apiRoutes.cameraParkingSet, async ({ user, params, body }) =>
    ok(await switchCameraParking(deps, user, params.carId, body.on)),
  );
}
