import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roamingPartners } from './roaming.js';

// Roaming, eMSP side: CPO partners' Locations and Tariffs (pulled from their Sender interfaces
// and pushed to our Receiver interfaces), and the durable schedule of the pulls.

const ts = () => timestamp({ withTimezone: true });

/**
 * One Location of a CPO partner, per partner, country code, party id and id (`locationKey` is
 * the id in capitals: OCPI ids are CiString). `object` is the Location as last received (with
 * its EVSEs and Connectors); the other columns are what the app queries, derived from it.
 * `seenAt` moves on every write: a complete full pull deletes the rows it did not see.
 */
export const roamingPartnerLocations = pgTable(
  'roaming_partner_locations',
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    locationId: text().notNull(),
    locationKey: text().notNull(),
    name: text(),
    city: text().notNull(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    publish: boolean().notNull(),
    /** EVSEs that are not REMOVED, and of them those AVAILABLE; their connectors. */
    evseCount: integer().notNull(),
    availableEvseCount: integer().notNull(),
    connectorCount: integer().notNull(),
    /** The strongest connector's power in W (max_electric_power, else volts × amps × phases). */
    maxPowerW: integer(),
    /** EVSEs by OCPI status, e.g. {"AVAILABLE": 2, "CHARGING": 1}. */
    statusCounts: jsonb().notNull(),
    lastUpdated: ts().notNull(),
    object: jsonb().notNull(),
    seenAt: ts().notNull().defaultNow(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_partner_locations_key').on(
      t.partnerId,
      t.countryCode,
      t.partyId,
      t.locationKey,
    ),
    index('roaming_partner_locations_map_idx').on(t.lat, t.lng),
  ],
);

/** One Tariff of a CPO partner, keyed like the locations (`tariffKey`: the id in capitals). */
export const roamingPartnerTariffs = pgTable(
  'roaming_partner_tariffs',
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    tariffId: text().notNull(),
    tariffKey: text().notNull(),
    currency: text().notNull(),
    lastUpdated: ts().notNull(),
    object: jsonb().notNull(),
    seenAt: ts().notNull().defaultNow(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_partner_tariffs_key').on(
      t.partnerId,
      t.countryCode,
      t.partyId,
      t.tariffKey,
    ),
  ],
);

/**
 * When a CPO partner's Locations and Tariffs are next pulled. A replica takes a due row with a
 * conditional update (`claimedBy`, `claimedUntil`: a lease renewed on every page), so two
 * replicas never pull one partner at once; a replica that dies leaves the lease to expire.
 * `*Since`: the start of the last complete pull, the next pull's `date_from`.
 */
export const roamingPartnerPulls = pgTable('roaming_partner_pulls', {
  partnerId: integer()
    .primaryKey()
    .references(() => roamingPartners.id, { onDelete: 'cascade' }),
  nextPullAt: ts().notNull(),
  claimedBy: text(),
  claimedUntil: ts(),
  locationsSince: ts(),
  tariffsSince: ts(),
  /** The start of the last complete full pull (all objects, no date_from). */
  lastFullPullAt: ts(),
  lastAttemptAt: ts(),
  lastSuccessAt: ts(),
  lastError: text(),
  failures: integer().notNull().default(0),
});
