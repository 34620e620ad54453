import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { qId } from './common.js';
import {
  emailSchema,
  optionalString,
  phoneSchema,
  requiredString,
  zipCodeSchema,
} from './validation.js';

export const billingTypeSchema = z.enum(['PERSON', 'COMPANY']);
export type BillingType = z.infer<typeof billingTypeSchema>;

/** SPEC §3 Billing data address. `full` and `countryName` are made by the server. */
export const billingAddressSchema = z.object({
  full: z.string(),
  countryName: z.string(),
  countryCode: z.string(),
  zipCode: z.string(),
  city: z.string(),
  street: z.string(),
  /** A public-space type: utca, út, tér… (GET v1/billing-data/address-types). */
  addressType: z.string(),
  houseNumber: z.string(),
  floor: z.string().nullable(),
  door: z.string().nullable(),
});

/** SPEC §3 Billing data as the server returns it. payerName is the company name, or the person's full name. */
export const billingDataSchema = z.object({
  id: z.number().int(),
  type: billingTypeSchema,
  payerName: z.string(),
  lastName: z.string().nullable(),
  firstName: z.string().nullable(),
  taxNumber: z.string().nullable(),
  emailAddress: z.string(),
  phone: z.string(),
  defaultBillingData: z.boolean(),
  address: billingAddressSchema,
});
export type BillingData = z.infer<typeof billingDataSchema>;

/** SPEC §3 Country. */
export const countrySchema = z.object({ name: z.string(), alpha2code: z.string() });
export type Country = z.infer<typeof countrySchema>;

/** An ISO 3166-1 alpha-2 code from the country list (upper-cased). */
export const countryCodeSchema = z
  .string({ error: 'invalid.required' })
  .trim()
  .min(1, { error: 'invalid.required', abort: true })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'invalid.country'));

/**
 * Address input (SPEC §5): country (from the list), zip (digits, max 12), city, street,
 * address type and house number are required; floor and door optional. The server checks the
 * country and address type against its lists.
 */
export const billingAddressInputSchema = z.object({
  countryCode: countryCodeSchema,
  zipCode: zipCodeSchema,
  city: requiredString(),
  street: requiredString(),
  addressType: requiredString(),
  houseNumber: requiredString(),
  floor: optionalString(),
  door: optionalString(),
});

const billingCommon = {
  /** Absent for a new entry. */
  id: z.number().int().positive().optional(),
  emailAddress: emailSchema,
  phone: phoneSchema,
  /** The first entry is always made the default (server rule). */
  defaultBillingData: z.boolean().default(false),
  address: billingAddressInputSchema,
};

/**
 * The body of save-current-user (JSON): a PERSON needs last and first name, a COMPANY its name
 * (payerName) and tax number. For a PERSON, payerName is ignored and made from the names.
 */
export const billingDataInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('PERSON'),
      lastName: requiredString(),
      firstName: requiredString(),
      payerName: optionalString(),
      taxNumber: optionalString(),
      ...billingCommon,
    }),
    z.object({
      type: z.literal('COMPANY'),
      payerName: requiredString(),
      taxNumber: requiredString(),
      lastName: optionalString(),
      firstName: optionalString(),
      ...billingCommon,
    }),
  ],
  { error: 'invalid.billingType' },
);
export type BillingDataInput = z.infer<typeof billingDataInputSchema>;

/** SPEC §3 Invoice: `path` is the file name for GET /api/file?type=invoice&name={path}&token. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  invoiceIdentifier: z.string(),
  path: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const owner = 'billing';

export const billingRoutes = {
  invoicesOfBillingData: route({
    method: 'GET',
    path: '/api/v1/invoice/invoices-of-billingdata',
    summary: 'Invoices issued to one of the user’s billing data, newest first',
    tag: 'invoice',
    auth: 'user',
    owner,
    query: z.object({ id: qId }),
    response: envelope(z.array(invoiceSchema)),
  }),
  billingDataList: route({
    method: 'GET',
    path: '/api/v1/billing-data/list-current-user',
    summary: "The user's billing data, default first",
    tag: 'billing-data',
    auth: 'user',
    owner,
    response: envelope(z.array(billingDataSchema)),
  }),
  billingCountries: route({
    method: 'GET',
    path: '/api/v1/billing-data/countries',
    summary: 'Countries for the billing address (name in X-Lang, alpha-2 code)',
    tag: 'billing-data',
    auth: 'none',
    owner,
    response: envelope(z.array(countrySchema)),
  }),
  billingAddressTypes: route({
    method: 'GET',
    path: '/api/v1/billing-data/address-types',
    summary:
      'The 35 Hungarian public-space types (utca, út, tér, körút, sétány…), in Hungarian only',
    tag: 'billing-data',
    auth: 'none',
    owner,
    response: envelope(z.array(z.string())),
  }),
  billingDataSave: route({
    method: 'POST',
    path: '/api/v1/billing-data/save-current-user',
    summary: 'Create or update a billing data (id absent: new); returns the updated list',
    tag: 'billing-data',
    auth: 'user',
    owner,
    bodyType: 'json',
    body: billingDataInputSchema,
    response: envelope(z.array(billingDataSchema)),
  }),
  billingDataDelete: route({
    method: 'GET',
    path: '/api/v1/billing-data/delete-current-user',
    summary: 'Delete a billing data (kept for invoices already issued); returns the updated list',
    tag: 'billing-data',
    auth: 'user',
    owner,
    query: z.object({ id: qId }),
    response: envelope(z.array(billingDataSchema)),
  }),
};
