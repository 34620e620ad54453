import { z } from 'zod';
import {
  ciString,
  countryCode,
  displayText,
  ocpiDateTime,
  ocpiString,
  ocpiUrl,
  partyId,
} from './datatypes.js';

// OCPI 2.2.1 Locations module: the Location, EVSE and Connector objects and their data types.

export const statusEnum = z.enum([
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
]);
export type OcpiStatus = z.infer<typeof statusEnum>;

export const capabilityEnum = z.enum([
  'CHARGING_PROFILE_CAPABLE',
  'CHARGING_PREFERENCES_CAPABLE',
  'CHIP_CARD_SUPPORT',
  'CONTACTLESS_CARD_SUPPORT',
  'CREDIT_CARD_PAYABLE',
  'DEBIT_CARD_PAYABLE',
  'PED_TERMINAL',
  'REMOTE_START_STOP_CAPABLE',
  'RESERVABLE',
  'RFID_READER',
  'START_SESSION_CONNECTOR_REQUIRED',
  'TOKEN_GROUP_CAPABLE',
  'UNLOCK_CAPABLE',
]);
export type Capability = z.infer<typeof capabilityEnum>;

export const connectorFormatEnum = z.enum(['SOCKET', 'CABLE']);
export type ConnectorFormat = z.infer<typeof connectorFormatEnum>;

export const connectorTypeEnum = z.enum([
  'CHADEMO',
  'CHAOJI',
  'DOMESTIC_A',
  'DOMESTIC_B',
  'DOMESTIC_C',
  'DOMESTIC_D',
  'DOMESTIC_E',
  'DOMESTIC_F',
  'DOMESTIC_G',
  'DOMESTIC_H',
  'DOMESTIC_I',
  'DOMESTIC_J',
  'DOMESTIC_K',
  'DOMESTIC_L',
  'DOMESTIC_M',
  'DOMESTIC_N',
  'DOMESTIC_O',
  'GBT_AC',
  'GBT_DC',
  'IEC_60309_2_single_16',
  'IEC_60309_2_three_16',
  'IEC_60309_2_three_32',
  'IEC_60309_2_three_64',
  'IEC_62196_T1',
  'IEC_62196_T1_COMBO',
  'IEC_62196_T2',
  'IEC_62196_T2_COMBO',
  'IEC_62196_T3A',
  'IEC_62196_T3C',
  'NEMA_5_20',
  'NEMA_6_30',
  'NEMA_6_50',
  'NEMA_10_30',
  'NEMA_10_50',
  'NEMA_14_30',
  'NEMA_14_50',
  'PANTOGRAPH_BOTTOM_UP',
  'PANTOGRAPH_TOP_DOWN',
  'TESLA_R',
  'TESLA_S',
]);
export type ConnectorType = z.infer<typeof connectorTypeEnum>;

export const powerTypeEnum = z.enum([
  'AC_1_PHASE',
  'AC_2_PHASE',
  'AC_2_PHASE_SPLIT',
  'AC_3_PHASE',
  'DC',
]);
export type PowerType = z.infer<typeof powerTypeEnum>;

export const facilityEnum = z.enum([
  'HOTEL',
  'RESTAURANT',
  'CAFE',
  'MALL',
  'SUPERMARKET',
  'SPORT',
  'RECREATION_AREA',
  'NATURE',
  'MUSEUM',
  'BIKE_SHARING',
  'BUS_STOP',
  'TAXI_STAND',
  'TRAM_STOP',
  'METRO_STATION',
  'TRAIN_STATION',
  'AIRPORT',
  'PARKING_LOT',
  'CARPOOL_PARKING',
  'FUEL_STATION',
  'WIFI',
]);

export const parkingRestrictionEnum = z.enum([
  'EV_ONLY',
  'PLUGGED',
  'DISABLED',
  'CUSTOMERS',
  'MOTORCYCLES',
]);

export const parkingTypeEnum = z.enum([
  'ALONG_MOTORWAY',
  'PARKING_GARAGE',
  'PARKING_LOT',
  'ON_DRIVEWAY',
  'ON_STREET',
  'UNDERGROUND_GARAGE',
]);

export const imageCategoryEnum = z.enum([
  'CHARGER',
  'ENTRANCE',
  'LOCATION',
  'NETWORK',
  'OPERATOR',
  'OTHER',
  'OWNER',
]);

/** WGS 84 in decimal degrees as strings, 5 to 7 decimals. */
export const geoLocation = z.object({
  latitude: z
    .string()
    .max(10)
    .regex(/^-?[0-9]{1,2}\.[0-9]{5,7}$/),
  longitude: z
    .string()
    .max(11)
    .regex(/^-?[0-9]{1,3}\.[0-9]{5,7}$/),
});
export type GeoLocation = z.infer<typeof geoLocation>;

