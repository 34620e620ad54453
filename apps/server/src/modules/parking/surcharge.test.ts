import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { moneyHolds, parkingReceipts, parkingSurcharges, payments } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import type { ChargingHarness, Caller } from '../charging/test-helpers.js';
import type { ParkingDeps } from './deps.js';
import { onSurchargePaymentSettled } from './surcharge.js';
import { walletBalance } from '../payments/ledger.js';
import { reconcilePayment } from '../payments/payments.js';
import {
  ask,
  backdate,
  billing,
  form,
  frame,
  startParkingHarness,
  stopParkingHarness,
  type ParkingLot,
  enterByPhone,
  session,
  socket,
  topUp,
  until,
} from './test-helpers.js';

/**
 * The surcharge of an overstay, end to end: the real app, its embedded MQTT broker and a
 * simulated gate controller (tariff: 5000 Ft per started day).
 */
let h: ChargingHarness;
let lot: ParkingLot;

beforeAll(async () => {
  ({ h, lot } = await startParkingHarness());
});
afterAll(() => stopParkingHarness(h, lot));

describe('an overstay paid as a surcharge', () => {
  it('start by code and e-mail → UNPAID per started day → WALLET → PAID → exit opens once → FINISHED; another user sees nothing', async () => {
    const anna = await createActiveUser(h.db, 'anna.surcharge@example.hu');
    const bob = await createActiveUser(h.db, 'bob.surcharge@example.hu');
    const billingDataId = await billing(h, anna.id);
    await topUp(h, anna.id, 1000);
    const theirs = (await socket(h, bob.accessToken)).ws;

    // Anna parks, pays the first round and does not leave.
    const { id, code, ws } = await enterByPhone(h, lot, anna);
    const codeAndEmail = { code, email: 'Anna.Surcharge@example.hu' };

    // No overstay yet: no surcharge is due.
    const early = await form(h, '/api/v1/parking-surcharge/start', anna, codeAndEmail);
    expect(early.status).toBe(409);
    expect(early.body.data.responseCode).toBe('SURCHARGE_NOT_DUE');
    expect(early.body.messages[0].text).toContain('nem jár pótdíj');

    await backdate(h, id, 30);
    const paid = await form(h, '/api/v1/parking/stop', anna, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(paid.body.data).toMatchObject({ parkingStatus: 'FINISHING', amount: 410 });

    // The car is still inside two days and an hour after it should have left.
    await h.db.execute(sql`
      update parking_sessions set parking_will_finish_at = now() - interval '49 hours' where id = ${id}`);
    await until(async () => (await session(h, id)).status === 'STARTED', 'overstay restarted');

    // A wrong e-mail, or another user with Anna's code and e-mail, finds nothing.
    const wrong = await form(h, '/api/v1/parking-surcharge/start', anna, {
      code,
      email: 'x@example.hu',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toBeNull();
    const bobs = await form(h, '/api/v1/parking-surcharge/start', bob, codeAndEmail);
    expect(bobs.body.data).toBeNull();
    const bad = await form(h, '/api/v1/parking-surcharge/start', anna, { code: '', email: '' });
    expect(bad.status).toBe(400);

    // 49 hours: 3 started days at 5000 Ft.
    const started = await form(h, '/api/v1/parking-surcharge/start', anna, codeAndEmail);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const sc = started.body.data;
    expect(sc).toMatchObject({
      status: 'UNPAID',
      days: 3,
      amount: 15000,
      paymentMethod: null,
      paymentFailed: false,
      parkingSession: { id, parkingStatus: 'STARTED' },
    });
    expect(Date.parse(sc.parkingWillFinishAt)).toBeLessThan(Date.now() - 48 * 3_600_000);
    await frame(ws, '/user/parkingSurcharge', (d) => d?.id === sc.id && d.status === 'UNPAID');
    // Starting again answers the same surcharge.
    const again = await form(h, '/api/v1/parking-surcharge/start', anna, codeAndEmail);
    expect(again.body.data.id).toBe(sc.id);

    // The round is paid as the surcharge, not by stop.
    expect((await ask(ws, { command: 'getCanStop' }, '/can/stop')).data).toMatchObject({
      canStop: false,
      reason: 'SURCHARGE',
    });
    const stop = await form(h, '/api/v1/parking/stop', anna, {
      paymentMethod: 'WALLET',
      billingDataId,
    });
    expect(stop.status).toBe(409);
    expect(stop.body.data.responseCode).toBe('SURCHARGE_STARTED');

    // Bob can neither see, pay nor open with it.
    const bobPays = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, bob, {
      paymentMethod: 'WALLET',
    });
    expect(bobPays.status).toBe(404);
    expect(
      (
        await ask(
          theirs,
          { command: 'getParkingSurcharge', surchargeId: sc.id },
          '/user/parkingSurcharge',
        )
      ).data,
    ).toBeNull();
    for (const command of ['getCanOpenSurcharge', 'openGateSurcharge'])
      expect((await ask(theirs, { command, surchargeId: sc.id }, '/can/open')).topic).toBe(
        '/user/error',
      );

    // CARD needs the saved card's secret code (a clear, translated refusal without it). Not
    // enough balance: nothing changes.
    const card = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, anna, {
      paymentMethod: 'CARD',
      'card-id': 1,
    });
    expect(card.status).toBe(400);
    expect(card.body.messages).toContainEqual(
      expect.objectContaining({ field: 'cardSecret', text: 'A mező kitöltése kötelező!' }),
    );
    const balance = await walletBalance(h.db, anna.id);
    const short = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, anna, {
      paymentMethod: 'WALLET',
    });
    expect(short.status).toBe(402);
    expect(short.body.data.responseCode).toBe('WALLET_NOT_ENOUGH');
    expect(await walletBalance(h.db, anna.id)).toBe(balance);
    expect((await session(h, id)).status).toBe('STARTED');

    await topUp(h, anna.id, 20000);
    const pay = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, anna, {
      paymentMethod: 'WALLET',
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body.data).toMatchObject({
      status: 'PAID',
      paymentMethod: 'WALLET',
      paymentFailed: false,
      parkingSession: { parkingStatus: 'FINISHING', amount: 15000 },
    });
    expect(await walletBalance(h.db, anna.id)).toBe(balance + 20000 - 15000);
    await frame(ws, '/user/parkingSurcharge', (d) => d?.id === sc.id && d.status === 'PAID');
    // A second pay takes nothing.
    const twice = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, anna, {
      paymentMethod: 'WALLET',
    });
    expect(twice.status).toBe(409);
    expect(await walletBalance(h.db, anna.id)).toBe(balance + 5000);
    const receipts = await h.db
      .select()
      .from(parkingReceipts)
      .where(and(eq(parkingReceipts.parkingSessionId, id)));
    expect(receipts.map((r) => [r.round, r.grossPrice]).sort()).toEqual([
      [0, 410],
      [1, 15000],
    ]);
    // The parking round's receipt tells its hourly breakdown; the surcharge's (per day) none.
    const byRound = new Map(receipts.map((r) => [r.round, r.rowNumber]));
    const parkingReceipt = await h.api(`/api/v1/parking/receipt/${byRound.get(0)}`, anna);
    expect(parkingReceipt.body.data.price).toEqual({
      billedMinutes: 31,
      grossUnitParking: 600,
      freeMinutes: 0,
      convenienceFeeGross: 100,
      chargingMinutes: 0,
    });
    const surchargeReceipt = await h.api(`/api/v1/parking/receipt/${byRound.get(1)}`, anna);
    expect(surchargeReceipt.body.data).toMatchObject({ round: 1, grossPrice: 15000 });
    expect(surchargeReceipt.body.data).not.toHaveProperty('price');

    // PAID: the exit opens for the car at the barrier, then the surcharge is FINISHED.
    const noCar = await ask(
      ws,
      { command: 'getCanOpenSurcharge', surchargeId: sc.id },
      '/can/open',
    );
    expect(noCar.data).toMatchObject({ canOpen: false, surchargeId: sc.id, parkingSessionId: id });
    await lot.sim.arrive();
    await until(
      async () =>
        (await ask(ws, { command: 'getCanOpenSurcharge', surchargeId: sc.id }, '/can/open')).data
          .canOpen,
      'exit can open',
    );
    const opened = await ask(ws, { command: 'openGateSurcharge', surchargeId: sc.id }, '/can/open');
    expect(opened.data).toMatchObject({ canOpen: false, surchargeId: sc.id });
    expect(await lot.sim.driveThrough()).toBe(true);
    await frame(ws, '/user/parkingSurcharge', (d) => d?.id === sc.id && d.status === 'FINISHED');
    expect((await session(h, id)).status).toBe('FINISHED');
    const got = await ask(
      ws,
      { command: 'getParkingSurcharge', surchargeId: sc.id },
      '/user/parkingSurcharge',
    );
    expect(got.data).toMatchObject({
      status: 'FINISHED',
      parkingSession: { parkingStatus: 'FINISHED' },
    });
    // Once: no gate opens for it any more.
    const reopen = await ask(ws, { command: 'openGateSurcharge', surchargeId: sc.id }, '/can/open');
    expect(reopen.topic).toBe('/user/error');

    // In the owner's personal-data export, not in another user's.
    type Export = { parkingSurcharges: unknown[] };
    const mine = (await h.api('/api/v1/user/personal-data-export', anna)).body as unknown as Export;
    expect(mine.parkingSurcharges).toEqual([
      expect.objectContaining({ id: sc.id, status: 'FINISHED', days: 3, amount: 15000 }),
    ]);
    const bobsExport = (await h.api('/api/v1/user/personal-data-export', bob))
      .body as unknown as Export;
    expect(bobsExport.parkingSurcharges).toEqual([]);
    ws.close();
    theirs.close();
  }, 120_000);
});

