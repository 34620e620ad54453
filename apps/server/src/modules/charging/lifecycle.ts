import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  chargePoints,
  chargeReceipts,
  chargers,
  charges,
  moneyHolds,
  ocppTransactions,
  pointsLedger,
  users,
} from '../../db/schema/index.js';
import { queueMail } from '../mail/outbox.js';
import type { OcppCommands } from '../ocpp/commands.js';
import type { PaymentDeps } from '../payments/payments.js';
import { captureHold, releaseHold } from '../payments/holds.js';
import { debitWallet } from '../payments/ledger.js';
import { queueReceiptMail, sendChargeLink } from './guest-link.js';
import { costOf, pointsFor, withinHold } from './pricing.js';
import { chargeById, type ChargeRow } from './repository.js';

export interface ChargingDeps {
  db: Db;
  pay: PaymentDeps;
  commands: OcppCommands;
  log: FastifyBaseLogger;
  /**
   * OCPP transaction ids of this module's STARTED charges (filled by the start event and every
   * sweep), so meter values of other transactions cost no query.
   */
  running: Set<number>;
}

/** SPEC §9: a charge must start within 30 seconds of payment. */
export const START_WINDOW_MS = 30_000;
/** How long a RemoteStart/RemoteStop may wait for the charger's answer. */
const COMMAND_TIMEOUT_MS = 15_000;
/**
 * A settlement claim older than this is taken over. Settling twice at once is harmless
 * (captureHold acts once, the final write is conditional), so the claim only spares duplicate
 * work; a process killed mid-settlement must not hold the charge up for long.
 */
export const SETTLE_CLAIM_STALE_MS = 30_000;

export const holdCause = (chargeId: number) => `charge:${chargeId}`;

async function connectorOf(db: Db, chargerId: number) {
  const [c] = await db
    .select({ chargePointId: chargers.chargePointId, connectorId: chargers.connectorId })
    .from(chargers)
    .where(eq(chargers.id, chargerId));
  return c!;
}

/**
 * A charge that never ran ends: FINISHED with a reason, its hold released. Only from NEW,
 * RESERVED or STARTING (the UPDATE is the claim). A card hold still pending at SimplePay is
 * released by the sweeper if it is authorized later.
 */
export async function endUnstarted(
  deps: ChargingDeps,
  chargeId: number,
  reason: string,
): Promise<boolean> {
  const [ended] = await deps.db
    .update(charges)
    .set({ status: 'FINISHED', endReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(charges.id, chargeId),
        inArray(charges.status, ['NEW', 'RESERVED', 'STARTING']),
        isNull(charges.ocppTransactionId),
      ),
    )
    .returning({ id: charges.id });
  if (ended) await releaseHold(deps.pay, holdCause(chargeId));
  return ended !== undefined;
}

/** Money is in place (hold authorized, wallet held, or free): NEW → RESERVED, then remote start. */
export async function onMoneyReady(deps: ChargingDeps, chargeId: number): Promise<void> {
  const [reserved] = await deps.db
    .update(charges)
    .set({
      status: 'RESERVED',
      startDeadline: new Date(Date.now() + START_WINDOW_MS),
      paymentDeadline: null,
      updatedAt: new Date(),
    })
    .where(and(eq(charges.id, chargeId), eq(charges.status, 'NEW')))
    .returning();
  if (!reserved) return;
  // A guest gets the link back to the charge now (a lost mail must not keep the car waiting).
  await sendChargeLink(deps.db, deps.pay.config.publicUrl, reserved).catch((err: unknown) =>
    deps.log.error({ err, chargeId }, 'guest charge link not queued'),
  );
  await sendRemoteStart(deps, reserved);
}

