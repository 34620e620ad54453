import { z } from 'zod';
import { route } from './route.js';
import { emptyEnvelopeSchema, envelope, envelopeWithExtra } from './envelope.js';
import { forint, qId } from './common.js';
import { parkingTariffSchema } from './parking.js';
import { userSchema } from './user.js';
import {
  browserFields,
  clientFields,
  dateFilterSchema,
  emailSchema,
  qNullableId,
} from './validation.js';

/** SPEC §4 Parking session status. FINISHED means no current parking (history only). */
export const parkingStatusSchema = z.enum(['STARTING', 'STARTED', 'FINISHING', 'FINISHED']);
export type ParkingStatus = z.infer<typeof parkingStatusSchema>;

/** SPEC §4 Parking payment modes. */
export const parkingPaymentMethodSchema = z.enum(['SIMPLEPAY', 'CARD', 'WALLET']);
export type ParkingPaymentMethod = z.infer<typeof parkingPaymentMethodSchema>;

/** The lot as a session shows it (the full lot is GET v1/parking/parking-lot/{id}). */
export const parkingSessionLotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  locationId: z.number().int(),
  fullAddress: z.string(),
  hasChargers: z.boolean(),
  hasPermits: z.boolean(),
  parkingTimeInSeconds: z.number().int(),
});

/** SPEC §3 Parking session. Times are ISO date-times; money in Ft. */
export const parkingSessionSchema = z.object({
  id: z.number().int(),
  parkingStatus: parkingStatusSchema,
  parkingFrom: z.string().nullable(),
  parkingTo: z.string().nullable(),
  amount: forint,
  free: z.boolean(),
  discountHours: z.number(),
  /** The 5-character parking code, given as parkCode when charging at the same location. */
  chargeCode: z.string(),
  parkingLot: parkingSessionLotSchema,
  parkingTariff: parkingTariffSchema.nullable(),
  paymentStartedAt: z.string().nullable(),
  paymentFinishedAt: z.string().nullable(),
  paymentFailed: z.boolean(),
  paymentMethod: parkingPaymentMethodSchema.nullable(),
  paymentUrl: z.string().nullable(),
  /** When the entry gate was asked to open (the STARTING countdown runs from it), or null. */
  inOpenRequestSent: z.string().nullable(),
  outOpenRequestSent: z.string().nullable(),
  /** FINISHING: the parking restarts at this time unless the car has left. */
  parkingWillFinishAt: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * Not among SPEC's fields, added: the row number of the receipt of the last paid round
   * (parking history shows it), or null while nothing is paid. Optional for older clients.
   */
  receiptRowNumber: z.number().int().nullable().optional(),
});
export type ParkingSession = z.infer<typeof parkingSessionSchema>;

export const gateDirectionSchema = z.enum(['in', 'out']);

/**
 * Stop (pay) the current parking (SPEC §7). `card-id` is needed for CARD; registered users
 * give a billingDataId (server rule); casual users give their e-mail and pay by SIMPLEPAY only.
 * paymentMethod may be absent for a free session.
 */
export const stopParkingBodySchema = z
  .object({
    email: z.union([z.literal(''), emailSchema]).optional(),
    billingDataId: qNullableId.optional(),
    paymentMethod: parkingPaymentMethodSchema.optional(),
    'card-id': qNullableId.optional(),
    /**
     * Not among SPEC's fields, added like the charging card start's: the OneClick secret code
     * of the saved card (SimplePay's `do` needs it; never stored). Required for CARD.
     */
    cardSecret: z.string().trim().max(32, 'invalid.cardSecret').optional(),
    ...browserFields,
  })
  .superRefine((v, ctx) => {
    if (v.paymentMethod === 'CARD' && (v['card-id'] === undefined || v['card-id'] === null)) {
      ctx.addIssue({ code: 'custom', message: 'invalid.required', path: ['card-id'] });
    }
    if (v.paymentMethod === 'CARD' && (v.cardSecret ?? '').length < 4) {
      ctx.addIssue({
        code: 'custom',
        message: v.cardSecret ? 'invalid.cardSecret' : 'invalid.required',
        path: ['cardSecret'],
      });
    }
  });

