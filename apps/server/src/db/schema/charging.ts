import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { chargers } from './chargers.js';
import { parkingSessions } from './parking.js';

const ts = () => timestamp({ withTimezone: true });

/**
 * One charge a driver started (SPEC §3 Current charge / Charge record). Status moves
 * NEW → RESERVED → STARTING → STARTED → FINISHING → FINISHED, each step a conditional UPDATE,
 * so a step is taken once whichever replica or timer gets there first. Deadlines are stored
 * here so the sweeper enforces them after a restart. Prices are copied from the tariff at start.
 */
export const charges = pgTable(
  'charges',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    chargerId: integer()
      .notNull()
      .references(() => chargers.id),
    status: text({
      enum: ['NEW', 'RESERVED', 'STARTING', 'STARTED', 'FINISHING', 'FINISHED'],
    }).notNull(),
    paymentMethod: text({ enum: ['card', 'saved_card', 'wallet', 'free'] }).notNull(),
    casual: boolean().notNull().default(false),
    /** The OCPP idTag of the remote start (≤ 20 chars); the id-tag authorizer accepts it. */
    idTag: text().notNull(),
    carId: integer(),
    billingDataId: integer(),
    parkCode: text(),
    /** The driver's parking the parkCode named (checked at start): parking is free meanwhile. */
    parkingSessionId: integer().references(() => parkingSessions.id),
    /** What was booked: minutes (time modes), Ft (amount mode) or Wh (energy / amount modes). */
    bookedMinutes: integer(),
    bookedAmount: integer(),
    bookedEnergyWh: integer(),
    /** Ft held (charging budget plus the parking hold); 0 for a free charge. */
    holdAmount: integer().notNull().default(0),
    freeCharging: boolean().notNull(),
    unitChargingGross: integer().notNull(),
    convenienceFeeGross: integer().notNull(),
    parkingEnabled: boolean().notNull(),
    minutesAfterParkingStart: integer().notNull(),
    unitParkingGross: integer().notNull(),
    paymentUrl: text(),
    /** NEW: the driver must pay by then (SPEC §9: 5 minutes). */
    paymentDeadline: ts(),
    /** RESERVED/STARTING: the charger must start by then (SPEC §9: 30 s after payment). */
    startDeadline: ts(),
    remoteStartSentAt: ts(),
    ocppTransactionId: integer(),
    /** Charger's timestamps. */
    startTime: ts(),
    endTime: ts(),
    /** Time mode: when the automatic stop is due. */
    autoStopAt: ts(),
    stopRequestedAt: ts(),
    /** The car was unplugged (connector left Finishing): parking time ends. */
    unpluggedAt: ts(),
    energyWh: bigint({ mode: 'number' }),
    priceOfCharging: integer(),
    parkingPrice: integer(),
    grossPrice: integer(),
    earnedPoints: integer().notNull().default(0),
    endReason: text(),
    /** A settlement in progress (claimed); a stale claim is retried by the sweeper. */
    settleClaimedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    // One running charge per driver and per charger: a double-tapped start cannot make two.
    uniqueIndex('charges_user_active_key')
      .on(t.userId)
      .where(sql`${t.status} <> 'FINISHED'`),
    // A charge waiting in FINISHING for its parking to end does not hold the connector: the
    // start rule (FINISHING allowed by the device) decides.
    uniqueIndex('charges_charger_running_key')
      .on(t.chargerId)
      .where(sql`${t.status} in ('NEW', 'RESERVED', 'STARTING', 'STARTED')`),
    uniqueIndex('charges_id_tag_key').on(t.idTag),
    uniqueIndex('charges_ocpp_transaction_key').on(t.ocppTransactionId),
    index('charges_user_end_idx').on(t.userId, t.endTime),
    index('charges_open_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'FINISHED'`),
  ],
);

/** A receipt of a billed charge, fetched by its row number (v1/receipt/{rowNumber}). */
export const chargeReceipts = pgTable(
  'charge_receipts',
  {
    id: serial().primaryKey(),
    rowNumber: integer().notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    chargeId: integer()
      .notNull()
      .references(() => charges.id),
    energyWh: bigint({ mode: 'number' }).notNull(),
    /** Ft: the full cost. */
    grossPrice: integer().notNull(),
    /** Ft taken from the hold (or wallet) at settlement; the rest is paid via v1/simplepay/start. */
    paidAmount: integer().notNull(),
    paidAt: ts(),
    issuedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charge_receipts_row_key').on(t.rowNumber),
    // A charge is billed once.
    uniqueIndex('charge_receipts_charge_key').on(t.chargeId),
    index('charge_receipts_user_idx').on(t.userId),
    index('charge_receipts_unpaid_idx')
      .on(t.id)
      .where(sql`${t.paidAt} is null`),
  ],
);
