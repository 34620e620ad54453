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