/** RemoteStartTransaction, sent once per charge (claimed by remoteStartSentAt). */
export async function sendRemoteStart(deps: ChargingDeps, charge: ChargeRow): Promise<void> {
  const [claimed] = await deps.db
    .update(charges)
    .set({ remoteStartSentAt: new Date() })
    .where(
      and(
        eq(charges.id, charge.id),
        eq(charges.status, 'RESERVED'),
        isNull(charges.remoteStartSentAt),
      ),
    )
    .returning({ id: charges.id });
  if (!claimed) return;
  const { chargePointId, connectorId } = await connectorOf(deps.db, charge.chargerId);
  let accepted = false;
  try {
    const answer = await deps.commands.remoteStartTransaction(
      chargePointId,
      connectorId,
      charge.idTag,
      { timeoutMs: COMMAND_TIMEOUT_MS },
    );
    accepted = answer.status === 'Accepted';
  } catch (err) {
    deps.log.warn({ err, chargeId: charge.id }, 'remote start failed');
  }
  if (!accepted) {
    await endUnstarted(deps, charge.id, 'startRejected');
    return;
  }
  await deps.db
    .update(charges)
    .set({ status: 'STARTING', updatedAt: new Date() })
    .where(and(eq(charges.id, charge.id), eq(charges.status, 'RESERVED')));
}

/** The charger's StartTransaction for our idTag: STARTING (or RESERVED) → STARTED. */
export async function onTransactionStarted(
  deps: ChargingDeps,
  e: { transactionId: number; idTag: string; timestamp: Date },
): Promise<void> {
  const charge = await chargeByIdTag(deps.db, e.idTag);
  if (!charge) return;
  const startTime = Number.isNaN(e.timestamp.getTime()) ? new Date() : e.timestamp;
  const [started] = await deps.db
    .update(charges)
    .set({
      status: 'STARTED',
      ocppTransactionId: e.transactionId,
      startTime,
      startDeadline: null,
      autoStopAt:
        charge.bookedMinutes !== null
          ? new Date(startTime.getTime() + charge.bookedMinutes * 60_000)
          : null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(charges.id, charge.id),
        inArray(charges.status, ['RESERVED', 'STARTING']),
        isNull(charges.ocppTransactionId),
      ),
    )
    .returning({ id: charges.id });
  if (started) deps.running.add(e.transactionId);
}

async function chargeByIdTag(db: Db, idTag: string) {
  const [row] = await db.select().from(charges).where(eq(charges.idTag, idTag));
  return row ?? null;
}

/** Whether the booked energy, amount or time is used up (from the charger's meter values). */
export function limitReached(charge: ChargeRow, energyWh: number, at: Date): boolean {
  if (charge.bookedEnergyWh !== null && energyWh >= charge.bookedEnergyWh) return true;
  if (charge.bookedAmount !== null) {
    const { priceOfCharging } = costOf(energyWh, 0, charge);
    if (priceOfCharging >= charge.bookedAmount) return true;
  }
  return charge.autoStopAt !== null && at.getTime() >= charge.autoStopAt.getTime();
}

/** A meter reading: stop automatically when the booking is used up. */
export async function onMeterValues(
  deps: ChargingDeps,
  e: { transactionId: number; energyWh: number | null; timestamp: Date },
): Promise<void> {
  if (e.energyWh === null || !deps.running.has(e.transactionId)) return;
  const [charge] = await deps.db
    .select()
    .from(charges)
    .where(and(eq(charges.ocppTransactionId, e.transactionId), eq(charges.status, 'STARTED')));
  if (!charge) {
    deps.running.delete(e.transactionId);
    return;
  }
  if (!limitReached(charge, e.energyWh, e.timestamp)) return;
  await requestStop(deps, charge, 'limit').catch((err: unknown) =>
    deps.log.warn({ err, chargeId: charge.id }, 'automatic stop failed; the sweeper retries'),
  );
}

/**
 * Stops a charge: one that has not started yet simply ends (hold released); a running one is
 * marked FINISHING and the charger gets RemoteStopTransaction. Billing waits for the charger's
 * StopTransaction. An automatic stop is sent once (the STARTED → FINISHING claim); the driver's
 * request and the sweeper's resend always go out. Throws the command's error.
 */
