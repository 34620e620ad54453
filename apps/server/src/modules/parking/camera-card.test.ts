import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  billingData,
  cardRecurringTokens,
  cards,
  ledgerEntries,
  parkingReceipts,
  parkingSessions,
  payments,
  userCars,
  vehicles,
  wallets,
} from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import type { ChargingHarness } from '../charging/test-helpers.js';
import { gateRow, silentLog } from '../gates/test-helpers.js';
import { createGateway, type Gateway } from '../payments/gateway.js';
import { reconcilePayment } from '../payments/payments.js';
import { SimplePayTransportError } from '../payments/simplepay/errors.js';
import { onCameraExitPlate } from './camera-exit.js';
import { cameraOnByOperator } from './camera-cars.js';
import type { ParkingDeps } from './deps.js';
import {
  backdate,
  billing,
  form,
  startParkingHarness,
  stopParkingHarness,
  topUp,
  until,
  type ParkingLot,
} from './test-helpers.js';

/** Decision 0051: the exit camera pays with a recurring token of the default card. */
let h: ChargingHarness;
let lot: ParkingLot;
let vehicleId: number;

beforeAll(async () => {
  ({ h, lot } = await startParkingHarness());
  const [v] = await h.db.insert(vehicles).values({ producer: 'Kia', model: 'EV6' }).returning();
  vehicleId = v!.id;
});
afterAll(() => stopParkingHarness(h, lot));

type Driver = Awaited<ReturnType<typeof createActiveUser>>;

const depsOf = (): ParkingDeps => ({
  db: h.db,
  pay: { db: h.db, config: h.config, gateway: createGateway(h.app, h.config) },
  gates: () => h.app.gates.service,
  log: silentLog,
  events: h.app.parking.events,
  publish: () => Promise.resolve(undefined),
  publishSurcharge: () => {},
});

const call = async (method: 'GET' | 'DELETE', u: Driver) => {
  const r = await fetch(`${h.base}/api/v1/parking/automatic-card-payment`, {
    method,
    headers: u.headers,
  });
  // Test-only: the assertions say what is expected.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: r.status, body: (await r.json()) as { result: boolean; data: any } };
};

/** A driver with a car (camera parking on), billing data and `balance` Ft in the wallet. */
async function cameraDriver(email: string, plate: string, balance: number) {
  const u = await createActiveUser(h.db, email);
  await h.db
    .insert(userCars)
    .values({ userId: u.id, vehicleId, licensePlate: plate, defaultCar: true });
  await cameraOnByOperator(h.db, { email, plate });
  await billing(h, u.id);
  if (balance > 0) await topUp(h, u.id, balance);
  return u;
}

