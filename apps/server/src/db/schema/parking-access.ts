import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { userCars } from './cars.js';
import { gates, parkingLots } from './parking.js';

/**
 * A car plate allowed to park free at a lot with permits (SPEC §4 permit question). The plate
 * is normalised (upper case, no spaces or dashes: plates.ts normalisePlate); one row per plate
 * and lot. The validity is inclusive, in Budapest calendar days; null = open-ended.
 */
export const parkingPermits = pgTable(
  'parking_permits',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parkingLotId: integer()
      .notNull()
      .references(() => parkingLots.id, { onDelete: 'cascade' }),
    plate: text().notNull(),
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('parking_permits_lot_plate_uq').on(t.parkingLotId, t.plate)],
);

/** The users who administer a parking lot (SPEC §6: isCurrentUserAdmin, admin gate opens). */
export const parkingLotAdmins = pgTable(
  'parking_lot_admins',
  {
    parkingLotId: integer()
      .notNull()
      .references(() => parkingLots.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.parkingLotId, t.userId] }),
    index('parking_lot_admins_user_idx').on(t.userId),
  ],
);

/**
 * Every gate open an admin asked for: who, when, which gate, and what came of it (evidence for
 * "who let that car in"). Refused non-admins are not admins' opens and are not written here.
 */
export const parkingAdminGateOpens = pgTable(
  'parking_admin_gate_opens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    parkingLotId: integer()
      .notNull()
      .references(() => parkingLots.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    direction: text({ enum: ['in', 'out'] }).notNull(),
    /** The gate chosen for the direction; null when the lot has none. */
    gateId: integer().references(() => gates.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** True when the controller acknowledged `opened`. */
    opened: boolean().notNull(),
    /** The gate error code (contract gateErrorCodeSchema) when it did not open. */
    errorCode: text(),
    /** The gate open request (gate_open_requests.id, the MQTT command id) when one was sent. */
    gateRequestId: text(),
  },
  (t) => [index('parking_admin_gate_opens_lot_idx').on(t.parkingLotId, t.requestedAt)],
);

/**
 * Camera parking (beyond the SPEC, as Parkl and EasyPark do it): a car whose plate, read by an
 * entry gate's camera, starts its driver's parking and opens the barrier without the phone.
 * A row = switched on: by the driver (`PUT v1/parking/camera-parking/{carId}`, decision 0054)
 * or by the operator (`npm run parking -- camera`).
 */
export const cameraParkingCars = pgTable('camera_parking_cars', {
  userCarId: integer()
    .primaryKey()
    .references(() => userCars.id, { onDelete: 'cascade' }),
  enabledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A returning guest's one-time link (decision 0030): someone starting a guest parking with the
 * e-mail of an existing guest gets no session; the guest gets this link by e-mail instead, and
 * opening it on the new device gives that device the guest's session once. Only the token's
 * hash is stored.
 */
export const guestAccessLinks = pgTable(
  'guest_access_links',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    /** The lot the guest wanted to park at: the link opens its page. */
    parkingLotId: integer()
      .notNull()
      .references(() => parkingLots.id),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('guest_access_links_token_uq').on(t.tokenHash),
    index('guest_access_links_user_idx').on(t.userId, t.createdAt),
  ],
);
