import type { FastifyInstance } from 'fastify';
import { apiRoutes, type CameraPayment } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { ApiError } from '../../core/errors.js';
import {
  RECURRING_TERMS,
  cancelRecurring,
  recurringConsentOf,
  startRecurringRegistration,
} from '../payments/recurring.js';
import { cameraCarsOfUser } from './camera-cars.js';
import type { ParkingDeps } from './deps.js';

async function cameraPaymentOf(deps: ParkingDeps, userId: number): Promise<CameraPayment> {
  const [cameraCars, automaticCardPayment] = await Promise.all([
    cameraCarsOfUser(deps.db, userId),
    recurringConsentOf(deps.db, userId),
  ]);
  return { cameraCars, automaticCardPayment, terms: { ...RECURRING_TERMS } };
}

/**
 * Automatic card payment at camera exits (decision 0051): what the car page shows, switching it
 * on (a card registration with recurring tokens, the driver at SimplePay's page; it returns to
 * /cars) and off (the tokens cancelled at SimplePay). Each call acts on the caller's own only.
 */
export function registerCameraPaymentRoutes(app: FastifyInstance, deps: ParkingDeps) {
  serve(app, apiRoutes.automaticCardPayment, async ({ user }) =>
    ok(await cameraPaymentOf(deps, user.id)),
  );

  serve(app, apiRoutes.automaticCardPaymentOn, async ({ user, body, lang }) => {
    if ((await cameraCarsOfUser(deps.db, user.id)).length === 0)
      throw new ApiError(409, 'recurring.noCameraCar', { responseCode: 'RECURRING_NO_CAMERA_CAR' });
    return ok(
      await startRecurringRegistration(deps.pay, user.id, {
        cardSecret: body.cardSecret,
        lang,
        returnPath: '/cars',
      }),
    );
  });

  serve(app, apiRoutes.automaticCardPaymentOff, async ({ user }) => {
    await cancelRecurring(deps.pay, user.id);
    return ok(await cameraPaymentOf(deps, user.id));
  });
}
