import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A billing record of a user (SPEC §3 Billing data). Deleting one only hides it: invoices
 * already issued to it must keep their addressee for the accounting retention period.
 */
export const billingData = pgTable(
  'billing_data',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    type: text({ enum: ['PERSON', 'COMPANY'] }).notNull(),
    /** Company name, or the person's full name. */
    payerName: text().notNull(),
    lastName: text(),
    firstName: text(),
    taxNumber: text(),
    emailAddress: text().notNull(),
    phone: text().notNull(),
    defaultBillingData: boolean().notNull().default(false),
    countryCode: text().notNull(),
    zipCode: text().notNull(),
    city: text().notNull(),
    street: text().notNull(),
    addressType: text().notNull(),
    houseNumber: text().notNull(),
    floor: text(),
    door: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('billing_data_user_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null`),
  ],
);