/** Switches automatic card payment on: the registration is paid on SimplePay's page. */
async function consent(u: Driver) {
  const on = await form(h, '/api/v1/parking/automatic-card-payment', u, {
    cardSecret: 'titok1234',
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  expect(await h.payOnPage(on.body.data)).toContain('/cars?r=');
  return until(async () => {
    const a = (await call('GET', u)).body.data.automaticCardPayment;
    return a?.state === 'on' ? a : null;
  }, 'automatic card payment on');
}

/** The car comes in by the camera and drives through; it was inside for 10 minutes. */
async function parkedByCamera(u: Driver, plate: string) {
  await lot.sim.arrive(plate);
  const s = await until(async () => {
    const [row] = await h.db
      .select()
      .from(parkingSessions)
      .where(and(eq(parkingSessions.userId, u.id), ne(parkingSessions.status, 'FINISHED')));
    return row?.inOpenRequestId ? row : null;
  }, 'the camera start');
  expect(await lot.sim.driveThrough()).toBe(true);
  await until(async () => (await sessionOf(s.id)).status === 'STARTED', 'STARTED');
  await backdate(h, s.id, 10);
  return s.id;
}

/** The car waits at the exit; the camera's read is then handed to the handler by the test. */
async function atTheExit() {
  await lot.sim.arrive();
  await until(async () => (await gateRow(h.db, lot.gateId)).carPresent, 'car at the exit');
}

async function driveOut(id: number) {
  expect(await lot.sim.driveThrough()).toBe(true);
  await until(async () => (await sessionOf(id)).status === 'FINISHED', 'FINISHED');
}

const sessionOf = async (id: number) =>
  (await h.db.select().from(parkingSessions).where(eq(parkingSessions.id, id)))[0]!;
const balanceOf = async (userId: number) =>
  (await h.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balance ?? 0;
const tokenStatuses = async (userId: number) =>
  (
    await h.db
      .select({ status: cardRecurringTokens.status })
      .from(cardRecurringTokens)
      .where(eq(cardRecurringTokens.userId, userId))
  ).map((r) => r.status);
const count = (list: string[], v: string) => list.filter((x) => x === v).length;

describe('automatic card payment at the camera exit', () => {
  it('pays once with one token, books it, writes the receipt and opens, however often it reads', async () => {
    const anna = await cameraDriver('anna.recurring@example.hu', 'REC-001', 5000);
    const before = await consent(anna);
    expect(before).toMatchObject({ remaining: 10, maxAmount: 30_000, defaultCard: true });
    expect(new Date(before.until).getTime()).toBeGreaterThan(Date.now() + 170 * 24 * 3600_000);
    // The tokens are kept sealed: none of SimplePay's tokens is readable in our table.
    const issued = (
      (await h.db.execute(
        sql`select token from sandbox_sp_tokens where registration_id = (
          select simple_pay_card_id from cards where user_id = ${anna.id})`,
      )) as unknown as { rows: { token: string }[] }
    ).rows.map((r) => r.token);
    expect(issued).toHaveLength(10);
    const sealed = await h.db
      .select({ s: cardRecurringTokens.sealedToken })
      .from(cardRecurringTokens)
      .where(eq(cardRecurringTokens.userId, anna.id));
    for (const { s } of sealed) for (const t of issued) expect(s).not.toContain(t);

    const id = await parkedByCamera(anna, 'REC001');
    await atTheExit();
    const read = { gateId: lot.gateId, plate: 'REC-001' };
    // Two reads at once: one pays and opens, the other is turned away.
    const both = await Promise.all([
      onCameraExitPlate(depsOf(), read),
      onCameraExitPlate(depsOf(), read),
    ]);
    expect(both.filter((r) => r.kind === 'opened')).toHaveLength(1);
    expect(both.filter((r) => r.kind !== 'opened').map((r) => r.kind)).toEqual([
      expect.stringMatching(/^(ignored|refused)$/),
    ]);
    const s = await sessionOf(id);
    expect(s).toMatchObject({ status: 'FINISHING', paymentMethod: 'CARD', free: false });
    expect(s.amount).toBeGreaterThan(0);
    expect(s.outOpenRequestId).not.toBeNull();
    // And again, later: nothing more.
    expect(await onCameraExitPlate(depsOf(), read)).toMatchObject({ kind: 'ignored' });

    const paid = await h.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, anna.id), eq(payments.purpose, 'parking')));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'FINISHED', total: s.amount, twoStep: false });
    expect(paid[0]!.settledAt).not.toBeNull();
    const sandboxRecurring = await h.count(
      'sandbox_sp_transactions',
      sql`kind = 'dorecurring' and customer_email = 'anna.recurring@example.hu'`,
    );
    expect(sandboxRecurring).toBe(1);
    const booked = await h.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, anna.id), eq(ledgerEntries.account, 'card')));
    expect(booked.map((e) => [e.kind, e.amount, e.cause, e.paymentId])).toEqual([
      ['card_capture', -s.amount, `parking:${id}:0`, paid[0]!.id],
    ]);
    const receipts = await h.db
      .select()
      .from(parkingReceipts)
      .where(eq(parkingReceipts.parkingSessionId, id));
    expect(receipts.map((r) => [r.paymentMethod, r.grossPrice, r.paymentId])).toEqual([
      ['CARD', s.amount, paid[0]!.id],
    ]);
    expect(await balanceOf(anna.id)).toBe(5000);
    // SimplePay's IPN for the payment, delivered later, changes nothing.
    await h.app.simplePaySandbox!.runIpnDeliveryRound();
    expect(await h.count('ledger_entries', sql`user_id = ${anna.id} and account = 'card'`)).toBe(1);

    const after = (await call('GET', anna)).body.data.automaticCardPayment;
    expect(after).toMatchObject({ state: 'on', remaining: 9 });
    await driveOut(id);
  });

  it('falls back to the wallet when SimplePay declines, and stops using the dead card', async () => {
    const bea = await cameraDriver('bea.recurring@example.hu', 'REC-002', 5000);
    await consent(bea);
    const [card] = await h.db.select().from(cards).where(eq(cards.userId, bea.id));
    // The card is cancelled at SimplePay behind our back: its tokens are refused (5084).
    await createGateway(h.app, h.config).client().cardCancel(card!.simplePayCardId!);
    const id = await parkedByCamera(bea, 'REC002');
    await atTheExit();
    expect(
      await onCameraExitPlate(depsOf(), { gateId: lot.gateId, plate: 'REC002' }),
    ).toMatchObject({ kind: 'opened' });
    const s = await sessionOf(id);
    expect(s).toMatchObject({ status: 'FINISHING', paymentMethod: 'WALLET' });
    expect(await balanceOf(bea.id)).toBe(5000 - s.amount);
    const statuses = await tokenStatuses(bea.id);
    expect([count(statuses, 'used'), count(statuses, 'cancelled')]).toEqual([1, 9]);
    const declined = await h.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, bea.id), eq(payments.purpose, 'parking')));
    expect(declined.map((p) => p.status)).toEqual(['CANCELLED']);
    expect(await h.count('ledger_entries', sql`user_id = ${bea.id} and account = 'card'`)).toBe(0);
    expect((await call('GET', bea)).body.data.automaticCardPayment).toMatchObject({
      state: 'usedUp',
      remaining: 0,
    });
    await driveOut(id);
  });

  it('keeps the barrier shut with the card’s reason when the wallet cannot cover it either', async () => {
    const cili = await cameraDriver('cili.recurring@example.hu', 'REC-003', 0);
    await consent(cili);
    // A bill above the limit of every token: no token is used.
    await h.db
      .update(cardRecurringTokens)
      .set({ maxAmount: 50 })
      .where(eq(cardRecurringTokens.userId, cili.id));
    const id = await parkedByCamera(cili, 'REC003');
    await atTheExit();
    expect(
      await onCameraExitPlate(depsOf(), { gateId: lot.gateId, plate: 'REC003' }),
    ).toMatchObject({
      kind: 'refused',
      code: 'CAMERA_CARD_NOT_USABLE',
      messageKey: 'parking.cameraCardNotUsable',
    });
    expect(await sessionOf(id)).toMatchObject({
      status: 'STARTED',
      paymentFailed: true,
      outOpenRequestId: null,
    });
    expect(count(await tokenStatuses(cili.id), 'available')).toBe(10);
    expect(await h.count('payments', sql`user_id = ${cili.id} and purpose = 'parking'`)).toBe(0);

    // A declined card with an empty wallet says it was declined; the phone may still pay.
    await h.db
      .update(cardRecurringTokens)
      .set({ maxAmount: 30_000 })
      .where(eq(cardRecurringTokens.userId, cili.id));
    const [card] = await h.db.select().from(cards).where(eq(cards.userId, cili.id));
    await createGateway(h.app, h.config).client().cardCancel(card!.simplePayCardId!);
    expect(
      await onCameraExitPlate(depsOf(), { gateId: lot.gateId, plate: 'REC003' }),
    ).toMatchObject({
      kind: 'refused',
      code: 'CAMERA_CARD_DECLINED',
      messageKey: 'parking.cameraCardDeclined',
    });
    await topUp(h, cili.id, 5000);
    const [b] = await h.db.select().from(billingData).where(eq(billingData.userId, cili.id));
    const stop = await form(h, '/api/v1/parking/stop', cili, {
      paymentMethod: 'WALLET',
      billingDataId: b!.id,
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.data.parkingStatus).toBe('FINISHING');
    // Paid on the phone: the camera's next read just opens.
    expect(
      await onCameraExitPlate(depsOf(), { gateId: lot.gateId, plate: 'REC003' }),
    ).toMatchObject({ kind: 'opened' });
    await driveOut(id);
  });
});

