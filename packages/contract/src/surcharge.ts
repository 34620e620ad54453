import { z } from 'zod';
import { route } from './route.js';
import { envelope, envelopeWithExtra } from './envelope.js';
import { forint, qId } from './common.js';
import { parkingPaymentMethodSchema, parkingSessionSchema } from './parkingSession.js';
import {
  browserFields,
  clientFields,
  emailSchema,
  parkCodeSchema,
  qNullableId,
} from './validation.js';

/** SPEC §4 Surcharge status: UNPAID (choose a method and pay), PAID (leave), FINISHED. */
export const surchargeStatusSchema = z.enum(['UNPAID', 'PAID', 'FINISHED']);
export type SurchargeStatus = z.infer<typeof surchargeStatusSchema>;

/** SPEC §3 Surcharge: the per-day fee when a car stayed after its parking ended. */
export const surchargeSchema = z.object({
  id: z.number().int(),
  status: surchargeStatusSchema,
  amount: forint,
  days: z.number().int(),
  parkingSession: parkingSessionSchema,
  paymentStartedAt: z.string().nullable(),
  paymentFinishedAt: z.string().nullable(),
  paymentFailed: z.boolean(),
  paymentMethod: parkingPaymentMethodSchema.nullable(),
  paymentUrl: z.string().nullable(),
  parkingWillFinishAt: z.string().nullable(),
});
export type Surcharge = z.infer<typeof surchargeSchema>;

/** Start needs both the parking code of the session and its e-mail (SPEC §5). */
export const surchargeStartBodySchema = z.object({
  code: parkCodeSchema,
  email: emailSchema,
  ...clientFields,
});

export const surchargePayBodySchema = z
  .object({
    paymentMethod: parkingPaymentMethodSchema,
    'card-id': qNullableId.optional(),
    /** CARD: the saved card's secret code, as parking's stop takes it (never stored). */
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

const tag = 'parking-surcharge';
const owner = 'parking';

export const surchargeRoutes = {
  surchargeStart: route({
    method: 'POST',
    path: '/api/v1/parking-surcharge/start',
    summary: "Find the logged-in user's surcharge by parking code and e-mail (null: not found)",
    tag,
    auth: 'user',
    owner,
    bodyType: 'form',
    body: surchargeStartBodySchema,
    response: envelope(surchargeSchema.nullable()),
  }),
  surchargeStartCasual: route({
    method: 'POST',
    path: '/api/v1/parking-surcharge/start-casual',
    summary:
      'Find a guest surcharge by parking code and e-mail; extraData.extraData is an access token for paying it',
    tag,
    auth: 'none',
    owner,
    bodyType: 'form',
    body: surchargeStartBodySchema,
    response: envelopeWithExtra(surchargeSchema.nullable(), z.object({ extraData: z.string() })),
  }),
  surchargePay: route({
    method: 'POST',
    path: '/api/v1/parking-surcharge/:id/pay',
    summary: 'Pay a surcharge; data is the surcharge (paymentUrl for SIMPLEPAY, opened once)',
    tag,
    auth: 'user',
    owner,
    params: z.object({ id: qId }),
    bodyType: 'form',
    body: surchargePayBodySchema,
    response: envelope(surchargeSchema.nullable()),
  }),
};
