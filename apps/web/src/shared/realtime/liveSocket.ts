import {
  parseWsServerFrame,
  WS_PATH,
  wsTimers,
  wsTopics,
  type Lang,
  type WsClientFrame,
  type WsServerFrame,
} from '@voltpark/contract';
import { storage, STORAGE_KEYS } from '../lib/storage';

/** The auth frame's credential (SPEC §6 websocket auth). */
export type LiveCredential = { email: string; token: string } | { accessToken: string };

/** What the live socket needs of a browser WebSocket (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

const OPEN = 1;

export interface LiveSocketOptions {
  url: string;
  /** Read at every (re)connect; null: nobody to authenticate, the socket stays closed. */
  credential(): LiveCredential | null;
  onFrame(frame: WsServerFrame): void;
  /** SPEC §4: on /unauthorized a stored bearer token is dropped (then it reconnects). */
  onUnauthorized(): void;
  /**
   * The socket is open again after it had been closed (network, sleep, a server restart):
   * pushes sent meanwhile (e.g. `/user/types`) were missed, so what they carry is read anew.
   */
  onReopen?(): void;
  createSocket?: (url: string) => SocketLike;
}

/**
 * The browser side of /ws (SPEC §4 "Live updates"): authenticates with the first frame, asks
 * for the current parking, pings every 6 s and reconnects 1 s after any close until stopped.
 */
export class LiveSocket {
  private socket: SocketLike | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private opened = false;

  constructor(private readonly options: LiveSocketOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPing();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close();
    }
  }

  /** Sends a command; false when the socket is not open (the caller's poll asks again). */
  send(frame: WsClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (!this.running) return;
    const credential = this.options.credential();
    if (!credential) {
      this.running = false;
      return;
    }
    const create = this.options.createSocket ?? ((url) => new WebSocket(url) as SocketLike);
    const s = create(this.options.url);
    this.socket = s;
    s.onopen = () => {
      if (this.opened) this.options.onReopen?.();
      this.opened = true;
      s.send(JSON.stringify({ command: 'auth', ...credential } satisfies WsClientFrame));
      s.send(JSON.stringify({ command: 'getParkingSession' } satisfies WsClientFrame));
      this.stopPing();
      this.pingTimer = setInterval(() => this.send({ command: 'ping' }), wsTimers.pingMs);
    };
    s.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      const frame = parseWsServerFrame(ev.data);
      if (!frame) return;
      if (frame.topic === wsTopics.unauthorized) {
        this.options.onUnauthorized();
        // The server closes after a refused credential; the close reconnects.
        return;
      }
      this.options.onFrame(frame);
    };
    s.onerror = () => {};
    s.onclose = () => {
      if (this.socket !== s) return;
      this.socket = null;
      this.stopPing();
      if (this.running)
        this.reconnectTimer = setTimeout(() => this.connect(), wsTimers.reconnectMs);
    };
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}

/** The /ws address of this page's server, with the language of the messages. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>, lang: Lang): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${WS_PATH}?lang=${lang}`;
}

/** The stored credential: the bearer access token when there is one, else e-mail/id + token. */
export function storedLiveCredential(): LiveCredential | null {
  const accessToken = storage.get(STORAGE_KEYS.loggedInAccessToken);
  if (accessToken) return { accessToken };
  const token = storage.get(STORAGE_KEYS.loggedInUserToken);
  const login = storage.get(STORAGE_KEYS.loggedInEmail) ?? storage.get(STORAGE_KEYS.loggedInUserId);
  return token && login ? { email: login, token } : null;
}

/** SPEC §4: an /unauthorized drops the stored bearer token (the basic credential may still do). */
export function dropStoredBearer(): void {
  storage.remove(STORAGE_KEYS.loggedInAccessToken);
}
