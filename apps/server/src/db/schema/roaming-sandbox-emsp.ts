import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The built-in eMSP emulator (modules/roaming-sandbox-emsp, VoltDrive Kft.): a foreign eMSP's
// side. Our roaming module never reads these tables; it talks to the emulator over OCPI only.

const ts = () => timestamp({ withTimezone: true });

/**
 * The platform the emulated eMSP registered with at start-up (one row, label 'platform'). The
 * token the emulator gave the platform is kept only as its SHA-256; the platform's token to
 * the emulator in clear (to call it).
 */
export const sandboxEmspPlatform = pgTable('sandbox_emsp_platform', {
  label: text().primaryKey(),
  status: text({ enum: ['PENDING', 'REGISTERED'] }).notNull(),
  issuedTokenHash: text(),
  theirToken: text(),
  endpoints: jsonb(),
  lastError: text(),
  updatedAt: ts().notNull().defaultNow(),
});

export const sandboxEmspObjectKinds = ['LOCATION', 'TARIFF', 'SESSION', 'CDR'] as const;
export type SandboxEmspObjectKind = (typeof sandboxEmspObjectKinds)[number];

/**
 * What the platform pushed to the emulated eMSP's Receivers, as it holds it: Locations (EVSE
 * PATCHes applied), Tariffs, Sessions (PATCHes applied) and CDRs, by the CPO's party and id.
 */
export const sandboxEmspObjects = pgTable(
  'sandbox_emsp_objects',
  {
    kind: text({ enum: sandboxEmspObjectKinds }).notNull(),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    id: text().notNull(),
    object: jsonb().notNull(),
    lastUpdated: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.countryCode, t.partyId, t.id] })],
);

/**
 * The commands the emulated eMSP sent to the platform (START_SESSION / STOP_SESSION), by the
 * id in their response_url: what it asked, the platform's synchronous answer (or why the call
 * failed) and the asynchronous CommandResult the platform POSTed back.
 */
export const sandboxEmspCommands = pgTable('sandbox_emsp_commands', {
  id: text().primaryKey(),
  command: text({ enum: ['START_SESSION', 'STOP_SESSION'] }).notNull(),
  tokenUid: text(),
  locationId: text(),
  evseUid: text(),
  sessionId: text(),
  /** The CommandResponse's result (ACCEPTED, REJECTED, …); null until answered. */
  response: text(),
  /** The call reached no answer (the platform unreachable, an OCPI error). */
  callError: text(),
  /** The CommandResult's result (ACCEPTED, FAILED, EVSE_OCCUPIED, …); null until it came. */
  result: text(),
  /** The CommandResponse's or CommandResult's message (OCPI DisplayText list). */
  responseMessage: jsonb(),
  resultMessage: jsonb(),
  sentAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
});