/** The plate of a permit check, in the path. */
export const carPlateParamSchema = z
  .string()
  .trim()
  .min(1, { error: 'invalid.required', abort: true })
  .max(20, 'invalid.tooLong')
  .transform((v) => v.toUpperCase());

const tag = 'parking';
const owner = 'parking';

/** A returning guest's one-time link token (decision 0030). */
export const guestParkingAccessBodySchema = z.object({
  token: z.string().min(20, 'invalid.guestLink').max(200, 'invalid.guestLink'),
});
/** The guest's own session for the new device, stored like a casual login. */
export const guestParkingSessionSchema = z.object({
  user: userSchema,
  token: z.string(),
  accessToken: z.string(),
  lotId: z.number().int(),
});
export type GuestParkingSession = z.infer<typeof guestParkingSessionSchema>;

export const parkingSessionRoutes = {
  parkingCarPlate: route({
    method: 'GET',
    path: '/api/v1/parking/:parkingId/car-plate/:plate',
    summary: 'Whether the plate has a valid permit at the lot (result true/false)',
    tag,
    auth: 'user',
    owner,
    params: z.object({ parkingId: qId, plate: carPlateParamSchema }),
    response: emptyEnvelopeSchema,
  }),
  parkingStart: route({
    method: 'POST',
    path: '/api/v1/parking/:lotId/start',
    summary: 'Start parking at a lot; data is the new session (null on failure)',
    tag,
    auth: 'user',
    owner,
    params: z.object({ lotId: qId }),
    bodyType: 'form',
    body: z.object({ ...clientFields }),
    response: envelope(parkingSessionSchema.nullable()),
  }),
  parkingGuestAccess: route({
    method: 'POST',
    path: '/api/v1/parking/guest-access',
    summary:
      "Open a returning guest's e-mailed one-time link: data is the guest's session and the lot to park at",
    tag,
    auth: 'none',
    owner,
    bodyType: 'json',
    body: guestParkingAccessBodySchema,
    response: envelope(guestParkingSessionSchema),
  }),
  parkingStartCasual: route({
    method: 'POST',
    path: '/api/v1/parking/:lotId/start-casual',
    summary: 'Guest start by e-mail; extraData.extraData is the access token of the guest',
    tag,
    auth: 'optional',
    owner,
    params: z.object({ lotId: qId }),
    bodyType: 'form',
    body: z.object({ email: emailSchema, ...clientFields }),
    response: envelopeWithExtra(
      parkingSessionSchema.nullable(),
      z.object({ extraData: z.string() }),
    ),
  }),
  parkingGateOpen: route({
    method: 'POST',
    path: '/api/v1/parking/parking-lot/:lotId/:direction/open',
    summary: 'A parking-lot admin opens the in or out gate (result true/false)',
    tag,
    auth: 'user',
    owner,
    params: z.object({ lotId: qId, direction: gateDirectionSchema }),
    response: emptyEnvelopeSchema,
  }),
  parkingStop: route({
    method: 'POST',
    path: '/api/v1/parking/stop',
    summary: 'Stop the current parking and pay; data is the session (paymentUrl for SIMPLEPAY)',
    tag,
    auth: 'user',
    owner,
    bodyType: 'form',
    body: stopParkingBodySchema,
    response: envelope(parkingSessionSchema.nullable()),
  }),
  parkingCancel: route({
    method: 'POST',
    path: '/api/v1/parking/cancel',
    summary: 'Cancel a STARTING parking before the car has entered',
    tag,
    auth: 'user',
    owner,
    response: emptyEnvelopeSchema,
  }),
  parkingHistory: route({
    method: 'GET',
    path: '/api/v1/parking/history',
    summary: 'Finished parkings since filterFrom (default: one month ago), newest first',
    tag,
    auth: 'user',
    owner,
    query: z.object({ filterFrom: dateFilterSchema.optional() }),
    response: envelope(z.array(parkingSessionSchema)),
  }),
  parkingLastFinished: route({
    method: 'GET',
    path: '/api/v1/parking/last-finished',
    summary: "The user's last finished parking, or null",
    tag,
    auth: 'user',
    owner,
    response: envelope(parkingSessionSchema.nullable()),
  }),
};
