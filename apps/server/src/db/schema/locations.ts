import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { roamingPartnerLocations } from './roaming-partner-locations.js';

/** A site on the map: chargers, partner shops and a parking lot hang off it. */
export const locations = pgTable(
  'locations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    countryCode: text().notNull().default('HU'),
    zipCode: text().notNull(),
    city: text().notNull(),
    street: text().notNull(),
    /** A Hungarian public-space type (utca, út, tér, …), see address_types. */
    addressType: text().notNull(),
    houseNumber: text().notNull(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    descriptionHu: text(),
    descriptionEn: text(),
    active: boolean().notNull().default(true),
    /**
     * A roaming partner's site shown on our map (decision 0039): the partner Location this row
     * mirrors. Written with the partner's data, deleted with it. Null for our own sites.
     */
    roamingPartnerLocationId: integer()
      .unique()
      .references(() => roamingPartnerLocations.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_active_idx').on(t.active),
    index('locations_city_idx').on(sql`lower(${t.city})`),
    index('locations_lat_lng_idx').on(t.lat, t.lng),
  ],
);

/** ISO 3166-1 countries with Hungarian and English names (billing addresses). */
export const countries = pgTable('countries', {
  alpha2Code: text().primaryKey(),
  nameHu: text().notNull(),
  nameEn: text().notNull(),
});

/** The 35 Hungarian public-space types (közterület jellege) of the billing address form. */
export const addressTypes = pgTable('address_types', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
  orderNumber: integer().notNull(),
});
