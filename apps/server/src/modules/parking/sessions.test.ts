import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  charges,
  parkingLots,
  parkingReceipts,
  parkingSessions,
  parkingTariffs,
} from '../../db/schema/index.js';
import { addChargePoint } from '../ocpp/registry.js';
import { createActiveUser } from '../../test/users.js';
import type { ChargingHarness } from '../charging/test-helpers.js';
import { walletBalance } from '../payments/ledger.js';
import { currentParkingView, toParkingSession } from './session-repository.js';
import {
  backdate,
  billing,
  form,
  frame,
  session,
  socket,
  topUp,
  until,
  ask,
  startParkingHarness,
  stopParkingHarness,
  type ParkingLot,
} from './test-helpers.js';

/** Parking sessions end to end: the real app, its embedded MQTT broker, simulated gate controllers. */
let h: ChargingHarness;
let lot: ParkingLot;
type User = Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  ({ h, lot } = await startParkingHarness());
});
afterAll(() => stopParkingHarness(h, lot));

const current = async (u: User) => (await h.api('/api/v1/parking/last-finished', u)).body.data;

/** Start, a car at the entry, the gate opened over /ws, the car drives in: STARTED. */
async function enter(u: User, l = lot) {
  const { ws, first } = await socket(h, u.accessToken);
  expect(first).toMatchObject({ topic: '/user/parkingSession', data: null });
  const start = await form(h, `/api/v1/parking/${l.lotId}/start`, u);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const id = start.body.data.id as number;
  expect(start.body.data).toMatchObject({ parkingStatus: 'STARTING', inOpenRequestSent: null });
  expect(start.body.data.chargeCode).toMatch(/^[0-9A-Z]{5}$/);
  await frame(ws, '/user/parkingSession', (d) => d?.parkingStatus === 'STARTING');
  // No car at the barrier yet: it may not open.
  expect(
    (await ask(ws, { command: 'getCanOpen', requestId: 'c1' }, '/can/open')).data,
  ).toMatchObject({
    canOpen: false,
    parkingSessionId: id,
  });
  await l.sim.arrive();
  await until(async () => {
    const f = await ask(ws, { command: 'getCanOpen' }, '/can/open');
    return f.topic === '/can/open' && f.data.canOpen;
  }, 'can open');
  const opened = await ask(
    ws,
    { command: 'openGate', requestId: 'o1', parkingSessionId: id },
    '/can/open',
  );
  expect(opened).toMatchObject({ topic: '/can/open', requestId: 'o1' });
  expect(opened.data).toMatchObject({ canOpen: false });
  expect((await session(h, id)).inOpenRequestSentAt).not.toBeNull();
  expect(await l.sim.driveThrough()).toBe(true);
  const started = await frame(ws, '/user/parkingSession', (d) =>
    d?.parkingStatus === 'STARTED' ? d : false,
  );
  expect(started.parkingFrom).not.toBeNull();
  return { id, ws };
}

/** The car at the exit, the gate opened, it drives out: FINISHED, and the push says null. */
async function leave(u: User, id: number, ws: Awaited<ReturnType<typeof socket>>['ws'], l = lot) {
  await l.sim.arrive();
  await until(async () => {
    const f = await ask(ws, { command: 'getCanOpen', parkingSessionId: id }, '/can/open');
    return f.topic === '/can/open' && f.data.canOpen;
  }, 'exit can open');
  await ask(ws, { command: 'openGate', parkingSessionId: id }, '/can/open');
  expect((await session(h, id)).outOpenRequestSentAt).not.toBeNull();
  expect(await l.sim.driveThrough()).toBe(true);
  await frame(ws, '/user/parkingSession', (d) => d === null);
  expect((await session(h, id)).status).toBe('FINISHED');
  ws.close();
}

