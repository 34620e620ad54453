import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Id tags (RFID cards, app tokens) the central system knows. A tag that is not here is
 * `Invalid` unless a pluggable authorizer of the charging module accepts it.
 */
export const ocppIdTags = pgTable('ocpp_id_tags', {
  idTag: text().primaryKey(),
  status: text({ enum: ['Accepted', 'Blocked', 'Expired', 'Invalid'] })
    .notNull()
    .default('Accepted'),
  expiresAt: timestamp({ withTimezone: true }),
  parentIdTag: text(),
  /** The driver the tag belongs to, when known (no foreign key: tags may outlive accounts). */
  userId: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One OCPP transaction. `id` is the transactionId the server gives the charger (identity
 * sequence). Energies are integer Wh as the charger's meter said; times are the charger's.
 */
export const ocppTransactions = pgTable(
  'ocpp_transactions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    chargePointId: text().notNull(),
    connectorId: integer().notNull(),
    idTag: text().notNull(),
    /** What StartTransaction answered for the tag (Accepted, Invalid, …). */
    idTagStatus: text().notNull(),
    reservationId: integer(),
    meterStartWh: bigint({ mode: 'number' }).notNull(),
    /** Charger's timestamp of the start. */
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** Highest energy register seen (Wh) and its charger timestamp. */
    lastMeterWh: bigint({ mode: 'number' }),
    lastMeterAt: timestamp({ withTimezone: true }),
    lastPowerW: integer(),
    meterStopWh: bigint({ mode: 'number' }),
    stoppedAt: timestamp({ withTimezone: true }),
    stopReason: text(),
    stopIdTag: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A StartTransaction resent after a lost answer gets the same transactionId back.
    uniqueIndex('ocpp_transactions_start_uq').on(
      t.chargePointId,
      t.connectorId,
      t.idTag,
      t.startedAt,
      t.meterStartWh,
    ),
    index('ocpp_transactions_open_idx').on(t.chargePointId, t.connectorId, t.stoppedAt),
  ],
);

/** Evidence: every OCPP frame that belongs to a transaction (or a remote start/stop). */
export const ocppFrames = pgTable(
  'ocpp_frames',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    chargePointId: text().notNull(),
    transactionId: integer(),
    /** in = charger → server, out = server → charger. */
    direction: text({ enum: ['in', 'out'] }).notNull(),
    /** 2 call, 3 result, 4 error (OCPP-J message type). */
    messageType: integer().notNull(),
    messageId: text().notNull(),
    action: text().notNull(),
    payload: jsonb().notNull(),
    at: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('ocpp_frames_transaction_idx').on(t.transactionId, t.id),
    index('ocpp_frames_charge_point_idx').on(t.chargePointId, t.at),
  ],
);
