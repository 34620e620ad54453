import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { forint, qId } from './common.js';
import { parkingPaymentMethodSchema } from './parkingSession.js';

/**
 * A parking receipt as its page shows it (not in SPEC: the history's "Receipt" of a paid parking
 * round, decision 0019's `parking_receipts`, numbered from 500001).
 */
export const parkingReceiptSchema = z.object({
  rowNumber: z.number().int(),
  issueDate: z.string(),
  lotName: z.string(),
  fullAddress: z.string(),
  /** The billed span of the round (ISO). */
  billedFrom: z.string(),
  billedTo: z.string(),
  /** 0: the parking itself; 1, 2…: a round after an overstay. */
  round: z.number().int(),
  paymentMethod: parkingPaymentMethodSchema,
  grossPrice: forint,
  /**
   * How a parking round's price was made (grossPrice = billedMinutes × grossUnitParking / 60,
   * rounded, + convenienceFeeGross). Absent on a surcharge's receipt (a price per day) and on
   * receipts issued before it was kept.
   */
  price: z
    .object({
      /** Minutes billed at the hourly price: after the free minutes and the time at a charger. */
      billedMinutes: z.number().int().nonnegative(),
      /** Ft an hour. */
      grossUnitParking: forint,
      /** The round's free minutes (the first round's only). */
      freeMinutes: z.number().int().nonnegative(),
      convenienceFeeGross: forint,
      /**
       * Whole minutes the car was at a charger of the location in the round (rounded down):
       * parking is free meanwhile. Absent on receipts issued before it was kept.
       */
      chargingMinutes: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type ParkingReceipt = z.infer<typeof parkingReceiptSchema>;

export const parkingReceiptRoutes = {
  parkingReceipt: route({
    method: 'GET',
    path: '/api/v1/parking/receipt/:rowNumber',
    summary: "One of the user's parking receipts by its number",
    tag: 'parking',
    auth: 'user',
    owner: 'parking',
    params: z.object({ rowNumber: qId }),
    response: envelope(parkingReceiptSchema),
  }),
};
