import { z } from 'zod';
import {
  ciString,
  countryCode,
  currency,
  ocpiDateTime,
  ocpiString,
  partyId,
  price,
} from './datatypes.js';
import { authMethodEnum, cdrToken, chargingPeriod } from './cdrs.js';
import { profileTypeEnum } from './tokens.js';

// OCPI 2.2.1 Sessions module.

export const sessionStatusEnum = z.enum([
  'ACTIVE',
  'COMPLETED',
  'INVALID',
  'PENDING',
  'RESERVATION',
]);
export type SessionStatus = z.infer<typeof sessionStatusEnum>;

export const session = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(36),
  start_date_time: ocpiDateTime,
  end_date_time: ocpiDateTime.optional(),
  kwh: z.number(),
  cdr_token: cdrToken,
  auth_method: authMethodEnum,
  authorization_reference: ciString(36).optional(),
  location_id: ciString(36),
  evse_uid: ciString(36),
  connector_id: ciString(36),
  meter_id: ocpiString(255).optional(),
  currency,
  charging_periods: z.array(chargingPeriod).optional(),
  total_cost: price.optional(),
  status: sessionStatusEnum,
  last_updated: ocpiDateTime,
});
export type Session = z.infer<typeof session>;

export const chargingPreferences = z.object({
  profile_type: profileTypeEnum,
  departure_time: ocpiDateTime.optional(),
  energy_need: z.number().optional(),
  discharge_allowed: z.boolean().optional(),
});
export type ChargingPreferences = z.infer<typeof chargingPreferences>;

export const chargingPreferencesResponseEnum = z.enum([
  'ACCEPTED',
  'DEPARTURE_REQUIRED',
  'ENERGY_NEED_REQUIRED',
  'NOT_POSSIBLE',
  'PROFILE_TYPE_NOT_SUPPORTED',
]);
