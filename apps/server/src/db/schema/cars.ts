import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { vehicles } from './vehicles.js';

/** A user's car: a catalogue vehicle, or a custom vehicle row the user described, plus a plate. */
export const userCars = pgTable(
  'user_cars',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    vehicleId: integer()
      .notNull()
      .references(() => vehicles.id),
    licensePlate: text().notNull(),
    defaultCar: boolean().notNull().default(false),
    /** The driver chose to keep a custom vehicle although the catalogue now has it. */
    keepCustomVehicle: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('user_cars_user_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null`),
  ],
);
