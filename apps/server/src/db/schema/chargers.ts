import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { locations } from './locations.js';

export const currentTypeEnum = pgEnum('current_type', ['AC', 'DC']);
export const outletTypeEnum = pgEnum('outlet_type', ['TYPE2', 'CCS', 'CHADEMO']);
/** App-level connector states of SPEC §4; the OCPP module maps StatusNotification onto these. */
export const chargerStatusEnum = pgEnum('charger_status', [
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

/** Charging price settings (SPEC §3 Price settings). Money in integer forints, gross. */
export const chargingTariffs = pgTable('charging_tariffs', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  freeCharging: boolean().notNull().default(false),
  /** Ft per kWh. */
  unitChargingGross: integer().notNull().default(0),
  /** Ft per charge. */
  convenienceFeeGross: integer().notNull().default(0),
  parkingEnabled: boolean().notNull().default(false),
  /** Parking fee starts this many minutes after the charge ends. */
  minutesAfterParkingStart: integer().notNull().default(0),
  /** Ft per hour, billed per minute. */
  unitParkingGross: integer().notNull().default(0),
  /** Added to the amount held on the card when parking is enabled. */
  parkingToHoldGross: integer().notNull().default(0),
  /** Ordered description lines shown under the tariff. */
  descriptionLinesHu: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  descriptionLinesEn: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Any change of the row (a trigger keeps it); OCPI Tariff.last_updated. */
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** An OCPP charge point (the station); `id` is its chargePointId in /ocpp/{id}. */
export const chargePoints = pgTable(
  'charge_points',
  {
    id: text().primaryKey(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    vendor: text().notNull(),
    model: text().notNull(),
    /** Hash of the OCPP basic-auth key; null = not yet provisioned. */
    authKeyHash: text(),
    currentType: currentTypeEnum().notNull(),
    canStartNewChargeWhileInFinishingState: boolean().notNull().default(false),
    registeredAt: timestamp({ withTimezone: true }),
    lastBootAt: timestamp({ withTimezone: true }),
    lastHeartbeatAt: timestamp({ withTimezone: true }),
    /** Operator switch (OCPP module): a disabled charge point is refused at the handshake/boot. */
    disabled: boolean().notNull().default(false),
    /** Set when the heartbeat timeout marked its connectors UNKNOWN; cleared when heard from. */
    offlineAt: timestamp({ withTimezone: true }),
    /** Last OCPP status reported for connector 0 (the whole charge point). */
    ocppStatus: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charge_points_location_idx').on(t.locationId)],
);

/** SPEC's "charger": one connector (EVSE) of a charge point that a driver starts. */
export const chargers = pgTable(
  'chargers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    chargePointId: text()
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** OCPP connectorId (1-based). */
    connectorId: integer().notNull(),
    name: text().notNull(),
    shortName: text().notNull(),
    outletType: outletTypeEnum().notNull(),
    powerKw: doublePrecision().notNull(),
    status: chargerStatusEnum().notNull().default('NEW_NOT_CONNECTED'),
    statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Last OCPP status the connector reported; `status` is derived from it (OCPP module). */
    ocppStatus: text(),
    /** Operator switch: OUT_OF_SERVICE wins over any reported status. */
    outOfService: boolean().notNull().default(false),
    tariffId: integer().references(() => chargingTariffs.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * A change of what the connector is (not of its status, see statusChangedAt); a trigger keeps
     * it. OCPI EVSE/Connector last_updated is the later of the two.
     */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chargers_connector_uq').on(t.chargePointId, t.connectorId),
    index('chargers_status_idx').on(t.status),
    check('chargers_connector_positive', sql`${t.connectorId} > 0`),
    check('chargers_power_positive', sql`${t.powerKw} > 0`),
  ],
);
