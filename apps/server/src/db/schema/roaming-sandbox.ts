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

// The built-in roaming partner emulator (modules/roaming-sandbox): a foreign CPO's side. Our
// roaming module never reads these tables; it talks to the emulator over OCPI (HTTP) only.

const ts = () => timestamp({ withTimezone: true });

/** The emulated CPO's charging locations: the OCPI Location object as it serves it. */
export const sandboxOcpiLocations = pgTable(
  'sandbox_ocpi_locations',
  {
    id: text().primaryKey(),
    /** The Location (with its EVSEs and their statuses), last_updated included. */
    object: jsonb().notNull(),
    lastUpdated: ts().notNull(),
  },
  (t) => [index('sandbox_ocpi_locations_updated_idx').on(t.lastUpdated)],
);

/** The emulated CPO's tariffs (OCPI Tariff objects, HUF). */
export const sandboxOcpiTariffs = pgTable(
  'sandbox_ocpi_tariffs',
  {
    id: text().primaryKey(),
    object: jsonb().notNull(),
    lastUpdated: ts().notNull(),
  },
  (t) => [index('sandbox_ocpi_tariffs_updated_idx').on(t.lastUpdated)],
);

export const sandboxOcpiPeerStatuses = ['PENDING', 'REGISTERED', 'UNREGISTERED'] as const;
export type SandboxOcpiPeerStatus = (typeof sandboxOcpiPeerStatuses)[number];

/**
 * A platform the emulated CPO roams with. The token the emulator issued (A, B or C) is kept
 * only as its SHA-256; the token the platform gave it is kept in clear to call the platform.
 * `handshakeTokenHash`: while the emulator registers with the platform, the token it is giving
 * it (opens only its versions, which the platform reads during the POST).
 */
export const sandboxOcpiPeers = pgTable(
  'sandbox_ocpi_peers',
  {
    id: serial().primaryKey(),
    /** 'platform': the server the emulator runs in (registered at start-up); else null. */
    label: text(),
    countryCode: text(),
    partyId: text(),
    status: text({ enum: sandboxOcpiPeerStatuses }).notNull(),
    issuedTokenHash: text(),
    issuedTokenKind: text({ enum: ['A', 'B', 'C'] }),
    handshakeTokenHash: text(),
    theirToken: text(),
    versionsUrl: text(),
    /** The peer's 2.2.1 endpoints ([{identifier, role, url}]). */
    endpoints: jsonb(),
    roles: jsonb(),
    /** Start-up registration: who is at it until when (one replica only), and how it went. */
    claimedUntil: ts(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_ocpi_peers_label_key')
      .on(t.label)
      .where(sql`${t.label} is not null`),
    uniqueIndex('sandbox_ocpi_peers_issued_token_key')
      .on(t.issuedTokenHash)
      .where(sql`${t.issuedTokenHash} is not null`),
    uniqueIndex('sandbox_ocpi_peers_handshake_token_key')
      .on(t.handshakeTokenHash)
      .where(sql`${t.handshakeTokenHash} is not null`),
  ],
);

/**
 * An EVSE status change the emulator still has to push to the platform's Locations Receiver:
 * one row per EVSE (a newer change replaces an undelivered one), deleted once delivered.
 */
export const sandboxOcpiStatusPushes = pgTable(
  'sandbox_ocpi_status_pushes',
  {
    evseUid: text().primaryKey(),
    locationId: text().notNull(),
    status: text().notNull(),
    /** The EVSE's last_updated of this change: a delivery deletes only the change it sent. */
    lastUpdated: ts().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [index('sandbox_ocpi_status_pushes_due_idx').on(t.nextAttemptAt)],
);

/**
 * A command a platform sent the emulated CPO (START_SESSION, STOP_SESSION), carried out by the
 * charging loop a moment later (`dueAt`), and its CommandResult, POSTed once to `responseUrl`.
 */
export const sandboxOcpiCommands = pgTable(
  'sandbox_ocpi_commands',
  {
    id: serial().primaryKey(),
    peerId: integer().notNull(),
    type: text({ enum: ['START_SESSION', 'STOP_SESSION'] }).notNull(),
    /** The command as received (StartSession or StopSession). */
    request: jsonb().notNull(),
    responseUrl: text().notNull(),
    /** PENDING until carried out; then DONE with its result (or a session started). */
    state: text({ enum: ['PENDING', 'DONE'] })
      .notNull()
      .default('PENDING'),
    dueAt: ts().notNull(),
    /** Optimistic claim of a replica: the carrying out and each result delivery bump it. */
    attempts: integer().notNull().default(0),
    result: text(),
    resultMessage: text(),
    sessionId: text(),
    resultDeliveredAt: ts(),
    resultAttempts: integer().notNull().default(0),
    resultNextAttemptAt: ts(),
    lastError: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_ocpi_commands_due_idx').on(t.state, t.dueAt),
    /** A command sent again (same response_url) is the same command. */
    uniqueIndex('sandbox_ocpi_commands_response_url_key').on(t.peerId, t.type, t.responseUrl),
    index('sandbox_ocpi_commands_result_idx').on(t.resultNextAttemptAt),
  ],
);

/**
 * A simulated roaming charge at one of the emulated CPO's EVSEs, for the platform (`peerId`)
 * whose command started it. `object` is the OCPI Session as served and pushed; `version` grows
 * with each change and `pushedVersion` is the newest one the platform's Sessions Receiver took.
 */
export const sandboxOcpiSessions = pgTable(
  'sandbox_ocpi_sessions',
  {
    id: text().primaryKey(),
    peerId: integer().notNull(),
    status: text({ enum: ['ACTIVE', 'COMPLETED'] }).notNull(),
    locationId: text().notNull(),
    evseUid: text().notNull(),
    /** The power the car draws (W): the EVSE's maximum, capped by the simulated car. */
    powerW: integer().notNull(),
    startedAt: ts().notNull(),
    /** Up to when the meter has been read. */
    meteredAt: ts().notNull(),
    endedAt: ts(),
    object: jsonb().notNull(),
    lastUpdated: ts().notNull(),
    version: integer().notNull().default(1),
    pushedVersion: integer().notNull().default(0),
    nextMeterAt: ts().notNull(),
    pushAttempts: integer().notNull().default(0),
    nextPushAt: ts().notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [
    index('sandbox_ocpi_sessions_peer_updated_idx').on(t.peerId, t.lastUpdated),
    uniqueIndex('sandbox_ocpi_sessions_active_evse_key')
      .on(t.evseUid)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/**
 * The CDR of a completed session (one per session), POSTed to the platform's CDRs Receiver until
 * it is accepted (`deliveredAt`), never again afterwards.
 */
export const sandboxOcpiCdrs = pgTable(
  'sandbox_ocpi_cdrs',
  {
    id: text().primaryKey(),
    peerId: integer().notNull(),
    sessionId: text().notNull(),
    object: jsonb().notNull(),
    lastUpdated: ts().notNull(),
    deliveredAt: ts(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [
    uniqueIndex('sandbox_ocpi_cdrs_session_key').on(t.sessionId),
    index('sandbox_ocpi_cdrs_peer_updated_idx').on(t.peerId, t.lastUpdated),
    index('sandbox_ocpi_cdrs_due_idx').on(t.nextAttemptAt),
  ],
);
