import { useEffect } from 'react';
import type { Surcharge } from '@voltpark/contract';
import { useSession } from '@/shared/session';
import {
  liveIdentity,
  parkingLive,
  useParkingLive,
  type CanOpen,
  type ParkingLive,
  type ParkingLiveState,
} from '../parkingLive';
import { markPaymentPageOpened, paymentPageToOpen } from './surchargeMemory';

export interface SurchargeLive {
  /** undefined: not known yet; null: none (or not this user's). */
  surcharge: Surcharge | null | undefined;
  canOpen: CanOpen | null;
  error: ParkingLiveState['error'];
}

/**
 * A surcharge, live over the page's /ws socket (SPEC §4 Surcharge status): asked for with
 * getParkingSurcharge (every 1 s until it arrives), then followed by /user/parkingSurcharge.
 * `answered` is a call's answer, shown until the socket brings that surcharge.
 */
export function useSurcharge(
  id: number | null,
  answered: Surcharge | null = null,
  live: ParkingLive = parkingLive,
): SurchargeLive {
  const session = useSession();
  const identity = session.loggedIn ? liveIdentity() : null;
  const state = useParkingLive(identity, undefined, live);
  useEffect(() => {
    if (id === null || !identity) return;
    return live.refreshSurcharge(id);
  }, [id, identity, live]);
  const fromSocket = state.surcharge && state.surcharge.id === id ? state.surcharge : undefined;
  const surcharge =
    fromSocket ??
    (answered && answered.id === id
      ? answered
      : state.surcharge === null || !identity
        ? null
        : undefined);
  return { surcharge: id === null ? null : surcharge, canOpen: state.canOpen, error: state.error };
}

/** SPEC §4: when a payment URL appears, the browser jumps to it once. */
export function useJumpToPaymentPage(s: Surcharge | null | undefined): void {
  const url = paymentPageToOpen(s);
  useEffect(() => {
    if (!url) return;
    markPaymentPageOpened(url);
    globalThis.location.assign(url);
  }, [url]);
}
