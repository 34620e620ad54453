import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  chargeReceipts,
  chargers,
  charges,
  moneyHolds,
  ocppTransactions,
  payments,
} from '../../db/schema/index.js';
import {
  closeUnconfirmed,
  endUnstarted,
  limitReached,
  mayPayAgain,
  onMoneyReady,
  onTransactionStarted,
  onTransactionStopped,
  releaseOrphanHolds,
  requestStop,
  sendRemoteStart,
  SETTLE_CLAIM_STALE_MS,
  settleIfDone,
  type ChargingDeps,
} from './lifecycle.js';
import { markReceiptPaid } from './receipts.js';

/** How often the durable timers are checked. */
export const SWEEP_EVERY_MS = 5_000;
/** After this long without the charger's StopTransaction a stopped charge is closed on its last meter value. */
export const UNCONFIRMED_STOP_MS = 6 * 3_600_000;
/** Rounds between the slow checks (about a minute). */
const SLOW_EVERY = 12;
/** A RemoteStop without a StopTransaction is sent again after this long. */
const STOP_RESEND_MS = 60_000;

/**
 * The durable side of charging, run at start-up and every few seconds on every replica (each
 * step is a conditional UPDATE, so replicas and events racing it act once): payment and start
 * windows, starts and stops whose events were missed (e.g. during a restart), automatic stops,
 * settlements, and holds authorized after their charge ended.
 */
export async function sweep(
  deps: ChargingDeps,
  opts: { slow: boolean } = { slow: true },
): Promise<void> {
  const open = await deps.db
    .select({
      charge: charges,
      hold: moneyHolds.status,
      tx: ocppTransactions,
      connector: chargers.status,
      connectorSince: chargers.statusChangedAt,
    })
    .from(charges)
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .leftJoin(moneyHolds, sql`${moneyHolds.cause} = 'charge:' || ${charges.id}`)
    .leftJoin(
      ocppTransactions,
      // Found by the (charge point, connector, idTag) prefix of the transactions' unique index.
      sql`${ocppTransactions.id} = coalesce(${charges.ocppTransactionId}, (select max(t.id) from ocpp_transactions t join chargers ch on ch.id = ${charges.chargerId} where t.charge_point_id = ch.charge_point_id and t.connector_id = ch.connector_id and t.id_tag = ${charges.idTag}))`,
    )
    .where(ne(charges.status, 'FINISHED'))
    // Charges with a payment or start deadline first (they are few and short-lived), then the
    // least recently touched, so a backlog is worked through in turn.
    .orderBy(
      sql`case when ${charges.status} in ('NEW', 'RESERVED', 'STARTING') then 0 else 1 end`,
      asc(charges.updatedAt),
    )
    .limit(2000);
  const now = Date.now();
  // Every running transaction, not only those of this page: meter values of the others would
  // be ignored (no limit stop) until their turn came.
  const running = await deps.db
    .select({ tx: charges.ocppTransactionId })
    .from(charges)
    .where(and(eq(charges.status, 'STARTED'), isNotNull(charges.ocppTransactionId)));
  deps.running.clear();
  for (const r of running) deps.running.add(r.tx!);
  for (const { charge: c, hold, tx, connector, connectorSince } of open) {
    try {
      switch (c.status) {
        case 'NEW':
          if (hold === 'held') await onMoneyReady(deps, c.id);
          else if (hold === 'failed' && !mayPayAgain(c, now))
            await endUnstarted(deps, c.id, 'paymentFailed');
          else if (c.paymentDeadline && c.paymentDeadline.getTime() <= now)
            await endUnstarted(deps, c.id, 'paymentTimeout');
          break;
        case 'RESERVED':
        case 'STARTING':
          if (tx) {
            await onTransactionStarted(deps, txEvent(tx));
            if (tx.stoppedAt) await onTransactionStopped(deps, tx.id);
          } else if (c.startDeadline && c.startDeadline.getTime() <= now) {
            await endUnstarted(deps, c.id, 'startTimeout');
          } else if (c.status === 'RESERVED' && !c.remoteStartSentAt) {
            await sendRemoteStart(deps, c);
          }
          break;
        case 'STARTED':
        case 'FINISHING':
          if (tx?.stoppedAt) {
            if (c.endTime === null) await onTransactionStopped(deps, tx.id);
            else if (
              c.settleClaimedAt === null ||
              now - c.settleClaimedAt.getTime() > SETTLE_CLAIM_STALE_MS
            )
              await settleIfDone(deps, c);
          } else if (
            tx &&
            c.status === 'FINISHING' &&
            c.stopRequestedAt &&
            now - c.stopRequestedAt.getTime() > UNCONFIRMED_STOP_MS
          ) {
            await closeUnconfirmed(deps, c, tx);
          } else if (
            tx &&
            c.status === 'STARTED' &&
            connector === 'AVAILABLE' &&
            connectorSince.getTime() > tx.createdAt.getTime() &&
            now - connectorSince.getTime() > STOP_RESEND_MS
          ) {
            // The car is gone but no StopTransaction followed (a charger that lost the
            // transaction in a reboot says so by refusing the stop).
            await requestStop(deps, c, 'carLeft');
          } else if (
            c.status === 'STARTED'
              ? limitReached(c, energyOf(tx), new Date())
              : c.stopRequestedAt && now - c.updatedAt.getTime() > STOP_RESEND_MS
          ) {
            await requestStop(deps, c, c.status === 'STARTED' ? 'limit' : 'resend');
          }
          break;
      }
    } catch (err) {
      deps.log.warn({ err, chargeId: c.id }, 'charging sweep step failed');
    }
  }
  if (opts.slow) {
    await releaseOrphanHolds(deps);
    await markPaidReceipts(deps);
  }
}

function txEvent(tx: typeof ocppTransactions.$inferSelect) {
  return { transactionId: tx.id, idTag: tx.idTag, timestamp: tx.startedAt };
}

const energyOf = (tx: typeof ocppTransactions.$inferSelect | null) =>
  tx?.lastMeterWh != null ? Math.max(0, tx.lastMeterWh - tx.meterStartWh) : 0;

/** Receipts paid through v1/simplepay/start whose settlement event this process missed. */
async function markPaidReceipts(deps: ChargingDeps) {
  const rows = await deps.db
    .select({ paymentId: payments.id })
    .from(chargeReceipts)
    .innerJoin(
      payments,
      and(
        eq(payments.causeId, chargeReceipts.id),
        eq(payments.purpose, 'receipt'),
        eq(payments.status, 'FINISHED'),
      ),
    )
    .where(isNull(chargeReceipts.paidAt))
    .limit(50);
  for (const r of rows) await markReceiptPaid(deps.db, r.paymentId);
}

/** Runs the sweep now and then every SWEEP_EVERY_MS; returns the stopper. */
export function startSweeper(deps: ChargingDeps): () => void {
  let running = false;
  let round = 0;
  const run = () => {
    if (running) return;
    running = true;
    // Late-authorized holds and paid receipts are handled by the settled event; this safety
    // net for a lost event runs every minute.
    sweep(deps, { slow: round++ % SLOW_EVERY === 0 })
      .catch((err: unknown) => deps.log.error({ err }, 'charging sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
