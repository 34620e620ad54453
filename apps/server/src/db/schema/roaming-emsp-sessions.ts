import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
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
import { roamingPartners } from './roaming.js';

const ts = () => timestamp({ withTimezone: true });

/**
 * Our drivers' OCPI Tokens (we are the eMSP): one APP_USER token per registered, active user,
 * made when the CPO partners' list is read. `uid` is random (not the user's id or e-mail);
 * `valid` turns false (and `last_updated` moves) when the user is deleted. The user link is
 * cleared if the user row itself goes, the token stays (invalid) so partners learn it.
 */
export const roamingEmspTokens = pgTable(
  'roaming_emsp_tokens',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    uid: text().notNull(),
    contractId: text().notNull(),
    valid: boolean().notNull().default(true),
    lastUpdated: ts().notNull().defaultNow(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_emsp_tokens_uid_key').on(t.uid),
    uniqueIndex('roaming_emsp_tokens_contract_key').on(t.contractId),
    uniqueIndex('roaming_emsp_tokens_user_key').on(t.userId),
    index('roaming_emsp_tokens_updated_idx').on(t.lastUpdated),
  ],
);

export const roamingEmspAllowed = [
  'ALLOWED',
  'BLOCKED',
  'EXPIRED',
  'NO_CREDIT',
  'NOT_ALLOWED',
] as const;

/** Each real-time authorization a CPO partner asked us (POST tokens/{uid}/authorize). */
export const roamingEmspAuthorizations = pgTable(
  'roaming_emsp_authorizations',
  {
    id: serial().primaryKey(),
    reference: text().notNull(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id),
    tokenId: integer()
      .notNull()
      .references(() => roamingEmspTokens.id),
    allowed: text({ enum: roamingEmspAllowed }).notNull(),
    /** The LocationReferences the partner sent, if any. */
    location: jsonb(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roaming_emsp_authorizations_reference_key').on(t.reference)],
);

/**
 * Our drivers' sessions at CPO partners' chargers, as the partner pushes them (OCPI Session as
 * received in `object`; the columns the app reads are derived from it on every write). The key
 * is the partner + the session's party + id (CiString: `sessionKey` upper case).
 */
export const roamingEmspSessions = pgTable(
  'roaming_emsp_sessions',
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    sessionId: text().notNull(),
    sessionKey: text().notNull(),
    tokenUid: text().notNull(),
    /** Our driver, when the token is one of ours. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().notNull(),
    kwh: doublePrecision().notNull(),
    currency: text().notNull(),
    /** total_cost.incl_vat (else excl_vat) as sent, in `currency`. */
    totalCost: doublePrecision(),
    authorizationReference: text(),
    lastUpdated: ts().notNull(),
    object: jsonb().notNull(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_emsp_sessions_key').on(
      t.partnerId,
      t.countryCode,
      t.partyId,
      t.sessionKey,
    ),
    index('roaming_emsp_sessions_user_idx').on(t.userId, t.status),
  ],
);

export const roamingEmspBillingStates = [
  /** To be billed (a failed attempt leaves it here; a replayed POST tries again). */
  'PENDING',
  'BILLED',
  /** The token is not one of our drivers': stored, never billed. */
  'UNKNOWN_TOKEN',
  /** Not a currency we bill in, or a credit CDR: stored for the operator, not billed. */
  'NOT_BILLABLE',
] as const;
export type RoamingEmspBillingState = (typeof roamingEmspBillingStates)[number];

/** CDRs CPO partners posted for our drivers' sessions: stored once per partner + party + id. */
export const roamingEmspCdrs = pgTable(
  'roaming_emsp_cdrs',
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    cdrId: text().notNull(),
    cdrKey: text().notNull(),
    sessionId: text(),
    tokenUid: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    authorizationReference: text(),
    currency: text().notNull(),
    totalCostExclVat: doublePrecision().notNull(),
    totalCostInclVat: doublePrecision(),
    object: jsonb().notNull(),
    lastUpdated: ts().notNull(),
    billing: text({ enum: roamingEmspBillingStates }).notNull(),
    /** Ft the driver owes: the CDR's cost incl. VAT plus our roaming fee. */
    billedAmount: integer(),
    /** Ft taken (hold capture, wallet); billedAmount − paidAmount is still open (card hold). */
    paidAmount: integer(),
    earnedPoints: integer(),
    billedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_emsp_cdrs_key').on(t.partnerId, t.countryCode, t.partyId, t.cdrKey),
    index('roaming_emsp_cdrs_user_idx').on(t.userId),
  ],
);

