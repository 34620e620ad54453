import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.js';
import { Connection } from './connection.js';
import { RealtimeHub } from './hub.js';
import { noParkingYet } from './parking-live.js';

class FakeWs extends EventEmitter {
  closedWith: [number, string] | null = null;
  bufferedAmount = 0;
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
  }
  send() {}
  terminate() {}
}

const log = { debug() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('an unauthenticated socket', () => {
  it('is closed (1008) when no auth frame came in time', () => {
    const ws = new FakeWs();
    const db = {} as Db;
    new Connection(
      ws as unknown as WebSocket,
      'hu',
      {
        db,
        hub: new RealtimeHub(db),
        parking: () => noParkingYet,
        roamingCharge: () => Promise.resolve(null),
        log,
        authTimeoutMs: 10_000,
      },
      '192.0.2.1',
    );
    vi.advanceTimersByTime(9_999);
    expect(ws.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(ws.closedWith).toEqual([1008, 'authentication timeout']);
  });
});
