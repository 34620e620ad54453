import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { forint, qId } from './common.js';
import { traitValueSchema } from './traits.js';

export const parkingTariffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  freeParking: z.boolean(),
  /** Ft per hour, billed per minute. */
  grossUnitParking: forint,
  freeMinutes: z.number().int(),
  grossSurchargeFeePerDay: forint,
  convenienceFeeGross: forint,
  descriptionLines: z.array(z.string()),
});

export const gateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  direction: z.enum(['IN', 'OUT', 'BOTH']),
});

export const parkingLotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.object({ id: z.number().int(), address: z.object({ full: z.string() }) }),
  /** null: no tariff, parking cannot start (a warning shows). */
  tariff: parkingTariffSchema.nullable(),
  tariffs: z.array(parkingTariffSchema),
  staticTraits: z.array(traitValueSchema),
  gates: z.array(gateSchema),
  hasChargers: z.boolean(),
  hasPermits: z.boolean(),
  /** How long the driver has to pass the gate after it opens. */
  parkingTimeInSeconds: z.number().int(),
  isCurrentUserAdmin: z.boolean(),
  capacity: z.number().int().nullable(),
});
export type ParkingLot = z.infer<typeof parkingLotSchema>;

export const parkingLotSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  freeParking: z.boolean().nullable(),
  grossUnitParking: forint.nullable(),
  /** Not among SPEC's fields, added (decision 0064): the tariff's free minutes, null without one. */
  freeMinutes: z.number().int().nullable(),
  gateCount: z.number().int(),
});

export const parkingReadRoutes = {
  parkingByLocation: route({
    method: 'GET',
    path: '/api/v1/parking/location/:id',
    summary: 'The parking lot of a location',
    tag: 'parking',
    auth: 'optional',
    owner: 'foundation',
    params: z.object({ id: qId }),
    response: envelope(parkingLotSchema.nullable()),
  }),
  parkingLot: route({
    method: 'GET',
    path: '/api/v1/parking/parking-lot/:id',
    summary: 'One parking lot with tariff, gates and traits',
    tag: 'parking',
    auth: 'optional',
    owner: 'foundation',
    params: z.object({ id: qId }),
    response: envelope(parkingLotSchema.nullable()),
  }),
};
