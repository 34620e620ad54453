import { describe, expect, it } from 'vitest';
import {
  parseWsClientFrame,
  parseWsServerFrame,
  wsClientFrameSchema,
  wsCommands,
  wsTopics,
} from './websocket.js';

describe('websocket frames (SPEC §7)', () => {
  it("knows SPEC's commands, plus auth for the first frame and the roaming charge (0056)", () => {
    expect([...wsCommands].sort()).toEqual(
      [
        'auth',
        'openGate',
        'openGateSurcharge',
        'getCanOpen',
        'getCanOpenSurcharge',
        'getCanStop',
        'getParkingSession',
        'getParkingSurcharge',
        'getRoamingCharge',
        'ping',
      ].sort(),
    );
  });

  it("has SPEC's topics", () => {
    expect(Object.values(wsTopics)).toEqual(
      expect.arrayContaining(['/can/open', '/can/stop', '/user/parkingSurcharge', '/unauthorized']),
    );
  });

  it('parses commands and refuses unknown or malformed ones', () => {
    expect(parseWsClientFrame('{"command":"ping"}')).toEqual({ command: 'ping' });
    expect(
      parseWsClientFrame('{"command":"getCanOpenSurcharge","surchargeId":4,"requestId":"a1"}'),
    ).toEqual({
      command: 'getCanOpenSurcharge',
      surchargeId: 4,
      requestId: 'a1',
    });
    expect(parseWsClientFrame('{"command":"getCanOpenSurcharge"}')).toBeNull();
    expect(parseWsClientFrame('{"command":"dropTables"}')).toBeNull();
    expect(parseWsClientFrame('not json')).toBeNull();
  });

  it('takes a basic credential or a bearer token to authenticate', () => {
    expect(
      wsClientFrameSchema.safeParse({ command: 'auth', email: 'a@example.hu', token: 't' }).success,
    ).toBe(true);
    expect(wsClientFrameSchema.safeParse({ command: 'auth', accessToken: 'jwt' }).success).toBe(
      true,
    );
    expect(wsClientFrameSchema.safeParse({ command: 'auth', email: 'a@example.hu' }).success).toBe(
      false,
    );
  });

  it('parses server frames by topic', () => {
    const canOpen = parseWsServerFrame(
      JSON.stringify({
        topic: '/can/open',
        data: { canOpen: true, parkingSessionId: 3, surchargeId: null, retryInSeconds: null },
      }),
    );
    expect(canOpen?.topic).toBe('/can/open');
    if (canOpen?.topic === '/can/open') expect(canOpen.data.canOpen).toBe(true);
    expect(parseWsServerFrame('{"topic":"/unauthorized","data":null}')).toEqual({
      topic: '/unauthorized',
      data: null,
    });
    expect(parseWsServerFrame('{"topic":"/user/parkingSession","data":null}')?.topic).toBe(
      '/user/parkingSession',
    );
    expect(parseWsServerFrame('{"topic":"/can/stop","data":{}}')).toBeNull();
  });
});