export async function requestStop(
  deps: ChargingDeps,
  charge: ChargeRow,
  reason: 'user' | 'limit' | 'resend' | 'carLeft',
): Promise<void> {
  if (charge.ocppTransactionId === null) {
    await endUnstarted(deps, charge.id, reason === 'user' ? 'stoppedBeforeStart' : 'limit');
    return;
  }
  const [claimed] = await deps.db
    .update(charges)
    .set({ status: 'FINISHING', stopRequestedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(charges.id, charge.id), eq(charges.status, 'STARTED')))
    .returning({ id: charges.id });
  if (!claimed && (reason === 'limit' || reason === 'carLeft')) return;
  if (!claimed) {
    // stopRequestedAt keeps the first request (the unconfirmed-stop clock); updatedAt paces resends.
    await deps.db
      .update(charges)
      .set({ updatedAt: new Date() })
      .where(and(eq(charges.id, charge.id), eq(charges.status, 'FINISHING')));
  }
  const { chargePointId } = await connectorOf(deps.db, charge.chargerId);
  const answer = await deps.commands.remoteStopTransaction(
    chargePointId,
    charge.ocppTransactionId,
    { timeoutMs: COMMAND_TIMEOUT_MS },
  );
  if (answer.status === 'Rejected') await onStopRejected(deps, charge.id);
}

/**
 * The charger refused to stop our transaction. If it no longer has it — it rebooted since the
 * start (OCPP TC_032) or its connector is free — no StopTransaction will come: the charge is
 * closed at once on the last meter value the charger sent and settled (the rest of the hold
 * released), and the driver is told. Otherwise the stop is resent as usual.
 */
export async function onStopRejected(deps: ChargingDeps, chargeId: number): Promise<void> {
  const [row] = await deps.db
    .select({
      charge: charges,
      tx: ocppTransactions,
      connector: chargers.status,
      bootAt: chargePoints.lastBootAt,
    })
    .from(charges)
    .innerJoin(ocppTransactions, eq(ocppTransactions.id, charges.ocppTransactionId))
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .where(eq(charges.id, chargeId));
  if (!row || row.charge.status !== 'FINISHING' || row.charge.endTime || row.tx.stoppedAt) return;
  const rebooted = row.bootAt !== null && row.bootAt.getTime() > row.tx.createdAt.getTime();
  const free = !['OCCUPIED', 'FINISHING', 'UNKNOWN'].includes(row.connector);
  if (!rebooted && !free) return;
  deps.log.warn({ chargeId, rebooted, connector: row.connector }, 'charger lost the transaction');
  await closeUnconfirmed(deps, row.charge, row.tx, 'chargerLostTransaction');
}

/**
 * The charger's StopTransaction is in (event or sweeper): the energy is fixed from its meter
 * (meterStop − meterStart). With parking billed, the charge waits in FINISHING for the car to
 * leave; otherwise it is settled now.
 */
export async function onTransactionStopped(
  deps: ChargingDeps,
  transactionId: number,
): Promise<void> {
  const [tx] = await deps.db
    .select()
    .from(ocppTransactions)
    .where(eq(ocppTransactions.id, transactionId));
  if (!tx?.stoppedAt) return;
  const energyWh = Math.max(0, (tx.meterStopWh ?? tx.meterStartWh) - tx.meterStartWh);
  const [charge] = await deps.db
    .update(charges)
    .set({
      status: 'FINISHING',
      endTime: tx.stoppedAt,
      energyWh,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(charges.ocppTransactionId, transactionId),
        inArray(charges.status, ['STARTED', 'FINISHING']),
        isNull(charges.endTime),
      ),
    )
    .returning();
  const current = charge ?? (await chargeByTransaction(deps.db, transactionId));
  if (!current || current.status !== 'FINISHING' || current.endTime === null) return;
  await settleIfDone(deps, current);
}

async function chargeByTransaction(db: Db, transactionId: number) {
  const [row] = await db.select().from(charges).where(eq(charges.ocppTransactionId, transactionId));
  return row ?? null;
}

