import type { AuthUser } from '../auth/sessions.js';
import type { CanStop, ParkingLive } from '../realtime/parking-live.js';
import type { ParkingDeps } from './deps.js';
import { noCurrentParking } from './errors.js';
import { openSessionGate, sessionCanOpen } from './gate-flow.js';
import { openSurchargeGate, surchargeCanOpen } from './surcharge.js';
import { surchargeOf, surchargeOfRound, toSurcharge } from './surcharge-repository.js';
import {
  chargeRunsAtLot,
  currentParkingView,
  type CurrentView,
  openSessionOf,
  type ParkingSessionRow,
} from './session-repository.js';

/**
 * The user's current parking, when it is the one asked about (an id of someone else's session,
 * or of a finished one, is simply not theirs now).
 */
async function current(deps: ParkingDeps, user: AuthUser, id: number | undefined) {
  const s = await openSessionOf(deps.db, user.id);
  if (!s || (id !== undefined && s.id !== id)) return null;
  return s;
}

/** SPEC can-stop: STARTED, no payment under way (a failed one may be retried), no charge running at the lot. */
export async function sessionCanStop(deps: ParkingDeps, s: ParkingSessionRow): Promise<CanStop> {
  const no = (reason: CanStop['reason']): CanStop => ({
    canStop: false,
    parkingSessionId: s.id,
    ...(reason ? { reason } : {}),
  });
  if (s.status !== 'STARTED') return no(undefined);
  // An overstay round with a surcharge started is paid as the surcharge (decision 0019).
  if (await surchargeOfRound(deps.db, s)) return no('SURCHARGE');
  if (s.paymentStartedAt !== null && !s.paymentFailed) return no('PAYMENT_UNDER_WAY');
  if (await chargeRunsAtLot(deps.db, s.userId, s.parkingLotId)) return no('CHARGING');
  return { canStop: true, parkingSessionId: s.id };
}

/** The websocket's parking answers (registered with app.realtime.setParkingLive). */
export function parkingLive(deps: ParkingDeps): ParkingLive {
  return {
    async currentSession(user, lang) {
      return (await currentParkingView(deps.db, user.id, lang)).view;
    },
    async canOpen(user, id) {
      const s = await current(deps, user, id);
      if (!s)
        return { canOpen: false, parkingSessionId: null, surchargeId: null, retryInSeconds: null };
      return sessionCanOpen(deps, s);
    },
    async canStop(user, id) {
      const s = await current(deps, user, id);
      return s ? sessionCanStop(deps, s) : { canStop: false, parkingSessionId: null };
    },
    async openGate(user, id) {
      const s = await current(deps, user, id);
      if (!s) throw noCurrentParking();
      return openSessionGate(deps, s);
    },
    async surcharge(user, id, lang) {
      const row = await surchargeOf(deps.db, user.id, id);
      return row ? toSurcharge(deps.db, row, lang) : null;
    },
    canOpenSurcharge: (user, id) => surchargeCanOpen(deps, user, id),
    openGateSurcharge: (user, id) => openSurchargeGate(deps, user, id),
  };
}

/**
 * Pushes the user's /user/parkingSession frame (null: no current parking) in their preferred
 * language, after every change. Pushes for one user go out in order.
 */
export function sessionPublisher(
  db: ParkingDeps['db'],
  send: (userId: number, data: Awaited<ReturnType<ParkingLive['currentSession']>>) => void,
  log: ParkingDeps['log'],
): ParkingDeps['publish'] {
  const chains = new Map<number, Promise<CurrentView | undefined>>();
  return (userId: number) => {
    const previous = chains.get(userId) ?? Promise.resolve(undefined);
    const next = previous
      .then(async () => {
        const current = await currentParkingView(db, userId);
        send(userId, current.view);
        return current;
      })
      .catch((err: unknown) => {
        log.error({ err, userId }, 'parking session push failed');
        return undefined;
      });
    chains.set(userId, next);
    void next.then(() => {
      if (chains.get(userId) === next) chains.delete(userId);
    });
    return next;
  };
}
