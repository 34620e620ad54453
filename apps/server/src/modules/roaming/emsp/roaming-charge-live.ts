import type { FastifyBaseLogger } from 'fastify';
import type { RoamingCharge } from '@voltpark/contract';
import type { Db } from '../../../db/client.js';
import { currentRoamingCharge } from './driver-charge-view.js';

/**
 * Pushes the driver's roaming charge (null: none), as `roaming/current` answers it, after every
 * change (decision 0056). As parking's sessionPublisher: pushes for one user go out in order,
 * each reading the state as it is then, never a row handed in by the caller.
 */
export function roamingChargePublisher(
  db: Db,
  feePercent: number,
  send: (userId: number, data: RoamingCharge | null) => void,
  log: Pick<FastifyBaseLogger, 'error'>,
): (userId: number) => Promise<void> {
  const chains = new Map<number, Promise<void>>();
  return (userId) => {
    const previous = chains.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => send(userId, await currentRoamingCharge(db, userId, feePercent, false)))
      .catch((err: unknown) => log.error({ err, userId }, 'roaming charge push failed'));
    chains.set(userId, next);
    void next.then(() => {
      if (chains.get(userId) === next) chains.delete(userId);
    });
    return next;
  };
}
