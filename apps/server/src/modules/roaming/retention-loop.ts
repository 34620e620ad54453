import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../index.js';
import { startBackgroundLoop, type BackgroundLoop } from '../../core/background-loop.js';
import { sweepRoamingRetention } from './retention.js';

/** A sweep an hour on each replica: cheap when nothing expired (an index probe per table). */
const SWEEP_EVERY_MS = 3_600_000;
/** The first sweep waits until the server has settled after its start. */
const FIRST_SWEEP_AFTER_MS = 60_000;

/**
 * The retention of roaming records (decision 0046), on every replica: sweeps are idempotent
 * and skip rows another one is deleting. Started when the server listens, stopped (ending a
 * sweep under way after its current batch) before it closes.
 */
export function registerRoamingRetention(app: FastifyInstance, deps: ModuleDeps): void {
  let loop: BackgroundLoop | null = null;
  let first: NodeJS.Timeout | null = null;
  app.addHook('onListen', async () => {
    const current: BackgroundLoop = startBackgroundLoop(
      async () => {
        const deleted = await sweepRoamingRetention(
          deps.db,
          { callLogDays: deps.config.roaming.callLogRetentionDays },
          () => current.stopped,
        );
        if (Object.values(deleted).some((n) => n > 0)) {
          app.log.info({ deleted }, 'roaming retention sweep');
        }
      },
      { log: app.log, what: 'roaming retention sweep', intervalMs: SWEEP_EVERY_MS },
    );
    loop = current;
    first = setTimeout(() => current.wake(), FIRST_SWEEP_AFTER_MS);
    first.unref();
  });
  app.addHook('preClose', async () => {
    if (first) clearTimeout(first);
    await loop?.stop();
    loop = null;
  });
}
