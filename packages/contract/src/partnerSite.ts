import { z } from 'zod';
import { currentTypeSchema, outletTypeSchema } from './common.js';

/**
 * A roaming partner's charging site as the location panel shows it (decision 0039): whose it is,
 * each EVSE's live status (the partner's OCPI status) and the price a driver would pay at each
 * connector — the partner's tariff plus our roaming fee, every component, gross in Ft.
 */
export const partnerEvseStatusSchema = z.enum([
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'RESERVED',
  'UNKNOWN',
]);
export type PartnerEvseStatus = z.infer<typeof partnerEvseStatusSchema>;

/**
 * What the charge itself must reach for a component to apply (decision 0047): OCPI's charge
 * restrictions of its tariff element, less what the connector already decides. Unknown before the
 * start, so the driver is shown them in words.
 */
export const partnerPriceConditionSchema = z.object({
  /** From this much energy charged (kWh, inclusive). */
  minKwh: z.number().optional(),
  /** Up to this much energy charged (kWh, exclusive). */
  maxKwh: z.number().optional(),
  /** From this long after the start (seconds, inclusive). */
  minDurationSec: z.number().optional(),
  /** Until this long after the start (seconds, exclusive). */
  maxDurationSec: z.number().optional(),
  /** While charging at this power or more (kW). */
  minPowerKw: z.number().optional(),
  /** While charging at less than this power (kW). */
  maxPowerKw: z.number().optional(),
  /** While charging at this current or more (A, all phases). */
  minCurrentA: z.number().optional(),
  /** While charging at less than this current (A, all phases). */
  maxCurrentA: z.number().optional(),
});
export type PartnerPriceCondition = z.infer<typeof partnerPriceConditionSchema>;

/** One price component: ENERGY Ft/kWh, TIME Ft/hour charging, PARKING_TIME Ft/hour, FLAT Ft. */
export const partnerPriceComponentSchema = z.object({
  type: z.enum(['ENERGY', 'TIME', 'PARKING_TIME', 'FLAT']),
  /** What the driver pays, gross (VAT included), our roaming fee included, whole forints. */
  grossFt: z.number().int(),
  /** Of that, our roaming fee (gross, whole forints). */
  roamingFeeFt: z.number().int(),
  /** Billed in steps of this many kWh·1000 (Wh) or seconds; 1 = exact. */
  stepSize: z.number().int(),
  /** Only under the conditions of `condition` (a step the charge may reach). */
  conditional: z.boolean(),
  condition: partnerPriceConditionSchema.optional(),
  /** The price of this dimension when the conditions of the components before it do not hold. */
  otherwise: z.boolean().optional(),
});
export type PartnerPriceComponent = z.infer<typeof partnerPriceComponentSchema>;

/** The next time of day at which other components apply (decision 0047). */
export const partnerPriceChangeSchema = z.object({
  /** The instant, UTC. */
  at: z.string(),
  /** The wall time in the site's time zone, "22:00". */
  time: z.string(),
  /** The change is on the site's next calendar day. */
  tomorrow: z.boolean(),
  /** The components of the dimensions that change (a dimension becoming free at 0 Ft). */
  components: z.array(partnerPriceComponentSchema),
});
export type PartnerPriceChange = z.infer<typeof partnerPriceChangeSchema>;

export const partnerPriceSchema = z.object({
  /**
   * null: the components are the whole price. `noTariff`: the partner sent no tariff for the
   * connector; `currency`: its tariff is not in HUF (no price is shown rather than a converted
   * one); `conditional`: some components apply only as the charge goes on, or the partner
   * limits the price per charge (min_price/max_price).
   */
  caveat: z.enum(['noTariff', 'currency', 'conditional']).nullable(),
  components: z.array(partnerPriceComponentSchema),
  /** The partner's own words on the tariff, in the caller's language when it sent it. */
  text: z.string().nullable(),
  /** The partner's lowest price of a charge (`min_price`), gross with our fee, whole forints. */
  minChargeFt: z.number().int().optional(),
  /** The partner's highest price of a charge (`max_price`), gross with our fee, whole forints. */
  maxChargeFt: z.number().int().optional(),
  /** The language of `text` (a BCP 47 / ISO 639-1 code as the partner sent it). */
  textLanguage: z.string().optional(),
  /** When the price of a charge started later today (or within 24 hours) differs. */
  nextChange: partnerPriceChangeSchema.optional(),
});
export type PartnerPrice = z.infer<typeof partnerPriceSchema>;

export const partnerConnectorSchema = z.object({
  id: z.string(),
  /** Our outlet type, null for a standard the app does not list. */
  outlet: outletTypeSchema.nullable(),
  /** The OCPI connector standard (e.g. IEC_62196_T2). */
  standard: z.string(),
  currentType: currentTypeSchema,
  powerKw: z.number(),
  price: partnerPriceSchema,
});
export type PartnerConnector = z.infer<typeof partnerConnectorSchema>;

export const partnerEvseSchema = z.object({
  uid: z.string(),
  evseId: z.string().nullable(),
  status: partnerEvseStatusSchema,
  connectors: z.array(partnerConnectorSchema),
});
export type PartnerEvse = z.infer<typeof partnerEvseSchema>;

export const partnerSiteSchema = z.object({
  /** Whose chargers these are (the roaming partner). */
  partnerName: z.string(),
  /** The operator the partner names, when it names one. */
  operator: z.string().nullable(),
  /** Our roaming fee on top of the partner's prices, percent. */
  roamingFeePercent: z.number(),
  evses: z.array(partnerEvseSchema),
});
export type PartnerSite = z.infer<typeof partnerSiteSchema>;
