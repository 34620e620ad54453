import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WsClientFrame, WsServerFrame } from '@voltpark/contract';
import { ParkingLive, type LiveSocketLike } from './parkingLive';
import { aSession } from './testSession';

class FakeLiveSocket implements LiveSocketLike {
  sent: WsClientFrame[] = [];
  open = false;
  stopped = false;
  constructor(
    readonly identity: string,
    readonly push: (f: WsServerFrame) => void,
  ) {}
  start() {
    this.open = true;
  }
  stop() {
    this.open = false;
    this.stopped = true;
  }
  send(f: WsClientFrame) {
    if (!this.open) return false;
    this.sent.push(f);
    return true;
  }
}

let sockets: FakeLiveSocket[];
let identity: string;
let live: ParkingLive;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  identity = 'basic:anna';
  live = new ParkingLive((onFrame) => {
    const s = new FakeLiveSocket(identity, onFrame);
    sockets.push(s);
    return s;
  });
});
afterEach(() => vi.useRealTimers());

describe('ParkingLive (the page’s one live parking connection)', () => {
  it('opens one socket for all screens and closes it when the last one leaves', () => {
    const a = live.acquire('basic:anna');
    const b = live.acquire('basic:anna');
    expect(sockets).toHaveLength(1);
    a();
    a();
    expect(sockets[0]!.stopped).toBe(false);
    b();
    expect(sockets[0]!.stopped).toBe(true);
  });

  it('reconnects with the new credential when another user (or a guest) appears', () => {
    live.acquire('basic:anna');
    identity = 'bearer:guest';
    live.acquire('bearer:guest');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.stopped).toBe(true);
    expect(sockets[1]!.identity).toBe('bearer:guest');
  });

  it('keeps the session, can-open, can-stop and errors the server pushes', () => {
    live.acquire('basic:anna');
    const push = sockets[0]!.push;
    expect(live.getState().session).toBeUndefined();
    push({ topic: '/user/parkingSession', data: aSession({ parkingStatus: 'STARTING' }) });
    push({
      topic: '/can/open',
      data: { canOpen: true, parkingSessionId: 31, surchargeId: null, retryInSeconds: null },
    });
    push({ topic: '/can/stop', data: { canStop: false, parkingSessionId: 31 } });
    push({
      topic: '/user/error',
      data: {
        command: 'openGate',
        message: {
          severity: 'error',
          messageKey: 'gates.offline',
          text: 'A sorompó nem elérhető.',
        },
      },
    });
    const st = live.getState();
    expect(st.session?.parkingStatus).toBe('STARTING');
    expect(st.canOpen?.canOpen).toBe(true);
    expect(st.canStop?.canStop).toBe(false);
    expect(st.error?.message.text).toBe('A sorompó nem elérhető.');
    // The same session changing (a payment) keeps the answers; another status (the other gate)
    // or no session (finished) forgets them.
    push({
      topic: '/user/parkingSession',
      data: aSession({ parkingStatus: 'STARTING', inOpenRequestSent: '2026-11-24T10:00:00Z' }),
    });
    expect(live.getState().canOpen?.canOpen).toBe(true);
    push({ topic: '/user/parkingSession', data: aSession({ parkingStatus: 'STARTED' }) });
    expect(live.getState().canOpen).toBeNull();
    push({ topic: '/user/parkingSession', data: null });
    expect(live.getState()).toMatchObject({ session: null, canOpen: null, canStop: null });
  });

  it('asks for the session every second until it arrives, at most the given tries', () => {
    live.acquire('basic:anna');
    const s = sockets[0]!;
    live.refreshSession(30);
    vi.advanceTimersByTime(2000);
    expect(s.sent.filter((f) => f.command === 'getParkingSession')).toHaveLength(3);
    s.push({ topic: '/user/parkingSession', data: aSession() });
    vi.advanceTimersByTime(10_000);
    expect(s.sent.filter((f) => f.command === 'getParkingSession')).toHaveLength(3);

    live.setSession(null);
    live.refreshSession(10);
    vi.advanceTimersByTime(60_000);
    expect(s.sent.filter((f) => f.command === 'getParkingSession')).toHaveLength(13);
  });

  it('asks for a surcharge every 1 s until /user/parkingSurcharge brings that one, then follows its pushes', () => {
    live.acquire('bearer:guest');
    const stop = live.refreshSurcharge(5, 30);
    const asks = () => sockets[0]!.sent.filter((f) => f.command === 'getParkingSurcharge');
    expect(asks()).toEqual([{ command: 'getParkingSurcharge', surchargeId: 5 }]);
    vi.advanceTimersByTime(2000);
    expect(asks()).toHaveLength(3);
    const sc = {
      id: 5,
      status: 'UNPAID' as const,
      amount: 5000,
      days: 1,
      parkingSession: aSession(),
      paymentStartedAt: null,
      paymentFinishedAt: null,
      paymentFailed: false,
      paymentMethod: null,
      paymentUrl: null,
      parkingWillFinishAt: null,
    };
    // Another surcharge (or none) does not stop the asking.
    sockets[0]!.push({ topic: '/user/parkingSurcharge', data: null });
    vi.advanceTimersByTime(1000);
    expect(asks()).toHaveLength(4);
    sockets[0]!.push({ topic: '/user/parkingSurcharge', data: sc });
    vi.advanceTimersByTime(5000);
    expect(asks()).toHaveLength(4);
    expect(live.getState().surcharge).toEqual(sc);
    sockets[0]!.push({
      topic: '/user/parkingSurcharge',
      data: { ...sc, status: 'PAID' },
    });
    expect(live.getState().surcharge?.status).toBe('PAID');
    stop();
  });
});
