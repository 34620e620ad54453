import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { forint, langSchema, limits, qBool, qId } from './common.js';
import { receiptSchema } from './charging.js';
import {
  clientFields,
  emailSchema,
  platformSchema,
  walletTopUpAmountSchema,
} from './validation.js';

/** SPEC §3 Wallet. `ballance` is spelt so on the wire. */
export const walletSchema = z.object({
  /** Ft; below 0 is a debt, and the top-up is prefilled with its negative. */
  ballance: forint,
  countUnpayedWallets: z.number().int(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** The smallest top-up: 100 Ft, or the debt when it is larger (SPEC §5). */
export function walletTopUpMinimum(ballance: number): number {
  return Math.max(limits.walletTopUpMin, ballance < 0 ? -ballance : 0);
}

/**
 * Not among SPEC's calls, added: a top-up paid with a saved card instead of the card form. The
 * card's OneClick secret code is sent in the body (never in an address, never stored). requestId
 * is the client's key for this top-up: the same key again never pays twice.
 */
export const walletTopUpCardBodySchema = z.object({
  amount: walletTopUpAmountSchema,
  billingDataId: z.number({ error: 'invalid.required' }).int().positive(),
  cardId: z.number({ error: 'invalid.required' }).int().positive(),
  cardSecret: z
    .string({ error: 'invalid.required' })
    .min(1, { error: 'invalid.required', abort: true })
    .min(4, 'invalid.cardSecret')
    .max(32, 'invalid.cardSecret'),
  requestId: z.string().uuid('invalid.value'),
  lang: langSchema.optional(),
  java: z.boolean().optional(),
  color: z.number().int().min(1).max(64).optional(),
  height: z.number().int().min(0).max(100_000).optional(),
  width: z.number().int().min(0).max(100_000).optional(),
  tz: z.number().int().min(-1440).max(1440).optional(),
  platform: platformSchema.optional(),
});
export type WalletTopUpCardBody = z.infer<typeof walletTopUpCardBodySchema>;

export const walletTopUpCardResultSchema = z.object({
  /** The bank's 3-D Secure page when it asks for a challenge; null when the payment went through. */
  redirectUrl: z.string().nullable(),
  transactionId: z.number().int().nullable(),
});
export type WalletTopUpCardResult = z.infer<typeof walletTopUpCardResultSchema>;

/** SimplePay back-redirect events (SPEC §3 payment provider return payload `e`). */
export const paymentEventSchema = z.enum(['SUCCESS', 'FAIL', 'CANCEL', 'TIMEOUT']);
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** The decoded `r` query of /payment-result pages: e event, o order (or receipt) id, t transaction id. */
export const paymentReturnSchema = z.object({
  r: z.number().int().optional(),
  e: z.string(),
  o: z.string(),
  t: z.union([z.number(), z.string()]),
  m: z.string().optional(),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

/** What the server vouches for after checking the back redirect's signature. */
export const paymentReturnCheckSchema = z.object({
  e: paymentEventSchema,
  o: z.string(),
  /** SimplePay transaction id (digits; kept as text so no precision is lost). */
  t: z.string(),
});
export type PaymentReturnCheck = z.infer<typeof paymentReturnCheckSchema>;

/**
 * SPEC §3 Online wallet deposit: points moved to the partner wallet, 500 a step, at most the
 * lower of the balance and 100000 (the balance is checked by the server). A new partner
 * account needs both acceptances (SPEC leaves enforcement open; the server enforces it when the
 * e-mail is unknown there).
 */
export const onlineWalletDepositBodySchema = z.object({
  amount: z.coerce
    .number({ error: 'invalid.number' })
    .int('invalid.number')
    .min(limits.depositStep, 'invalid.depositAmount')
    .max(limits.depositMax, 'invalid.depositAmount')
    .multipleOf(limits.depositStep, 'invalid.depositAmount'),
  email: emailSchema,
  dataPolicyAccepted: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
    .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
    .optional(),
  termsAccepted: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
    .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
    .optional(),
  /**
   * Not among SPEC's fields, added: the client's key for this deposit (a UUID). Sent again (a
   * double tap, a retry after a lost answer) it moves no more points and answers as the first.
   */
  requestId: z.string().uuid('invalid.value').optional(),
});

const owner = 'payments';

export const walletRoutes = {
  onlineWalletDeposit: route({
    method: 'POST',
    path: '/api/v1/online-wallet/deposit',
    summary: 'Move points to the partner online wallet of an e-mail; data true on success',
    tag: 'online-wallet',
    auth: 'user',
    owner: 'loyalty',
    bodyType: 'form',
    body: onlineWalletDepositBodySchema,
    response: envelope(z.boolean()),
  }),
  onlineWalletUserExists: route({
    method: 'GET',
    path: '/api/v1/online-wallet/user-exists',
    summary: 'Whether the partner online wallet has an account for the e-mail',
    tag: 'online-wallet',
    auth: 'user',
    owner: 'loyalty',
    query: z.object({ email: emailSchema }),
    response: envelope(z.boolean()),
  }),
  chargeWallet: route({
    method: 'GET',
    path: '/api/v1/wallet/charge-wallet',
    summary: 'Start a wallet top-up at SimplePay: data is the payment address',
    tag: 'wallet',
    auth: 'user',
    owner,
    query: z.object({ amount: walletTopUpAmountSchema, 'billing-data-id': qId, ...clientFields }),
    response: envelope(z.string().nullable()),
  }),
  chargeWalletCard: route({
    method: 'POST',
    path: '/api/v1/wallet/charge-wallet-card',
    summary:
      'Top up the wallet with a saved card (SimplePay OneClick). Replay-safe by requestId; data has the 3-D Secure address, if the bank asks for one, and the transaction id',
    tag: 'wallet',
    auth: 'user',
    owner,
    bodyType: 'json',
    body: walletTopUpCardBodySchema,
    response: envelope(walletTopUpCardResultSchema),
  }),
  confirmPayment: route({
    method: 'GET',
    path: '/api/v1/wallet/confirm-payment',
    summary:
      'After the back redirect: settle the top-up by a SimplePay query; data is the new balance',
    tag: 'wallet',
    auth: 'user',
    owner,
    query: z.object({
      transactionId: z.string().regex(/^[0-9]{1,20}$/, 'invalid.value'),
      status: paymentEventSchema,
    }),
    response: envelope(forint.nullable()),
  }),
  walletBalance: route({
    method: 'GET',
    path: '/api/v1/wallet/wallet-balance',
    summary: "The user's wallet balance and count of unpaid items",
    tag: 'wallet',
    auth: 'user',
    owner,
    response: envelope(walletSchema),
  }),
  walletBallance: route({
    method: 'GET',
    path: '/api/v1/wallet/wallet-ballance',
    summary: 'The same as wallet-balance, in the historical spelling (polled; no busy overlay)',
    tag: 'wallet',
    auth: 'user',
    owner,
    response: envelope(walletSchema),
  }),
  cardRegistration: route({
    method: 'POST',
    path: '/api/v1/simplepay/card-registration',
    summary: 'Start a SimplePay card registration: data is the payment address',
    tag: 'simplepay',
    auth: 'user',
    owner,
    bodyType: 'form',
    body: z.object({
      platform: platformSchema.optional(),
      wizard: qBool.optional(),
      /**
       * Not among SPEC's fields, added: the OneClick secret code the driver chooses for this
       * card. It goes to SimplePay only; we never store it, and each card payment asks for it.
       */
      cardSecret: z
        .string({ error: 'invalid.required' })
        .min(1, { error: 'invalid.required', abort: true })
        .min(4, 'invalid.cardSecret')
        .max(32, 'invalid.cardSecret'),
    }),
    response: envelope(z.string().nullable()),
  }),
  simplepayStart: route({
    method: 'GET',
    path: '/api/v1/simplepay/start/:id',
    summary: 'Start paying an unpaid receipt (id = row number): data is the payment address',
    tag: 'simplepay',
    auth: 'user',
    owner,
    chargeLink: true,
    params: z.object({ id: qId }),
    response: envelope(z.string().nullable()),
  }),
  /**
   * Not among SPEC's calls, added: the browser cannot check the signature `s` of SimplePay's
   * back redirect (it needs the merchant secret), so the result pages ask the server. Open to
   * visitors (casual and surcharge payments return here too); it reveals only what `r` holds.
   */
  paymentReturn: route({
    method: 'GET',
    path: '/api/v1/payment-return',
    summary: "Verify SimplePay's back redirect (r, s); data is the event, order and transaction",
    tag: 'simplepay',
    auth: 'none',
    owner,
    query: z.object({
      r: z.string({ error: 'invalid.required' }).min(1, 'invalid.required').max(4096),
      s: z.string({ error: 'invalid.required' }).min(1, 'invalid.required').max(512),
    }),
    response: envelope(paymentReturnCheckSchema),
  }),
  receipt: route({
    method: 'GET',
    path: '/api/v1/receipt/:id',
    summary: 'A receipt of the user by row number',
    tag: 'receipt',
    auth: 'user',
    owner,
    chargeLink: true,
    params: z.object({ id: qId }),
    response: envelope(receiptSchema.nullable()),
  }),
};
