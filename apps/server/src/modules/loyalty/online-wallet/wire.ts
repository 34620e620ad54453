import { z } from 'zod';

/**
 * The online-wallet partner's HTTP API (v1), as the client speaks it and the emulator answers:
 *
 *   GET  {base}accounts/exists?email=E        → 200 { exists }
 *   PUT  {base}deposits/{reference}           → 200 { status: ACCEPTED, depositId, reference }
 *        body { email, points, createAccount? { dataPolicyAccepted, termsAccepted } }
 *                                             → 422 { status: REFUSED, code } (nothing moved)
 *   GET  {base}deposits/{reference}           → 200 as PUT's acceptance | 404 { status: UNKNOWN }
 *
 * Every call carries `Authorization: Bearer <api key>`. PUT is idempotent on the reference (our
 * deposit's key): sent again with the same content it answers as the first time and moves
 * nothing; with other content it is refused with REFERENCE_CONFLICT.
 */
export const depositRequestSchema = z.object({
  email: z.string().email().max(255),
  points: z.number().int().min(1).max(100_000),
  createAccount: z
    .object({ dataPolicyAccepted: z.boolean(), termsAccepted: z.boolean() })
    .nullable()
    .optional(),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;

export const refusalCodes = [
  'ACCOUNT_NOT_FOUND',
  'CONSENT_REQUIRED',
  'ACCOUNT_BLOCKED',
  'LIMIT_EXCEEDED',
  'REFERENCE_CONFLICT',
  'INVALID_REQUEST',
] as const;
export type RefusalCode = (typeof refusalCodes)[number];

export const acceptedSchema = z.object({
  status: z.literal('ACCEPTED'),
  depositId: z.string(),
  reference: z.string(),
});
export const refusedSchema = z.object({
  status: z.literal('REFUSED'),
  code: z.enum(refusalCodes),
});
export const unknownSchema = z.object({ status: z.literal('UNKNOWN') });
export const existsSchema = z.object({ exists: z.boolean() });

/** A reference is our deposit's key: letters, digits and dashes (a UUID). */
export const referencePattern = /^[A-Za-z0-9-]{8,64}$/;
