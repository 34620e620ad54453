import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * One card payment at SimplePay, from `start` to its final status. `settledAt` is set in the
 * same transaction that applies its money effect, so an IPN replayed fifty times, a back
 * redirect and the reconciliation job together apply it exactly once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    purpose: text({
      enum: [
        'wallet_topup',
        'card_registration',
        'charge',
        'parking',
        'surcharge',
        'receipt',
        /** A card hold of a charge at a roaming partner's charger (causeId: the request). */
        'roaming',
        /** The open rest of a roaming receipt (causeId: `roaming_receipts.id`). */
        'roaming_receipt',
      ],
    }).notNull(),
    orderRef: text().notNull(),
    merchant: text().notNull(),
    currency: text().notNull().default('HUF'),
    /** Ft: for a two-step payment, the amount held. */
    total: integer().notNull(),
    twoStep: boolean().notNull().default(false),
    /** SimplePay status (INIT … FINISHED). */
    status: text().notNull().default('INIT'),
    transactionId: bigint({ mode: 'number' }),
    paymentUrl: text(),
    billingDataId: integer(),
    /** What the payment is for, e.g. the charge or parking session id. */
    causeId: integer(),
    /** For two-step payments: what was captured (0 = released). */
    capturedTotal: integer(),
    cardMask: text(),
    cardExpiry: text(),
    createdAt: now(),
    updatedAt: now(),
    settledAt: timestamp({ withTimezone: true }),
    /** The reconciliation job's last SimplePay query. */
    lastQueriedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_order_ref_key').on(t.orderRef),
    uniqueIndex('payments_transaction_key').on(t.transactionId),
    index('payments_user_idx').on(t.userId),
    index('payments_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.settledAt} is null`),
  ],
);

/**
 * The prepaid wallet. `balance` always equals the sum of the user's wallet ledger rows: both
 * change in one transaction, and a debit is a conditional update, so concurrent debits can never
 * take the balance below what the rule allows.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id),
    balance: integer().notNull().default(0),
    updatedAt: now(),
  },
  // A debt can only come from a capture above the hold; it is bounded so a bug cannot run away.
  (t) => [check('wallets_balance_floor', sql`${t.balance} >= -1000000`)],
);

/**
 * Every money movement, append-only: top-ups, holds, captures, releases, debits, refunds.
 * `amount` is signed, in Ft, from the point of view of the account named.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    account: text({ enum: ['wallet', 'card'] }).notNull(),
    kind: text({
      enum: [
        'topup',
        'hold',
        'release',
        'capture',
        'debit',
        'refund',
        'card_hold',
        'card_capture',
        'card_release',
        'card_refund',
      ],
    }).notNull(),
    amount: integer().notNull(),
    paymentId: integer().references(() => payments.id),
    /** What caused it, e.g. `charge:42`, `topup:17`. */
    cause: text().notNull(),
    createdAt: now(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.account),
    // A payment's effect of one kind is booked once, however often it is settled.
    uniqueIndex('ledger_payment_kind_key')
      .on(t.paymentId, t.kind)
      .where(sql`${t.paymentId} is not null`),
  ],
);

/** A card saved at SimplePay (OneClick). We never hold the card number or the secret code. */
export const cards = pgTable(
  'cards',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** SimplePay's card id: the registration transaction's id. Null until SimplePay answers. */
    simplePayCardId: bigint({ mode: 'number' }),
    registrationPaymentId: integer()
      .notNull()
      .references(() => payments.id),
    mask: text(),
    expiry: text(),
    defaultCard: boolean().notNull().default(false),
    /** Registered for automatic card payment (recurring tokens, decision 0051). */
    recurring: boolean().notNull().default(false),
    /** replaced: a newer registration of the same card took its place (decision 0055); its
     * SimplePay card is still to be cancelled, then it becomes deleted. */
    status: text({ enum: ['processing', 'active', 'failed', 'deleted', 'replaced'] })
      .notNull()
      .default('processing'),
    createdAt: now(),
  },
  (t) => [
    index('cards_user_idx').on(t.userId),
    uniqueIndex('cards_registration_key').on(t.registrationPaymentId),
    // One automatic-card-payment registration under way per driver (decision 0055).
    uniqueIndex('cards_pending_recurring_key')
      .on(t.userId)
      .where(sql`${t.status} = 'processing' and ${t.recurring}`),
  ],
);

/** Every IPN as received (raw body), kept as evidence whether or not its signature held. */
export const ipnEvents = pgTable('ipn_events', {
  id: serial().primaryKey(),
  receivedAt: now(),
  rawBody: text().notNull(),
  signatureValid: boolean().notNull(),
  orderRef: text(),
  transactionId: bigint({ mode: 'number' }),
  status: text(),
});

/**
 * Money reserved for a service before it starts (SPEC §5 Terms: the maximum is reserved, the
 * actual cost is taken after). One row per cause; its status moves held → captured | released
 * exactly once, under a row lock.
 */
export const moneyHolds = pgTable(
  'money_holds',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    method: text({ enum: ['wallet', 'card'] }).notNull(),
    /** Ft reserved. */
    amount: integer().notNull(),
    /** For a card hold: the two-step SimplePay payment. */
    paymentId: integer().references(() => payments.id),
    /** What it is for, e.g. `charge:42`; one hold per cause. */
    cause: text().notNull(),
    status: text({
      enum: ['pending', 'held', 'capturing', 'captured', 'releasing', 'released', 'failed'],
    }).notNull(),
    capturedAmount: integer(),
    createdAt: now(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('money_holds_cause_key').on(t.cause),
    index('money_holds_user_idx').on(t.userId),
  ],
);

/**
 * SimplePay recurring tokens of a saved card (decision 0051): one row per one-use token, handed
 * out by a card registration with `recurring`, spent by a merchant-initiated `dorecurring` (the
 * camera exit). The token is a secret we must send, so it is kept sealed (AES-256-GCM, key
 * derived from the merchant secret, the card row's id as additional data) and never logged.
 */
export const cardRecurringTokens = pgTable(
  'card_recurring_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    cardId: integer()
      .notNull()
      .references(() => cards.id),
    /** `v1.<base64url(iv | ciphertext | tag)>`; see payments/recurring-seal.ts. */
    sealedToken: text().notNull(),
    /** Ft: the most one payment with this token may take. */
    maxAmount: integer().notNull(),
    /** SimplePay refuses the token after this. */
    until: timestamp({ withTimezone: true }).notNull(),
    /** available → used (sent once, whatever the answer) | cancelling → cancelled. */
    status: text({ enum: ['available', 'used', 'cancelling', 'cancelled'] })
      .notNull()
      .default('available'),
    /** The dorecurring payment it was sent with, and what that payment paid (e.g. `parking:7:0`). */
    paymentId: integer().references(() => payments.id),
    cause: text(),
    createdAt: now(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('card_recurring_tokens_user_idx').on(t.userId, t.status),
    index('card_recurring_tokens_card_idx').on(t.cardId),
    uniqueIndex('card_recurring_tokens_payment_key').on(t.paymentId),
  ],
);