describe('a registered driver parks and pays from the wallet', () => {
  it('start → entry gate → passed → stop → WALLET → exit gate → passed → FINISHED, pushed live', async () => {
    const anna = await createActiveUser(h.db, 'anna.parking@example.hu');
    const billingDataId = await billing(h, anna.id);
    await topUp(h, anna.id, 5000);
    const waiting: unknown[] = [];
    const onWaiting = (e: unknown) => waiting.push(e);
    h.app.parking.events.on('waitingAtGate', onWaiting);
    const { id, ws } = await enter(anna);

    // A repeated `passed` (QoS 1 redelivery) changes nothing.
    const before = await session(h, id);
    await lot.sim.repeatPassed();
    await h.app.gates.service.settled();
    expect(await session(h, id)).toEqual(before);

    // A second start while parking is refused.
    const again = await form(h, `/api/v1/parking/${lot.lotId}/start`, anna);
    expect(again.body.data.responseCode).toBe('ALREADY_PARKING');

    // 30 minutes inside: 31 started minutes at 10 Ft, plus the 100 Ft fee.
    await backdate(h, id, 30);
    expect((await ask(ws, { command: 'getCanStop' }, '/can/stop')).data).toEqual({
      canStop: true,
      parkingSessionId: id,
    });
    const noBilling = await form(h, '/api/v1/parking/stop', anna, { paymentMethod: 'WALLET' });
    expect(noBilling.status).toBe(400);
    expect(noBilling.body.data.responseCode).toBe('NO_BILLING_DATA');
    const stop = await form(h, '/api/v1/parking/stop', anna, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data).toMatchObject({
      parkingStatus: 'FINISHING',
      amount: 410,
      paymentMethod: 'WALLET',
      paymentFailed: false,
    });
    const willFinish = Date.parse(stop.body.data.parkingWillFinishAt);
    expect(willFinish - Date.parse(stop.body.data.paymentFinishedAt)).toBe(15 * 60_000);
    expect(await walletBalance(h.db, anna.id)).toBe(5000 - 410);
    await frame(ws, '/user/parkingSession', (d) => d?.parkingStatus === 'FINISHING');
    // A second stop pays nothing more.
    const twice = await form(h, '/api/v1/parking/stop', anna, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(twice.status).toBe(409);
    expect(await walletBalance(h.db, anna.id)).toBe(5000 - 410);

    await leave(anna, id, ws);
    h.app.parking.events.off('waitingAtGate', onWaiting);
    // The gates sandbox's simulated car comes when a session waits at a gate.
    expect(waiting).toEqual([
      { sessionId: id, lotId: lot.lotId, direction: 'in', plate: null },
      { sessionId: id, lotId: lot.lotId, direction: 'out', plate: null },
    ]);
    const receipts = await h.db
      .select()
      .from(parkingReceipts)
      .where(eq(parkingReceipts.parkingSessionId, id));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ grossPrice: 410, paymentMethod: 'WALLET', billingDataId });
    const history = (await h.api('/api/v1/parking/history', anna)).body.data;
    expect(history.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(history[0]).toMatchObject({
      parkingStatus: 'FINISHED',
      amount: 410,
      receiptRowNumber: receipts[0]!.rowNumber,
    });
    expect((await current(anna)).id).toBe(id);

    // The history's receipt opens (decision 0019's parking receipt), for its owner only.
    const row = receipts[0]!.rowNumber;
    const receipt = await h.api(`/api/v1/parking/receipt/${row}`, anna);
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      rowNumber: row,
      lotName: expect.any(String),
      round: 0,
      paymentMethod: 'WALLET',
      grossPrice: 410,
      // 31 started minutes at 600 Ft an hour, no free minutes, the 100 Ft fee: 310 + 100.
      price: { billedMinutes: 31, grossUnitParking: 600, freeMinutes: 0, convenienceFeeGross: 100 },
    });
    expect(Date.parse(receipt.body.data.billedTo)).toBeGreaterThan(
      Date.parse(receipt.body.data.billedFrom),
    );
    const other = await createActiveUser(h.db, 'not.annas.receipt@example.hu');
    const refused = await h.api(`/api/v1/parking/receipt/${row}`, other);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(String(receipt.body.data.grossPrice));
  });

  it('a wallet that does not cover the amount is refused and nothing is paid or moved', async () => {
    const poor = await createActiveUser(h.db, 'poor.parking@example.hu');
    const billingDataId = await billing(h, poor.id);
    await topUp(h, poor.id, 100);
    const { id, ws } = await enter(poor);
    await backdate(h, id, 60);
    const stop = await form(h, '/api/v1/parking/stop', poor, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(stop.status).toBe(402);
    expect(stop.body.data.responseCode).toBe('WALLET_NOT_ENOUGH');
    expect(await walletBalance(h.db, poor.id)).toBe(100);
    expect(await session(h, id)).toMatchObject({ status: 'STARTED', paymentStartedAt: null });
    // Free the gate for the next tests: pay and leave.
    await topUp(h, poor.id, 2000);
    const paid = await form(h, '/api/v1/parking/stop', poor, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(paid.body.data.parkingStatus).toBe('FINISHING');
    await leave(poor, id, ws);
  });
});

