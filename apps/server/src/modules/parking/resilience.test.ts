import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { gateOpenRequests, parkingReceipts } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import type { ChargingHarness } from '../charging/test-helpers.js';
import { gateRow } from '../gates/test-helpers.js';
import {
  ask,
  backdate,
  billing,
  form,
  frame,
  startParkingHarness,
  stopParkingHarness,
  type ParkingLot,
  session,
  socket,
  topUp,
  until,
} from './test-helpers.js';

/** Gates that do not answer, a broker and a server that restart, an overstay. */
let h: ChargingHarness;
let lot: ParkingLot;

beforeAll(async () => {
  ({ h, lot } = await startParkingHarness());
});
afterAll(() => stopParkingHarness(h, lot));

const canOpen = async (ws: Awaited<ReturnType<typeof socket>>['ws']) =>
  (await ask(ws, { command: 'getCanOpen' }, '/can/open')).data.canOpen as boolean;

describe('gate failures', () => {
  it('an ack that never comes: a clear error, nothing opens, nothing pending; the retry works', async () => {
    const u = await createActiveUser(h.db, 'noack.parking@example.hu', {});
    const { ws } = await socket(h, u.accessToken);
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start`, u, {});
    const id = start.body.data.id as number;
    await lot.sim.arrive();
    await until(() => canOpen(ws), 'can open');
    lot.sim.ackMode = 'silent';
    const err = await ask(ws, { command: 'openGate', requestId: 'x' }, '/can/open');
    expect(err).toMatchObject({ topic: '/user/error', requestId: 'x' });
    if (err.topic !== '/user/error') throw new Error('unreachable');
    expect(err.data.command).toBe('openGate');
    expect(err.data.message.text).toBe(
      'A kapu nem válaszolt, ezért nem nyílt ki. Kérjük, próbálja újra!',
    );
    expect((await session(h, id)).inOpenRequestSentAt).toBeNull();
    const [req] = await h.db
      .select()
      .from(gateOpenRequests)
      .where(eq(gateOpenRequests.subject, `session:${id}`));
    expect(req).toMatchObject({ outcome: 'no_ack', ackResult: null });
    // The barrier is down: the car cannot drive through.
    expect(await lot.sim.driveThrough()).toBe(false);

    lot.sim.ackMode = 'normal';
    await lot.sim.arrive();
    expect(await canOpen(ws)).toBe(true);
    const ok = await ask(ws, { command: 'openGate' }, '/can/open');
    expect(ok.topic).toBe('/can/open');
    await lot.sim.driveThrough();
    await frame(ws, '/user/parkingSession', (d) => d?.parkingStatus === 'STARTED');

    // The broker restarts: the controller reconnects and the exit still works.
    const port = h.app.gates.broker!.port;
    await h.app.gates.stopBroker();
    await until(() => !lot.sim.connected && !h.app.gates.service.connected, 'disconnected');
    expect(await canOpen(ws)).toBe(false);
    const reconnected = new Promise<void>((r) => lot.sim.once('connected', () => r()));
    await h.app.gates.startBroker();
    expect(h.app.gates.broker!.port).toBe(port);
    await reconnected;
    await until(() => h.app.gates.service.connected, 'server client reconnected');
    await until(async () => (await gateRow(h.db, lot.gateId)).online, 'gate back online');
    await h.db.execute(sql`update parking_sessions set free_parking = true where id = ${id}`);
    expect((await form(h, '/api/v1/parking/stop', u)).body.data.parkingStatus).toBe('FINISHING');
    await lot.sim.arrive();
    await until(() => canOpen(ws), 'exit can open after the broker restart');
    await ask(ws, { command: 'openGate' }, '/can/open');
    await lot.sim.driveThrough();
    await until(async () => (await session(h, id)).status === 'FINISHED', 'left');
    ws.close();
  });
});

describe('a server restart mid-session and an overstay', () => {
  it('state and timers continue: a car still inside after parkingWillFinishAt restarts parking, billed from then', async () => {
    const u = await createActiveUser(h.db, 'restart.parking@example.hu');
    const billingDataId = await billing(h, u.id);
    await topUp(h, u.id, 5000);
    const first = await socket(h, u.accessToken);
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start`, u);
    const id = start.body.data.id as number;
    await lot.sim.arrive();
    await until(() => canOpen(first.ws), 'can open');
    await ask(first.ws, { command: 'openGate' }, '/can/open');
    await lot.sim.driveThrough();
    await until(async () => (await session(h, id)).status === 'STARTED', 'entered');
    await backdate(h, id, 45);
    const paid = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(paid.body.data).toMatchObject({ parkingStatus: 'FINISHING', amount: 460 + 100 });
    first.ws.close();

    // The server goes down; meanwhile the 15 minutes to leave pass with the car inside.
    h.config.gates.mqttPort = h.app.gates.broker!.port;
    await h.restart(async () => {
      await h.db.execute(
        sql`update parking_sessions set parking_will_finish_at = now() - interval '2 minutes' where id = ${id}`,
      );
    });
    await h.app.gates.whenStarted();
    const restarted = await until(async () => {
      const s = await session(h, id);
      return s.status === 'STARTED' ? s : null;
    }, 'parking restarted by the sweep');
    expect(restarted).toMatchObject({ round: 1, paymentStartedAt: null, amount: 0 });
    expect(restarted.billedFrom!.getTime()).toBeLessThan(Date.now() - 60_000);
    expect(restarted.parkingFrom!.getTime()).toBeLessThan(restarted.billedFrom!.getTime());

    // The driver sees it, pays the new round (no free minutes again) and leaves.
    const again = await socket(h, u.accessToken);
    expect(again.first.data).toMatchObject({ id, parkingStatus: 'STARTED' });
    const second = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(second.body.data.parkingStatus).toBe('FINISHING');
    expect(second.body.data.amount).toBe(30 + 100);
    await until(async () => (await gateRow(h.db, lot.gateId)).online, 'gate online');
    await lot.sim.arrive();
    await until(() => canOpen(again.ws), 'exit can open');
    await ask(again.ws, { command: 'openGate' }, '/can/open');
    await lot.sim.driveThrough();
    await frame(again.ws, '/user/parkingSession', (d) => d === null);
    const receipts = await h.db
      .select()
      .from(parkingReceipts)
      .where(and(eq(parkingReceipts.parkingSessionId, id)));
    expect(receipts.map((r) => [r.round, r.grossPrice]).sort()).toEqual([
      [0, 560],
      [1, 130],
    ]);
    again.ws.close();
  }, 120_000);
});
