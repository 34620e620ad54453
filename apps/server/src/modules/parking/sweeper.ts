import type { ParkingDeps } from './deps.js';
import { replayGateOutcomes, restartOverstays } from './gate-flow.js';
import { settleMissedPayments } from './stop.js';
import { settleMissedSurcharges } from './surcharge.js';

/** How often the durable parking timers are checked. */
export const PARKING_SWEEP_EVERY_MS = 5_000;

/**
 * The durable side of parking, run at start-up and every few seconds on every replica (each
 * step is a conditional UPDATE, so replicas and events racing it act once): gate outcomes and
 * payments whose events a restart lost, and overstays past parkingWillFinishAt.
 */
export async function sweepParking(deps: ParkingDeps, now = new Date()): Promise<void> {
  await replayGateOutcomes(deps);
  await settleMissedPayments(deps);
  await settleMissedSurcharges(deps);
  await restartOverstays(deps, now);
}

export function startParkingSweeper(deps: ParkingDeps): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweepParking(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'parking sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, PARKING_SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