/**
 * Parking is billed from the charge's end (charger's clock) until the car leaves: the connector
 * leaves Finishing and its StatusNotification timestamp is the end. While the car stays, the
 * charge waits in FINISHING; once the fee would use up the hold it stops counting, and the time
 * waited (since the StopTransaction arrived) is billed on the charger's timeline.
 */
async function parkingState(
  db: Db,
  charge: ChargeRow,
): Promise<{ waiting: boolean; until: Date | null }> {
  if (!charge.parkingEnabled || (charge.energyWh ?? 0) <= 0 || charge.endTime === null)
    return { waiting: false, until: null };
  if (charge.unpluggedAt) return { waiting: false, until: charge.unpluggedAt };
  const [c] = await db
    .select({ status: chargers.status })
    .from(chargers)
    .where(eq(chargers.id, charge.chargerId));
  // Gone without a time we can trust (its unplug report was missed): no parking is billed.
  // (An unplug reported before the stop message is in unpluggedAt: onConnectorFreed.)
  if (!c || (c.status !== 'FINISHING' && c.status !== 'OCCUPIED'))
    return { waiting: false, until: null };
  const [tx] = await db
    .select({ stopReceivedAt: ocppTransactions.updatedAt })
    .from(ocppTransactions)
    .where(eq(ocppTransactions.id, charge.ocppTransactionId!));
  const waitedMs = Math.max(0, Date.now() - (tx?.stopReceivedAt.getTime() ?? Date.now()));
  const cost = costOf(charge.energyWh ?? 0, waitedMs / 60_000, charge);
  if (cost.grossPrice < charge.holdAmount) return { waiting: true, until: null };
  return { waiting: false, until: new Date(charge.endTime.getTime() + waitedMs) };
}

/** Reports in which a car is at the connector. */
const CAR_PRESENT = new Set(['Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing']);

/** The connector left Finishing (car unplugged): parking time ends, the charge is settled. */
export async function onConnectorFreed(
  deps: ChargingDeps,
  e: {
    chargePointId: string;
    connectorId: number;
    status: string;
    timestamp: Date;
    previousOcppStatus: string | null;
  },
): Promise<void> {
  const onThisConnector = sql`${charges.chargerId} = (select id from chargers where charge_point_id = ${e.chargePointId} and connector_id = ${e.connectorId})`;
  if (e.previousOcppStatus === null || !CAR_PRESENT.has(e.previousOcppStatus)) {
    // Not a change we saw happen (the first report after a reconnect or our restart): the car
    // left at a time nobody knows, so no parking is billed.
    const gone = await deps.db
      .update(charges)
      .set({ unpluggedAt: sql`${charges.endTime}` })
      .where(
        and(
          eq(charges.status, 'FINISHING'),
          isNull(charges.unpluggedAt),
          sql`${charges.endTime} is not null`,
          onThisConnector,
        ),
      )
      .returning({ id: charges.id });
    for (const r of gone) await settle(deps, r.id);
    return;
  }
  const rows = await deps.db
    .update(charges)
    .set({ unpluggedAt: e.timestamp })
    .where(
      and(
        eq(charges.status, 'FINISHING'),
        isNull(charges.unpluggedAt),
        sql`${charges.endTime} is not null`,
        onThisConnector,
      ),
    )
    .returning({ id: charges.id });
  for (const r of rows) await settle(deps, r.id);
  if (e.status !== 'AVAILABLE') return;
  // The car left before the charger's StopTransaction arrived (a stop message queued while the
  // charger was offline, say): the time is kept, and the stop bills parking up to it.
  // (A stop asked for in the app is FINISHING without an end time until then.)
  await deps.db
    .update(charges)
    .set({ unpluggedAt: e.timestamp })
    .where(
      and(
        inArray(charges.status, ['STARTED', 'FINISHING']),
        isNull(charges.unpluggedAt),
        isNull(charges.endTime),
        // A report older than the charge itself (a replayed queue) says nothing about it.
        sql`${charges.startTime} <= ${e.timestamp.toISOString()}::timestamptz`,
        onThisConnector,
      ),
    );
}