export const additionalGeoLocation = geoLocation.extend({ name: displayText.optional() });

export const image = z.object({
  url: ocpiUrl,
  thumbnail: ocpiUrl.optional(),
  category: imageCategoryEnum,
  type: ciString(4),
  width: z.number().int().max(99999).optional(),
  height: z.number().int().max(99999).optional(),
});

export const businessDetails = z.object({
  name: ocpiString(100),
  website: ocpiUrl.optional(),
  logo: image.optional(),
});
export type BusinessDetails = z.infer<typeof businessDetails>;

const hourMinute = z.string().regex(/^([0-1][0-9]|2[0-3]):[0-5][0-9]$/);

export const regularHours = z.object({
  weekday: z.number().int().min(1).max(7),
  period_begin: hourMinute,
  period_end: hourMinute,
});

export const exceptionalPeriod = z.object({
  period_begin: ocpiDateTime,
  period_end: ocpiDateTime,
});

export const hours = z.object({
  twentyfourseven: z.boolean(),
  regular_hours: z.array(regularHours).optional(),
  exceptional_openings: z.array(exceptionalPeriod).optional(),
  exceptional_closings: z.array(exceptionalPeriod).optional(),
});
export type Hours = z.infer<typeof hours>;

export const energySourceCategoryEnum = z.enum([
  'NUCLEAR',
  'GENERAL_FOSSIL',
  'COAL',
  'GAS',
  'GENERAL_GREEN',
  'SOLAR',
  'WIND',
  'WATER',
]);

export const energyMix = z.object({
  is_green_energy: z.boolean(),
  energy_sources: z
    .array(z.object({ source: energySourceCategoryEnum, percentage: z.number().min(0).max(100) }))
    .optional(),
  environ_impact: z
    .array(
      z.object({
        category: z.enum(['NUCLEAR_WASTE', 'CARBON_DIOXIDE']),
        amount: z.number(),
      }),
    )
    .optional(),
  supplier_name: ocpiString(64).optional(),
  energy_product_name: ocpiString(64).optional(),
});
export type EnergyMix = z.infer<typeof energyMix>;

export const tokenTypeEnum = z.enum(['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID']);
export type TokenType = z.infer<typeof tokenTypeEnum>;

export const publishTokenType = z.object({
  uid: ciString(36).optional(),
  type: tokenTypeEnum.optional(),
  visual_number: ocpiString(64).optional(),
  issuer: ocpiString(64).optional(),
  group_id: ciString(36).optional(),
});

export const statusSchedule = z.object({
  period_begin: ocpiDateTime,
  period_end: ocpiDateTime.optional(),
  status: statusEnum,
});

export const connector = z.object({
  id: ciString(36),
  standard: connectorTypeEnum,
  format: connectorFormatEnum,
  power_type: powerTypeEnum,
  max_voltage: z.number().int(),
  max_amperage: z.number().int(),
  max_electric_power: z.number().int().optional(),
  tariff_ids: z.array(ciString(36)).optional(),
  terms_and_conditions: ocpiUrl.optional(),
  last_updated: ocpiDateTime,
});
export type Connector = z.infer<typeof connector>;

export const evse = z.object({
  uid: ciString(36),
  evse_id: ciString(48).optional(),
  status: statusEnum,
  status_schedule: z.array(statusSchedule).optional(),
  capabilities: z.array(capabilityEnum).optional(),
  connectors: z.array(connector).min(1),
  floor_level: ocpiString(4).optional(),
  coordinates: geoLocation.optional(),
  physical_reference: ocpiString(16).optional(),
  directions: z.array(displayText).optional(),
  parking_restrictions: z.array(parkingRestrictionEnum).optional(),
  images: z.array(image).optional(),
  last_updated: ocpiDateTime,
});
export type Evse = z.infer<typeof evse>;

export const location = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(36),
  publish: z.boolean(),
  publish_allowed_to: z.array(publishTokenType).optional(),
  name: ocpiString(255).optional(),
  address: ocpiString(255),
  city: ocpiString(45),
  postal_code: ocpiString(10).optional(),
  state: ocpiString(45).optional(),
  /** ISO 3166-1 alpha-3. */
  country: z.string().length(3),
  coordinates: geoLocation,
  related_locations: z.array(additionalGeoLocation).optional(),
  parking_type: parkingTypeEnum.optional(),
  evses: z.array(evse).optional(),
  directions: z.array(displayText).optional(),
  operator: businessDetails.optional(),
  suboperator: businessDetails.optional(),
  owner: businessDetails.optional(),
  facilities: z.array(facilityEnum).optional(),
  time_zone: ocpiString(255),
  opening_times: hours.optional(),
  charging_when_closed: z.boolean().optional(),
  images: z.array(image).optional(),
  energy_mix: energyMix.optional(),
  last_updated: ocpiDateTime,
});
export type Location = z.infer<typeof location>;