describe('a lost SimplePay answer', () => {
  it('keeps the round claimed, pays nothing twice, and the query settles it once', async () => {
    const fay = await cameraDriver('fay.recurring@example.hu', 'REC-006', 5000);
    await consent(fay);
    const id = await parkedByCamera(fay, 'REC006');
    await atTheExit();
    const read = { gateId: lot.gateId, plate: 'REC006' };
    // The dorecurring reaches SimplePay but its answer is lost, and so is the query's;
    // SimplePay's IPN does not arrive for now either.
    const merchant = h.app.simplePaySandbox!.merchants.get('PUBLICTESTHUF')!;
    const ipnUrl = merchant.ipnUrl;
    merchant.ipnUrl = 'http://127.0.0.1:9/ipn';
    const real = createGateway(h.app, h.config);
    const lossy: Gateway = {
      merchant: real.merchant,
      secretKey: real.secretKey,
      client: () => ({
        ...real.client(),
        doRecurring: async (req) => {
          await real.client().doRecurring(req);
          throw new SimplePayTransportError('dorecurring', 'timed out', true);
        },
        query: async () => {
          throw new SimplePayTransportError('query', 'timed out', true);
        },
      }),
    };
    try {
      const deps = { ...depsOf(), pay: { db: h.db, config: h.config, gateway: lossy } };
      expect(await onCameraExitPlate(deps, read)).toMatchObject({ kind: 'ignored' });
      expect(await sessionOf(id)).toMatchObject({
        status: 'STARTED',
        paymentMethod: 'CARD',
        paymentFailed: false,
        outOpenRequestId: null,
      });
      // Read again, by a healthy replica: the payment under way is not made twice.
      expect(await onCameraExitPlate(depsOf(), read)).toMatchObject({ kind: 'ignored' });
      expect(
        await h.count(
          'sandbox_sp_transactions',
          sql`kind = 'dorecurring' and customer_email = 'fay.recurring@example.hu'`,
        ),
      ).toBe(1);

      // The reconciliation's query settles it; parking's listener finishes the round.
      const [p] = await h.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, fay.id), eq(payments.purpose, 'parking')));
      expect(p!.settledAt).toBeNull();
      await reconcilePayment(depsOf().pay, p!);
      await until(async () => (await sessionOf(id)).status === 'FINISHING', 'FINISHING');
    } finally {
      merchant.ipnUrl = ipnUrl;
    }
    expect(await onCameraExitPlate(depsOf(), read)).toMatchObject({ kind: 'opened' });
    const s = await sessionOf(id);
    expect(await h.count('ledger_entries', sql`user_id = ${fay.id} and account = 'card'`)).toBe(1);
    expect(await h.count('parking_receipts', sql`parking_session_id = ${id}`)).toBe(1);
    expect(await balanceOf(fay.id)).toBe(5000);
    expect(s.amount).toBeGreaterThan(0);
    await driveOut(id);
  });
});

