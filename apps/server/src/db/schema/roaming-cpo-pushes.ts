import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roamingPartners } from './roaming.js';
import { roamingTokens } from './roaming-tokens.js';

const ts = () => timestamp({ withTimezone: true });

/**
 * EVSE: PATCH of a charger's status; LOCATION: PUT of a whole Location (operator data);
 * TARIFF: PUT of a price setting, or DELETE when it is gone or inactive.
 */
export const roamingObjectPushKinds = ['EVSE', 'LOCATION', 'TARIFF'] as const;
export type RoamingObjectPushKind = (typeof roamingObjectPushKinds)[number];

/**
 * Our Locations and Tariffs pushed to eMSP partners' Receiver interfaces (decision 0044). Rows
 * are written by database triggers in the transaction of the change (a status report, operator
 * data, a price setting), one per registered eMSP partner with such a RECEIVER endpoint. One
 * pending row per partner, kind and object: later changes join it (`generation` + 1), and the
 * object is read as it is when sent, so several changes before a send become one call.
 * `objectId` is a charger id (EVSE), a location id (LOCATION) or a tariff id (TARIFF).
 */
export const roamingObjectPushes = pgTable(
  'roaming_object_pushes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    kind: text({ enum: roamingObjectPushKinds }).notNull(),
    objectId: integer().notNull(),
    generation: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull().defaultNow(),
    claimedUntil: ts(),
    deliveredAt: ts(),
    /** Given up (partner removed, no such endpoint, object gone, retries used up). */
    droppedAt: ts(),
    lastError: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roaming_object_pushes_pending_key')
      .on(t.partnerId, t.kind, t.objectId)
      .where(sql`${t.deliveredAt} is null and ${t.droppedAt} is null`),
    index('roaming_object_pushes_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.droppedAt} is null`),
    // The retention sweep (decision 0046) looks at old rows only.
    index('roaming_object_pushes_created_idx').on(t.createdAt),
  ],
);

/**
 * Real-time authorizations of partners' tokens at our chargers (whitelist ALLOWED_OFFLINE or
 * NEVER): the eMSP's answer (AUTH_REQUEST, with its authorization_reference) or, when it gave
 * none, the ALLOWED_OFFLINE fallback (WHITELIST). An accepted one is reused for the same tag at
 * the same charge point for a while (Authorize then StartTransaction ask twice) and gives the
 * Session its auth_method and authorization_reference.
 */
export const roamingAuthorizations = pgTable(
  'roaming_authorizations',
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => roamingPartners.id, { onDelete: 'cascade' }),
    tokenId: integer()
      .notNull()
      .references(() => roamingTokens.id, { onDelete: 'cascade' }),
    chargePointId: text().notNull(),
    idTagKey: text().notNull(),
    /** OCPP idTagInfo.status given. */
    status: text().notNull(),
    /** The eMSP's AllowedType; null when it gave no answer. */
    allowed: text(),
    method: text({ enum: ['AUTH_REQUEST', 'WHITELIST'] }).notNull(),
    authorizationReference: text(),
    error: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('roaming_authorizations_tag_idx').on(t.idTagKey, t.chargePointId, t.createdAt),
    index('roaming_authorizations_created_idx').on(t.createdAt),
  ],
);