/** A FINISHING charge whose transaction ended: settled now unless the car is still parked. */
export async function settleIfDone(deps: ChargingDeps, charge: ChargeRow): Promise<void> {
  const parking = await parkingState(deps.db, charge);
  if (parking.waiting) return;
  if (parking.until && !charge.unpluggedAt) {
    await deps.db
      .update(charges)
      .set({ unpluggedAt: parking.until })
      .where(and(eq(charges.id, charge.id), isNull(charges.unpluggedAt)));
  }
  await settle(deps, charge.id);
}

/**
 * Bills a finished charge exactly once: the hold is captured to the cost (the rest released;
 * captureHold acts once per hold), then one transaction writes FINISHED, the receipt (unique per
 * charge), any wallet amount above the hold and the points — conditional on the charge not being
 * FINISHED yet, so a replay, a second replica or the sweeper changes nothing.
 */
export async function settle(deps: ChargingDeps, chargeId: number): Promise<void> {
  const [charge] = await deps.db
    .update(charges)
    .set({ settleClaimedAt: new Date() })
    .where(
      and(
        eq(charges.id, chargeId),
        eq(charges.status, 'FINISHING'),
        sql`${charges.endTime} is not null`,
        sql`(${charges.settleClaimedAt} is null or ${charges.settleClaimedAt} < now() - make_interval(secs => ${SETTLE_CLAIM_STALE_MS / 1000}))`,
      ),
    )
    .returning();
  if (!charge) return;
  const energyWh = charge.energyWh ?? 0;
  const parkingMinutes =
    charge.parkingEnabled && charge.unpluggedAt && charge.endTime
      ? Math.max(0, (charge.unpluggedAt.getTime() - charge.endTime.getTime()) / 60_000)
      : 0;
  const cost = withinHold(costOf(energyWh, parkingMinutes, charge), charge.holdAmount);
  const cause = holdCause(charge.id);

  const hold = await captureHold(deps.pay, cause, cost.grossPrice);
  if (hold && hold.status !== 'captured' && hold.status !== 'released') {
    // A card finish in flight (or a hold never authorized): the claim lapses and it is retried.
    deps.log.warn({ chargeId, hold: hold.status }, 'charge capture not complete yet');
    return;
  }
  const captured = hold?.capturedAmount ?? 0;
  const overage = cost.grossPrice - captured;
  const walletPays = hold?.method === 'wallet' && overage > 0;
  const paid = walletPays ? cost.grossPrice : captured;
  const points = pointsFor(paid);

  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(charges)
      .set({
        status: 'FINISHED',
        priceOfCharging: cost.priceOfCharging,
        parkingPrice: cost.parkingPrice,
        grossPrice: cost.grossPrice,
        earnedPoints: points,
        endReason: charge.endReason ?? 'finished',
        settleClaimedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(charges.id, charge.id), eq(charges.status, 'FINISHING')))
      .returning({ id: charges.id });
    if (!done) return;
    if (cost.grossPrice <= 0) return;
    const [receipt] = await tx
      .insert(chargeReceipts)
      .values({
        userId: charge.userId,
        chargeId: charge.id,
        energyWh,
        grossPrice: cost.grossPrice,
        paidAmount: paid,
        paidAt: paid >= cost.grossPrice ? new Date() : null,
      })
      .returning();
    // A guest's receipt goes by e-mail, in this transaction: exactly once with the receipt.
    await queueReceiptMail(tx, deps.pay.config.publicUrl, charge, receipt!, cost);
    if (walletPays) {
      // Metered above the hold (the charger stops a moment after the limit): the wallet pays it
      // and may go negative, which blocks the next start (NEGATIVE_WALLET).
      await debitWallet(
        tx,
        { userId: charge.userId, amount: overage, kind: 'debit', cause },
        -1_000_000,
      );
    }
    if (points > 0) {
      await tx
        .insert(pointsLedger)
        .values({
          userId: charge.userId,
          amount: points,
          cause,
          reason: 'CHARGE',
          chargeId: charge.id,
        })
        .onConflictDoNothing();
    }
  });
}

