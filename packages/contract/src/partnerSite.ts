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

/** One price component: ENERGY Ft/kWh, TIME Ft/hour charging, PARKING_TIME Ft/hour, FLAT Ft. */
export const partnerPriceComponentSchema = z.object({
  type: z.enum(['ENERGY', 'TIME', 'PARKING_TIME', 'FLAT']),
  /** What the driver pays, gross (VAT included), our roaming fee included, whole forints. */
  grossFt: z.number().int(),
  /** Of that, our roaming fee (gross, whole forints). */
  roamingFeeFt: z.number().int(),
  /** Billed in steps of this many kWh·1000 (Wh) or seconds; 1 = exact. */
  stepSize: z.number().int(),
  /** Only under conditions (time of day, day of week, duration, energy, power): see the text. */
  conditional: z.boolean(),
});
export type PartnerPriceComponent = z.infer<typeof partnerPriceComponentSchema>;

export const partnerPriceSchema = z.object({
  /**
   * null: the components are the whole price. `noTariff`: the partner sent no tariff for the
   * connector; `currency`: its tariff is not in HUF (no price is shown rather than a converted
   * one); `conditional`: some components apply only under conditions.
   */
  caveat: z.enum(['noTariff', 'currency', 'conditional']).nullable(),
  components: z.array(partnerPriceComponentSchema),
  /** The partner's own words on the tariff, in the caller's language when it sent it. */
  text: z.string().nullable(),
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
