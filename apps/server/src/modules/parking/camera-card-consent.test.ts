import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cards, payments, userCars, vehicles } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import type { ChargingHarness } from '../charging/test-helpers.js';
import { createGateway } from '../payments/gateway.js';
import { reconcilePayment, reconcileRound, type PaymentDeps } from '../payments/payments.js';
import { cameraOnByOperator } from './camera-cars.js';
import {
  form,
  startParkingHarness,
  stopParkingHarness,
  until,
  type ParkingLot,
} from './test-helpers.js';

/** Decision 0055: switching automatic card payment on once, without duplicate or stuck cards. */
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
const PATH = '/api/v1/parking/automatic-card-payment';
const payDeps = (): PaymentDeps => ({
  db: h.db,
  config: h.config,
  gateway: createGateway(h.app, h.config),
});

const get = async (path: string, u: Driver, method: 'GET' | 'DELETE' = 'GET') => {
  const r = await fetch(`${h.base}${path}`, { method, headers: u.headers });
  // Test-only: the assertions say what is expected.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: r.status, body: (await r.json()) as { result: boolean; data: any } };
};
const consentOf = async (u: Driver) => (await get(PATH, u)).body.data.automaticCardPayment;
const listedCards = async (u: Driver) =>
  (await get('/api/v1/user/credit-cards', u)).body.data as { cardMask: string; cardId: number }[];

async function cameraDriver(email: string, plate: string) {
  const u = await createActiveUser(h.db, email);
  await h.db
    .insert(userCars)
    .values({ userId: u.id, vehicleId, licensePlate: plate, defaultCar: true });
  await cameraOnByOperator(h.db, { email, plate });
  return u;
}

const switchOn = (u: Driver) => form(h, PATH, u, { cardSecret: 'titok1234' });

/** Presses a button (pay with the test card, or cancel) on the emulator's pay page. */
async function onPayPage(paymentUrl: string, action: 'cancel') {
  const u = new URL(paymentUrl);
  const local = `${h.base}${u.pathname}${u.search}`;
  const html = await (await fetch(local)).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(local, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ formToken, action }),
  });
  return res.headers.get('location') ?? '';
}

async function switchedOn(u: Driver) {
  const on = await switchOn(u);
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  expect(await h.payOnPage(on.body.data)).toContain('/cars?r=');
  return until(async () => {
    const a = await consentOf(u);
    return a?.state === 'on' ? a : null;
  }, 'automatic card payment on');
}

const sandboxStarts = (email: string) =>
  h.count('sandbox_sp_transactions', sql`kind = 'start' and customer_email = ${email}`);

describe('switching automatic card payment on once', () => {
  it('starts one SimplePay registration for two taps at once; the other is told it is under way', async () => {
    const anna = await cameraDriver('anna.consent@example.hu', 'CON-001');
    const both = await Promise.all([switchOn(anna), switchOn(anna)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body.data).toMatchObject({ responseCode: 'RECURRING_UNDER_WAY' });
    expect(refused.body.messages[0]).toMatchObject({ messageKey: 'recurring.underWay' });
    expect(await sandboxStarts('anna.consent@example.hu')).toBe(1);
    expect(await h.count('cards', sql`user_id = ${anna.id}`)).toBe(1);
    expect(await consentOf(anna)).toMatchObject({ state: 'pending' });
    // A third tap later is refused the same way while it is under way.
    const later = await switchOn(anna);
    expect(later.status).toBe(409);
    expect(later.body.data).toMatchObject({ responseCode: 'RECURRING_UNDER_WAY' });
    expect(await sandboxStarts('anna.consent@example.hu')).toBe(1);
  });
});

describe('the same card registered again', () => {
  it('leaves one row of the card on /cards and cancels the older one at SimplePay', async () => {
    const bea = await cameraDriver('bea.consent@example.hu', 'CON-002');
    await switchedOn(bea);
    const [first] = await h.db.select().from(cards).where(eq(cards.userId, bea.id));
    expect((await get(PATH, bea, 'DELETE')).status).toBe(200);
    const second = await switchedOn(bea);
    expect(second).toMatchObject({ remaining: 10, defaultCard: true });

    const listed = await listedCards(bea);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.cardMask).toBe(first!.mask);
    expect(listed[0]!.cardId).toBe(second.cardId);
    expect(listed[0]!.cardId).not.toBe(first!.id);
    // The older SimplePay card is cancelled there once the new registration's hold is released.
    await until(async () => {
      const [old] = await h.db.select().from(cards).where(eq(cards.id, first!.id));
      return old!.status === 'deleted';
    }, 'the older row deleted');
    expect(
      await h.count(
        'sandbox_sp_cards',
        sql`id = ${first!.simplePayCardId} and status = 'DISABLED'`,
      ),
    ).toBe(1);
    // A plain registration of the same card on /cards does not add a row either, and does not
    // drop the card that still has automatic payments to spend.
    const plain = await form(h, '/api/v1/simplepay/card-registration', bea, {
      cardSecret: 'masik1234',
    });
    expect(plain.status).toBe(200);
    expect(await h.payOnPage(plain.body.data)).toContain('/cards?r=');
    await until(
      async () =>
        (await h.count('cards', sql`user_id = ${bea.id} and status = 'processing'`)) === 0,
      'the plain registration settled',
    );
    const after = await listedCards(bea);
    expect(after.map((c) => c.cardId)).toEqual([second.cardId]);
    expect(await consentOf(bea)).toMatchObject({ state: 'on', remaining: 10 });
  });
});

