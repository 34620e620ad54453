import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const newsPosts = pgTable(
  'news_posts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stable id the client remembers in shownNews. */
    publicationId: text().notNull().unique(),
    titleHu: text().notNull(),
    titleEn: text().notNull(),
    descriptionHu: text().notNull(),
    descriptionEn: text().notNull(),
    contentHu: text().notNull(),
    contentEn: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull(),
    primaryImage: text(),
    secondaryImage: text(),
    onlyDisappearsWhenClicked: boolean().notNull().default(false),
    published: boolean().notNull().default(true),
  },
  (t) => [index('news_posts_date_idx').on(t.date)],
);

export const frontPageAds = pgTable('front_page_ads', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  imageAltHu: text().notNull(),
  imageAltEn: text().notNull(),
  fileName: text().notNull(),
  smallFileName: text().notNull(),
  targetUrl: text().notNull(),
  timeoutInSeconds: integer().notNull().default(10),
  secondsToShowAgain: integer().notNull().default(86400),
  activeFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
  activeTo: timestamp({ withTimezone: true }),
  active: boolean().notNull().default(true),
  clicks: integer().notNull().default(0),
});

export const footerTexts = pgTable('footer_texts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  textHu: text().notNull(),
  textEn: text().notNull(),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
