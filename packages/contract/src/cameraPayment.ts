import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { forint } from './common.js';

/**
 * Automatic card payment at camera exits (not in SPEC; decision 0051): the driver's consent to
 * merchant-initiated payments with SimplePay recurring tokens of a saved card.
 */
export const automaticCardPaymentSchema = z.object({
  /** The saved card (credit-cards' cardId) the tokens belong to. */
  cardId: z.number().int(),
  cardMask: z.string().nullable(),
  /** pending: SimplePay has not reported the registration yet; usedUp: none left or expired. */
  state: z.enum(['pending', 'on', 'usedUp']),
  /** Payments left. */
  remaining: z.number().int(),
  /** ISO time after which the tokens no longer pay. */
  until: z.string(),
  /** The most one automatic payment may take. */
  maxAmount: forint,
  /** The camera pays only with the default card. */
  defaultCard: z.boolean(),
});
export type AutomaticCardPayment = z.infer<typeof automaticCardPaymentSchema>;

export const cameraPaymentSchema = z.object({
  /** The driver's cars with camera parking switched on. */
  cameraCars: z.array(z.object({ carId: z.number().int(), licensePlate: z.string() })),
  automaticCardPayment: automaticCardPaymentSchema.nullable(),
  /** What switching on consents to: this many payments, for this many days, each at most maxAmount. */
  terms: z.object({ times: z.number().int(), days: z.number().int(), maxAmount: forint }),
});
export type CameraPayment = z.infer<typeof cameraPaymentSchema>;

const tag = 'parking';
const owner = 'parking';

export const cameraPaymentRoutes = {
  automaticCardPayment: route({
    method: 'GET',
    path: '/api/v1/parking/automatic-card-payment',
    summary: "The driver's camera cars and automatic card payment at camera exits",
    tag,
    auth: 'user',
    owner,
    response: envelope(cameraPaymentSchema),
  }),
  automaticCardPaymentOn: route({
    method: 'POST',
    path: '/api/v1/parking/automatic-card-payment',
    summary:
      'Switch automatic card payment on: a card registration with recurring tokens; data is the payment address',
    tag,
    auth: 'user',
    owner,
    bodyType: 'form',
    body: z.object({
      /** The OneClick secret code of the new card (SimplePay only; never stored). */
      cardSecret: z
        .string({ error: 'invalid.required' })
        .min(1, { error: 'invalid.required', abort: true })
        .min(4, 'invalid.cardSecret')
        .max(32, 'invalid.cardSecret'),
    }),
    response: envelope(z.string()),
  }),
  automaticCardPaymentOff: route({
    method: 'DELETE',
    path: '/api/v1/parking/automatic-card-payment',
    summary: 'Switch automatic card payment off (its tokens are cancelled at SimplePay)',
    tag,
    auth: 'user',
    owner,
    response: envelope(cameraPaymentSchema),
  }),
};