describe('a guest pays a surcharge by SIMPLEPAY', () => {
  it('start-casual by code and e-mail gives a token; a declined card may be retried; paid → exit → FINISHED', async () => {
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, {
      email: 'vendeg.surcharge@example.hu',
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const token = start.body.extraData.extraData as string;
    const guest = { headers: { authorization: `Bearer ${token}` } };
    const id = start.body.data.id as number;
    const code = start.body.data.chargeCode as string;
    const { ws } = await socket(h, token);
    await lot.sim.arrive();
    await until(
      async () => (await ask(ws, { command: 'getCanOpen' }, '/can/open')).data.canOpen,
      'can open',
    );
    await ask(ws, { command: 'openGate' }, '/can/open');
    await lot.sim.driveThrough();
    await until(async () => (await session(h, id)).status === 'STARTED', 'entered');
    // As the sweep leaves it after an overstay (the first test drives that for real): round 1,
    // billed from the passed parkingWillFinishAt, 25 hours ago.
    await h.db.execute(sql`
      update parking_sessions set round = 1, billed_from = now() - interval '25 hours' where id = ${id}`);

    // Somebody without the e-mail gets neither the surcharge nor a token.
    const stranger = await form(h, '/api/v1/parking-surcharge/start-casual', null, {
      code,
      email: 'idegen@example.hu',
    });
    expect(stranger.status).toBe(200);
    expect(stranger.body.data).toBeNull();
    expect(stranger.body.extraData.extraData).toBe('');

    const found = await form(h, '/api/v1/parking-surcharge/start-casual', null, {
      code: code.toLowerCase(),
      email: 'Vendeg.Surcharge@example.hu',
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toMatchObject({ status: 'UNPAID', days: 2, amount: 10000 });
    const sc = found.body.data;
    const payer = { headers: { authorization: `Bearer ${found.body.extraData.extraData}` } };

    // A guest pays by SIMPLEPAY only.
    const wallet = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, guest, {
      paymentMethod: 'WALLET',
    });
    expect(wallet.body.data.responseCode).toBe('SURCHARGE_METHOD_UNAVAILABLE');
    const first = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, payer, {
      paymentMethod: 'SIMPLEPAY',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'UNPAID', paymentMethod: 'SIMPLEPAY' });
    expect(first.body.data.paymentUrl).toMatch(/^http/);
    // While it runs, a second pay starts nothing.
    const during = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, payer, {
      paymentMethod: 'SIMPLEPAY',
    });
    expect(during.body.data.responseCode).toBe('PAYMENT_IN_PROGRESS');
    await h.payOnPage(first.body.data.paymentUrl, '4000000000000002');
    const [declined] = await h.db
      .select()
      .from(payments)
      .where(eq(payments.id, (await surchargeRow(sc.id)).paymentId!));
    expect(declined).toMatchObject({ purpose: 'surcharge', total: 10000 });
    await reconcilePayment(h.deps().pay, declined!);
    await frame(ws, '/user/parkingSurcharge', (d) => d?.id === sc.id && d.paymentFailed === true);

    const retry = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, payer, {
      paymentMethod: 'SIMPLEPAY',
    });
    expect(retry.status).toBe(200);
    await h.payOnPage(retry.body.data.paymentUrl);
    await frame(ws, '/user/parkingSurcharge', (d) => d?.id === sc.id && d.status === 'PAID');
    const s = await session(h, id);
    expect(s).toMatchObject({ status: 'FINISHING', amount: 10000, paymentMethod: 'SIMPLEPAY' });
    const receipts = await h.db
      .select()
      .from(parkingReceipts)
      .where(eq(parkingReceipts.parkingSessionId, id));
    expect(receipts).toMatchObject([{ round: 1, grossPrice: 10000, paymentId: s.paymentId }]);

    await lot.sim.arrive();
    await until(
      async () =>
        (await ask(ws, { command: 'getCanOpenSurcharge', surchargeId: sc.id }, '/can/open')).data
          .canOpen,
      'exit can open',
    );
    await ask(ws, { command: 'openGateSurcharge', surchargeId: sc.id }, '/can/open');
    expect(await lot.sim.driveThrough()).toBe(true);
    await frame(ws, '/user/parkingSurcharge', (d) => d?.id === sc.id && d.status === 'FINISHED');
    expect((await session(h, id)).status).toBe('FINISHED');
    ws.close();
  }, 120_000);
});

