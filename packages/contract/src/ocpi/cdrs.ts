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
import { connectorFormatEnum, connectorTypeEnum, geoLocation, powerTypeEnum } from './locations.js';
import { tariff } from './tariffs.js';
import { tokenTypeEnum } from './locations.js';

// OCPI 2.2.1 CDRs module (and the classes the Sessions module shares with it).

export const authMethodEnum = z.enum(['AUTH_REQUEST', 'COMMAND', 'WHITELIST']);
export type AuthMethod = z.infer<typeof authMethodEnum>;

export const cdrDimensionTypeEnum = z.enum([
  'CURRENT',
  'ENERGY',
  'ENERGY_EXPORT',
  'ENERGY_IMPORT',
  'MAX_CURRENT',
  'MIN_CURRENT',
  'MAX_POWER',
  'MIN_POWER',
  'PARKING_TIME',
  'POWER',
  'RESERVATION_TIME',
  'STATE_OF_CHARGE',
  'TIME',
]);
export type CdrDimensionType = z.infer<typeof cdrDimensionTypeEnum>;

export const cdrDimension = z.object({ type: cdrDimensionTypeEnum, volume: z.number() });

export const chargingPeriod = z.object({
  start_date_time: ocpiDateTime,
  dimensions: z.array(cdrDimension).min(1),
  tariff_id: ciString(36).optional(),
});
export type ChargingPeriod = z.infer<typeof chargingPeriod>;

export const cdrToken = z.object({
  country_code: countryCode,
  party_id: partyId,
  uid: ciString(36),
  type: tokenTypeEnum,
  contract_id: ciString(36),
});
export type CdrToken = z.infer<typeof cdrToken>;

export const cdrLocation = z.object({
  id: ciString(36),
  name: ocpiString(255).optional(),
  address: ocpiString(45),
  city: ocpiString(45),
  postal_code: ocpiString(10).optional(),
  state: ocpiString(20).optional(),
  country: z.string().length(3),
  coordinates: geoLocation,
  evse_uid: ciString(36),
  evse_id: ciString(48),
  connector_id: ciString(36),
  connector_standard: connectorTypeEnum,
  connector_format: connectorFormatEnum,
  connector_power_type: powerTypeEnum,
});
export type CdrLocation = z.infer<typeof cdrLocation>;

export const signedValue = z.object({
  nature: ciString(32),
  plain_data: ocpiString(5000),
  signed_data: ocpiString(5000),
});

export const signedData = z.object({
  encoding_method: ciString(36),
  encoding_method_version: z.number().int().optional(),
  public_key: ocpiString(512).optional(),
  signed_values: z.array(signedValue).min(1),
  url: ocpiString(512).optional(),
});

export const cdr = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(39),
  start_date_time: ocpiDateTime,
  end_date_time: ocpiDateTime,
  session_id: ciString(36).optional(),
  cdr_token: cdrToken,
  auth_method: authMethodEnum,
  authorization_reference: ciString(36).optional(),
  cdr_location: cdrLocation,
  meter_id: ocpiString(255).optional(),
  currency,
  tariffs: z.array(tariff).optional(),
  charging_periods: z.array(chargingPeriod).min(1),
  signed_data: signedData.optional(),
  total_cost: price,
  total_fixed_cost: price.optional(),
  total_energy: z.number(),
  total_energy_cost: price.optional(),
  total_time: z.number(),
  total_time_cost: price.optional(),
  total_parking_time: z.number().optional(),
  total_parking_cost: price.optional(),
  total_reservation_cost: price.optional(),
  remark: ocpiString(255).optional(),
  invoice_reference_id: ciString(39).optional(),
  credit: z.boolean().optional(),
  credit_reference_id: ciString(39).optional(),
  home_charging_compensation: z.boolean().optional(),
  last_updated: ocpiDateTime,
});
export type Cdr = z.infer<typeof cdr>;