export const roamingEmspChargeStates = [
  /**
   * A card hold (saved card or one-off SimplePay, decision 0050) is being authorized: nothing is
   * sent to the partner until SimplePay reports the hold AUTHORIZED (`resultDueAt` = the deadline).
   */
  'PAYING',
  /** Row written, money held, START_SESSION being sent or sent: waiting for the CommandResult. */
  'REQUESTED',
  /** The partner's CommandResult said ACCEPTED: the charger started (no Session seen yet). */
  'ACCEPTED',
  /** CommandResponse or CommandResult not ACCEPTED: hold released. */
  'REJECTED',
  /** No CommandResult within the partner's announced timeout: hold released. */
  'TIMEOUT',
  /** The partner's Session with our reference arrived (`sessionId` set). */
  'STARTED',
  /** STOP_SESSION sent, waiting for its result / the Session's end. */
  'STOPPING',
  /** The CDR was billed through the hold (`billedAmount`). */
  'COMPLETED',
] as const;
export type RoamingEmspChargeState = (typeof roamingEmspChargeStates)[number];

/** How the driver holds the charge's amount (decision 0050; the wallet before it). */
export const roamingEmspPaymentMethods = ['WALLET', 'CARD', 'SIMPLEPAY'] as const;

/**
 * A driver of ours starting a charge at a CPO partner's EVSE through the app (decision 0042):
 * the START_SESSION we send, its reference, the wallet hold and how it went. `resultKey` is the
 * opaque id in the response_url of the command waiting for its CommandResult.
 */
export const roamingEmspChargeRequests = pgTable(
  'roaming_emsp_charge_requests',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id),
    /** Our mirrored site (`locations.id`) and the partner's Location / EVSE / connector ids. */
    siteId: integer().notNull(),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    locationId: text().notNull(),
    evseUid: text().notNull(),
    connectorId: text(),
    authorizationReference: text().notNull(),
    amount: integer().notNull(),
    /** WALLET, CARD (saved card, OneClick) or SIMPLEPAY (one-off card on the pay page). */
    paymentMethod: text({ enum: roamingEmspPaymentMethods }).notNull().default('WALLET'),
    /** While PAYING: where the driver authorizes the card hold (pay page or 3-D Secure). */
    paymentUrl: text(),
    status: text({ enum: roamingEmspChargeStates }).notNull(),
    /** Which command waits for a result: START_SESSION or STOP_SESSION. */
    pendingCommand: text(),
    resultKey: text(),
    /** When the pending command's result is overdue (the partner's timeout from its answer). */
    resultDueAt: ts(),
    /** The partner's session id (from its Session push with our reference). */
    sessionId: text(),
    message: text(),
    billedAmount: integer(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_emsp_charge_requests_reference_key').on(t.authorizationReference),
    uniqueIndex('roaming_emsp_charge_requests_result_key').on(t.resultKey),
    /** One live roaming charge per driver: a double tap or a race makes one. */
    uniqueIndex('roaming_emsp_charge_requests_live_key')
      .on(t.userId)
      .where(sql`status in ('PAYING', 'REQUESTED', 'ACCEPTED', 'STARTED', 'STOPPING')`),
    index('roaming_emsp_charge_requests_due_idx').on(t.resultDueAt),
  ],
);
