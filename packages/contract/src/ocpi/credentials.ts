import { z } from 'zod';

/** Roles a party may have (types.asciidoc, Role). */
export const ocpiRoles = ['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP'] as const;
export type OcpiRole = (typeof ocpiRoles)[number];

/** CiString(2) country code and CiString(3) party id: compared without letter case. */
export const ocpiCountryCodeSchema = z.string().regex(/^[A-Za-z]{2}$/, 'two letters');
export const ocpiPartyIdSchema = z.string().regex(/^[A-Za-z0-9]{3}$/, 'three letters or digits');

export const ocpiImageCategories = [
  'CHARGER',
  'ENTRANCE',
  'LOCATION',
  'NETWORK',
  'OPERATOR',
  'OTHER',
  'OWNER',
] as const;

/** Image class (mod_locations): a logo or photo by URL. */
export const ocpiImageSchema = z.object({
  url: z.string().url().max(255),
  thumbnail: z.string().url().max(255).optional(),
  category: z.enum(ocpiImageCategories),
  type: z.string().min(1).max(4),
  width: z.number().int().min(0).max(99_999).optional(),
  height: z.number().int().min(0).max(99_999).optional(),
});
export type OcpiImage = z.infer<typeof ocpiImageSchema>;

/** BusinessDetails class (mod_locations). */
export const ocpiBusinessDetailsSchema = z.object({
  name: z.string().min(1).max(100),
  website: z.string().url().max(255).optional(),
  logo: ocpiImageSchema.optional(),
});
export type OcpiBusinessDetails = z.infer<typeof ocpiBusinessDetailsSchema>;

export const ocpiCredentialsRoleSchema = z.object({
  role: z.enum(ocpiRoles),
  business_details: ocpiBusinessDetailsSchema,
  party_id: ocpiPartyIdSchema,
  country_code: ocpiCountryCodeSchema,
});
export type OcpiCredentialsRole = z.infer<typeof ocpiCredentialsRoleSchema>;

/** A credentials token: up to 64 printable ASCII characters without spaces, sent unencoded here. */
export const ocpiCredentialsTokenSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** Credentials object: the token for the other party, our versions URL and our roles. */
export const ocpiCredentialsSchema = z
  .object({
    token: ocpiCredentialsTokenSchema,
    url: z.string().url().max(255),
    roles: z.array(ocpiCredentialsRoleSchema).min(1),
  })
  .refine(
    (c) =>
      new Set(
        c.roles.map((r) => `${r.role}/${r.country_code.toUpperCase()}/${r.party_id.toUpperCase()}`),
      ).size === c.roles.length,
    { message: 'every role needs its own role, country_code and party_id', path: ['roles'] },
  );
export type OcpiCredentials = z.infer<typeof ocpiCredentialsSchema>;