describe('another user', () => {
  it('is refused on everything of a parking that is not theirs', async () => {
    const owner = await createActiveUser(h.db, 'owner.parking@example.hu');
    const intruder = await createActiveUser(h.db, 'intruder.parking@example.hu');
    const { id, ws } = await enter(owner);
    const { ws: theirs, first } = await socket(h, intruder.accessToken);
    expect(first.data).toBeNull();
    expect(
      (await ask(theirs, { command: 'getCanOpen', parkingSessionId: id }, '/can/open')).data,
    ).toMatchObject({
      canOpen: false,
      parkingSessionId: null,
    });
    expect(
      (await ask(theirs, { command: 'getCanStop', parkingSessionId: id }, '/can/stop')).data,
    ).toEqual({
      canStop: false,
      parkingSessionId: null,
    });
    const open = await ask(theirs, { command: 'openGate', parkingSessionId: id }, '/can/open');
    expect(open.topic).toBe('/user/error');
    expect(
      (await ask(theirs, { command: 'getParkingSession' }, '/user/parkingSession')).data,
    ).toBeNull();
    for (const path of ['/api/v1/parking/stop', '/api/v1/parking/cancel']) {
      const r = await form(h, path, intruder, { paymentMethod: 'WALLET', billingDataId: 1 });
      expect(r.status, path).toBe(409);
      expect(r.body.data.responseCode, path).toBe('NO_PARKING');
    }
    expect((await session(h, id)).status).toBe('STARTED');
    theirs.close();
    // The owner stops (free: within no billed minute is impossible here, so pay) and leaves.
    await backdate(h, id, 1);
    const billingDataId = await billing(h, owner.id);
    await topUp(h, owner.id, 1000);
    await form(h, '/api/v1/parking/stop', owner, { paymentMethod: 'WALLET', billingDataId });
    await leave(owner, id, ws);
    expect((await h.api('/api/v1/parking/history', intruder)).body.data).toEqual([]);
    expect((await h.api('/api/v1/parking/last-finished', intruder)).body.data).toBeNull();
  });
});

describe('a lot where parking may not start', () => {
  it('an unknown or closed lot answers 404, a lot without an active tariff NO_TARIFF; nothing starts', async () => {
    const u = await createActiveUser(h.db, 'not.startable.parking@example.hu');
    const [l] = await h.db.select().from(parkingLots).where(eq(parkingLots.id, lot.lotId));
    const openSessions = () => h.db.$count(parkingSessions, eq(parkingSessions.userId, u.id));

    const unknown = await form(h, '/api/v1/parking/987654/start', u);
    expect(unknown.status).toBe(404);

    await h.db
      .update(parkingTariffs)
      .set({ active: false })
      .where(eq(parkingTariffs.id, l!.tariffId!));
    try {
      const noTariff = await form(h, `/api/v1/parking/${lot.lotId}/start`, u);
      expect(noTariff.status).toBe(409);
      expect(noTariff.body.data.responseCode).toBe('NO_TARIFF');
    } finally {
      await h.db
        .update(parkingTariffs)
        .set({ active: true })
        .where(eq(parkingTariffs.id, l!.tariffId!));
    }
    await h.db.update(parkingLots).set({ active: false }).where(eq(parkingLots.id, lot.lotId));
    try {
      expect((await form(h, `/api/v1/parking/${lot.lotId}/start`, u)).status).toBe(404);
    } finally {
      await h.db.update(parkingLots).set({ active: true }).where(eq(parkingLots.id, lot.lotId));
    }
    expect(await openSessions()).toBe(0);

    // Startable again: the start takes the lot's tariff at this moment.
    const started = await form(h, `/api/v1/parking/${lot.lotId}/start`, u);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      parkingStatus: 'STARTING',
      parkingLot: { id: lot.lotId },
    });
    const [row] = await h.db
      .select()
      .from(parkingTariffs)
      .where(eq(parkingTariffs.id, l!.tariffId!));
    expect(await session(h, started.body.data.id)).toMatchObject({
      parkingLotId: lot.lotId,
      tariffId: row!.id,
      tariffName: row!.name,
      grossUnitParking: row!.grossUnitParking,
      freeMinutes: row!.freeMinutes,
      convenienceFeeGross: row!.convenienceFeeGross,
      free: row!.freeParking,
    });
    expect((await form(h, '/api/v1/parking/cancel', u)).status).toBe(200);
  });
});

