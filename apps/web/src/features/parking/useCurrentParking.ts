import { wsTimers } from '@voltpark/contract';
import { useSession } from '@/shared/session';
import { liveIdentity, parkingLive, useParkingLive, type ParkingLiveState } from './parkingLive';

/**
 * The signed-in (or guest) user's current parking, live over /ws. `onHistory` asks for the
 * session 10 times instead of 30 (SPEC §4).
 */
export function useCurrentParking(onHistory = false): ParkingLiveState & { active: boolean } {
  const session = useSession();
  const identity = session.loggedIn ? liveIdentity() : null;
  const state = useParkingLive(
    identity,
    onHistory ? wsTimers.sessionRetriesOnHistory : wsTimers.sessionRetries,
    parkingLive,
  );
  return { ...state, active: identity !== null };
}
