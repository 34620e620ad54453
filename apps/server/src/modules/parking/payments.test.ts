import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { moneyHolds, parkingReceipts, payments } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import type { Caller, ChargingHarness } from '../charging/test-helpers.js';
import { reconcilePayment } from '../payments/payments.js';
import type { TestSocket } from '../realtime/test-client.js';
import {
  ask,
  backdate,
  billing,
  driveIn,
  enterByPhone,
  form,
  frame,
  leaveByPhone,
  session,
  socket,
  startParkingHarness,
  stopParkingHarness,
  until,
  type ParkingDriver,
  type ParkingLot,
} from './test-helpers.js';

/** The SIMPLEPAY (pay page and IPN), CARD (saved card) and guest payments of a parking. */
let h: ChargingHarness;
let lot: ParkingLot;

beforeAll(async () => {
  ({ h, lot } = await startParkingHarness());
});
afterAll(() => stopParkingHarness(h, lot));

const enter = (u: ParkingDriver) => enterByPhone(h, lot, u);
const leave = (id: number, ws: TestSocket) => leaveByPhone(h, lot, id, ws);

describe('SIMPLEPAY', () => {
  it('a declined card marks the payment failed; the retry pays and opens the exit', async () => {
    const u = await createActiveUser(h.db, 'simple.parking@example.hu');
    const billingDataId = await billing(h, u.id);
    const { id, ws } = await enter(u);
    await backdate(h, id, 10);
    const stop = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'SIMPLEPAY',
      billingDataId,
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data).toMatchObject({
      parkingStatus: 'STARTED',
      paymentMethod: 'SIMPLEPAY',
      amount: 110 + 100,
      paymentFailed: false,
    });
    expect(stop.body.data.paymentUrl).toMatch(/^http/);
    // While the payment runs the driver cannot stop again.
    expect((await ask(ws, { command: 'getCanStop' }, '/can/stop')).data).toMatchObject({
      canStop: false,
      reason: 'PAYMENT_UNDER_WAY',
    });
    await h.payOnPage(stop.body.data.paymentUrl, '4000000000000002');
    // SimplePay sends no IPN for a decline: the reconciliation job's query settles it.
    const [declined] = await h.db
      .select()
      .from(payments)
      .where(eq(payments.id, (await session(h, id)).paymentId!));
    await reconcilePayment(h.deps().pay, declined!);
    await frame(ws, '/user/parkingSession', (d) => d?.paymentFailed === true);
    expect((await session(h, id)).status).toBe('STARTED');

    const retry = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'SIMPLEPAY',
      billingDataId,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.data.paymentUrl).not.toBe(stop.body.data.paymentUrl);
    await h.payOnPage(retry.body.data.paymentUrl);
    await frame(ws, '/user/parkingSession', (d) => d?.parkingStatus === 'FINISHING');
    const s = await session(h, id);
    const [p] = await h.db.select().from(payments).where(eq(payments.id, s.paymentId!));
    expect(p).toMatchObject({ purpose: 'parking', status: 'FINISHED', total: s.amount });
    const receipts = await h.db
      .select()
      .from(parkingReceipts)
      .where(eq(parkingReceipts.parkingSessionId, id));
    expect(receipts).toMatchObject([
      { paymentMethod: 'SIMPLEPAY', paymentId: p!.id, grossPrice: s.amount },
    ]);
    await leave(id, ws);
  });
});

describe('CARD (saved card)', () => {
  async function registerCard(user: Caller, secret: string) {
    const reg = await form(h, '/api/v1/simplepay/card-registration', user, {
      cardSecret: secret,
    });
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

  it("holds the amount on the driver's card, captures it after SimplePay's IPN; another user's card is refused", async () => {
    const u = await createActiveUser(h.db, 'card.parking@example.hu');
    const other = await createActiveUser(h.db, 'card.other@example.hu');
    const billingDataId = await billing(h, u.id);
    const cardId = await registerCard(u, 'titok1234');
    const { id, ws } = await enter(u);
    await backdate(h, id, 20);
    const otherCard = await registerCard(other, 'masik1234');
    const refused = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'CARD',
      billingDataId,
      'card-id': otherCard,
      cardSecret: 'masik1234',
    });
    expect(refused.status).toBe(404);
    // The refused try counts as a failed payment: the driver may pay again.
    expect((await session(h, id)).paymentFailed).toBe(true);

    const stop = await form(h, '/api/v1/parking/stop', u, {
      paymentMethod: 'CARD',
      billingDataId,
      'card-id': cardId,
      cardSecret: 'titok1234',
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    await until(async () => (await session(h, id)).status === 'FINISHING', 'paid by card');
    const s = await session(h, id);
    expect(s.amount).toBe(210 + 100);
    const [hold] = await h.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.paymentId, s.paymentId!));
    expect(hold).toMatchObject({ status: 'captured', capturedAmount: s.amount, method: 'card' });
    await leave(id, ws);
  });
});

describe('a guest (casual) parking', () => {
  it('starts by e-mail with an access token, pays by SIMPLEPAY only, and the e-mail is not reusable by others', async () => {
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, {
      email: 'Vendeg.Parking@Example.hu',
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const token = start.body.extraData.extraData as string;
    expect(token.length).toBeGreaterThan(20);
    const guest = { headers: { authorization: `Bearer ${token}` }, accessToken: token };
    const id = start.body.data.id as number;
    const again = await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, {
      email: 'vendeg.parking@example.hu',
    });
    expect(again.body.data.responseCode).toBe('CASUAL_ACCESS_LINK_SENT');
    await form(h, '/api/v1/parking/cancel', guest);
    const { id: parked, ws } = await enter(guest);
    expect(parked).not.toBe(id);
    await backdate(h, parked, 5);
    const card = await form(h, '/api/v1/parking/stop', guest, { paymentMethod: 'WALLET' });
    expect(card.body.data.responseCode).toBe('CASUAL_SIMPLEPAY_ONLY');
    const stop = await form(h, '/api/v1/parking/stop', guest, { paymentMethod: 'SIMPLEPAY' });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data.email).toBe('vendeg.parking@example.hu');
    await h.payOnPage(stop.body.data.paymentUrl);
    await until(async () => (await session(h, parked)).status === 'FINISHING', 'guest paid');
    await leave(parked, ws);
    const history = (await h.api('/api/v1/parking/history', guest)).body.data;
    expect(history.map((x: { id: number }) => x.id)).toEqual([parked]);
  });

  it('pays with the e-mail kept at start-casual: the stop needs no e-mail (the web does not ask again)', async () => {
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, {
      email: 'Egyszer.Kerdezett@Example.hu',
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const token = start.body.extraData.extraData as string;
    const guest = { headers: { authorization: `Bearer ${token}` }, accessToken: token };
    const id = start.body.data.id as number;
    expect((await session(h, id)).email).toBe('egyszer.kerdezett@example.hu');
    const { ws } = await socket(h, token);
    await driveIn(h, lot, id, ws);
    await backdate(h, id, 5);
    const stop = await form(h, '/api/v1/parking/stop', guest, { paymentMethod: 'SIMPLEPAY' });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data.email).toBe('egyszer.kerdezett@example.hu');
    expect(stop.body.data.paymentUrl).toBeTruthy();
    await h.payOnPage(stop.body.data.paymentUrl);
    await until(async () => (await session(h, id)).status === 'FINISHING', 'guest paid');
    await leave(id, ws);
  });
});
