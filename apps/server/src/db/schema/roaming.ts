import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Roaming (issue 14): OCPI 2.2.1 partners and the log of every OCPI call in and out.

const ts = () => timestamp({ withTimezone: true });

export const roamingPartnerRoles = ['CPO', 'EMSP'] as const;
export type RoamingPartnerRole = (typeof roamingPartnerRoles)[number];

/** PENDING: we issued Token A and wait for its POST; REGISTERED: tokens exchanged. */
export const roamingPartnerStatuses = ['PENDING', 'REGISTERED', 'UNREGISTERED'] as const;
export type RoamingPartnerStatus = (typeof roamingPartnerStatuses)[number];

/** A: given offline, before the handshake; B: we sent it in our POST; C: we answered their POST. */
export const issuedTokenKinds = ['A', 'B', 'C'] as const;
export type IssuedTokenKind = (typeof issuedTokenKinds)[number];

/**
 * An OCPI party we roam with, one per country code and party id (kept in capitals). The token we
 * issued is kept only as its SHA-256 (it is random, 256 bits); the token the partner gave us must
 * be kept in clear to call it: it never leaves this table in a log line or a list.
 */
export const roamingPartners = pgTable(
  'roaming_partners',
  {
    id: serial().primaryKey(),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    role: text({ enum: roamingPartnerRoles }).notNull(),
    name: text().notNull(),
    status: text({ enum: roamingPartnerStatuses }).notNull(),
    issuedTokenHash: text(),
    issuedTokenKind: text({ enum: issuedTokenKinds }),
    /**
     * While we register with (or update) the partner: the token we are about to give it. It
     * opens only our versions and version details, which the partner reads before it answers.
     */
    handshakeTokenHash: text(),
    theirToken: text(),
    versionsUrl: text(),
    version: text(),
    /** Their version details' endpoints ([{identifier, role, url}]). */
    endpoints: jsonb(),
    /** The roles of their credentials (CredentialsRole[]): who they may speak for. */
    roles: jsonb(),
    registeredAt: ts(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_partners_party_key').on(t.countryCode, t.partyId),
    uniqueIndex('roaming_partners_issued_token_key')
      .on(t.issuedTokenHash)
      .where(sql`${t.issuedTokenHash} is not null`),
    uniqueIndex('roaming_partners_handshake_token_key')
      .on(t.handshakeTokenHash)
      .where(sql`${t.handshakeTokenHash} is not null`),
  ],
);

export const ocpiCallDirections = ['in', 'out'] as const;

/** Every OCPI call in and out, tokens removed, so that a dispute can be answered. */
export const ocpiCallLog = pgTable(
  'ocpi_call_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    direction: text({ enum: ocpiCallDirections }).notNull(),
    partnerId: integer().references(() => roamingPartners.id, { onDelete: 'set null' }),
    method: text().notNull(),
    url: text().notNull(),
    module: text(),
    httpStatus: integer(),
    ocpiStatus: integer(),
    requestId: text(),
    correlationId: text(),
    durationMs: integer().notNull(),
    requestBody: jsonb(),
    responseBody: jsonb(),
    /** Why an outgoing call got no answer (timeout, refused connection…). */
    error: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('ocpi_call_log_partner_idx').on(t.partnerId, t.createdAt),
    index('ocpi_call_log_correlation_idx').on(t.correlationId),
    // The retention sweep (decision 0046) deletes the oldest calls.
    index('ocpi_call_log_created_idx').on(t.createdAt),
  ],
);
