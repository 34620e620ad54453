import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The built-in Számlázz.hu Agent emulator (modules/szamlazz-sandbox): the provider's side.
// The invoices module never reads these tables; it talks to the emulator over HTTP.

/** Gapless numbering: the last number given per prefix and year. */
export const sandboxSzCounters = pgTable(
  'sandbox_sz_counters',
  {
    prefix: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/** An invoice, storno invoice or receipt the emulator issued, with its PDF and NAV status. */
export const sandboxSzDocuments = pgTable(
  'sandbox_sz_documents',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['SZAMLA', 'SZTORNO', 'NYUGTA'] }).notNull(),
    number: text().notNull(),
    agentKey: text().notNull(),
    orderNumber: text(),
    callId: text(),
    /** The invoice a storno reverses. */
    reverses: text(),
    net: integer().notNull(),
    vat: integer().notNull(),
    gross: integer().notNull(),
    requestXml: text().notNull(),
    pdfBase64: text().notNull(),
    /** Sandbox stand-in for NAV Online Számla's answer (receipts are not reported). */
    navStatus: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_sz_documents_number_key').on(t.number),
    uniqueIndex('sandbox_sz_documents_call_key').on(t.agentKey, t.callId),
    index('sandbox_sz_documents_order_idx').on(t.agentKey, t.orderNumber),
  ],
);
