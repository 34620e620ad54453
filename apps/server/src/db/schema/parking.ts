import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations } from './locations.js';
import { users } from './accounts.js';
import { payments } from './payments.js';

export const gateDirectionEnum = pgEnum('gate_direction', ['IN', 'OUT', 'BOTH']);

export const parkingTariffs = pgTable('parking_tariffs', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  freeParking: boolean().notNull().default(false),
  /** Ft per hour, billed per minute. */
  grossUnitParking: integer().notNull().default(0),
  freeMinutes: integer().notNull().default(0),
  grossSurchargeFeePerDay: integer().notNull().default(0),
  convenienceFeeGross: integer().notNull().default(0),
  descriptionLinesHu: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  descriptionLinesEn: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  active: boolean().notNull().default(true),
});

/** A gated parking lot; at most one per location. */
export const parkingLots = pgTable(
  'parking_lots',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    capacity: integer(),
    hasPermits: boolean().notNull().default(false),
    /** Seconds the driver has to pass the gate after it opens. */
    parkingTimeInSeconds: integer().notNull().default(60),
    tariffId: integer().references(() => parkingTariffs.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('parking_lots_location_uq').on(t.locationId)],
);

export const gates = pgTable(
  'gates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parkingLotId: integer()
      .notNull()
      .references(() => parkingLots.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    direction: gateDirectionEnum().notNull(),
    /**
     * The operator's label of the controller hardware. On MQTT a controller is known by the
     * gate's own id (client id `gate-{id}`, user name `{id}`; gates/PROTOCOL.md).
     */
    controllerId: text().notNull().unique(),
    /** Hash of the controller's MQTT password (its gate key); null = not yet provisioned. */
    keyHash: text(),
    /** Operator switch: a disabled gate's controller is refused by the embedded broker. */
    enabled: boolean().notNull().default(true),
    /** From `gates/{id}/status` (retained; the last will says offline). */
    online: boolean().notNull().default(false),
    lastSeenAt: timestamp({ withTimezone: true }),
    /** `fault` is SPEC's "sensor not active"; null until the controller has said. */
    sensor: text({ enum: ['ok', 'fault'] }),
    firmware: text(),
    /** A car on the loop in front of the barrier (presence events). */
    carPresent: boolean().notNull().default(false),
    presenceChangedAt: timestamp({ withTimezone: true }),
    /** The last plate the camera read for the car now present; cleared when it leaves. */
    plate: text(),
    plateConfidence: doublePrecision(),
    plateReadAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('gates_parking_lot_idx').on(t.parkingLotId)],
);

/**
 * One open command sent to a gate controller: its id (the command id on MQTT), the ack, and
 * what became of it. `outcome` null = still pending (neither `passed` nor `timeout` yet); at
 * most one pending request per gate.
 */
export const gateOpenRequests = pgTable(
  'gate_open_requests',
  {
    id: text().primaryKey(),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    /** The command's reason, free text for the controller's log (e.g. `session:123`). */
    reason: text().notNull(),
    /** Who the gate opens for (e.g. `session:123`, `admin:7`): "pending for this car". */
    subject: text(),
    sentAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    ackResult: text({ enum: ['opened', 'rejected'] }),
    /** `fault`, `stale` or `busy` when rejected. */
    ackReason: text(),
    ackedAt: timestamp({ withTimezone: true, precision: 3 }),
    /**
     * passed / timeout: the controller's events; no_ack: no ack in time (nothing opened);
     * rejected: the controller refused; expired: opened, but neither event came in time.
     */
    outcome: text({ enum: ['passed', 'timeout', 'no_ack', 'rejected', 'expired'] }),
    outcomeAt: timestamp({ withTimezone: true, precision: 3 }),
    /** The controller's clock (`ts`) of the passed or timeout event: what billing uses. */
    eventTs: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('gate_open_requests_pending_uq')
      .on(t.gateId)
      .where(sql`${t.outcome} is null`),
    index('gate_open_requests_gate_idx').on(t.gateId, t.sentAt),
    index('gate_open_requests_subject_idx').on(t.subject),
  ],
);