describe('a registration settled before its IPN', () => {
  it('learns its card from the late IPN: no longer shown as processing, no duplicate', async () => {
    const hedi = await cameraDriver('hedi.consent@example.hu', 'CON-008');
    const first = await switchedOn(hedi);
    expect((await get(PATH, hedi, 'DELETE')).status).toBe(200);
    // SimplePay's IPN cannot reach us for now: the query settles the registration.
    const merchant = h.app.simplePaySandbox!.merchants.get('PUBLICTESTHUF')!;
    const ipnUrl = merchant.ipnUrl;
    merchant.ipnUrl = 'http://127.0.0.1:9/ipn';
    try {
      const on = await switchOn(hedi);
      expect(on.status).toBe(200);
      expect(await h.payOnPage(on.body.data)).toContain('/cars?r=');
      const [p] = await h.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, hedi.id), sql`${payments.settledAt} is null`));
      await reconcilePayment(payDeps(), p!);
      const listed = await listedCards(hedi);
      expect(listed.map((c) => c.cardMask).sort()).toEqual(['', first.cardMask]);
    } finally {
      merchant.ipnUrl = ipnUrl;
    }
    // Its retry is due now (rather than in 10 s).
    await h.db.execute(
      sql`update sandbox_sp_ipn_queue set next_attempt_at = now() where delivered_at is null`,
    );
    await until(async () => {
      await h.app.simplePaySandbox!.runIpnDeliveryRound();
      const listed = await listedCards(hedi);
      return listed.length === 1 && listed[0]!.cardMask === first.cardMask;
    }, 'the late IPN told the card');
    expect((await listedCards(hedi))[0]!.cardId).not.toBe(first.cardId);
    await until(
      async () =>
        (await h.count(
          'sandbox_sp_cards',
          sql`id = (select simple_pay_card_id from cards where id = ${first.cardId})
              and status = 'DISABLED'`,
        )) === 1,
      'the older card cancelled at SimplePay',
    );
  });
});

describe('abandoned registrations', () => {
  it('end at once when the driver cancels on SimplePay’s page and comes back', async () => {
    const cili = await cameraDriver('cili.consent@example.hu', 'CON-003');
    const on = await switchOn(cili);
    expect(on.status).toBe(200);
    expect(await listedCards(cili)).toEqual([expect.objectContaining({ cardMask: '' })]);
    const back = new URL(await onPayPage(on.body.data, 'cancel'));
    expect(back.pathname).toBe('/cars');
    const check = await fetch(
      `${h.base}/api/v1/payment-return?${new URLSearchParams({
        r: back.searchParams.get('r')!,
        s: back.searchParams.get('s')!,
      })}`,
    );
    expect(((await check.json()) as { data: { e: string } }).data.e).toBe('CANCEL');
    expect(await listedCards(cili)).toEqual([]);
    expect(await consentOf(cili)).toBeNull();
    // And switching on again is possible at once.
    expect((await switchOn(cili)).status).toBe(200);
  });

  it('end by the reconciliation round once SimplePay’s page timed out, never returned', async () => {
    const dani = await cameraDriver('dani.consent@example.hu', 'CON-004');
    expect((await switchOn(dani)).status).toBe(200);
    const [p] = await h.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, dani.id), eq(payments.purpose, 'card_registration')));
    // The driver left the page: its 5 minutes pass.
    await h.db.execute(
      sql`update sandbox_sp_transactions set timeout_at = now() - interval '1 minute'
          where order_ref = ${p!.orderRef}`,
    );
    await h.db.execute(
      sql`update payments set created_at = now() - interval '6 minutes' where id = ${p!.id}`,
    );
    await reconcileRound(payDeps(), 1000);
    expect(await listedCards(dani)).toEqual([]);
    expect(await consentOf(dani)).toBeNull();
    const [settled] = await h.db.select().from(payments).where(eq(payments.id, p!.id));
    expect(settled).toMatchObject({ status: 'TIMEOUT' });
  });

  it('end even if SimplePay keeps calling a never opened registration INIT', async () => {
    const gizi = await cameraDriver('gizi.consent@example.hu', 'CON-007');
    expect((await switchOn(gizi)).status).toBe(200);
    const [p] = await h.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, gizi.id), eq(payments.purpose, 'card_registration')));
    await h.db.execute(
      sql`update payments set created_at = now() - interval '11 minutes' where id = ${p!.id}`,
    );
    // Still INIT at SimplePay (its page was never opened), well past the page's 5 minutes.
    await reconcileRound(payDeps(), 1000);
    expect(await listedCards(gizi)).toEqual([]);
    expect(await consentOf(gizi)).toBeNull();
    const [settled] = await h.db.select().from(payments).where(eq(payments.id, p!.id));
    expect(settled).toMatchObject({ status: 'TIMEOUT' });
  });

  it('end when the driver switches off while one is under way; another driver’s switch-off leaves it', async () => {
    const emil = await cameraDriver('emil.consent@example.hu', 'CON-005');
    const feri = await cameraDriver('feri.consent@example.hu', 'CON-006');
    expect((await switchOn(emil)).status).toBe(200);
    expect((await get(PATH, feri, 'DELETE')).status).toBe(200);
    expect(await consentOf(emil)).toMatchObject({ state: 'pending' });

    const off = await get(PATH, emil, 'DELETE');
    expect(off.status).toBe(200);
    expect(off.body.data.automaticCardPayment).toBeNull();
    expect(await listedCards(emil)).toEqual([]);
    expect(
      await h.count(
        'sandbox_sp_transactions',
        sql`kind = 'start' and customer_email = 'emil.consent@example.hu' and status = 'CANCELLED'`,
      ),
    ).toBe(1);
    expect((await switchOn(emil)).status).toBe(200);
  });
});
