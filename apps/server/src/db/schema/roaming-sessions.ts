import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { ocppTransactions } from './ocpp.js';
import { roamingPartners } from './roaming.js';

const ts = () => timestamp({ withTimezone: true });

export const roamingSessionStatuses = ['PENDING', 'ACTIVE', 'COMPLETED', 'INVALID'] as const;
export type RoamingSessionStatus = (typeof roamingSessionStatuses)[number];

export const roamingAuthMethods = ['WHITELIST', 'COMMAND', 'AUTH_REQUEST'] as const;

/**
 * A partner eMSP's driver charging at our charger (OCPI Session, we are the CPO): one row per
 * OCPP transaction. `id` is the OCPI session id. The prices are copied from the charger's
 * tariff when it starts (`tariff`: the OCPI Tariff, `prices`: the gross price settings), so a
 * later price change never reprices a running session.
 */
export const roamingSessions = pgTable(
  'roaming_sessions',
  {
    pk: serial().primaryKey(),
    id: text().notNull(),
    ocppTransactionId: integer()
      .notNull()
      .references(() => ocppTransactions.id),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id),
    /** OCPI CdrToken of the driver's token. */
    cdrToken: jsonb().notNull(),
    authMethod: text({ enum: roamingAuthMethods }).notNull(),
    /** Set by the Commands module (START_SESSION) or a real-time authorization. */
    authorizationReference: text(),
    chargerId: integer().notNull(),
    locationId: integer().notNull(),
    tariffId: integer(),
    tariff: jsonb(),
    prices: jsonb(),
    startedAt: ts().notNull(),
    endedAt: ts(),
    energyWh: bigint({ mode: 'number' }).notNull().default(0),
    /** Charger time of the latest meter reading taken into energyWh. */
    meterAt: ts(),
    status: text({ enum: roamingSessionStatuses }).notNull(),
    lastUpdated: ts().notNull().defaultNow(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_sessions_id_key').on(t.id),
    uniqueIndex('roaming_sessions_transaction_key').on(t.ocppTransactionId),
    index('roaming_sessions_partner_idx').on(t.partnerId, t.lastUpdated),
    // The push rounds look at active sessions only (meter values, missed stops).
    index('roaming_sessions_active_idx')
      .on(t.ocppTransactionId)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** The CDR of a finished roaming session: one per session, its OCPI object as sent. */
export const roamingCdrs = pgTable(
  'roaming_cdrs',
  {
    pk: serial().primaryKey(),
    id: text().notNull(),
    sessionPk: integer()
      .notNull()
      .references(() => roamingSessions.pk),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id),
    object: jsonb().notNull(),
    lastUpdated: ts().notNull(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_cdrs_id_key').on(t.id),
    uniqueIndex('roaming_cdrs_session_key').on(t.sessionPk),
    index('roaming_cdrs_partner_idx').on(t.partnerId, t.lastUpdated),
  ],
);

export const roamingPushKinds = ['SESSION', 'CDR'] as const;
export type RoamingPushKind = (typeof roamingPushKinds)[number];

/**
 * Pushes to partners' Receiver interfaces, delivered by a background loop. SESSION: PUT of the
 * session as it is when sent (one pending row per session: a newer change bumps `generation`,
 * so a send that started before it is sent again). CDR: one POST of the stored CDR.
 * `claimedUntil` is a lease: a replica that dies mid-send leaves the row to be retried.
 */
export const roamingPushes = pgTable(
  'roaming_pushes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    kind: text({ enum: roamingPushKinds }).notNull(),
    sessionPk: integer()
      .notNull()
      .references(() => roamingSessions.pk),
    generation: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    claimedUntil: ts(),
    deliveredAt: ts(),
    /** Given up (partner removed, no such endpoint, retries used up). */
    droppedAt: ts(),
    lastError: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_pushes_pending_key')
      .on(t.sessionPk, t.kind)
      .where(sql`${t.deliveredAt} is null and ${t.droppedAt} is null`),
    index('roaming_pushes_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.droppedAt} is null`),
    // The retention sweep (decision 0046) looks at old rows only.
    index('roaming_pushes_created_idx').on(t.createdAt),
  ],
);
