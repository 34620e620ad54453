import type { WsServerFrame } from '@voltpark/contract';

type Listener = (frame: WsServerFrame) => void;
const listeners = new Set<Listener>();

/**
 * Every frame the page's one live socket receives, for features other than the one holding the
 * socket (the parking's ParkingLive): e.g. the roaming charge's `/user/roamingCharge` (decision
 * 0056). Returns the unsubscribe.
 */
export function onLiveFrame(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the socket's holder for each frame it receives. */
export function publishLiveFrame(frame: WsServerFrame): void {
  for (const l of listeners) l(frame);
}

const reopenListeners = new Set<() => void>();

/**
 * The live socket is open again after a close: pushes sent meanwhile were missed, so a feature
 * that follows pushes reads its state anew (e.g. the roaming charge). Returns the unsubscribe.
 */
export function onLiveReopen(listener: () => void): () => void {
  reopenListeners.add(listener);
  return () => {
    reopenListeners.delete(listener);
  };
}

/** Called by the socket's holder when its socket reopened. */
export function publishLiveReopen(): void {
  for (const l of reopenListeners) l();
}