/** Evidence: every message a gate controller sent (status, ack, event), in arrival order. */
export const gateMessages = pgTable(
  'gate_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    /** status, ack or event (the topic's last level). */
    topic: text().notNull(),
    payload: jsonb().notNull(),
    at: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('gate_messages_gate_idx').on(t.gateId, t.id)],
);

const ts3 = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * One parking of a driver at a lot (SPEC §3 Parking session, §4 state machine). Status moves
 * STARTING → STARTED → FINISHING → FINISHED (STARTING → FINISHED on cancel; FINISHING →
 * STARTED when the car overstays), each step a conditional UPDATE on the expected status, so a
 * replayed gate event, a race or a second replica changes a session once. The deadlines are
 * stored here so the sweeper enforces them after a restart. The tariff is copied at start.
 */
export const parkingSessions = pgTable(
  'parking_sessions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    parkingLotId: integer()
      .notNull()
      .references(() => parkingLots.id),
    status: text({ enum: ['STARTING', 'STARTED', 'FINISHING', 'FINISHED'] }).notNull(),
    /** A guest (casual user) parking; they give an e-mail and pay by SIMPLEPAY only. */
    casual: boolean().notNull().default(false),
    email: text(),
    /** 5 characters 0-9A-Z, unique among open sessions; the parkCode of a charge here. */
    chargeCode: text().notNull(),
    /** The car passed the entry gate (the controller's clock) / the exit gate. */
    parkingFrom: ts3(),
    parkingTo: ts3(),
    /**
     * Billing of the current round starts here: parkingFrom at first; after an overstay the
     * parkingWillFinishAt that passed (the earlier round was paid). Free minutes apply once.
     */
    billedFrom: ts3(),
    /** Overstay restarts so far (0 = first round); receipts are per round. */
    round: integer().notNull().default(0),
    /** When stopped: the amount of this round in Ft (0 while running). */
    amount: integer().notNull().default(0),
    /**
     * When stopped: the minutes of this round billed at the hourly price (after its free
     * minutes and the time at a charger); null while running and for a free finish.
     */
    billedMinutes: integer(),
    /** When stopped: whole minutes of this round at a charger here, not billed (rounded down). */
    chargingMinutes: integer(),
    /** Free tariff, a valid permit, or an amount of 0 at stop. */
    free: boolean().notNull().default(false),
    permitPlate: text(),
    permitValid: boolean().notNull().default(false),
    // The tariff at start (SPEC §3 Tariff).
    tariffId: integer(),
    tariffName: text().notNull(),
    freeParking: boolean().notNull(),
    grossUnitParking: integer().notNull(),
    freeMinutes: integer().notNull(),
    grossSurchargeFeePerDay: integer().notNull(),
    convenienceFeeGross: integer().notNull(),
    // Payment of the current round.
    paymentMethod: text({ enum: ['SIMPLEPAY', 'CARD', 'WALLET'] }),
    paymentId: integer().references(() => payments.id),
    billingDataId: integer(),
    cardId: integer(),
    paymentUrl: text(),
    paymentStartedAt: ts3(),
    paymentFinishedAt: ts3(),
    paymentFailed: boolean().notNull().default(false),
    /** The gate open requests (gate_open_requests.id) for entry and exit, and when sent. */
    inOpenRequestId: text(),
    inOpenRequestSentAt: ts3(),
    outOpenRequestId: text(),
    outOpenRequestSentAt: ts3(),
    /** FINISHING: the car must have left by then, else the parking restarts. */
    parkingWillFinishAt: ts3(),
    /** The car passed the exit gate (the controller's clock). */
    leftAt: ts3(),
    /** cancelled or left (why FINISHED). */
    endReason: text(),
    createdAt: ts3().notNull().defaultNow(),
    updatedAt: ts3().notNull().defaultNow(),
  },
  (t) => [
    // One open parking per driver: a double-tapped start cannot make two.
    uniqueIndex('parking_sessions_user_open_uq')
      .on(t.userId)
      .where(sql`${t.status} <> 'FINISHED'`),
    uniqueIndex('parking_sessions_code_open_uq')
      .on(t.chargeCode)
      .where(sql`${t.status} <> 'FINISHED'`),
    index('parking_sessions_open_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'FINISHED'`),
    index('parking_sessions_user_idx').on(t.userId, t.parkingTo),
    index('parking_sessions_lot_idx').on(t.parkingLotId),
  ],
);

