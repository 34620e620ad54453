import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import { KEY, startOcppApp, until, type OcppTestApp } from './test-helpers.js';

/** After our restart or its reconnect a charger is asked for its statuses now (stored ones may be stale). */
let t: OcppTestApp;
beforeAll(async () => {
  t = await startOcppApp();
  await t.add('CP-TRIGGER');
});
afterAll(() => t.close());

describe('a charger that connects', () => {
  it('is sent TriggerMessage StatusNotification, every time it connects', async () => {
    const triggers: unknown[] = [];
    const connect = async () => {
      const cp = new RPCClient({
        endpoint: t.url,
        identity: 'CP-TRIGGER',
        protocols: ['ocpp1.6'],
        strictMode: true,
        password: KEY,
      } as never);
      cp.handle('TriggerMessage', async ({ params }) => {
        triggers.push(params);
        return { status: 'Accepted' };
      });
      await cp.connect();
      return cp;
    };
    const first = await connect();
    await until(() => triggers.length === 1);
    await first.close({ force: true });
    const second = await connect();
    await until(() => triggers.length === 2);
    await second.close({ force: true });
    expect(triggers).toEqual([
      { requestedMessage: 'StatusNotification' },
      { requestedMessage: 'StatusNotification' },
    ]);
  });
});
