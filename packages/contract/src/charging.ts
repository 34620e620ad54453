import { z } from 'zod';
import { route } from './route.js';
import { emptyEnvelopeSchema, envelope, envelopeWithExtra } from './envelope.js';
import { forint, qId, qInt } from './common.js';
import { userSchema } from './user.js';
import {
  browserFields,
  casualAmountSchema,
  clientFields,
  dateFilterSchema,
  emailSchema,
  energyKWhSchema,
  optionalParkCodeSchema,
  qNullableId,
} from './validation.js';

/** SPEC §4 Charge status. */
export const chargeStatusSchema = z.enum([
  'NEW',
  'RESERVED',
  'STARTING',
  'STARTED',
  'FINISHING',
  'FINISHED',
]);
export type ChargeStatus = z.infer<typeof chargeStatusSchema>;

/** NEW (waiting for payment) can be cancelled before start. */
export const CANCELLABLE_CHARGE_STATUSES: readonly ChargeStatus[] = ['NEW'];
/** STARTING and STARTED can be stopped after confirmation. */
export const STOPPABLE_CHARGE_STATUSES: readonly ChargeStatus[] = ['STARTING', 'STARTED'];

/** SPEC §3 Current charge (polled every 5 s at the root, 10 s on the charge panel). Energy in kWh. */
export const currentChargeSchema = z.object({
  id: z.number().int(),
  chargerId: z.number().int(),
  /** The charger's name. */
  charger: z.string(),
  chargingStatus: chargeStatusSchema,
  consumedEnergy: z.number(),
  /** The energy bought; the progress bar shows only when set. */
  bookedEnergy: z.number().nullable(),
  /** Minutes booked, in time mode. */
  bookedTime: z.number().int().nullable(),
  /** kW now. */
  consumptionPower: z.number().nullable(),
  startTime: z.string().nullable(),
  /** The payment page while NEW. */
  paymentUrl: z.string().nullable(),
  /** In FINISHING: parking fee counts after minutesAfterParkingStart. */
  countParkingFee: z.boolean(),
  minutesAfterParkingStart: z.number().int().nullable(),
  locationId: z.number().int(),
  /** Ft so far for the energy metered (unit price × kWh + convenience fee); null before it runs or when free. */
  runningCost: forint.nullable().optional(),
  /** NEW: the last card payment was declined or cancelled; a new one may start until paymentDeadline. */
  paymentFailed: z.boolean().optional(),
  /** NEW: the end of the payment window (ISO); the charge ends unpaid after it. */
  paymentDeadline: z.string().nullable().optional(),
});
export type CurrentCharge = z.infer<typeof currentChargeSchema>;

/** SPEC §3 Charge record (history). `consumerEnergyInKw` is spelt so (kWh). Money in Ft. */
export const chargeRecordSchema = z.object({
  id: z.number().int(),
  consumerEnergyInKw: z.number(),
  chargeEnd: z.string().nullable(),
  chargeDurationInMinutes: z.number().int(),
  earnedPoints: z.number().int(),
  priceOfCharging: forint,
  parkingPrice: forint,
  grossPrice: forint,
  /** Car name (producer model), null when charged without a car. */
  car: z.string().nullable(),
  licencePlate: z.string().nullable(),
  /** The charger's name. */
  charger: z.string(),
  chargerId: z.number().int(),
  locationId: z.number().int(),
  /** Receipt row number for v1/receipt/{id}, null before one is issued. */
  rowNumber: z.number().int().nullable(),
});
export type ChargeRecord = z.infer<typeof chargeRecordSchema>;

