import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { currentTypeSchema, forint, outletTypeSchema, qId } from './common.js';
import { traitValueSchema } from './traits.js';

/** App-level connector states of SPEC §4 (OCPP statuses are mapped onto these). */
export const chargerStatusSchema = z.enum([
  'AVAILABLE',
  'PREPARING',
  'OCCUPIED',
  'RESERVED',
  'FINISHING',
  'ERROR',
  'UNAVAILABLE',
  'UNKNOWN',
  'OUT_OF_SERVICE',
  'NEW_NOT_CONNECTED',
]);
export type ChargerStatus = z.infer<typeof chargerStatusSchema>;

export const AVAILABLE_STATUSES: readonly ChargerStatus[] = ['AVAILABLE', 'PREPARING'];

/** Start is allowed with a tariff and AVAILABLE/PREPARING, or FINISHING when the device allows it. */
export function canStartCharge(c: {
  status: { value: ChargerStatus };
  hasTariff: boolean;
  deviceType: { canStartNewChargeWhileInFinishingState: boolean };
}): boolean {
  if (!c.hasTariff) return false;
  if (AVAILABLE_STATUSES.includes(c.status.value)) return true;
  return c.status.value === 'FINISHING' && c.deviceType.canStartNewChargeWhileInFinishingState;
}

export const chargerStatusViewSchema = z.object({ value: chargerStatusSchema, title: z.string() });

export const tariffLineSchema = z.object({ label: z.string(), value: z.string() });

export const chargerTariffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  freeCharging: z.boolean(),
  /** Ft per kWh, gross. */
  unitChargingGross: forint,
  convenienceFeeGross: forint,
  /** Parking after the charge is billed; its hold (parkingToHoldGross) is added to every hold. */
  parkingEnabled: z.boolean(),
  parkingToHoldGross: forint,
  descriptionLines: z.array(z.string()),
  tariffLines: z.array(tariffLineSchema),
});

export const outletSchema = z.object({
  connectorId: z.number().int(),
  type: outletTypeSchema,
  powerKw: z.number(),
});

export const chargerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  status: chargerStatusViewSchema,
  currentType: currentTypeSchema,
  performanceKw: z.number(),
  outlets: z.array(outletSchema),
  freeCharging: z.boolean().nullable(),
  unitChargingGross: forint.nullable(),
});
export type ChargerSummary = z.infer<typeof chargerSummarySchema>;

export const chargerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  status: chargerStatusViewSchema,
  /** null when the charger has no active tariff: a warning shows and no start button. */
  tariff: z.object({ freeCharging: z.boolean(), unitChargingGross: forint }).nullable(),
  tariffs: z.array(chargerTariffSchema),
  staticTraits: z.array(traitValueSchema),
  deviceType: z.object({
    currentType: currentTypeSchema,
    canStartNewChargeWhileInFinishingState: z.boolean(),
  }),
  performanceKw: z.number(),
  outlets: z.array(outletSchema),
  locationId: z.number().int(),
  locationName: z.string(),
  fullAddress: z.string(),
  locationHasParking: z.boolean(),
  canStart: z.boolean(),
});
export type Charger = z.infer<typeof chargerSchema>;

export const chargerRoutes = {
  charger: route({
    method: 'GET',
    path: '/api/v1/charger/charger',
    summary: 'One charger with status, tariffs, outlets and traits',
    tag: 'charger',
    auth: 'optional',
    owner: 'foundation',
    query: z.object({ 'charger-id': qId }),
    response: envelope(chargerSchema),
  }),
};
