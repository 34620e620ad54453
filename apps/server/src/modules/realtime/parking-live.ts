import type { Lang, ParkingSession, Surcharge, WsServerFrameOf } from '@voltpark/contract';
import { ApiError } from '../../core/errors.js';
import type { AuthUser } from '../auth/sessions.js';

export type CanOpen = WsServerFrameOf<'/can/open'>['data'];
export type CanStop = WsServerFrameOf<'/can/stop'>['data'];

/**
 * What the websocket's parking commands ask (SPEC §7 "Websocket"). The parking module implements
 * it and registers it with `app.realtime.setParkingLive`; every call is for the authenticated
 * user and must only ever see that user's sessions and surcharges. A refusal the driver should
 * read is thrown as an ApiError (its message is translated into the socket's language and sent
 * as /user/error).
 */
export interface ParkingLive {
  /** The user's current parking (STARTING, STARTED, FINISHING), or null. */
  currentSession(user: AuthUser, lang: Lang): Promise<ParkingSession | null>;
  canOpen(user: AuthUser, parkingSessionId: number | undefined): Promise<CanOpen>;
  canStop(user: AuthUser, parkingSessionId: number | undefined): Promise<CanStop>;
  /** Opens the gate the current parking needs; answers the can-open state after the request. */
  openGate(user: AuthUser, parkingSessionId: number | undefined): Promise<CanOpen>;
  /** The user's surcharge, or null when it is not theirs or does not exist. */
  surcharge(user: AuthUser, surchargeId: number, lang: Lang): Promise<Surcharge | null>;
  canOpenSurcharge(user: AuthUser, surchargeId: number): Promise<CanOpen>;
  openGateSurcharge(user: AuthUser, surchargeId: number): Promise<CanOpen>;
}

const noParking = () =>
  new ApiError(409, 'parking.noCurrentParking', { responseCode: 'NO_PARKING' });
const noSurcharge = () => new ApiError(404, 'surcharge.notFound', { responseCode: 'NOT_FOUND' });

/**
 * Until the parking module registers its own: the database has no parking sessions and no
 * surcharges yet, so nobody has a current parking, nothing can open and nothing can stop.
 */
export const noParkingYet: ParkingLive = {
  currentSession: () => Promise.resolve(null),
  canOpen: () =>
    Promise.resolve({
      canOpen: false,
      parkingSessionId: null,
      surchargeId: null,
      retryInSeconds: null,
    }),
  canStop: () => Promise.resolve({ canStop: false, parkingSessionId: null }),
  openGate: () => Promise.reject(noParking()),
  surcharge: () => Promise.reject(noSurcharge()),
  canOpenSurcharge: () => Promise.reject(noSurcharge()),
  openGateSurcharge: () => Promise.reject(noSurcharge()),
};
