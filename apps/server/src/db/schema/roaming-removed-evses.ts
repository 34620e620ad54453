import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { currentTypeEnum, outletTypeEnum } from './chargers.js';
import { locations } from './locations.js';

/**
 * EVSEs that left one of our locations (decision 0046): a charger deleted, or moved away with
 * its charge point or to another one. OCPI never deletes an EVSE: the CPO keeps serving it with
 * status REMOVED so that eMSPs learn it is gone. The charger's row is gone (or elsewhere), so
 * what its EVSE object needs is kept here, written by database triggers in the transaction of
 * the change (migration roaming_retention). Served for REMOVED_EVSE_LISTED_DAYS, then swept.
 * A charger that comes back to the location is served from its own row again.
 */
export const roamingRemovedEvses = pgTable(
  'roaming_removed_evses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The site the EVSE was at; a site that is deleted takes its removed EVSEs with it. */
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The charger's id (its EVSE uid is made of it); the charger itself may be gone. */
    chargerId: integer().notNull(),
    shortName: text().notNull(),
    outletType: outletTypeEnum().notNull(),
    currentType: currentTypeEnum().notNull(),
    powerKw: doublePrecision().notNull(),
    removedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_removed_evses_key').on(t.locationId, t.chargerId),
    index('roaming_removed_evses_charger_idx').on(t.chargerId),
  ],
);
