import { useEffect, useSyncExternalStore } from 'react';
import {
  wsTimers,
  wsTopics,
  type Message,
  type ParkingSession,
  type Surcharge,
  type WsClientFrame,
  type WsServerFrame,
  type WsServerFrameOf,
} from '@voltpark/contract';
import { currentLang } from '@/shared/api';
import { applyUserTypes, loadUser } from '@/shared/session';
import {
  dropStoredBearer,
  LiveSocket,
  liveSocketUrl,
  publishLiveFrame,
  publishLiveReopen,
  startRetry,
  storedLiveCredential,
  type LiveSocketOptions,
} from '@/shared/realtime';

/** What the store needs of the live socket (a fake one in tests). */
export type LiveSocketLike = Pick<LiveSocket, 'start' | 'stop' | 'send'>;

export type CanOpen = WsServerFrameOf<'/can/open'>['data'];
export type CanStop = WsServerFrameOf<'/can/stop'>['data'];

export interface ParkingLiveState {
  /** undefined: not known yet; null: no current parking (SPEC §4: FINISHED is none). */
  session: ParkingSession | null | undefined;
  canOpen: CanOpen | null;
  canStop: CanStop | null;
  /** The last /user/parkingSurcharge (undefined: none asked for; null: not the user's or none). */
  surcharge: Surcharge | null | undefined;
  /** The last /user/error (translated by the server), with the command it answers. */
  error: { command: string | null; message: Message } | null;
}

const EMPTY: ParkingLiveState = {
  session: undefined,
  canOpen: null,
  canStop: null,
  surcharge: undefined,
  error: null,
};

/**
 * The user's live parking over /ws (SPEC §4 "Live updates"): one socket for the page, shared
 * by every screen that shows the parking (ref-counted), and the state its frames carry. The top
 * bar holds it whenever someone is signed in, so it also delivers `/user/types`.
 */
export class ParkingLive {
  private state: ParkingLiveState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private socket: LiveSocketLike | null = null;
  private users = 0;
  /** Whose credential the open socket authenticated with. */
  private identity: string | null = null;
  private stopRetry: (() => void) | null = null;

  constructor(
    private readonly makeSocket: (
      onFrame: (f: WsServerFrame) => void,
      onUnauthorized: () => void,
    ) => LiveSocketLike,
  ) {}

  getState = (): ParkingLiveState => this.state;

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /**
   * A screen that shows the parking holds the socket open while mounted. A different
   * `identity` (another login, a guest start) reconnects with the credential now stored.
   */
  acquire(identity: string): () => void {
    this.users += 1;
    if (this.users === 1) this.open(identity);
    else if (identity !== this.identity) this.restart(identity);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.close();
    };
  }

  private restart(identity: string): void {
    this.close();
    this.open(identity);
  }

  send(frame: WsClientFrame): boolean {
    return this.socket?.send(frame) ?? false;
  }

  /** getParkingSession every 1 s until a session arrives, up to `tries` times. */
  refreshSession(tries: number = wsTimers.sessionRetries): void {
    this.stopRetry?.();
    this.stopRetry = startRetry(
      () => this.send({ command: 'getParkingSession' }),
      () => !!this.state.session,
      wsTimers.sessionRetryMs,
      tries,
    );
  }

  /** A call answered with the session (start, stop): shown at once, the socket confirms it. */
  setSession(session: ParkingSession | null): void {
    this.set({ session });
  }

  /** A surcharge call's answer (start, pay): shown at once, the socket's pushes follow. */
  setSurcharge(surcharge: Surcharge | null): void {
    this.set({ surcharge });
  }

  /** getParkingSurcharge every 1 s until that surcharge arrives (SPEC §4 retry timers). */
  refreshSurcharge(surchargeId: number, tries: number = wsTimers.sessionRetries): () => void {
    return startRetry(
      () => this.send({ command: 'getParkingSurcharge', surchargeId }),
      () => this.state.surcharge?.id === surchargeId,
      wsTimers.sessionRetryMs,
      tries,
    );
  }

  clearError(): void {
    if (this.state.error) this.set({ error: null });
  }

  private open(identity: string): void {
    this.identity = identity;
    const socket = this.makeSocket(
      (f) => this.onFrame(f),
      () => dropStoredBearer(),
    );
    this.socket = socket;
    socket.start();
  }

  private close(): void {
    this.stopRetry?.();
    this.stopRetry = null;
    this.socket?.stop();
    this.socket = null;
    this.identity = null;
    this.state = EMPTY;
    this.emit();
  }

  private onFrame(f: WsServerFrame): void {
    publishLiveFrame(f);
    switch (f.topic) {
      case wsTopics.parkingSession: {
        const s = f.data;
        // A new session (or none, or another status: the other gate) makes the last answers
        // about gates and stopping stale.
        const prev = this.state.session;
        const same = s && prev && s.id === prev.id && s.parkingStatus === prev.parkingStatus;
        this.set(same ? { session: s } : { session: s, canOpen: null, canStop: null, error: null });
        return;
      }
      case wsTopics.parkingSurcharge:
        this.set({ surcharge: f.data });
        return;
      case wsTopics.canOpen:
        this.set({ canOpen: f.data });
        return;
      case wsTopics.canStop:
        this.set({ canStop: f.data });
        return;
      case wsTopics.error:
        this.set({ error: f.data });
        return;
      case wsTopics.userTypes:
        // The page's one live socket also carries this: the menu and routes follow the role.
        applyUserTypes(f.data.types);
        return;
      default:
        return;
    }
  }

  private set(patch: Partial<ParkingLiveState>): void {
    this.state = { ...this.state, ...patch };
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

function browserSocket(
  onFrame: LiveSocketOptions['onFrame'],
  onUnauthorized: () => void,
): LiveSocket {
  return new LiveSocket({
    url: liveSocketUrl(globalThis.location, currentLang()),
    credential: storedLiveCredential,
    onFrame,
    onUnauthorized,
    // A role given or taken while the socket was down: its /user/types push was missed; so may
    // be other features' pushes (the roaming charge's).
    onReopen: () => {
      void loadUser();
      publishLiveReopen();
    },
  });
}

/** The page's one live parking connection. */
export const parkingLive = new ParkingLive(browserSocket);

/** Who the stored credential belongs to (the socket reconnects when it changes); null: nobody. */
export function liveIdentity(): string | null {
  const c = storedLiveCredential();
  if (!c) return null;
  return 'accessToken' in c ? `bearer:${c.accessToken}` : `basic:${c.email}:${c.token}`;
}

/**
 * The live parking for a screen: holds the socket open while mounted (when someone is logged
 * in, registered or guest: `identity` from liveIdentity) and asks for the session until it
 * arrives (SPEC §4).
 */
export function useParkingLive(
  identity: string | null,
  sessionTries: number = wsTimers.sessionRetries,
  live: ParkingLive = parkingLive,
): ParkingLiveState {
  useEffect(() => {
    if (!identity) return;
    const release = live.acquire(identity);
    live.refreshSession(sessionTries);
    return release;
  }, [identity, sessionTries, live]);
  return useSyncExternalStore(live.subscribe, live.getState, live.getState);
}