describe('the live view of several drivers read together', () => {
  it("gives each driver their own parking (or null), as read one by one, in the batch's language or theirs", async () => {
    const drivers = await Promise.all(
      ['batch.a', 'batch.b', 'batch.c'].map((n) => createActiveUser(h.db, `${n}@example.hu`)),
    );
    const idle = await createActiveUser(h.db, 'batch.idle@example.hu');
    const ids: number[] = [];
    for (const u of drivers) {
      const start = await form(h, `/api/v1/parking/${lot.lotId}/start`, u);
      expect(start.status).toBe(200);
      ids.push(start.body.data.id);
    }
    // Asked in the same turn: one query for all four (the many-key statement); then one alone.
    const together = await Promise.all(
      [...drivers, idle].map((u) => currentParkingView(h.db, u.id, 'en')),
    );
    const alone = await currentParkingView(h.db, drivers[1]!.id);
    expect(together.map((v) => v.view?.id ?? null)).toEqual([...ids, null]);
    for (const [i, u] of drivers.entries()) {
      const row = await session(h, ids[i]!);
      expect(together[i]).toEqual({ view: await toParkingSession(h.db, row, 'en'), lang: 'en' });
      expect(together[i]!.view).toMatchObject({
        parkingStatus: 'STARTING',
        parkingLot: { id: lot.lotId },
      });
      if (i === 1)
        expect(alone).toEqual({ view: await toParkingSession(h.db, row, 'hu'), lang: 'hu' });
      expect((await form(h, '/api/v1/parking/cancel', u)).status).toBe(200);
    }
    expect((await currentParkingView(h.db, drivers[0]!.id)).view).toBeNull();
  });
});

