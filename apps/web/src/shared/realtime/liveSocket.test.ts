import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage, STORAGE_KEYS } from '../lib/storage';
import {
  dropStoredBearer,
  LiveSocket,
  liveSocketUrl,
  storedLiveCredential,
  type LiveCredential,
  type SocketLike,
} from './liveSocket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  // The server's side:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

let sockets: FakeSocket[];
let credential: LiveCredential | null;
let live: LiveSocket;
const frames: unknown[] = [];
const onUnauthorized = vi.fn();
const onReopen = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  frames.length = 0;
  onUnauthorized.mockReset();
  onReopen.mockReset();
  credential = { email: 'anna@example.hu', token: 't0k3n' };
  live = new LiveSocket({
    url: 'ws://voltpark.test/ws?lang=hu',
    credential: () => credential,
    onFrame: (f) => frames.push(f),
    onUnauthorized,
    onReopen,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
});
afterEach(() => {
  live.stop();
  vi.useRealTimers();
  storage.remove(STORAGE_KEYS.loggedInAccessToken);
  storage.remove(STORAGE_KEYS.loggedInUserToken);
  storage.remove(STORAGE_KEYS.loggedInEmail);
  storage.remove(STORAGE_KEYS.loggedInUserId);
});

describe('LiveSocket (SPEC §4 Live updates)', () => {
  it('authenticates with the first frame, then asks for the current parking', () => {
    live.start();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://voltpark.test/ws?lang=hu');
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([
      { command: 'auth', email: 'anna@example.hu', token: 't0k3n' },
      { command: 'getParkingSession' },
    ]);
  });

  it('pings every 6 s while open', () => {
    live.start();
    sockets[0]!.open();
    vi.advanceTimersByTime(5999);
    expect(sockets[0]!.sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.sent[2]).toEqual({ command: 'ping' });
    vi.advanceTimersByTime(12_000);
    expect(
      sockets[0]!.sent.filter((f) => (f as { command: string }).command === 'ping'),
    ).toHaveLength(3);
  });

  it('reconnects 1 s after a close, and stops pinging the closed socket', () => {
    live.start();
    sockets[0]!.open();
    sockets[0]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(6000);
    expect(sockets[0]!.sent).toHaveLength(2);
  });

  it('passes contract frames on and ignores anything else', () => {
    live.start();
    sockets[0]!.open();
    sockets[0]!.receive({ topic: '/user/parkingSession', requestId: 'r', data: null });
    sockets[0]!.receive({ topic: '/no/such/topic', data: 1 });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(frames).toEqual([{ topic: '/user/parkingSession', requestId: 'r', data: null }]);
  });

  it('on /unauthorized lets the page drop its bearer token, and reconnects with what is left', () => {
    credential = { accessToken: 'old' };
    onUnauthorized.mockImplementation(() => {
      credential = { email: 'anna@example.hu', token: 't0k3n' };
    });
    live.start();
    sockets[0]!.open();
    sockets[0]!.receive({ topic: '/unauthorized', data: null });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(frames).toEqual([]);
    sockets[0]!.drop(); // the server closes after refusing a credential
    vi.advanceTimersByTime(1000);
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({
      command: 'auth',
      email: 'anna@example.hu',
      token: 't0k3n',
    });
  });

  it('stays closed without credentials, and after stop', () => {
    credential = null;
    live.start();
    expect(sockets).toHaveLength(0);
    credential = { accessToken: 'a' };
    live.start();
    sockets[0]!.open();
    live.stop();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.readyState).toBe(3);
    expect(live.send({ command: 'ping' })).toBe(false);
  });

  it('sends commands only while open', () => {
    live.start();
    expect(live.send({ command: 'getCanOpen', requestId: 'c1' })).toBe(false);
    sockets[0]!.open();
    expect(live.send({ command: 'getCanOpen', requestId: 'c1' })).toBe(true);
    expect(sockets[0]!.sent.at(-1)).toEqual({ command: 'getCanOpen', requestId: 'c1' });
  });
});

describe('stored credential and address', () => {
  it('prefers the bearer token, else the e-mail (or user id) and token; dropping the bearer falls back', () => {
    expect(storedLiveCredential()).toBeNull();
    storage.set(STORAGE_KEYS.loggedInUserId, '42');
    storage.set(STORAGE_KEYS.loggedInUserToken, 'tok');
    expect(storedLiveCredential()).toEqual({ email: '42', token: 'tok' });
    storage.set(STORAGE_KEYS.loggedInEmail, 'anna@example.hu');
    storage.set(STORAGE_KEYS.loggedInAccessToken, 'jwt');
    expect(storedLiveCredential()).toEqual({ accessToken: 'jwt' });
    dropStoredBearer();
    expect(storedLiveCredential()).toEqual({ email: 'anna@example.hu', token: 'tok' });
  });

  it('uses wss on https pages and carries the language', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'app.voltpark.hu' }, 'en')).toBe(
      'wss://app.voltpark.hu/ws?lang=en',
    );
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:8318' }, 'hu')).toBe(
      'ws://localhost:8318/ws?lang=hu',
    );
  });
});

describe('reopening', () => {
  it('says when the socket is open again after a drop (pushes may have been missed)', () => {
    live.start();
    sockets[0]!.open();
    expect(onReopen).not.toHaveBeenCalled();
    sockets[0]!.drop();
    vi.advanceTimersByTime(1000);
    sockets[1]!.open();
    expect(onReopen).toHaveBeenCalledTimes(1);
  });
});
