import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { roamingEmspChargeRequests as R } from '../../../db/schema/index.js';
import { paymentEvents, type PaymentRow } from '../../payments/payments.js';
import { driverSessionEvents } from './driver-sessions-events.js';
import { endRequest, releaseEndedHolds, syncChargeRequests } from './charge-requests-store.js';
import { onRoamingPaymentSettled, payingRound } from './roaming-card-hold.js';
import { markRoamingReceiptPaid } from './roaming-receipt-payment.js';
import type { PartnerChargeDeps } from './send-start-session.js';
import { backToStarted } from './stop-partner-charge.js';

/** How often each server looks at the requests waiting for a result. */
export const CHARGE_REQUESTS_TICK_MS = 2_000;

/** A start the partner ACCEPTED whose Session never came ends after this (it blocks the driver). */
export const ACCEPTED_WITHOUT_SESSION_MINUTES = 15;

/**
 * One round over our drivers' roaming start/stop requests: Sessions and CDRs linked; a command
 * whose result is overdue (`now` past `resultDueAt`) ends — a START as TIMEOUT with the hold
 * given back, a STOP back to STARTED; holds of ended requests a failed release left held are
 * released; requests waiting for their card hold (PAYING, decision 0050) go on or end. Conditional
 * updates: replicas running this at once do each thing once.
 */
export async function chargeRequestsRound(
  deps: PartnerChargeDeps,
  now = new Date(),
): Promise<void> {
  await syncChargeRequests(deps.db);
  await payingRound(deps, now);
  const due = await deps.db
    .select()
    .from(R)
    .where(
      and(isNotNull(R.pendingCommand), lt(R.resultDueAt, sql`${now.toISOString()}::timestamptz`)),
    )
    .limit(50);
  for (const row of due) {
    const message = `no ${row.pendingCommand} result from the partner in time`;
    if (row.pendingCommand === 'START_SESSION')
      await endRequest(deps, row.id, ['REQUESTED'], 'TIMEOUT', message);
    else if (row.pendingCommand === 'STOP_SESSION' && row.resultKey)
      await backToStarted(deps, row.id, row.resultKey, message);
  }
  const stuck = await deps.db
    .select({ id: R.id })
    .from(R)
    .where(
      and(
        eq(R.status, 'ACCEPTED'),
        isNull(R.sessionId),
        lt(
          R.updatedAt,
          sql`${now.toISOString()}::timestamptz - make_interval(mins => ${ACCEPTED_WITHOUT_SESSION_MINUTES})`,
        ),
      ),
    )
    .limit(50);
  for (const row of stuck)
    await endRequest(
      deps,
      row.id,
      ['ACCEPTED'],
      'TIMEOUT',
      'the partner never reported the session',
    );
  await releaseEndedHolds(deps);
}

/** The loop of one server (started onListen, stopped and awaited preClose); also runs right after
 *  a driver's roaming Session changed on this server, so STARTED shows without a wait, and a
 *  roaming card hold SimplePay settled here moves its request on at once (decision 0050). */
export function startChargeRequestsLoop(
  deps: PartnerChargeDeps,
  log: { error(o: object, m: string): void },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = chargeRequestsRound(deps)
      .catch((err: unknown) => log.error({ err }, 'roaming charge requests round failed'))
      .finally(() => {
        running = null;
      });
  };
  const settled = new Set<Promise<void>>();
  const onSettled = (p: PaymentRow) => {
    const job = Promise.all([onRoamingPaymentSettled(deps, p), markRoamingReceiptPaid(deps.db, p)])
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'roaming card hold follow-up failed'))
      .finally(() => settled.delete(job));
    settled.add(job);
  };
  const timer = setInterval(tick, CHARGE_REQUESTS_TICK_MS);
  timer.unref();
  driverSessionEvents.on('changed', tick);
  paymentEvents.on('settled', onSettled);
  return {
    async stop() {
      clearInterval(timer);
      driverSessionEvents.off('changed', tick);
      paymentEvents.off('settled', onSettled);
      await Promise.all([running, ...settled]);
    },
  };
}
