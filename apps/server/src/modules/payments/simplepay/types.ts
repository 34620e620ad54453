import { z } from 'zod';

export const simplePayStatuses = [
  'INIT',
  'TIMEOUT',
  'CANCELLED',
  'NOTAUTHORIZED',
  'INPAYMENT',
  'INFRAUD',
  'AUTHORIZED',
  'REVERSED',
  'FINISHED',
] as const;
export type SimplePayStatus = (typeof simplePayStatuses)[number];
export const simplePayStatusSchema = z.enum(simplePayStatuses);

/** Statuses after which the money state of a payment no longer changes by itself. */
export const finalStatuses: ReadonlySet<SimplePayStatus> = new Set([
  'TIMEOUT',
  'CANCELLED',
  'NOTAUTHORIZED',
  'REVERSED',
  'FINISHED',
]);

export const simplePayOperations = [
  'start',
  'finish',
  'refund',
  'query',
  'transactioncancel',
  'do',
  'dorecurring',
  'cardquery',
  'cardcancel',
  'tokenquery',
  'tokencancel',
] as const;
export type SimplePayOperation = (typeof simplePayOperations)[number];

/** Error codes this product reacts to (NOTES.md). Others are passed on as they are. */
export const SimplePayErrorCode = {
  duplicateOrderRef: 5013,
  finishTotalMismatch: 5020,
  alreadyFinished: 5021,
  badSignature: 5302,
  badSignatureHeader: 5303,
  badJson: 5321,
  insufficientFunds: 2013,
  cancelledByUser: 2016,
} as const;
export const storedCardErrorCodes = [5040, 5041, 5042, 5043] as const;
export const isTokenErrorCode = (code: number) => code >= 5081 && code <= 5093;

const money = z.coerce.number();
const id = z.coerce.number().int();

export const startResponseSchema = z.looseObject({
  transactionId: id,
  orderRef: z.string(),
  total: money,
  timeout: z.string(),
  paymentUrl: z.string(),
  tokens: z.array(z.string()).optional(),
});
export const finishResponseSchema = z.looseObject({
  transactionId: id,
  orderRef: z.string(),
  approveTotal: money.optional(),
});
export const refundResponseSchema = z.looseObject({
  transactionId: id,
  orderRef: z.string(),
  refundTransactionId: id,
  refundTotal: money,
  remainingTotal: money,
});
export const queryTransactionSchema = z.looseObject({
  transactionId: id,
  orderRef: z.string(),
  status: simplePayStatusSchema,
  total: money.optional(),
  remainingTotal: money.optional(),
  paymentDate: z.string().optional(),
  finishDate: z.string().optional(),
  method: z.string().optional(),
});
export const queryResponseSchema = z.looseObject({
  transactions: z.array(queryTransactionSchema).default([]),
  totalCount: z.coerce.number().int().optional(),
});
export const cancelResponseSchema = z.looseObject({
  transactionId: id,
  orderRef: z.string(),
  status: simplePayStatusSchema,
});
export const doResponseSchema = z.looseObject({
  transactionId: id,
  orderRef: z.string(),
  total: money,
  /** Present when 3-D Secure needs the user: send the browser there. */
  redirectUrl: z.string().optional(),
});
export const cardResponseSchema = z.looseObject({
  cardId: id,
  status: z.string(),
  expiry: z.string().optional(),
});
export const tokenResponseSchema = z.looseObject({
  token: z.string(),
  status: z.string(),
  expiry: z.string().optional(),
});

/** What SimplePay POSTs to our IPN address. */
export const ipnSchema = z.looseObject({
  salt: z.string(),
  orderRef: z.string(),
  method: z.string(),
  merchant: z.string(),
  finishDate: z.string().optional(),
  paymentDate: z.string().optional(),
  transactionId: id,
  status: simplePayStatusSchema,
  cardMask: z.string().optional(),
  expiry: z.string().optional(),
});
export type SimplePayIpn = z.infer<typeof ipnSchema>;

/** The decoded `r` of the back redirect. */
export const backEventSchema = z.object({
  r: z.coerce.number().int(),
  t: id,
  e: z.enum(['SUCCESS', 'FAIL', 'CANCEL', 'TIMEOUT']),
  m: z.string(),
  o: z.string(),
});
export type SimplePayBackEvent = z.infer<typeof backEventSchema>;
