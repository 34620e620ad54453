import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { roamingEmspCdrs } from './roaming-emsp-sessions.js';

const ts = () => timestamp({ withTimezone: true });

/**
 * The receipt of a billed CDR of our driver's charge at a roaming partner's charger (decision
 * 0043): written in the transaction that bills the CDR, so exactly once per CDR (unique
 * `cdr_id`). A snapshot: what the driver paid and where, kept as issued. Its row numbers have
 * their own range (700001…) next to charge (100001…) and parking (500001…) receipts.
 */
export const roamingReceipts = pgTable(
  'roaming_receipts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    rowNumber: integer().notNull().generatedAlwaysAsIdentity({ startWith: 700001 }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    cdrId: integer()
      .notNull()
      .references(() => roamingEmspCdrs.id),
    partnerName: text().notNull(),
    siteName: text(),
    /** Wh: the CDR's total_energy. */
    energyWh: integer().notNull(),
    startedAt: ts(),
    endedAt: ts(),
    /** Ft: the CDR's cost incl. VAT plus our roaming fee. */
    grossPrice: integer().notNull(),
    /** Ft taken from the hold and the wallet. */
    paidAmount: integer().notNull(),
    earnedPoints: integer().notNull(),
    paidAt: ts(),
    issuedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_receipts_row_key').on(t.rowNumber),
    // A CDR is billed once, and has one receipt.
    uniqueIndex('roaming_receipts_cdr_key').on(t.cdrId),
    index('roaming_receipts_user_idx').on(t.userId),
  ],
);
