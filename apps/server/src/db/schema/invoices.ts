import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { billingData } from './billing.js';

const ts = () => timestamp({ withTimezone: true });

/** The buyer as printed on an invoice: copied at issue, kept for the accounting retention. */
export interface InvoiceBuyer {
  type: 'PERSON' | 'COMPANY';
  name: string;
  taxNumber: string | null;
  email: string;
  countryCode: string;
  zipCode: string;
  city: string;
  /** Street, public-space type, house number, floor and door in one line. */
  address: string;
}

/**
 * An invoice (or a corrective/storno invoice) Voltpark asked the invoicing provider for.
 * The row and its lines are written first (`pending`), in one transaction, so a service can sit
 * on one invoice only; the provider call happens after, retried with backoff until `issued`.
 * `orderNumber` is sent to the provider as the order reference, so a retry after a lost answer
 * finds the invoice the provider already made instead of making a second one.
 * Rows are never deleted: invoices outlive accounts (SPEC §3 Privacy retention).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['INVOICE', 'STORNO'] }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    billingDataId: integer()
      .notNull()
      .references(() => billingData.id),
    /** The invoice a storno corrects. */
    correctsInvoiceId: integer(),
    /** Inclusive Budapest dates of the services (delivery period). */
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    orderNumber: text().notNull(),
    lang: text({ enum: ['hu', 'en'] }).notNull(),
    buyer: jsonb().$type<InvoiceBuyer>().notNull(),
    status: text({ enum: ['pending', 'issued'] })
      .notNull()
      .default('pending'),
    /** The provider's gapless number, e.g. VP-2026-000001; null until issued. */
    invoiceNumber: text(),
    /** The PDF's file name (`path` of SPEC §3 Invoice), from the invoice number. */
    pdfName: text(),
    netTotal: integer().notNull(),
    vatTotal: integer().notNull(),
    grossTotal: integer().notNull(),
    /** The PDF the provider rendered, base64 (served from here, so every replica has it). */
    pdfBase64: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    /** A provider call in flight (claimed); stale after a few minutes. */
    claimedAt: ts(),
    lastError: text(),
    issuedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_order_number_key').on(t.orderNumber),
    uniqueIndex('invoices_invoice_number_key').on(t.invoiceNumber),
    uniqueIndex('invoices_pdf_name_key').on(t.pdfName),
    index('invoices_billing_data_idx').on(t.billingDataId, t.createdAt),
    index('invoices_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // One storno per invoice.
    uniqueIndex('invoices_corrects_key').on(t.correctsInvoiceId),
  ],
);

/**
 * One line of an invoice: one service (a charge, a parking, a surcharge) with its source
 * receipt. The unique index makes each service appear on exactly one invoice (and at most one
 * storno).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    invoiceKind: text({ enum: ['INVOICE', 'STORNO'] }).notNull(),
    /** Where the service comes from: 'charge', 'parking', 'surcharge', 'roaming' (0048). */
    sourceKind: text().notNull(),
    sourceId: integer().notNull(),
    /** The receipt number shown to the driver (charge receipts' rowNumber). */
    receiptNumber: text().notNull(),
    description: text().notNull(),
    /** Quantity in thousandths of the unit (Wh for kWh), and the unit ('kWh', 'db'). */
    quantityMilli: integer().notNull(),
    unit: text().notNull(),
    deliveryDate: date({ mode: 'string' }).notNull(),
    paidAt: ts().notNull(),
    paymentMethod: text().notNull(),
    net: integer().notNull(),
    vat: integer().notNull(),
    gross: integer().notNull(),
  },
  (t) => [
    uniqueIndex('invoice_lines_source_key').on(t.sourceKind, t.sourceId, t.invoiceKind),
    index('invoice_lines_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * A guest's (casual user's) receipt issued by the provider's receipt function for one paid
 * service, e-mailed with its PDF. Durable like invoices: pending until the provider answers.
 */
export const providerReceipts = pgTable(
  'provider_receipts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    sourceKind: text().notNull(),
    sourceId: integer().notNull(),
    /** The provider's call id (hivasAzonosito): a retry never makes a second receipt. */
    callId: text().notNull(),
    email: text().notNull(),
    lang: text({ enum: ['hu', 'en'] }).notNull(),
    status: text({ enum: ['pending', 'issued'] })
      .notNull()
      .default('pending'),
    receiptNumber: text(),
    gross: integer().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    claimedAt: ts(),
    lastError: text(),
    issuedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_receipts_source_key').on(t.sourceKind, t.sourceId),
    uniqueIndex('provider_receipts_call_key').on(t.callId),
    index('provider_receipts_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Which weekly runs were done: one row per Monday, claimed by one replica. */
export const invoiceWeeks = pgTable('invoice_weeks', {
  /** The Monday (Budapest date) the week starts. */
  weekStart: date({ mode: 'string' }).primaryKey(),
  claimedAt: ts(),
  doneAt: ts(),
});
