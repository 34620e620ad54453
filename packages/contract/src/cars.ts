import { z } from 'zod';
import { route } from './route.js';
import { emptyEnvelopeSchema, envelope } from './envelope.js';
import { qId } from './common.js';
import {
  decimalSchema,
  licencePlateSchema,
  optionalString,
  requiredString,
  wholeNumberDown,
} from './validation.js';

/** A connector type a car can take (from GET v1/vehicle/charger-ports). */
export const chargePortSchema = z.object({ id: z.number().int(), name: z.string() });
export type ChargePort = z.infer<typeof chargePortSchema>;

/** SPEC §3 Car detail fields (catalogue data; null when unknown). `crubWeightKg` is spelt so. */
export const vehicleDetailSchema = z.object({
  rangeEPAKm: z.number().nullable(),
  rangeNEDCKm: z.number().nullable(),
  rangeWLPTKm: z.number().nullable(),
  topSpeedKmph: z.number().nullable(),
  accelerationZeroToHundredKmph: z.number().nullable(),
  averageChargingSpeedDCKmph: z.number().nullable(),
  engineTorqueNm: z.number().nullable(),
  motorType: z.string().nullable(),
  seats: z.number().int().nullable(),
  wheelbaseMM: z.number().nullable(),
  bodyStyle: z.string().nullable(),
  cargoVolumeL: z.number().nullable(),
  crubWeightKg: z.number().nullable(),
  towingCapacityKg: z.number().nullable(),
});

/** A catalogue vehicle (GET v1/vehicle), and the vehicle part of a car. */
export const vehicleSchema = z
  .object({
    id: z.number().int(),
    producer: z.string(),
    model: z.string(),
    /** Added by a user (custom), not yet in the approved catalogue. */
    addedByUser: z.boolean(),
    /** Picture file name or address, null when none. */
    image: z.string().nullable(),
    yearOfProduction: z.number().int().nullable(),
    batteryCapacityKWh: z.number().nullable(),
    rangeKm: z.number().nullable(),
    enginePowerKw: z.number().nullable(),
    efficiencyKWhpKm: z.number().nullable(),
    /** Charging power used by the time estimates of SPEC §9. */
    maxChargingPowerACKw: z.number().nullable(),
    maxChargingPowerDCKw: z.number().nullable(),
    chargePorts: z.array(chargePortSchema),
  })
  .extend(vehicleDetailSchema.shape);
export type Vehicle = z.infer<typeof vehicleSchema>;

/** SPEC §3 Car: one of the user's cars (id is the car's, vehicleId the catalogue entry's). */
export const carSchema = vehicleSchema.omit({ id: true }).extend({
  id: z.number().int(),
  vehicleId: z.number().int(),
  licensePlate: z.string(),
  defaultCar: z.boolean(),
});
export type Car = z.infer<typeof carSchema>;

