import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The built-in SimplePay v2 emulator (modules/simplepay-sandbox). These tables are the
// emulator's own "bank side" state; the payments module never reads them, it talks HTTP.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Transaction ids and refund transaction ids, like SimplePay's: 9+ digit numbers. */
export const sandboxSpIdSeq = pgSequence('sandbox_sp_id_seq', {
  startWith: 500000001,
  minValue: 500000001,
});
const nextSandboxId = () =>
  bigint({ mode: 'number' })
    .primaryKey()
    .default(sql`nextval('sandbox_sp_id_seq')`);

export interface SandboxUrls {
  success: string;
  fail: string;
  cancel: string;
  timeout: string;
}

/** A card entered on the pay page, kept until a 3-D Secure challenge is answered. */
export interface SandboxPendingCard {
  mask: string;
  /** End of the expiry month, ISO. */
  expiry: string;
  threeDs: boolean;
}

/**
 * One payment as SimplePay sees it. `total` is the amount asked for (the hold for two-step);
 * `capturedTotal` what was finally taken (set when FINISHED); refunds reduce what remains.
 */
export const sandboxSpTransactions = pgTable(
  'sandbox_sp_transactions',
  {
    id: nextSandboxId(),
    merchant: text().notNull(),
    orderRef: text().notNull(),
    kind: text({ enum: ['start', 'do', 'dorecurring'] }).notNull(),
    status: text().notNull().default('INIT'),
    currency: text().notNull(),
    customerEmail: text(),
    language: text().notNull().default('HU'),
    total: integer().notNull(),
    capturedTotal: integer(),
    refundedTotal: integer().notNull().default(0),
    twoStep: boolean().notNull().default(false),
    url: text(),
    urls: jsonb().$type<SandboxUrls>(),
    timeoutAt: timestamp({ withTimezone: true }).notNull(),
    /** The random part of paymentUrl (and of a 3-D Secure redirectUrl). */
    pageToken: text(),
    /** Per-page CSRF token carried in a hidden field of every form. */
    formToken: text(),
    /** Card registration (OneClick): the user's secret code, hashed (scrypt). */
    cardSecretHash: text(),
    /** Card registration for recurring payments. */
    recurring: jsonb().$type<{ times: number; until: string; maxAmount: number }>(),
    /** The saved card paid with (do / dorecurring). */
    cardId: bigint({ mode: 'number' }),
    /** The recurring token paid with (dorecurring). */
    token: text(),
    pendingCard: jsonb().$type<SandboxPendingCard>(),
    /** The `r` code of the back redirect: 0 success, 2xxx declines. */
    resultCode: integer(),
    /** When `finish` was called (only one is allowed). */
    finishCalledAt: timestamp({ withTimezone: true }),
    /** An AUTHORIZED hold older than 21 days became CANCELLED by itself. */
    holdLapsed: boolean().notNull().default(false),
    createdAt: createdAt(),
    paymentDate: timestamp({ withTimezone: true }),
    finishDate: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_sp_transactions_order_ref_key').on(t.merchant, t.orderRef),
    uniqueIndex('sandbox_sp_transactions_page_token_key').on(t.pageToken),
    index('sandbox_sp_transactions_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('INIT', 'INPAYMENT', 'AUTHORIZED')`),
  ],
);

/** A saved (OneClick / recurring) card; its id is the registration transaction's id. */
export const sandboxSpCards = pgTable('sandbox_sp_cards', {
  id: bigint({ mode: 'number' }).primaryKey(),
  merchant: text().notNull(),
  /** scrypt hash of the user's secret code; null for a recurring-only registration. */
  secretHash: text(),
  mask: text().notNull(),
  expiry: timestamp({ withTimezone: true }).notNull(),
  /** Registered with the 3-D Secure test card: a `do` asks for a challenge. */
  threeDs: boolean().notNull().default(false),
  status: text({ enum: ['ACTIVE', 'DISABLED'] })
    .notNull()
    .default('ACTIVE'),
  createdAt: createdAt(),
  cancelledAt: timestamp({ withTimezone: true }),
});

/** One-use recurring tokens handed out by a `start` with `recurring`. */
export const sandboxSpTokens = pgTable(
  'sandbox_sp_tokens',
  {
    token: text().primaryKey(),
    merchant: text().notNull(),
    /** The registration transaction (= the card id once it is paid). */
    registrationId: bigint({ mode: 'number' }).notNull(),
    maxAmount: integer().notNull(),
    until: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['ACTIVE', 'USED', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    usedAt: timestamp({ withTimezone: true }),
    usedByTransactionId: bigint({ mode: 'number' }),
  },
  (t) => [index('sandbox_sp_tokens_registration_idx').on(t.registrationId)],
);

export const sandboxSpRefunds = pgTable(
  'sandbox_sp_refunds',
  {
    id: nextSandboxId(),
    transactionId: bigint({ mode: 'number' }).notNull(),
    total: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_sp_refunds_transaction_idx').on(t.transactionId)],
);

/**
 * IPN messages to deliver, durable so a restart loses nothing. Claimed with FOR UPDATE SKIP
 * LOCKED; a claim leases the row for a while, a wrong reply schedules the next attempt.
 */
export const sandboxSpIpnQueue = pgTable(
  'sandbox_sp_ipn_queue',
  {
    id: serial().primaryKey(),
    merchant: text().notNull(),
    transactionId: bigint({ mode: 'number' }).notNull(),
    url: text().notNull(),
    /** The exact signed JSON text sent on every attempt. */
    body: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: createdAt(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Gave up after the whole retry schedule. */
    failedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_sp_ipn_queue_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);