/** SPEC §3 Payment summary (get-gross-to-pay): kWh, minutes and Ft to hold. */
export const paymentSummarySchema = z.object({
  reservedEnergy: z.number(),
  time: z.number().int(),
  amount: forint,
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/**
 * Decision 0048: what the receipt of a charge at a roaming partner's charger adds (row numbers
 * from 700001). Money in integer Ft; `partnerCost + roamingFee = grossPrice` and
 * `netAmount + vatAmount = grossPrice` (the invoice line's split of the gross).
 */
export const roamingReceiptDetailsSchema = z.object({
  /** The partner operating the charger. */
  partnerName: z.string(),
  siteName: z.string().nullable(),
  /** "postal code city, street" as the partner's CDR gives it. */
  siteAddress: z.string().nullable(),
  evseId: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** What the partner charged (its CDR's total, incl. its VAT), rounded to forints. */
  partnerCost: forint,
  /** Our roaming fee on top of the partner's cost. */
  roamingFee: forint,
  /** The VAT rate in the gross (27 % Hungarian VAT). */
  vatPercent: z.number().int(),
  vatAmount: forint,
  netAmount: forint,
  /** How it was paid: from the prepaid wallet, or by card (decision 0050). */
  paymentMethod: z.enum(['wallet', 'card']),
  /** Ft taken so far. */
  paidAmount: forint,
  /**
   * Decision 0057: the masks of the cards that paid, as SimplePay reported them (the hold's card,
   * then a card that paid the open rest); empty for the wallet or when SimplePay sent none.
   */
  cardMasks: z.array(z.string()).optional(),
});
export type RoamingReceiptDetails = z.infer<typeof roamingReceiptDetailsSchema>;

/** SPEC §3 Receipt, fetched by row number (v1/receipt/{id}) and paid via v1/simplepay/start/{id}. */
export const receiptSchema = z.object({
  id: z.number().int(),
  rowNumber: z.number().int(),
  consumedEnergyInKW: z.number(),
  issueDate: z.string(),
  grossPrice: forint,
  /** false: the Pay button is offered. */
  paid: z.boolean(),
  /** Only on a receipt of a charge at a roaming partner's charger (decision 0048). */
  roaming: roamingReceiptDetailsSchema.optional(),
  /** The charge at our own charger the receipt is for, as the history shows it (decision 0066). */
  charge: chargeRecordSchema.optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** SPEC §3 Price settings of a charger for the user (v1/user/price-settings/{chargerId}). */
export const priceSettingsSchema = z.object({
  freeCharging: z.boolean(),
  unitChargingGross: forint,
  convenienceFeeGross: forint,
  parkingEnabled: z.boolean(),
  minutesAfterParkingStart: z.number().int(),
  /** Ft per hour. */
  unitParkingGross: forint,
  /** Added to the hold when parking is enabled (SPEC §4 money to hold). */
  parkingToHoldGross: forint,
});
export type PriceSettings = z.infer<typeof priceSettingsSchema>;

/** What a charge holds on the card or wallet, broken down (SPEC §4 money to hold). */
export interface HoldBreakdown {
  /** Ft for the charging itself (the amount chosen, or the price of the booked energy). */
  charging: number;
  /** Ft added for parking after the charge (parkingToHoldGross), 0 when parking is not billed. */
  parking: number;
  /** Ft held: charging + parking. */
  total: number;
}

/**
 * SPEC §4: money to hold = the amount, plus parkingToHoldGross when parking is enabled; a free
 * charge holds nothing. The server holds exactly this and the forms show it before the pay page.
 */
export function holdBreakdown(
  prices: Pick<PriceSettings, 'freeCharging' | 'parkingEnabled' | 'parkingToHoldGross'>,
  chargingAmount: number,
): HoldBreakdown {
  if (prices.freeCharging) return { charging: 0, parking: 0, total: 0 };
  const parking = prices.parkingEnabled ? prices.parkingToHoldGross : 0;
  return { charging: chargingAmount, parking, total: chargingAmount + parking };
}

/** SPEC §8 start error codes, in `data.responseCode` of a failed start (anything else: unsuccessful start). */
export const startChargeErrorCodeSchema = z.enum([
  'CHARGER_NOT_ACTIVE',
  'SIMPLEPAY_INVALID_PASSWORD',
  'NO_ACTIVE_TARIFF',
  'NEGATIVE_WALLET',
]);
export type StartChargeErrorCode = z.infer<typeof startChargeErrorCodeSchema>;
export const startChargeErrorDataSchema = z.object({ responseCode: z.string() });
export const startChargeErrorEnvelopeSchema = envelope(startChargeErrorDataSchema);

/** The alert for a start error code; unknown codes get 'charge.error.startFailed'. */
export function startChargeErrorMessageKey(code: string | null | undefined): string {
  const parsed = startChargeErrorCodeSchema.safeParse(code);
  return parsed.success ? `charge.error.${parsed.data}` : 'charge.error.startFailed';
}

/** Whole minutes, 1 to 24 h (time and finish-time modes). */
export const chargingMinutesSchema = qInt.min(1, 'invalid.range').max(1440, 'invalid.range');
/** Amount mode, whole Ft. */
export const chargingAmountSchema = qInt.min(1, 'invalid.range').max(1_000_000, 'invalid.range');

/**
 * Query of start-charging and start-charging-wallet (SPEC §7). One mode at most: charging-minutes,
 * charging-amount, or charging-energy (kWh, 1-500; not among SPEC's fields, added for the max-kWh
 * mode so the server, not the client, converts energy to money). None: a free charge.
 */
export const startChargingQueryObject = z.object({
  'charger-id': qId,
  'billing-data-id': qNullableId.optional(),
  'car-id': qNullableId.optional(),
  'charging-minutes': chargingMinutesSchema.optional(),
  'charging-amount': chargingAmountSchema.optional(),
  'charging-energy': energyKWhSchema.optional(),
  parkCode: optionalParkCodeSchema,
  ...clientFields,
});
type ModeFields = {
  'charging-minutes'?: number;
  'charging-amount'?: number;
  'charging-energy'?: number;
};
function oneModeAtMost(v: ModeFields, ctx: z.RefinementCtx) {
  const set = [v['charging-minutes'], v['charging-amount'], v['charging-energy']].filter(
    (x) => x !== undefined,
  );
  if (set.length > 1)
    ctx.addIssue({ code: 'custom', message: 'invalid.chargeMode', path: ['charging-minutes'] });
}
export const startChargingQuerySchema = startChargingQueryObject.superRefine(oneModeAtMost);
export const startChargingCardQuerySchema = startChargingQueryObject
  .extend({
    'card-id': qId,
    /**
     * Not among SPEC's fields, added: the OneClick secret code of the card (SimplePay's `do`
     * needs it on every payment; it is never stored). A wrong one answers SIMPLEPAY_INVALID_PASSWORD.
     */
    cardSecret: z
      .string({ error: 'invalid.required' })
      .min(1, { error: 'invalid.required', abort: true })
      .min(4, 'invalid.cardSecret')
      .max(32, 'invalid.cardSecret'),
    ...browserFields,
  })
  .superRefine(oneModeAtMost);

export const startCasualChargingQuerySchema = z.object({
  'charger-id': qId,
  amount: casualAmountSchema,
  email: emailSchema,
  parkCode: optionalParkCodeSchema,
  ...clientFields,
});

/** extraData of a casual start: the guest user and token the client stores as logged in. */
export const casualLoginExtraSchema = z.object({
  data: z.object({ user: userSchema, token: z.string() }).nullable(),
});

/** The token of a guest's charge link (/charge-history?access=…). */
export const guestChargeAccessBodySchema = z.object({
  token: z.string().min(20, 'invalid.chargeLink').max(200, 'invalid.chargeLink'),
});
/** A guest's charge-link session: stored like a casual login, limited to its charge. */
export const guestChargeSessionSchema = z.object({
  user: userSchema,
  token: z.string(),
  chargeId: z.number().int(),
});
export type GuestChargeSession = z.infer<typeof guestChargeSessionSchema>;

const tag = 'charge';
const owner = 'charging';

export const chargingRoutes = {
  chargeLastFinished: route({
    method: 'GET',
    path: '/api/v1/charge/last-finished',
    summary: "The user's last finished charge, or null",
    tag,
    auth: 'user',
    owner,
    chargeLink: true,
    response: envelope(chargeRecordSchema.nullable()),
  }),
  chargeHistory: route({
    method: 'GET',
    path: '/api/v1/charge/history',
    summary: 'Finished charges since filterFrom (default: one month ago), newest first',
    tag,
    auth: 'user',
    owner,
    chargeLink: true,
    query: z.object({ filterFrom: dateFilterSchema.optional() }),
    response: envelope(z.array(chargeRecordSchema)),
  }),
  chargeCurrent: route({
    method: 'GET',
    path: '/api/v1/charge/current',
    summary: "The user's running charge, or null (polled; no busy overlay)",
    tag,
    auth: 'user',
    owner,
    chargeLink: true,
    response: envelope(currentChargeSchema.nullable()),
  }),
  priceSettings: route({
    method: 'GET',
    path: '/api/v1/user/price-settings/:id',
    summary: 'Prices of a charger (id = charger id) for the user: unit price, fee, parking hold',
    tag: 'user',
    auth: 'user',
    owner,
    params: z.object({ id: qId }),
    response: envelope(priceSettingsSchema),
  }),
  getGrossToPay: route({
    method: 'GET',
    path: '/api/v1/charger/get-gross-to-pay',
    summary: 'The energy, time and amount to hold for a time-mode charge',
    tag: 'charger',
    auth: 'user',
    owner,
    query: z.object({
      'charger-id': qId,
      'car-id': qNullableId.optional(),
      'charging-minutes': chargingMinutesSchema,
    }),
    response: envelope(paymentSummarySchema),
  }),
  startCharging: route({
    method: 'GET',
    path: '/api/v1/charger/start-charging',
    summary:
      'Start with a card payment at SimplePay: data is the payment address, or null (free: go to history)',
    tag: 'charger',
    auth: 'user',
    owner,
    query: startChargingQuerySchema,
    response: envelope(z.string().nullable()),
  }),
  startChargingWallet: route({
    method: 'GET',
    path: '/api/v1/charger/start-charging-wallet',
    summary: 'Start paid from the wallet: data is the new balance; a failure alerts messages[0]',
    tag: 'charger',
    auth: 'user',
    owner,
    query: startChargingQuerySchema,
    response: envelope(forint.nullable()),
  }),
  startChargingCard: route({
    method: 'GET',
    path: '/api/v1/charger/start-charging-card',
    summary: 'Start paid with a saved card (OneClick): data is a 3-D Secure address, or null/empty',
    tag: 'charger',
    auth: 'user',
    owner,
    query: startChargingCardQuerySchema,
    response: envelope(z.string().nullable()),
  }),
  startCasualCharging: route({
    method: 'GET',
    path: '/api/v1/charger/start-casual-charging',
    summary:
      'Guest start by e-mail: data is the payment address; extraData.data the guest user and token',
    tag: 'charger',
    auth: 'optional',
    owner,
    query: startCasualChargingQuerySchema,
    response: envelopeWithExtra(z.string().nullable(), casualLoginExtraSchema),
  }),
  stopCharging: route({
    method: 'GET',
    path: '/api/v1/charger/stop-charging',
    summary: 'Ask the charger to stop a STARTING or STARTED charge',
    tag: 'charger',
    auth: 'user',
    owner,
    chargeLink: true,
    query: z.object({ chargerId: qId, chargeId: qId }),
    response: emptyEnvelopeSchema,
  }),
  cancelChargeBeforeStart: route({
    method: 'GET',
    path: '/api/v1/charger/cancel-charge-before-start',
    summary: 'Cancel a NEW charge that is still waiting for payment',
    tag: 'charger',
    auth: 'user',
    owner,
    chargeLink: true,
    query: z.object({ chargeId: qId }),
    response: emptyEnvelopeSchema,
  }),
  chargePayment: route({
    method: 'GET',
    path: '/api/v1/charger/charge-payment',
    summary:
      'Pay a NEW card charge: data is the open payment page, or a new payment after a declined one (within the payment window)',
    tag: 'charger',
    auth: 'user',
    owner,
    chargeLink: true,
    query: z.object({ chargeId: qId }),
    response: envelope(z.string()),
  }),
  guestChargeAccess: route({
    method: 'POST',
    path: '/api/v1/charge/guest-access',
    summary:
      "Open a guest's e-mailed charge link: data is a session that sees and stops only that charge",
    tag,
    auth: 'none',
    owner,
    bodyType: 'json',
    body: guestChargeAccessBodySchema,
    response: envelope(guestChargeSessionSchema),
  }),
};