/** A receipt of one paid parking round, issued in the transaction that books the money. */
export const parkingReceipts = pgTable(
  'parking_receipts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    rowNumber: integer().notNull().generatedAlwaysAsIdentity({ startWith: 500001 }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    parkingSessionId: integer()
      .notNull()
      .references(() => parkingSessions.id),
    round: integer().notNull(),
    paymentMethod: text({ enum: ['SIMPLEPAY', 'CARD', 'WALLET'] }).notNull(),
    paymentId: integer().references(() => payments.id),
    billingDataId: integer(),
    /** Ft paid: parking minutes plus the convenience fee. */
    grossPrice: integer().notNull(),
    /**
     * How a parking round's price was made, as billed: its minutes at the hourly price, the free
     * minutes it had and the convenience fee. Null on a surcharge's receipt (a price per day)
     * and on receipts issued before these were kept.
     */
    billedMinutes: integer(),
    grossUnitParking: integer(),
    freeMinutes: integer(),
    convenienceFeeGross: integer(),
    /** The round's whole minutes at a charger, not billed; null before it was kept (0039). */
    chargingMinutes: integer(),
    billedFrom: ts3().notNull(),
    billedTo: ts3().notNull(),
    issuedAt: ts3().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parking_receipts_row_uq').on(t.rowNumber),
    // A round is billed once.
    uniqueIndex('parking_receipts_round_uq').on(t.parkingSessionId, t.round),
    index('parking_receipts_user_idx').on(t.userId),
  ],
);

/**
 * A surcharge (SPEC §3 Surcharge, decision 0019 "Surcharge"): the per-day fee of an overstay
 * round. It exists for a session in a restarted round (round > 0) and replaces that round's
 * hourly bill: days = started days since the overstay began (the round's billedFrom, stored as
 * parkingWillFinishAt), amount = days × grossSurchargeFeePerDay. UNPAID → PAID (the round is
 * paid, the session FINISHING) → FINISHED (the car passed the exit). One per session round.
 */
export const parkingSurcharges = pgTable(
  'parking_surcharges',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    parkingSessionId: integer()
      .notNull()
      .references(() => parkingSessions.id),
    round: integer().notNull(),
    status: text({ enum: ['UNPAID', 'PAID', 'FINISHED'] }).notNull(),
    days: integer().notNull(),
    /** Ft: days × grossSurchargeFeePerDay (fixed when started). */
    amount: integer().notNull(),
    /** When the overstay began (the parkingWillFinishAt that passed). */
    parkingWillFinishAt: ts3().notNull(),
    paymentMethod: text({ enum: ['SIMPLEPAY', 'CARD', 'WALLET'] }),
    paymentId: integer().references(() => payments.id),
    paymentUrl: text(),
    paymentStartedAt: ts3(),
    paymentFinishedAt: ts3(),
    paymentFailed: boolean().notNull().default(false),
    createdAt: ts3().notNull().defaultNow(),
    updatedAt: ts3().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parking_surcharges_round_uq').on(t.parkingSessionId, t.round),
    index('parking_surcharges_user_idx').on(t.userId),
  ],
);
