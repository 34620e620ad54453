import { z } from 'zod';

// OCPI 2.2.1 "Types" chapter: the primitive and shared classes every module uses.

/**
 * RFC 3339 in UTC: `2015-06-29T20:39:09Z`; a missing zone designator means UTC, fractional
 * seconds are allowed (OCPI 2.2.1 §16.2). Offsets other than UTC are not.
 */
export const ocpiDateTime = z
  .string()
  .max(25)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z?$/);
export type OcpiDateTime = z.infer<typeof ocpiDateTime>;

/** Case-insensitive printable ASCII of at most `max` characters. */
export const ciString = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7e]*$/);

/** Unicode text of at most `max` characters. */
export const ocpiString = (max: number) => z.string().max(max);

export const ocpiUrl = z.string().max(255);

export const displayText = z.object({
  /** ISO 639-1. */
  language: z.string().length(2),
  text: ocpiString(512),
});
export type DisplayText = z.infer<typeof displayText>;

export const price = z.object({
  excl_vat: z.number(),
  incl_vat: z.number().optional(),
});
export type Price = z.infer<typeof price>;

export const roleEnum = z.enum(['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP']);
export type OcpiRole = z.infer<typeof roleEnum>;

/** ISO 3166-1 alpha-2 of the party, as in every object's `country_code`. */
export const countryCode = ciString(2);
/** ISO 15118 party id, as in every object's `party_id`. */
export const partyId = ciString(3);
/** ISO 4217. */
export const currency = z.string().length(3);
