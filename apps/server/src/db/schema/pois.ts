import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from './locations.js';

/** Shop categories, nested through parentId (null = top level). */
export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    nameHu: text().notNull(),
    nameEn: text().notNull(),
    orderNumber: integer().notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

/** A partner shop (SPEC §3 POI) at a location. */
export const pois = pgTable(
  'pois',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    descriptionHu: text(),
    descriptionEn: text(),
    /** File name served by GET /api/file?type=poi. */
    pictureFileName: text(),
    url: text(),
    acceptPoint: boolean().notNull().default(false),
    discountPercentage: integer(),
    active: boolean().notNull().default(true),
  },
  (t) => [index('pois_location_idx').on(t.locationId)],
);

export const poiCategories = pgTable(
  'poi_categories',
  {
    poiId: integer()
      .notNull()
      .references(() => pois.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.poiId, t.categoryId] }),
    index('poi_categories_category_idx').on(t.categoryId),
  ],
);
