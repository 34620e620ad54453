import { z } from 'zod';
import {
  ciString,
  countryCode,
  currency,
  displayText,
  ocpiDateTime,
  ocpiUrl,
  partyId,
  price,
} from './datatypes.js';
import { energyMix } from './locations.js';

// OCPI 2.2.1 Tariffs module.

export const tariffDimensionTypeEnum = z.enum(['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME']);
export type TariffDimensionType = z.infer<typeof tariffDimensionTypeEnum>;

export const dayOfWeekEnum = z.enum([
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
]);

export const reservationRestrictionTypeEnum = z.enum(['RESERVATION', 'RESERVATION_EXPIRES']);

export const tariffTypeEnum = z.enum([
  'AD_HOC_PAYMENT',
  'PROFILE_CHEAP',
  'PROFILE_FAST',
  'PROFILE_GREEN',
  'REGULAR',
]);
export type TariffType = z.infer<typeof tariffTypeEnum>;

export const priceComponent = z.object({
  type: tariffDimensionTypeEnum,
  /** Per unit, excluding VAT. */
  price: z.number(),
  /** VAT percentage; absent means no VAT applies. */
  vat: z.number().optional(),
  step_size: z.number().int(),
});
export type PriceComponent = z.infer<typeof priceComponent>;

const hourMinute = z.string().regex(/^([0-1][0-9]|2[0-3]):[0-5][0-9]$/);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const tariffRestrictions = z.object({
  start_time: hourMinute.optional(),
  end_time: hourMinute.optional(),
  start_date: localDate.optional(),
  end_date: localDate.optional(),
  min_kwh: z.number().optional(),
  max_kwh: z.number().optional(),
  min_current: z.number().optional(),
  max_current: z.number().optional(),
  min_power: z.number().optional(),
  max_power: z.number().optional(),
  min_duration: z.number().int().optional(),
  max_duration: z.number().int().optional(),
  day_of_week: z.array(dayOfWeekEnum).optional(),
  reservation: reservationRestrictionTypeEnum.optional(),
});
export type TariffRestrictions = z.infer<typeof tariffRestrictions>;

export const tariffElement = z.object({
  price_components: z.array(priceComponent).min(1),
  restrictions: tariffRestrictions.optional(),
});
export type TariffElement = z.infer<typeof tariffElement>;

export const tariff = z.object({
  country_code: countryCode,
  party_id: partyId,
  id: ciString(36),
  currency,
  type: tariffTypeEnum.optional(),
  tariff_alt_text: z.array(displayText).optional(),
  tariff_alt_url: ocpiUrl.optional(),
  min_price: price.optional(),
  max_price: price.optional(),
  elements: z.array(tariffElement).min(1),
  start_date_time: ocpiDateTime.optional(),
  end_date_time: ocpiDateTime.optional(),
  energy_mix: energyMix.optional(),
  last_updated: ocpiDateTime,
});
export type Tariff = z.infer<typeof tariff>;
