import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roamingPartners } from './roaming.js';

const ts = () => timestamp({ withTimezone: true });

/** The OCPI commands we carry out (the others are answered NOT_SUPPORTED and not stored). */
export const roamingCommandTypes = ['START_SESSION', 'STOP_SESSION', 'UNLOCK_CONNECTOR'] as const;
export type RoamingCommandType = (typeof roamingCommandTypes)[number];

/**
 * PENDING: accepted, the OCPP command not sent yet; SENDING: claimed by one replica, the
 * charger's answer awaited; DONE: `result` is known (and is posted to `responseUrl`).
 */
export const roamingCommandStatuses = ['PENDING', 'SENDING', 'DONE'] as const;
export type RoamingCommandStatus = (typeof roamingCommandStatuses)[number];

export const roamingCommandResults = [
  'ACCEPTED',
  'CANCELED_RESERVATION',
  'EVSE_OCCUPIED',
  'EVSE_INOPERATIVE',
  'FAILED',
  'NOT_SUPPORTED',
  'REJECTED',
  'TIMEOUT',
  'UNKNOWN_RESERVATION',
] as const;

/**
 * A command an eMSP partner sent (OCPI Commands module, our Receiver interface), its OCPP
 * command to the charger and the CommandResult owed to `responseUrl`. One row per partner and
 * response_url: a replayed POST finds its row and sends nothing again. The result post is
 * retried from here (`nextAttemptAt`, claimed by moving it forward), so a restart loses nothing.
 */
export const roamingCommands = pgTable(
  'roaming_commands',
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    command: text({ enum: roamingCommandTypes }).notNull(),
    /** The request body as the partner sent it. */
    request: jsonb().notNull(),
    responseUrl: text().notNull(),
    /** Our synchronous CommandResponse, answered again to a replay. */
    response: jsonb().notNull(),
    /** The EVSE (our charger) and its OCPP charge point and connector. */
    chargerId: integer(),
    chargePointId: text().notNull(),
    connectorId: integer().notNull(),
    /** START_SESSION: the token's uid, sent as the OCPP idTag; `idTagKey` in capitals. */
    idTag: text(),
    idTagKey: text(),
    tokenCountryCode: text(),
    tokenPartyId: text(),
    tokenType: text(),
    authorizationReference: text(),
    /** STOP_SESSION: our OCPP transaction. */
    transactionId: integer(),
    status: text({ enum: roamingCommandStatuses }).notNull().default('PENDING'),
    /** The CommandResult is owed by then (our CommandResponse's timeout). */
    deadlineAt: ts().notNull(),
    sentAt: ts(),
    result: text({ enum: roamingCommandResults }),
    resultMessage: text(),
    postAttempts: integer().notNull().default(0),
    /** Next try to post the result; a claim moves it past the call's timeout. */
    nextAttemptAt: ts(),
    postedAt: ts(),
    /** Set when we stopped trying to post the result. */
    postAbandonedAt: ts(),
    lastPostError: text(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_commands_response_url_key').on(t.partnerId, t.responseUrl),
    // The Sessions join: the START_SESSION behind an OCPP transaction (charger, connector, idTag).
    index('roaming_commands_start_idx').on(t.chargePointId, t.connectorId, t.idTagKey),
    index('roaming_commands_open_idx')
      .on(t.deadlineAt)
      .where(sql`status <> 'DONE'`),
    index('roaming_commands_post_idx')
      .on(t.nextAttemptAt)
      .where(sql`result is not null and posted_at is null and post_abandoned_at is null`),
    // The retention sweep (decision 0046) looks at old rows only.
    index('roaming_commands_created_idx').on(t.createdAt),
  ],
);
