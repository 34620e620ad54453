import {
  boolean,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  index,
} from 'drizzle-orm/pg-core';

/** Connector types a car can take (GET v1/vehicle/charger-ports). */
export const chargePorts = pgTable('charge_ports', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
});

/** The vehicle catalogue (SPEC §3 Car fields), plus custom vehicles added by users. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    producer: text().notNull(),
    model: text().notNull(),
    addedByUser: boolean().notNull().default(false),
    image: text(),
    yearOfProduction: integer(),
    batteryCapacityKWh: doublePrecision('battery_capacity_kwh'),
    rangeKm: integer(),
    enginePowerKw: integer(),
    efficiencyKWhpKm: doublePrecision('efficiency_kwh_per_km'),
    maxChargingPowerACKw: doublePrecision(),
    maxChargingPowerDCKw: doublePrecision(),
    rangeEPAKm: integer(),
    rangeNEDCKm: integer(),
    rangeWLPTKm: integer(),
    topSpeedKmph: integer(),
    accelerationZeroToHundredKmph: doublePrecision(),
    averageChargingSpeedDCKmph: integer(),
    engineTorqueNm: integer(),
    motorType: text(),
    seats: integer(),
    wheelbaseMM: integer(),
    bodyStyle: text(),
    cargoVolumeL: integer(),
    crubWeightKg: integer(),
    towingCapacityKg: integer(),
  },
  (t) => [index('vehicles_producer_model_idx').on(t.producer, t.model)],
);

export const vehicleChargePorts = pgTable(
  'vehicle_charge_ports',
  {
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    chargePortId: integer()
      .notNull()
      .references(() => chargePorts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.chargePortId] })],
);