/**
 * A stop the charger never confirmed (no StopTransaction long after RemoteStop, e.g. a charger
 * gone for good), or a transaction the charger lost: the charge is closed on the last meter
 * value the charger sent and its timestamp — never more than the evidence — without parking,
 * and the driver gets a mail saying so (in the same database transaction, so once). A
 * StopTransaction arriving later changes nothing.
 */
export async function closeUnconfirmed(
  deps: ChargingDeps,
  charge: ChargeRow,
  tx: typeof ocppTransactions.$inferSelect,
  reason: 'stopNotConfirmed' | 'chargerLostTransaction' = 'stopNotConfirmed',
): Promise<void> {
  const energyWh = tx.lastMeterWh !== null ? Math.max(0, tx.lastMeterWh - tx.meterStartWh) : 0;
  const endTime = tx.lastMeterAt ?? charge.startTime ?? new Date();
  const closed = await deps.db.transaction(async (t) => {
    const [row] = await t
      .update(charges)
      .set({ endTime, unpluggedAt: endTime, energyWh, endReason: reason, updatedAt: new Date() })
      .where(
        and(eq(charges.id, charge.id), eq(charges.status, 'FINISHING'), isNull(charges.endTime)),
      )
      .returning();
    if (!row) return false;
    const [driver] = await t
      .select({ email: users.email, lang: users.preferredLanguage })
      .from(users)
      .where(eq(users.id, row.userId));
    if (driver) {
      const cost = withinHold(costOf(energyWh, 0, row), row.holdAmount);
      await queueMail(t, driver.email, driver.lang === 'en' ? 'en' : 'hu', {
        template: 'chargeClosed',
        reason,
        energyWh,
        grossPrice: cost.grossPrice,
        link: `${deps.pay.config.publicUrl}/charge-history`,
      });
    }
    return true;
  });
  if (closed) await settle(deps, charge.id);
}

/** Holds of charges that ended without running but were authorized late: released. */
export async function releaseOrphanHolds(deps: ChargingDeps): Promise<void> {
  const rows = await deps.db
    .select({ cause: moneyHolds.cause })
    .from(moneyHolds)
    .innerJoin(charges, sql`${charges.id} = split_part(${moneyHolds.cause}, ':', 2)::int`)
    .where(
      and(
        eq(moneyHolds.status, 'held'),
        sql`${moneyHolds.cause} like 'charge:%'`,
        eq(charges.status, 'FINISHED'),
        isNull(charges.ocppTransactionId),
      ),
    )
    .limit(50);
  for (const r of rows) await releaseHold(deps.pay, r.cause);
}

/** A NEW card charge whose payment failed may get a new payment until its payment window ends. */
export function mayPayAgain(charge: ChargeRow, now = Date.now()): boolean {
  return (
    charge.status === 'NEW' &&
    charge.paymentMethod === 'card' &&
    charge.paymentDeadline !== null &&
    charge.paymentDeadline.getTime() > now
  );
}

/** A charge's card hold was settled by SimplePay: start it, end it, or give back a late one. */
export async function onChargePaymentSettled(deps: ChargingDeps, chargeId: number) {
  const [hold] = await deps.db
    .select({ status: moneyHolds.status })
    .from(moneyHolds)
    .where(eq(moneyHolds.cause, holdCause(chargeId)));
  if (hold?.status === 'failed') {
    // Declined or cancelled: the driver may pay again (v1/charger/charge-payment) while the
    // payment window lasts; the sweeper ends the charge at its deadline.
    const charge = await chargeById(deps.db, chargeId);
    if (!charge || !mayPayAgain(charge)) await endUnstarted(deps, chargeId, 'paymentFailed');
    return;
  }
  if (hold?.status !== 'held') return;
  await onMoneyReady(deps, chargeId);
  const charge = await chargeById(deps.db, chargeId);
  if (charge?.status === 'FINISHED' && charge.ocppTransactionId === null)
    await releaseHold(deps.pay, holdCause(chargeId));
}

export { chargeById };
