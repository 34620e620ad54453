import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoamingCharge, WsServerFrame } from '@voltpark/contract';
import { type TestApp } from '../../../test/app.js';
import { createActiveUser } from '../../../test/users.js';
import { creditWallet } from '../../payments/ledger.js';
import { TestSocket } from '../../realtime/test-client.js';
import { startPartnerCharge, type PartnerChargeDeps } from './start-partner-charge.js';
import { mirroredPartnerSite, sandboxPartnerApp } from './sandbox-partner-test-app.js';
import { stopPartnerCharge } from './stop-partner-charge.js';

// Decision 0056: the driver's roaming charge is pushed over a real /ws after every change of the
// request, the partner's Session and the CDR (the sandbox partner VoltPartner, over OCPI HTTP).
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

let t: TestApp;
let deps: PartnerChargeDeps;
let forum = 0;
let base = '';
const users: Record<'a' | 'b', { id: number; accessToken: string }> = {
  a: { id: 0, accessToken: '' },
  b: { id: 0, accessToken: '' },
};

beforeAll(async () => {
  const app = await sandboxPartnerApp();
  ({ t, deps } = app);
  base = `ws://127.0.0.1:${app.port}`;
  const db = t.database.db;
  forum = await mirroredPartnerSite(db, 'VPT-DEB-FORUM');
  for (const k of ['a', 'b'] as const) {
    const u = await createActiveUser(db, `live-${k}@example.com`);
    users[k] = { id: u.id, accessToken: u.accessToken };
    await db.transaction((tx) =>
      creditWallet(tx, { userId: u.id, amount: 20_000, kind: 'topup', cause: `test:${k}` }),
    );
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function openSocket(k: 'a' | 'b'): Promise<TestSocket> {
  const s = await TestSocket.open(`${base}/ws`);
  // The auth answer: the parking session pushed on open (none).
  expect(await s.ask({ command: 'auth', accessToken: users[k].accessToken })).toMatchObject({
    topic: '/user/parkingSession',
    data: null,
  });
  return s;
}

/** The next /user/roamingCharge frame that satisfies `ok` (earlier ones are skipped). */
async function pushed(s: TestSocket, ok: (c: RoamingCharge) => boolean): Promise<RoamingCharge> {
  for (;;) {
    const f: WsServerFrame = await s.next();
    if (f.topic === '/user/roamingCharge' && f.data && ok(f.data)) return f.data;
  }
}

describe('the roaming charge over /ws', () => {
  it('is answered to getRoamingCharge, and every change reaches the driver, not another user', async () => {
    const a = await openSocket('a');
    const b = await openSocket('b');
    expect(await a.ask({ command: 'getRoamingCharge', requestId: 'r1' })).toEqual({
      topic: '/user/roamingCharge',
      requestId: 'r1',
      data: null,
    });

    const row = await startPartnerCharge(deps, users.a.id, {
      locationId: forum,
      evseUid: 'HU*VPT*E0101',
      connectorId: '1',
      amount: 5000,
    });
    expect(
      await pushed(a, (c) => c.requestId === row.id && c.status === 'REQUESTED'),
    ).toMatchObject({ holdAmount: 5000, paymentMethod: 'WALLET' });

    // The partner accepts, starts the session and pushes it: STARTED, then its meter moves.
    await t.app.roamingSandbox!.chargingRound(later(3));
    await pushed(a, (c) => c.status === 'STARTED');
    await t.app.roamingSandbox!.chargingRound(later(20));
    const first = await pushed(a, (c) => (c.kWh ?? 0) > 0);
    await t.app.roamingSandbox!.chargingRound(later(600));
    await pushed(a, (c) => (c.kWh ?? 0) > first.kWh!);

    await stopPartnerCharge(deps, users.a.id, row.id);
    await pushed(a, (c) => c.status === 'STOPPING');
    // The partner stops; its CDR is billed: COMPLETED with the bill and the receipt.
    await t.app.roamingSandbox!.chargingRound(later(603));
    const done = await pushed(a, (c) => c.status === 'COMPLETED');
    expect(done.billedAmount).toBeGreaterThan(0);
    expect(done.receiptRowNumber).not.toBeNull();

    // b's frames come in order: nothing of a's charge before the answer to this ping.
    expect(await b.ask({ command: 'ping', requestId: 'p' })).toEqual({
      topic: '/pong',
      requestId: 'p',
      data: null,
    });
    expect(await b.ask({ command: 'getRoamingCharge' })).toMatchObject({ data: null });
    a.close();
    b.close();
  }, 60_000);
});
