import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { locations } from './locations.js';
import { chargers } from './chargers.js';
import { parkingLots } from './parking.js';
import { pois } from './pois.js';

export const traitTypeEnum = pgEnum('trait_type', [
  'BOOLEAN',
  'TEXT',
  'LIST_SINGLE',
  'LIST_MULTIPLE',
  'LIST_CUSTOM',
]);

/** A describable property (opening hours, web site, outlets, …). */
export const traits = pgTable('traits', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nameHu: text().notNull(),
  nameEn: text().notNull(),
  type: traitTypeEnum().notNull(),
  /** SITE_WEB, SITE_EMAIL, SITE_PHONE, outlets, performance, … (SPEC §2 trait display). */
  identifier: text().notNull().unique(),
  unit: text(),
  major: boolean().notNull().default(false),
  orderNumber: integer().notNull().default(0),
});

/** The choices of a LIST_SINGLE / LIST_MULTIPLE trait. */
export const traitListItems = pgTable(
  'trait_list_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    traitId: integer()
      .notNull()
      .references(() => traits.id, { onDelete: 'cascade' }),
    valueHu: text().notNull(),
    valueEn: text().notNull(),
    orderNumber: integer().notNull().default(0),
  },
  (t) => [index('trait_list_items_trait_idx').on(t.traitId)],
);

/** A trait's value on exactly one of: a location, a charger, a parking lot or a shop. */
export const traitValues = pgTable(
  'trait_values',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    traitId: integer()
      .notNull()
      .references(() => traits.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'cascade' }),
    chargerId: integer().references(() => chargers.id, { onDelete: 'cascade' }),
    parkingLotId: integer().references(() => parkingLots.id, { onDelete: 'cascade' }),
    poiId: integer().references(() => pois.id, { onDelete: 'cascade' }),
    /** TEXT and BOOLEAN ('true'/'false'). */
    value: text(),
    /** LIST_SINGLE: one item id; LIST_MULTIPLE: several. */
    listItemIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** LIST_CUSTOM: free strings. */
    listStrings: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    numericValue: doublePrecision(),
  },
  (t) => [
    index('trait_values_location_idx').on(t.locationId),
    index('trait_values_charger_idx').on(t.chargerId),
    index('trait_values_parking_lot_idx').on(t.parkingLotId),
    index('trait_values_poi_idx').on(t.poiId),
    check(
      'trait_values_one_owner',
      sql`num_nonnulls(${t.locationId}, ${t.chargerId}, ${t.parkingLotId}, ${t.poiId}) = 1`,
    ),
  ],
);