describe('switching automatic card payment on and off', () => {
  it('needs a camera car, refuses a second consent, each driver switches off only their own, and deleting the account ends it', async () => {
    const nocam = await createActiveUser(h.db, 'nocam.recurring@example.hu');
    const refused = await form(h, '/api/v1/parking/automatic-card-payment', nocam, {
      cardSecret: 'titok1234',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.messages[0]).toMatchObject({ messageKey: 'recurring.noCameraCar' });

    const dani = await cameraDriver('dani.recurring@example.hu', 'REC-004', 5000);
    const emil = await cameraDriver('emil.recurring@example.hu', 'REC-005', 0);
    await consent(dani);
    const again = await form(h, '/api/v1/parking/automatic-card-payment', dani, {
      cardSecret: 'titok1234',
    });
    expect(again.status).toBe(409);

    // Emil sees only his own (nothing) and his switch-off leaves Dani's tokens alone.
    expect((await call('GET', emil)).body.data).toMatchObject({
      cameraCars: [{ licensePlate: 'REC-005' }],
      automaticCardPayment: null,
    });
    expect((await call('DELETE', emil)).status).toBe(200);
    expect(count(await tokenStatuses(dani.id), 'available')).toBe(10);

    const off = await call('DELETE', dani);
    expect(off.status).toBe(200);
    expect(off.body.data.automaticCardPayment).toBeNull();
    expect(count(await tokenStatuses(dani.id), 'cancelled')).toBe(10);
    // Cancelled at SimplePay too.
    const [card] = await h.db.select().from(cards).where(eq(cards.userId, dani.id));
    expect(
      await h.count(
        'sandbox_sp_tokens',
        sql`registration_id = ${card!.simplePayCardId} and status = 'DISABLED'`,
      ),
    ).toBe(10);

    // Deleting an account ends it too.
    const gabi = await cameraDriver('gabi.recurring@example.hu', 'REC-007', 0);
    await consent(gabi);
    const deleted = await fetch(`${h.base}/api/v1/user/delete`, {
      method: 'DELETE',
      headers: gabi.headers,
    });
    expect(deleted.status).toBe(200);
    expect(count(await tokenStatuses(gabi.id), 'cancelled')).toBe(10);

    // The camera pays with the wallet now.
    const id = await parkedByCamera(dani, 'REC004');
    await atTheExit();
    expect(
      await onCameraExitPlate(depsOf(), { gateId: lot.gateId, plate: 'REC004' }),
    ).toMatchObject({ kind: 'opened' });
    expect(await sessionOf(id)).toMatchObject({ paymentMethod: 'WALLET' });
    await driveOut(id);
  });
});
