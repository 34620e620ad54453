import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './locations.js';

export const gateDirectionEnum = pgEnum('gate_direction', ['IN', 'OUT', 'BOTH']);

export const parkingTariffs = pgTable('parking_tariffs', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  freeParking: boolean().notNull().default(false),
  /** Ft per hour, billed per minute. */
  grossUnitParking: integer().notNull().default(0),
  freeMinutes: integer().notNull().default(0),
  grossSurchargeFeePerDay: integer().notNull().default(0),
  convenienceFeeGross: integer().notNull().default(0),
  descriptionLinesHu: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  descriptionLinesEn: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  active: boolean().notNull().default(true),
});

/** A gated parking lot; at most one per location. */
export const parkingLots = pgTable(
  'parking_lots',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    capacity: integer(),
    hasPermits: boolean().notNull().default(false),
    /** Seconds the driver has to pass the gate after it opens. */
    parkingTimeInSeconds: integer().notNull().default(60),
    tariffId: integer().references(() => parkingTariffs.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('parking_lots_location_uq').on(t.locationId)],
);

export const gates = pgTable(
  'gates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parkingLotId: integer()
      .notNull()
      .references(() => parkingLots.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    direction: gateDirectionEnum().notNull(),
    /** Id of the gate controller (MQTT client id or simulator id). */
    controllerId: text().notNull().unique(),
  },
  (t) => [index('gates_parking_lot_idx').on(t.parkingLotId)],
);
