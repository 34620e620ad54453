import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';
import { roamingPartners } from './roaming.js';

const ts = () => timestamp({ withTimezone: true });

export const roamingTokenWhitelists = ['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'] as const;

/**
 * Tokens of partner eMSPs' drivers (OCPI Tokens module, our Receiver interface), one per
 * country code, party id, uid and type. `uidKey` is the uid in capitals: OCPI uids and OCPP
 * idTags are both case-insensitive, so a charger's Authorize finds the card whatever its case.
 * `object` is the Token as the partner last sent it (merged with its PATCHes).
 */
export const roamingTokens = pgTable(
  'roaming_tokens',
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    countryCode: text().notNull(),
    partyId: text().notNull(),
    uid: text().notNull(),
    uidKey: text().notNull(),
    type: text().notNull(),
    contractId: text().notNull(),
    valid: boolean().notNull(),
    whitelist: text({ enum: roamingTokenWhitelists }).notNull(),
    lastUpdated: ts().notNull(),
    object: jsonb().notNull(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_tokens_key').on(t.countryCode, t.partyId, t.uidKey, t.type),
    index('roaming_tokens_uid_idx').on(t.uidKey, t.type),
  ],
);