describe('cancel', () => {
  it("answers the start in the caller's language, whatever the push's language", async () => {
    const [l] = await h.db.select().from(parkingLots).where(eq(parkingLots.id, lot.lotId));
    await h.db
      .update(parkingTariffs)
      .set({ descriptionLinesHu: ['Magyar sor'], descriptionLinesEn: ['English line'] })
      .where(eq(parkingTariffs.id, l!.tariffId!));
    // Both prefer Hungarian (their pushes are in Hungarian); one asks in English.
    const en = await createActiveUser(h.db, 'lang.en.parking@example.hu');
    const hu = await createActiveUser(h.db, 'lang.hu.parking@example.hu');
    const inEnglish = await form(h, `/api/v1/parking/${lot.lotId}/start`, {
      headers: { ...en.headers, 'x-lang': 'en' },
    });
    const inHungarian = await form(h, `/api/v1/parking/${lot.lotId}/start`, hu);
    expect(inEnglish.body.data.parkingTariff.descriptionLines).toEqual(['English line']);
    expect(inHungarian.body.data.parkingTariff.descriptionLines).toEqual(['Magyar sor']);
    expect(inHungarian.body.data).toMatchObject({
      parkingStatus: 'STARTING',
      parkingLot: { id: lot.lotId, fullAddress: expect.any(String) },
      receiptRowNumber: null,
    });
    for (const u of [en, hu]) expect((await form(h, '/api/v1/parking/cancel', u)).status).toBe(200);
  });

  it('cancels before entry; not after the car entered', async () => {
    const u = await createActiveUser(h.db, 'cancel.parking@example.hu');
    const other = await createActiveUser(h.db, 'cancel.other@example.hu');
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start`, u);
    // Someone else's cancel finds no parking of theirs and leaves this one alone.
    const foreign = await form(h, '/api/v1/parking/cancel', other);
    expect(foreign.body.data.responseCode).toBe('NO_PARKING');
    expect((await session(h, start.body.data.id)).status).toBe('STARTING');
    expect((await form(h, '/api/v1/parking/cancel', u)).status).toBe(200);
    expect((await session(h, start.body.data.id)).status).toBe('FINISHED');
    const again = await form(h, '/api/v1/parking/cancel', u);
    expect(again.body.data.responseCode).toBe('NO_PARKING');
    const { id, ws } = await enter(u);
    const late = await form(h, '/api/v1/parking/cancel', u);
    expect(late.body.data.responseCode).toBe('NOT_CANCELLABLE');
    await h.db.execute(sql`update parking_sessions set free_parking = true where id = ${id}`);
    const stop = await form(h, '/api/v1/parking/stop', u);
    expect(stop.body.data).toMatchObject({ parkingStatus: 'FINISHING', free: true, amount: 0 });
    await leave(u, id, ws);
  });
});

describe('free while the same driver charges at the location', () => {
  it('cannot stop while the charge runs; the time at the charger is not billed and shows as discount', async () => {
    const u = await createActiveUser(h.db, 'charger.parking@example.hu');
    const other = await createActiveUser(h.db, 'charger.other@example.hu');
    const billingDataId = await billing(h, u.id);
    await topUp(h, u.id, 5000);
    const [l] = await h.db.select().from(parkingLots).where(eq(parkingLots.id, lot.lotId));
    const { chargerIds } = await addChargePoint(h.db, {
      id: 'CP-PARKING-LOT',
      key: 'test-key-0123456789',
      connectors: 2,
      locationId: l!.locationId,
    });
    const { id, ws } = await enter(u);
    const chargeOf = (userId: number) => ({
      userId,
      chargerId: userId === u.id ? chargerIds[0]! : chargerIds[1]!,
      status: 'STARTED' as const,
      paymentMethod: 'free' as const,
      idTag: `VPTEST${userId}`,
      freeCharging: true,
      unitChargingGross: 0,
      convenienceFeeGross: 0,
      parkingEnabled: false,
      minutesAfterParkingStart: 0,
      unitParkingGross: 0,
      startTime: new Date(Date.now() - 20 * 60_000),
    });
    // Someone else charging there changes nothing for this driver.
    await h.db.insert(charges).values(chargeOf(other.id));
    expect((await ask(ws, { command: 'getCanStop' }, '/can/stop')).data.canStop).toBe(true);
    const [mine] = await h.db.insert(charges).values(chargeOf(u.id)).returning();
    expect((await ask(ws, { command: 'getCanStop' }, '/can/stop')).data).toEqual({
      canStop: false,
      parkingSessionId: id,
      reason: 'CHARGING',
    });
    const refused = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(refused.body.data.responseCode).toBe('CHARGING_IN_PROGRESS');

    // 30 minutes parked, 15 of them at the charger (until the unplug): 16 started minutes billed.
    const t0 = Date.now();
    await h.db
      .update(charges)
      .set({
        status: 'FINISHED',
        startTime: new Date(t0 - 20 * 60_000),
        endTime: new Date(t0 - 6 * 60_000),
        unpluggedAt: new Date(t0 - 5 * 60_000),
      })
      .where(eq(charges.id, mine!.id));
    await backdate(h, id, 30);
    const stop = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(stop.body.data).toMatchObject({
      parkingStatus: 'FINISHING',
      amount: 160 + 100,
      discountHours: 0.25,
    });
    // Its receipt tells the quarter hour at the charger beside the minutes billed.
    const [receipt] = await h.db
      .select({ rowNumber: parkingReceipts.rowNumber })
      .from(parkingReceipts)
      .where(eq(parkingReceipts.parkingSessionId, id));
    const shown = await h.api(`/api/v1/parking/receipt/${receipt!.rowNumber}`, u);
    expect(shown.body.data.price).toEqual({
      billedMinutes: 16,
      grossUnitParking: 600,
      freeMinutes: 0,
      convenienceFeeGross: 100,
      chargingMinutes: 15,
    });
    await h.db.update(charges).set({ status: 'FINISHED' }).where(eq(charges.userId, other.id));
    await leave(u, id, ws);
  });
});
