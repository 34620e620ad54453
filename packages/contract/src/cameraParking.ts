import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { qId } from './common.js';

/**
 * Camera parking switched by the driver per car (not in SPEC; decisions 0020, 0054): when an
 * entry camera reads the car's plate, its parking starts and the barrier opens without the phone.
 */
export const cameraParkingCarSchema = z.object({
  carId: z.number().int(),
  licensePlate: z.string(),
  on: z.boolean(),
});
export type CameraParkingCar = z.infer<typeof cameraParkingCarSchema>;

const tag = 'parking';
const owner = 'parking';

export const cameraParkingRoutes = {
  cameraParking: route({
    method: 'GET',
    path: '/api/v1/parking/camera-parking',
    summary: "The driver's cars with their camera parking switch, default car first",
    tag,
    auth: 'user',
    owner,
    response: envelope(z.array(cameraParkingCarSchema)),
  }),
  cameraParkingSet: route({
    method: 'PUT',
    path: '/api/v1/parking/camera-parking/:carId',
    summary:
      "Switch camera parking on or off for one of the driver's cars; returns the updated list (off for the last car also switches automatic card payment off)",
    tag,
    auth: 'user',
    owner,
    params: z.object({ carId: qId }),
    bodyType: 'json',
    body: z.object({ on: z.boolean({ error: 'invalid.required' }) }),
    response: envelope(z.array(cameraParkingCarSchema)),
  }),
};
