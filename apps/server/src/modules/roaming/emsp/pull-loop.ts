import { randomUUID } from 'node:crypto';
import {
  claimDuePull,
  ensureSchedules,
  finishPull,
  pullWake,
  releaseClaim,
} from './pull-schedule.js';
import { leaseSeconds, pullClaimedPartner, type PullDeps } from './pull-partner.js';
import { startBackgroundLoop, type BackgroundLoop } from '../../../core/background-loop.js';

/** Partners one round pulls at most (the rest are due still and go next round). */
const MAX_PER_ROUND = 50;

/**
 * One round: every CPO partner whose pull is due, one after another, each claimed first (so
 * any number of loops and replicas pull each partner once). A failed pull is logged and retried
 * a period later; the data held is kept. Returns how many partners were pulled.
 */
export async function runDuePulls(deps: PullDeps): Promise<number> {
  const period = deps.config.roaming.pullMinutes;
  if (period <= 0) return 0;
  await ensureSchedules(deps.db);
  let pulled = 0;
  while (pulled < MAX_PER_ROUND && !deps.stopping?.()) {
    const claimId = randomUUID();
    const row = await claimDuePull(deps.db, claimId, leaseSeconds(deps.config));
    if (!row) break;
    pulled += 1;
    try {
      const r = await pullClaimedPartner(deps, row, claimId);
      if (r.stopped) await releaseClaim(deps.db, row.partnerId, claimId);
      else await finishPull(deps.db, row.partnerId, claimId, period, r);
    } catch (err) {
      deps.log.error({ err, partnerId: row.partnerId }, 'the pull of a roaming partner failed');
      await finishPull(deps.db, row.partnerId, claimId, period, {
        ok: false,
        error: err instanceof Error ? err.message.slice(0, 2000) : String(err),
      }).catch(() => {});
    }
  }
  return pulled;
}

/**
 * The background pulls of this process: a round now, on every wake (a registration) and at
 * least every 30 s (due rows are in the database, so other replicas' registrations and the
 * period are seen). Returns the stop function: it ends the pull after its current page and
 * waits for it, so nothing touches the database after the server closed.
 */
export function startPartnerPulls(deps: Omit<PullDeps, 'stopping'>): () => Promise<void> {
  const period = deps.config.roaming.pullMinutes;
  if (period <= 0) return async () => {};
  const loop: BackgroundLoop = startBackgroundLoop(
    () => runDuePulls({ ...deps, stopping: () => loop.stopped }),
    {
      log: deps.log,
      what: 'roaming pull round',
      intervalMs: Math.min(30_000, period * 60_000),
      runNow: true,
    },
  );
  const wake = () => loop.wake();
  pullWake.on('wake', wake);
  return async () => {
    pullWake.off('wake', wake);
    await loop.stop();
  };
}
