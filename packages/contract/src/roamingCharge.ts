import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { forint } from './common.js';
import { browserFields, dateFilterSchema } from './validation.js';

/** Decision 0042: the states of our driver's start/stop request at a partner's charger. */
export const roamingChargeStatusSchema = z.enum([
  /** Decision 0050: the card hold is being authorized; nothing is sent to the partner yet. */
  'PAYING',
  'REQUESTED',
  'ACCEPTED',
  'REJECTED',
  'TIMEOUT',
  'STARTED',
  'STOPPING',
  'COMPLETED',
]);

/** Decision 0050: how the hold is made — the wallet, a saved card (OneClick) or a one-off card. */
export const roamingPaymentMethodSchema = z.enum(['WALLET', 'CARD', 'SIMPLEPAY']);
export type RoamingPaymentMethod = z.infer<typeof roamingPaymentMethodSchema>;

export const roamingStartBodySchema = z
  .object({
    /** The partner site on our map (`locations.id`). */
    locationId: z.number().int().positive(),
    evseUid: z.string().min(1).max(36),
    connectorId: z.string().min(1).max(36).optional(),
    /** Ft held for this charge (the bill is taken from it). */
    amount: z.number().int().positive().max(1_000_000),
    /** Where the hold is made (default the wallet, as before decision 0050). */
    paymentMethod: roamingPaymentMethodSchema.default('WALLET'),
    /** CARD: the saved card and its OneClick secret code (sent to SimplePay only, never kept). */
    cardId: z.number().int().positive().optional(),
    cardSecret: z.string().trim().max(32, 'invalid.cardSecret').optional(),
    ...browserFields,
  })
  .superRefine((v, ctx) => {
    if (v.paymentMethod !== 'CARD') return;
    if (v.cardId === undefined)
      ctx.addIssue({ code: 'custom', message: 'invalid.required', path: ['cardId'] });
    if ((v.cardSecret ?? '').length < 4)
      ctx.addIssue({
        code: 'custom',
        message: v.cardSecret ? 'invalid.cardSecret' : 'invalid.required',
        path: ['cardSecret'],
      });
  });

export const roamingStopBodySchema = z.object({ requestId: z.number().int().positive() });

/** The driver's roaming charge: the request and, once the partner reported it, its session. */
export const roamingChargeSchema = z.object({
  requestId: z.number().int(),
  status: roamingChargeStatusSchema,
  siteId: z.number().int(),
  siteName: z.string().nullable(),
  partnerName: z.string(),
  evseUid: z.string(),
  connectorId: z.string().nullable(),
  /** The partner's message when it refused or did not answer. */
  message: z.string().nullable(),
  /** The hold of this charge (wallet or card, `paymentMethod`). */
  holdAmount: forint,
  paymentMethod: roamingPaymentMethodSchema,
  /** PAYING: the page where the card hold is authorized (SimplePay or 3-D Secure); else null. */
  paymentUrl: z.string().nullable(),
  /** Ended before the partner was asked because of the card payment (then `message` is ours). */
  paymentProblem: z.enum(['NOT_COMPLETED', 'CANCELLED', 'TIMEOUT', 'NOT_STARTED']).nullable(),
  /**
   * REJECTED / TIMEOUT (decision 0056): what became of the money. RELEASED: it was held and is
   * given back; NOT_TAKEN: nothing was held; PENDING: the card payment page was still open, so
   * nothing is held now, and a late authorization is released. null in other states.
   */
  holdOutcome: z.enum(['RELEASED', 'NOT_TAKEN', 'PENDING']).nullable().optional(),
  kWh: z.number().nullable(),
  /** Cost so far as the partner reports it (incl. VAT when given), in `currency`. */
  costSoFar: z.number().nullable(),
  currency: z.string().nullable(),
  /**
   * Ft the driver would pay for the charge so far: the partner's cost plus our roaming fee, as
   * the CDR will be billed (null before a reading, or when the partner's currency is not HUF).
   */
  priceSoFar: forint.nullable(),
  /** Ft billed when COMPLETED. */
  billedAmount: forint.nullable(),
  /** The receipt of the billed charge (decision 0043), for /receipt?rowNumber=…; else null. */
  receiptRowNumber: z.number().int().nullable(),
  startedAt: z.string().nullable(),
});
export type RoamingCharge = z.infer<typeof roamingChargeSchema>;

/** A billed charge at a partner's charger in the driver's history, with its receipt (0043). */
export const roamingChargeRecordSchema = z.object({
  rowNumber: z.number().int(),
  siteName: z.string().nullable(),
  partnerName: z.string(),
  energyKWh: z.number(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  grossPrice: forint,
  paidAmount: forint,
  earnedPoints: z.number().int(),
  issuedAt: z.string(),
});
export type RoamingChargeRecord = z.infer<typeof roamingChargeRecordSchema>;

const tag = 'roaming';
const owner = 'charging' as const;

export const roamingChargeRoutes = {
  roamingStart: route({
    method: 'POST',
    path: '/api/v1/roaming/start',
    summary:
      "Start a charge at a roaming partner's EVSE (wallet or card hold); data is the request",
    tag,
    auth: 'user',
    owner,
    bodyType: 'json',
    body: roamingStartBodySchema,
    response: envelope(roamingChargeSchema),
  }),
  roamingStop: route({
    method: 'POST',
    path: '/api/v1/roaming/stop',
    summary: "Stop the driver's charge at a roaming partner's EVSE; data is the request",
    tag,
    auth: 'user',
    owner,
    bodyType: 'json',
    body: roamingStopBodySchema,
    response: envelope(roamingChargeSchema),
  }),
  roamingCurrent: route({
    method: 'GET',
    path: '/api/v1/roaming/current',
    summary: "The driver's live (or last, until seen) roaming charge, or null",
    tag,
    auth: 'user',
    owner,
    response: envelope(roamingChargeSchema.nullable()),
  }),
  roamingHistory: route({
    method: 'GET',
    path: '/api/v1/roaming/history',
    summary:
      "The driver's billed charges at partners' chargers with their receipts, ended since filterFrom (default: one month ago), newest first",
    tag,
    auth: 'user',
    owner,
    query: z.object({ filterFrom: dateFilterSchema.optional() }),
    response: envelope(z.array(roamingChargeRecordSchema)),
  }),
};