/** SPEC §3 Approved vehicle: a catalogue entry the user's custom vehicle can be switched to. */
export const approvedVehicleSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * Custom car (SPEC §5): licence plate, producer, model and year required. Year, range,
 * efficiency, engine power and battery are rounded down; AC and DC power are decimals.
 * The plate field is spelt `licensePlate` like the Car entity (SPEC does not list this call's fields).
 */
export const customVehicleBodySchema = z.object({
  licensePlate: licencePlateSchema,
  producer: requiredString(),
  model: requiredString(),
  yearOfProduction: wholeNumberDown.pipe(
    z.number().int().min(1900, 'invalid.range').max(2100, 'invalid.range'),
  ),
  batteryCapacityKWh: wholeNumberDown.optional(),
  rangeKm: wholeNumberDown.optional(),
  efficiencyKWhpKm: wholeNumberDown.optional(),
  enginePowerKw: wholeNumberDown.optional(),
  maxChargingPowerACKw: decimalSchema.optional(),
  maxChargingPowerDCKw: decimalSchema.optional(),
  /** Ids from GET v1/vehicle/charger-ports. */
  chargePorts: z.array(z.number().int().positive()).max(10).default([]),
  motorType: optionalString(),
  bodyStyle: optionalString(),
});
export type CustomVehicleBody = z.infer<typeof customVehicleBodySchema>;

const vehicleIdQuery = z.object({ 'vehicle-id': qId });

export const carRoutes = {
  carCreate: route({
    method: 'POST',
    path: '/api/v1/car',
    summary: 'Add a car from the catalogue with a licence plate',
    tag: 'car',
    auth: 'user',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({ vehicleId: qId, licencePlate: licencePlateSchema }),
    response: envelope(carSchema),
  }),
  cars: route({
    method: 'GET',
    path: '/api/v1/car',
    summary: "The user's cars, default first",
    tag: 'car',
    auth: 'user',
    owner: 'accounts',
    response: envelope(z.array(carSchema)),
  }),
  carUpdate: route({
    method: 'PATCH',
    path: '/api/v1/car',
    summary: "Change a car's licence plate",
    tag: 'car',
    auth: 'user',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({ id: qId, licensePlate: licencePlateSchema }),
    response: envelope(carSchema),
  }),
  carDelete: route({
    method: 'DELETE',
    path: '/api/v1/car/:id',
    summary: 'Remove a car',
    tag: 'car',
    auth: 'user',
    owner: 'accounts',
    params: z.object({ id: qId }),
    response: emptyEnvelopeSchema,
  }),
  carDefault: route({
    method: 'PATCH',
    path: '/api/v1/car/default/:id',
    summary: 'Make a car the default; returns the updated list',
    tag: 'car',
    auth: 'user',
    owner: 'accounts',
    params: z.object({ id: qId }),
    response: envelope(z.array(carSchema)),
  }),
  vehicles: route({
    method: 'GET',
    path: '/api/v1/vehicle',
    summary:
      'The approved vehicle catalogue; `search` matches one or two words of the name, any case',
    tag: 'vehicle',
    auth: 'user',
    owner: 'accounts',
    query: z.object({ search: z.string().trim().max(255).optional() }),
    response: envelope(z.array(vehicleSchema)),
  }),
  vehicleCreate: route({
    method: 'POST',
    path: '/api/v1/vehicle',
    summary: 'Add a custom vehicle (not in the catalogue) and a car of it',
    tag: 'vehicle',
    auth: 'user',
    owner: 'accounts',
    bodyType: 'json',
    body: customVehicleBodySchema,
    response: envelope(carSchema),
  }),
  vehicleUpdate: route({
    method: 'PATCH',
    path: '/api/v1/vehicle',
    summary: "Edit the user's custom vehicle (`id` is the car's id)",
    tag: 'vehicle',
    auth: 'user',
    owner: 'accounts',
    bodyType: 'json',
    body: customVehicleBodySchema.extend({ id: z.number().int().positive() }),
    response: envelope(carSchema),
  }),
  chargerPorts: route({
    method: 'GET',
    path: '/api/v1/vehicle/charger-ports',
    summary: 'The connector types a custom vehicle can be given',
    tag: 'vehicle',
    auth: 'none',
    owner: 'accounts',
    response: envelope(z.array(chargePortSchema)),
  }),
  approvedVehicles: route({
    method: 'GET',
    path: '/api/v1/vehicle/approved-vehicles',
    summary: "Catalogue entries matching the user's custom vehicles (for the switch modal)",
    tag: 'vehicle',
    auth: 'user',
    owner: 'accounts',
    response: envelope(z.array(approvedVehicleSchema)),
  }),
  keepCustomVehicle: route({
    method: 'GET',
    path: '/api/v1/vehicle/keep-custom-vehicle',
    summary: 'Keep the custom vehicle of a car (do not offer the switch again)',
    tag: 'vehicle',
    auth: 'user',
    owner: 'accounts',
    query: vehicleIdQuery,
    response: emptyEnvelopeSchema,
  }),
  switchToVehicleFromList: route({
    method: 'GET',
    path: '/api/v1/vehicle/switch-to-vehicle-from-list',
    summary: "Replace a car's custom vehicle with the approved catalogue vehicle",
    tag: 'vehicle',
    auth: 'user',
    owner: 'accounts',
    query: vehicleIdQuery,
    response: envelope(carSchema.nullable()),
  }),
};