describe('a registered driver pays a surcharge with a saved card', () => {
  async function registerCard(user: Caller, secret: string) {
    const reg = await form(h, '/api/v1/simplepay/card-registration', user, { cardSecret: secret });
    await h.payOnPage(reg.body.data);
    const list = await until(async () => {
      const l = (await h.api('/api/v1/user/credit-cards', user)).body.data as {
        cardId: number;
        cardMask: string;
      }[];
      return l[0]?.cardMask ? l : null;
    }, 'card active');
    return list[0]!.cardId;
  }

  it("holds and captures the amount once on the driver's card; another user's card is refused", async () => {
    const u = await createActiveUser(h.db, 'card.surcharge@example.hu');
    const other = await createActiveUser(h.db, 'card.surcharge.other@example.hu');
    await billing(h, u.id);
    const cardId = await registerCard(u, 'titok1234');
    const otherCard = await registerCard(other, 'masik1234');
    const { ws } = await socket(h, u.accessToken);
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start`, u);
    const id = start.body.data.id as number;
    await lot.sim.arrive();
    await until(
      async () => (await ask(ws, { command: 'getCanOpen' }, '/can/open')).data.canOpen,
      'can open',
    );
    await ask(ws, { command: 'openGate' }, '/can/open');
    await lot.sim.driveThrough();
    await until(async () => (await session(h, id)).status === 'STARTED', 'entered');
    // As the sweep leaves an overstay (the first test drives that for real): round 1, 3 hours.
    await h.db.execute(sql`
      update parking_sessions set round = 1, billed_from = now() - interval '3 hours' where id = ${id}`);
    const started = await form(h, '/api/v1/parking-surcharge/start', u, {
      code: start.body.data.chargeCode,
      email: 'card.surcharge@example.hu',
    });
    const sc = started.body.data;
    expect(sc).toMatchObject({ status: 'UNPAID', days: 1, amount: 5000 });

    // Another user's card: refused, nothing held; the try counts as failed, so a retry is allowed.
    const refused = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, u, {
      paymentMethod: 'CARD',
      'card-id': otherCard,
      cardSecret: 'masik1234',
    });
    expect(refused.status).toBe(404);
    expect(refused.body.messages).toContainEqual(
      expect.objectContaining({ field: 'card-id', text: 'A kártya nem található.' }),
    );
    expect(await surchargeRow(sc.id)).toMatchObject({ paymentFailed: true, status: 'UNPAID' });
    const holdsOf = (cause: string) =>
      h.db
        .select()
        .from(moneyHolds)
        .where(sql`${moneyHolds.cause} like ${cause}`);
    expect(await holdsOf(`parking-surcharge:${sc.id}:%`)).toEqual([]);

    const pay = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, u, {
      paymentMethod: 'CARD',
      'card-id': cardId,
      cardSecret: 'titok1234',
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body.data).toMatchObject({ paymentMethod: 'CARD' });
    // A double tap while it runs starts nothing.
    const during = await form(h, `/api/v1/parking-surcharge/${sc.id}/pay`, u, {
      paymentMethod: 'CARD',
      'card-id': cardId,
      cardSecret: 'titok1234',
    });
    expect([409, 200]).toContain(during.status);
    await frame(ws, '/user/parkingSurcharge', (d) => d?.id === sc.id && d.status === 'PAID');
    const row = await surchargeRow(sc.id);
    const [hold] = await holdsOf(`parking-surcharge:${sc.id}:%`);
    expect(hold).toMatchObject({ status: 'captured', capturedAmount: 5000, method: 'card' });
    expect(hold!.paymentId).toBe(row.paymentId);
    expect(await session(h, id)).toMatchObject({
      status: 'FINISHING',
      amount: 5000,
      paymentMethod: 'CARD',
    });

    // SimplePay's answer replayed (the reconciliation job asking again): booked and captured once.
    const [p] = await h.db.select().from(payments).where(eq(payments.id, row.paymentId!));
    await reconcilePayment(h.deps().pay, p!);
    const deps: ParkingDeps = {
      db: h.db,
      pay: h.deps().pay,
      gates: () => h.app.gates.service,
      log: h.app.log,
      events: h.app.parking.events,
      publish: () => Promise.resolve(undefined),
      publishSurcharge: () => {},
    };
    await onSurchargePaymentSettled(deps, p!);
    const holds = await holdsOf(`parking-surcharge:${sc.id}:%`);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ status: 'captured', capturedAmount: 5000 });
    const receipts = await h.db
      .select()
      .from(parkingReceipts)
      .where(eq(parkingReceipts.parkingSessionId, id));
    expect(receipts).toMatchObject([{ round: 1, grossPrice: 5000, paymentMethod: 'CARD' }]);
    ws.close();
  }, 120_000);
});

async function surchargeRow(id: number) {
  const [row] = await h.db.select().from(parkingSurcharges).where(eq(parkingSurcharges.id, id));
  return row!;
}
