import { z } from 'zod';
import {
  ciString,
  countryCode,
  displayText,
  ocpiDateTime,
  ocpiString,
  partyId,
} from './datatypes.js';
import { tokenTypeEnum } from './locations.js';

// OCPI 2.2.1 Tokens module.

export { tokenTypeEnum, type TokenType } from './locations.js';

export const whitelistTypeEnum = z.enum(['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER']);
export type WhitelistType = z.infer<typeof whitelistTypeEnum>;

export const allowedTypeEnum = z.enum([
  'ALLOWED',
  'BLOCKED',
  'EXPIRED',
  'NO_CREDIT',
  'NOT_ALLOWED',
]);
export type AllowedType = z.infer<typeof allowedTypeEnum>;

export const profileTypeEnum = z.enum(['CHEAP', 'FAST', 'GREEN', 'REGULAR']);
export type ProfileType = z.infer<typeof profileTypeEnum>;

export const energyContract = z.object({
  supplier_name: ocpiString(64),
  contract_id: ocpiString(64).optional(),
});

export const token = z.object({
  country_code: countryCode,
  party_id: partyId,
  uid: ciString(36),
  type: tokenTypeEnum,
  contract_id: ciString(36),
  visual_number: ocpiString(64).optional(),
  issuer: ocpiString(64),
  group_id: ciString(36).optional(),
  valid: z.boolean(),
  whitelist: whitelistTypeEnum,
  /** ISO 639-1. */
  language: z.string().length(2).optional(),
  default_profile_type: profileTypeEnum.optional(),
  energy_contract: energyContract.optional(),
  last_updated: ocpiDateTime,
});
export type Token = z.infer<typeof token>;

export const locationReferences = z.object({
  location_id: ciString(36),
  evse_uids: z.array(ciString(36)).optional(),
});
export type LocationReferences = z.infer<typeof locationReferences>;

export const authorizationInfo = z.object({
  allowed: allowedTypeEnum,
  token,
  location: locationReferences.optional(),
  authorization_reference: ciString(36).optional(),
  info: displayText.optional(),
});
export type AuthorizationInfo = z.infer<typeof authorizationInfo>;
