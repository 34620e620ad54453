import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  locations,
  mailOutbox,
  moneyHolds,
  payments,
  roamingEmspCdrs,
  roamingEmspChargeRequests,
  roamingPartnerLocations,
  roamingReceipts,
  sandboxOcpiCommands,
  sandboxOcpiPeers,
  sandboxSpIpnQueue,
  users,
} from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createActiveUser } from '../../../test/users.js';
import { createGateway } from '../../payments/gateway.js';
import { walletBalance } from '../../payments/ledger.js';
import { signMessage } from '../../payments/simplepay/signature.js';
import { pdfText } from '../../invoices/test-helpers.js';
import { ocpi } from '../test-helpers.js';
import { billRoamingCdr } from './bill-roaming-cdr.js';
import { chargeRequestsRound } from './charge-requests-loop.js';
import type { ChargeRequestRow } from './charge-requests-store.js';
import type { PartnerChargeDeps } from './start-partner-charge.js';

// Decision 0050: card holds for our drivers' charges at the sandbox partner VoltPartner, with the
// built-in SimplePay emulator (pay page, OneClick `do`, IPN) and the roaming emulator, both real
// HTTP in this app. The partner's charging rounds are run here by hand.
const MERCHANT = 'PUBLICTESTHUF';
const SECRET = 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6';
const later = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>) {
  for (let i = 0; ; i++) {
    const v = await read();
    if (v) return v;
    if (i > 300) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let t: TestApp;
let deps: PartnerChargeDeps;
let base = '';
let forum = 0;
let mars = 0;
const drivers: Record<string, { id: number; headers: Record<string, string> }> = {};
const cardOf: Record<string, number> = {};
const ipnUrl = () => `${base}/api/v1/simplepay/ipn`;
const merchant = () => t.app.simplePaySandbox!.merchants.get(MERCHANT)!;

const requestRow = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(roamingEmspChargeRequests)
      .where(eq(roamingEmspChargeRequests.id, id))
  )[0]!;
const requestStatus = (id: number, status: string) => async () => {
  const r = await requestRow(id);
  return r.status === status ? r : null;
};
const holdOf = async (r: Pick<ChargeRequestRow, 'authorizationReference'>) =>
  (
    await t.database.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, `roaming:${r.authorizationReference}`))
  )[0];
const paymentOfHold = async (r: ChargeRequestRow) => {
  const hold = await holdOf(r);
  return (await t.database.db.select().from(payments).where(eq(payments.id, hold!.paymentId!)))[0]!;
};
const mailsTo = (to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(mailOutbox.id);
/** START_SESSION commands the partner received for this request. */
const startsAtPartner = async (r: ChargeRequestRow) =>
  (
    await t.database.db
      .select({ id: sandboxOcpiCommands.id })
      .from(sandboxOcpiCommands)
      .where(
        and(
          eq(sandboxOcpiCommands.type, 'START_SESSION'),
          sql`${sandboxOcpiCommands.request}->>'authorization_reference' = ${r.authorizationReference}`,
        ),
      )
  ).length;

/** The start went out (REQUESTED is claimed just before the send) and reached the partner. */
async function startSent(id: number) {
  const r = await until('the start sent', requestStatus(id, 'REQUESTED'));
  await until('the partner got START_SESSION', async () => (await startsAtPartner(r)) > 0);
  return r;
}

async function call(who: string, method: 'GET' | 'POST', path: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...drivers[who]!.headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

/** The emulator's pay page submitted like a browser (or cancelled); returns the back redirect. */
async function onPayPage(paymentUrl: string, action: 'pay' | 'cancel' = 'pay') {
  const u = new URL(paymentUrl);
  const page = `${base}${u.pathname}${u.search}`;
  const html = await (await fetch(page)).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(page, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      formToken,
      action,
      cardNumber: '4908366099900425',
      expiry: '12/30',
      cvc: '123',
      cardName: 'Teszt Elek',
    }),
  });
  return res.headers.get('location') ?? '';
}

async function registerCard(who: string, secret: string) {
  const reg = await fetch(`${base}/api/v1/simplepay/card-registration`, {
    method: 'POST',
    headers: { ...drivers[who]!.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardSecret: secret }),
  }).then((r) => r.json() as Promise<{ data: string }>);
  await onPayPage(reg.data);
  const [card] = await until('the card registered', async () => {
    const list = (await call(who, 'GET', '/api/v1/user/credit-cards')).body.data as unknown as {
      cardId: number;
      cardMask: string;
    }[];
    return list[0]?.cardMask ? list : null;
  });
  return card!.cardId;
}

const siteOf = async (partnerLocationId: string) =>
  (
    await until(`site ${partnerLocationId} mirrored`, async () => {
      const [row] = await t.database.db
        .select({ id: locations.id })
        .from(locations)
        .innerJoin(
          roamingPartnerLocations,
          eq(roamingPartnerLocations.id, locations.roamingPartnerLocationId),
        )
        .where(eq(roamingPartnerLocations.locationId, partnerLocationId));
      return row;
    })
  ).id;

beforeAll(async () => {
  t = await createTestApp({ env: { ROAMING_SANDBOX_PARTNER: '1' } });
  await t.app.roamingSandbox!.stopChargingLoop();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.config.publicUrl = base;
  merchant().ipnUrl = ipnUrl();
  await t.app.roamingSandbox!.stopStatusLoop();
  expect(await t.app.roamingSandbox!.whenRegistered()).toBe('registered');
  forum = await siteOf('VPT-DEB-FORUM');
  mars = await siteOf('VPT-SZE-MARS');
  const db = t.database.db;
  deps = {
    db,
    config: t.config,
    gateway: createGateway(t.app, t.config),
    client: { db, timeoutMs: t.config.roaming.timeoutMs },
  };
  for (const k of ['a', 'b', 'c', 'd', 'e']) {
    drivers[k] = await createActiveUser(db, `card-${k}@example.com`);
    cardOf[k] = await registerCard(k, `titok-${k}`);
  }
  // No saved card and no wallet money: only a one-off card pays.
  drivers.f = await createActiveUser(db, 'card-f@example.com');
}, 90_000);

afterAll(async () => {
  await t?.close();
});

const startBody = (evseUid: string, amount: number, extra: object) => ({
  locationId: evseUid.startsWith('HU*VPT*E02') ? mars : forum,
  evseUid,
  amount,
  ...extra,
});

describe('a roaming charge held on a saved card (CARD)', { timeout: 90_000 }, () => {
  let req: ChargeRequestRow;

  it('waits in PAYING until SimplePay authorizes the hold, then sends START_SESSION once', async () => {
    const wrong = await call(
      'a',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0101', 5000, {
        paymentMethod: 'CARD',
        cardId: cardOf.a,
        cardSecret: 'rossz-kod',
      }),
    );
    expect(wrong.status).toBe(402);
    expect(wrong.body.data.responseCode).toBe('SIMPLEPAY_INVALID_PASSWORD');
    const refused = await call('a', 'GET', '/api/v1/roaming/current');
    expect(refused.body.data).toMatchObject({
      status: 'REJECTED',
      paymentProblem: 'NOT_STARTED',
      holdOutcome: 'NOT_TAKEN',
    });
    // Another driver's card is not found, and starts nothing.
    const foreign = await call(
      'b',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0101', 5000, {
        paymentMethod: 'CARD',
        cardId: cardOf.a,
        cardSecret: 'titok-a',
      }),
    );
    expect(foreign.status).toBe(404);
    const missing = await call(
      'a',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0101', 5000, { paymentMethod: 'CARD', cardId: cardOf.a }),
    );
    expect(missing.status).toBe(400);

    const start = await call(
      'a',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0101', 5000, {
        connectorId: '1',
        paymentMethod: 'CARD',
        cardId: cardOf.a,
        cardSecret: 'titok-a',
      }),
    );
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ paymentMethod: 'CARD', holdAmount: 5000 });
    const id = start.body.data.requestId as number;
    req = await startSent(id);
    expect(await holdOf(req)).toMatchObject({ method: 'card', amount: 5000, status: 'held' });
    expect(await startsAtPartner(req)).toBe(1);
    // The wallet was never touched.
    expect(await walletBalance(t.database.db, drivers.a!.id)).toBe(0);
  });

  it('the CDR is captured from the card hold, the rest released at SimplePay, billed once', async () => {
    const t0 = new Date();
    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    await until('the request STARTED', requestStatus(req.id, 'STARTED'));
    await t.app.roamingSandbox!.chargingRound(later(t0, 600));
    const stop = await call('a', 'POST', '/api/v1/roaming/stop', { requestId: req.id });
    expect(stop.body.data.status).toBe('STOPPING');
    await t.app.roamingSandbox!.chargingRound(later(new Date(), 3));
    const done = await until('the request COMPLETED', requestStatus(req.id, 'COMPLETED'));
    const [cdr] = await t.database.db
      .select()
      .from(roamingEmspCdrs)
      .where(eq(roamingEmspCdrs.authorizationReference, req.authorizationReference));
    expect(cdr!.billing).toBe('BILLED');
    const billed = cdr!.billedAmount!;
    expect(billed).toBeGreaterThan(0);
    expect(billed).toBeLessThan(5000);
    expect(done.billedAmount).toBe(billed);
    expect(cdr!.paidAmount).toBe(billed);
    expect(await holdOf(req)).toMatchObject({ status: 'captured', capturedAmount: billed });
    expect(await paymentOfHold(req)).toMatchObject({ status: 'FINISHED', capturedTotal: billed });
    const [receipt] = await t.database.db
      .select()
      .from(roamingReceipts)
      .where(eq(roamingReceipts.cdrId, cdr!.id));
    expect(receipt).toMatchObject({ grossPrice: billed, paidAmount: billed });
    expect(receipt!.paidAt).not.toBeNull();
    expect(await walletBalance(t.database.db, drivers.a!.id)).toBe(0);
    // Decision 0057: the receipt names the saved card by its mask.
    const cards = (await call('a', 'GET', '/api/v1/user/credit-cards')).body.data as unknown as {
      cardMask: string;
    }[];
    expect(cards[0]!.cardMask).toMatch(/\d{4}$/);
    const shown = await call('a', 'GET', `/api/v1/receipt/${receipt!.rowNumber}`);
    expect(shown.body.data.roaming).toMatchObject({
      paymentMethod: 'card',
      cardMasks: [cards[0]!.cardMask],
    });
    // Nothing open, so no open-rest mail (decision 0057).
    expect((await mailsTo('card-a@example.com')).map((m) => m.template)).not.toContain(
      'roamingOpenRest',
    );
    // A round later nothing changes.
    await chargeRequestsRound(deps);
    expect(await holdOf(req)).toMatchObject({ status: 'captured', capturedAmount: billed });
    expect(await startsAtPartner(req)).toBe(1);
  });
});

describe(
  'exactly once under IPN replays; a partner that never answers releases the card hold',
  { timeout: 90_000 },
  () => {
    it('five concurrent and two late copies of the IPN send one START_SESSION', async () => {
      // The IPN goes nowhere for now: the request waits in PAYING with the hold pending.
      merchant().ipnUrl = 'http://127.0.0.1:9/ipn';
      try {
        const start = await call(
          'b',
          'POST',
          '/api/v1/roaming/start',
          startBody('HU*VPT*E0103', 3000, {
            paymentMethod: 'CARD',
            cardId: cardOf.b,
            cardSecret: 'titok-b',
          }),
        );
        expect(start.status).toBe(200);
        expect(start.body.data.status).toBe('PAYING');
        const r = await requestRow(start.body.data.requestId as number);
        expect(await holdOf(r)).toMatchObject({ status: 'pending' });
        await chargeRequestsRound(deps);
        expect((await requestRow(r.id)).status).toBe('PAYING');
        expect(await startsAtPartner(r)).toBe(0);

        const payment = await paymentOfHold(r);
        const [queued] = await t.database.db
          .select()
          .from(sandboxSpIpnQueue)
          .where(eq(sandboxSpIpnQueue.transactionId, payment.transactionId!));
        const post = () =>
          fetch(ipnUrl(), {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Signature: signMessage(SECRET, queued!.body),
            },
            body: queued!.body,
          });
        const answers = await Promise.all([post(), post(), post(), post(), post()]);
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
        await startSent(r.id);
        expect((await post()).status).toBe(200);
        await chargeRequestsRound(deps);
        expect((await post()).status).toBe(200);
        expect(await startsAtPartner(r)).toBe(1);
        expect(await holdOf(r)).toMatchObject({ status: 'held', amount: 3000 });
        const sent = await t.database.db.execute(
          sql`select count(*)::int as n from ocpi_call_log
            where direction = 'out' and url like '%/START_SESSION'
              and request_body->>'authorization_reference' = ${r.authorizationReference}`,
        );
        expect((sent as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

        // No charging round: the partner's result never comes. After its timeout the request
        // ends and the card hold is released at SimplePay (finish with 0).
        await chargeRequestsRound(deps, later(new Date(), 120));
        expect((await requestRow(r.id)).status).toBe('TIMEOUT');
        expect(await holdOf(r)).toMatchObject({ status: 'released', capturedAmount: 0 });
        expect(await paymentOfHold(r)).toMatchObject({ status: 'CANCELLED', capturedTotal: 0 });
      } finally {
        merchant().ipnUrl = ipnUrl();
      }
    });
  },
);

describe('a one-off card (SIMPLEPAY) through the pay page', { timeout: 90_000 }, () => {
  it('the pay page returns to the live screen and the start goes out after the IPN', async () => {
    const start = await call(
      'c',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0201', 4000, { paymentMethod: 'SIMPLEPAY' }),
    );
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ status: 'PAYING', paymentMethod: 'SIMPLEPAY' });
    const url = start.body.data.paymentUrl as string;
    expect(url).toContain('/sandbox/simplepay/');
    // Nothing goes to the partner before the card is authorized.
    const r = await requestRow(start.body.data.requestId as number);
    expect(await startsAtPartner(r)).toBe(0);
    // Another driver cannot cancel it.
    expect((await call('d', 'POST', '/api/v1/roaming/stop', { requestId: r.id })).status).toBe(404);
    const back = await onPayPage(url);
    expect(back.startsWith(`${base}/roaming-charge?`)).toBe(true);
    await startSent(r.id);
    expect(await holdOf(r)).toMatchObject({ method: 'card', status: 'held', amount: 4000 });
    expect(await startsAtPartner(r)).toBe(1);
    // No charging round: the partner never answers; after its timeout the hold is released.
    await chargeRequestsRound(deps, later(new Date(), 120));
    expect((await requestRow(r.id)).status).toBe('TIMEOUT');
    expect(await holdOf(r)).toMatchObject({ status: 'released' });
  });

  it('a driver with neither a saved card nor wallet money: the partner’s authorization allows the held charge', async () => {
    const start = await call(
      'f',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0101', 3000, { paymentMethod: 'SIMPLEPAY' }),
    );
    expect(start.status).toBe(200);
    const id = start.body.data.requestId as number;
    await onPayPage(start.body.data.paymentUrl as string);
    await startSent(id);
    await t.app.roamingSandbox!.chargingRound(later(new Date(), 3));
    const started = await until('the request STARTED', async () => {
      const r = await requestRow(id);
      if (r.status === 'REJECTED') throw new Error(`refused: ${r.message}`);
      return r.status === 'STARTED' ? r : null;
    });
    expect(started.sessionId).toBeTruthy();
    // Ten minutes of charging, so there is something to bill.
    await t.app.roamingSandbox!.chargingRound(later(new Date(), 600));
    await call('f', 'POST', '/api/v1/roaming/stop', { requestId: id });
    await t.app.roamingSandbox!.chargingRound(later(new Date(), 3));
    await until('the request COMPLETED', requestStatus(id, 'COMPLETED'));
    // Decision 0057: a one-off card is named by the mask SimplePay reported; the emulator (as
    // SimplePay for a payment that registers no card) reports none, so none is shown.
    const receipt = await until('the receipt issued', async () => {
      const [r] = await t.database.db
        .select()
        .from(roamingReceipts)
        .where(eq(roamingReceipts.userId, drivers.f!.id));
      return r;
    });
    const shown = await call('f', 'GET', `/api/v1/receipt/${receipt.rowNumber}`);
    expect(shown.body.data.roaming).toMatchObject({ paymentMethod: 'card', cardMasks: [] });
    // An IPN that carried the mask (settlePayment keeps it on the payment) names the card.
    const request = await requestRow(id);
    const payment = await paymentOfHold(request);
    await t.database.db
      .update(payments)
      .set({ cardMask: '5168-49xx-xxxx-1234' })
      .where(eq(payments.id, payment.id));
    const named = await call('f', 'GET', `/api/v1/receipt/${receipt.rowNumber}`);
    expect(named.body.data.roaming).toMatchObject({ cardMasks: ['5168-49xx-xxxx-1234'] });
  });

  it('a payment cancelled on the pay page ends the request; the driver may also cancel first', async () => {
    const start = await call(
      'd',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0201', 4000, { paymentMethod: 'SIMPLEPAY' }),
    );
    const r = await requestRow(start.body.data.requestId as number);
    const back = await onPayPage(start.body.data.paymentUrl as string, 'cancel');
    expect(back).toContain('/roaming-charge?');
    // No IPN for a cancel: the app's check of the back redirect asks SimplePay at once, and the
    // request ends then (not a reconciliation round later).
    const returned = new URL(back);
    const check = await call(
      'd',
      'GET',
      `/api/v1/payment-return?r=${encodeURIComponent(returned.searchParams.get('r')!)}&s=${encodeURIComponent(returned.searchParams.get('s')!)}`,
    );
    expect(check.body.data).toMatchObject({ e: 'CANCEL' });
    const ended = await until('the request REJECTED', requestStatus(r.id, 'REJECTED'));
    expect(ended.message).toBe('the card payment was not completed');
    expect(await holdOf(r)).toMatchObject({ status: 'failed' });
    expect(await startsAtPartner(r)).toBe(0);
    const view = await call('d', 'GET', '/api/v1/roaming/current');
    // Decision 0056: nothing was held, and the app says so.
    expect(view.body.data).toMatchObject({
      status: 'REJECTED',
      paymentProblem: 'NOT_COMPLETED',
      holdOutcome: 'NOT_TAKEN',
    });

    // Pay again, tapped twice: one new request, the other tap refused.
    const taps = await Promise.all(
      [1, 2].map(() =>
        call(
          'd',
          'POST',
          '/api/v1/roaming/start',
          startBody('HU*VPT*E0201', 4000, { paymentMethod: 'SIMPLEPAY' }),
        ),
      ),
    );
    expect(taps.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(taps.find((x) => x.status === 409)!.body.data.responseCode).toBe('ALREADY_CHARGING');
    const again = taps.find((x) => x.status === 200)!;
    // The driver cancels on our side before paying: nothing is sent, ever.
    const r2 = await requestRow(again.body.data.requestId as number);
    const cancelled = await call('d', 'POST', '/api/v1/roaming/stop', { requestId: r2.id });
    expect(cancelled.status).toBe(200);
    // Nothing held yet: not "released", but released should the bank authorize it later.
    expect(cancelled.body.data).toMatchObject({
      status: 'REJECTED',
      paymentProblem: 'CANCELLED',
      holdOutcome: 'PENDING',
    });
    // Paid after all on the still open page: the late authorization is released, not used.
    await onPayPage(again.body.data.paymentUrl as string);
    await until('the late hold released', async () => {
      await chargeRequestsRound(deps);
      return (await holdOf(r2))?.status === 'released';
    });
    expect((await requestRow(r2.id)).status).toBe('REJECTED');
    expect(await startsAtPartner(r2)).toBe(0);
    const after = await call('d', 'GET', '/api/v1/roaming/current');
    expect(after.body.data).toMatchObject({ requestId: r2.id, holdOutcome: 'RELEASED' });
  });

  it('a payment never finished ends TIMEOUT after the payment window', async () => {
    const start = await call(
      'e',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0201', 2500, { paymentMethod: 'SIMPLEPAY' }),
    );
    const r = await requestRow(start.body.data.requestId as number);
    await chargeRequestsRound(deps, later(new Date(), 60));
    expect((await requestRow(r.id)).status).toBe('PAYING');
    await chargeRequestsRound(deps, later(new Date(), 7 * 60));
    expect(await requestRow(r.id)).toMatchObject({
      status: 'TIMEOUT',
      message: 'the card payment was not completed in time',
    });
    expect(await startsAtPartner(r)).toBe(0);
  });
});

describe('a bill above the card hold', { timeout: 90_000 }, () => {
  it('leaves the rest open on the receipt; the owner pays it by card, another driver cannot', async () => {
    await t.database.db
      .update(users)
      .set({ preferredLanguage: 'en' })
      .where(eq(users.id, drivers.e!.id));
    const start = await call(
      'e',
      'POST',
      '/api/v1/roaming/start',
      startBody('HU*VPT*E0101', 100, {
        paymentMethod: 'CARD',
        cardId: cardOf.e,
        cardSecret: 'titok-e',
      }),
    );
    expect(start.status).toBe(200);
    const id = start.body.data.requestId as number;
    await startSent(id);
    const t0 = new Date();
    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    await until('the request STARTED', requestStatus(id, 'STARTED'));
    await t.app.roamingSandbox!.chargingRound(later(t0, 1800));
    await call('e', 'POST', '/api/v1/roaming/stop', { requestId: id });
    await t.app.roamingSandbox!.chargingRound(later(new Date(), 3));
    const done = await until('the request COMPLETED', requestStatus(id, 'COMPLETED'));
    const billed = done.billedAmount!;
    expect(billed).toBeGreaterThan(100);
    expect(await holdOf(done)).toMatchObject({ status: 'captured', capturedAmount: 100 });
    const [receipt] = await t.database.db
      .select()
      .from(roamingReceipts)
      .where(eq(roamingReceipts.userId, drivers.e!.id));
    expect(receipt).toMatchObject({ grossPrice: billed, paidAmount: 100, paidAt: null });
    expect(await walletBalance(t.database.db, drivers.e!.id)).toBe(0);

    // Decision 0057: one e-mail of the open rest, in the driver's language (English here), with
    // the receipt page's link; a replayed CDR and two stale billing attempts send nothing more.
    const [cdr] = await t.database.db
      .select()
      .from(roamingEmspCdrs)
      .where(eq(roamingEmspCdrs.id, receipt!.cdrId));
    const payDeps = {
      db: t.database.db,
      config: t.config,
      gateway: createGateway(t.app, t.config),
    };
    await Promise.all([
      billRoamingCdr(payDeps, { ...cdr!, billing: 'PENDING' }),
      billRoamingCdr(payDeps, { ...cdr!, billing: 'PENDING' }),
    ]);
    const [peer] = await t.database.db
      .select()
      .from(sandboxOcpiPeers)
      .where(eq(sandboxOcpiPeers.label, 'platform'));
    const replay = await ocpi(`${base}/ocpi/2.2.1/emsp/cdrs`, peer!.theirToken!, {
      method: 'POST',
      body: cdr!.object,
    });
    expect(replay.json.status_code).toBe(1000);
    const mails = await mailsTo('card-e@example.com');
    expect(mails.map((m) => m.template)).toEqual(['roamingOpenRest']);
    const open = billed - 100;
    const ft = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')} Ft`;
    expect(mails[0]!.lang).toBe('en');
    expect(mails[0]!.subject).toContain(String(receipt!.rowNumber));
    expect(mails[0]!.textBody).toContain(
      `Your charge at Debrecen, Fórum parkolóház (VoltPartner Kft.) cost ${ft(billed)}. ${ft(100)} was taken from the amount held on your card; ${ft(open)} is still to pay.`,
    );
    expect(mails[0]!.textBody).toContain(`${base}/receipt?rowNumber=${receipt!.rowNumber}`);

    const shown = await call('e', 'GET', `/api/v1/receipt/${receipt!.rowNumber}`);
    expect(shown.body.data).toMatchObject({ grossPrice: billed, paid: false });
    // The receipt says the card paid (its hold), not the wallet.
    expect(shown.body.data.roaming).toMatchObject({
      paymentMethod: 'card',
      paidAmount: 100,
      cardMasks: ['4908-36xx-xxxx-0425'],
    });
    // Its PDF (decision 0057) says the same: the card by its mask, what is still to pay.
    const pdf = await fetch(
      `${base}/api/file?type=roaming_receipt&name=${receipt!.rowNumber}.pdf&lang=en`,
      { headers: drivers.e!.headers },
    );
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/[ \u00a0]+/g, ' ');
    expect(text).toContain('Payment method bank card');
    expect(text).toContain('Card 4908-36xx-xxxx-0425');
    expect(text).toContain(`Paid 100 Ft`);
    expect(text).toContain(`Still to pay ${ft(open).replace(/\u00a0/g, ' ')}`);
    expect(text).toContain('Status not paid');
    expect((await call('a', 'GET', `/api/v1/simplepay/start/${receipt!.rowNumber}`)).status).toBe(
      404,
    );
    const pay = await call('e', 'GET', `/api/v1/simplepay/start/${receipt!.rowNumber}`);
    expect(pay.status).toBe(200);
    await onPayPage(pay.body.data as unknown as string);
    await until('the receipt paid', async () => {
      const [r] = await t.database.db
        .select()
        .from(roamingReceipts)
        .where(eq(roamingReceipts.id, receipt!.id));
      return r?.paidAt ? r : null;
    });
    const [paid] = await t.database.db
      .select()
      .from(roamingReceipts)
      .where(eq(roamingReceipts.id, receipt!.id));
    expect(paid!.paidAmount).toBe(billed);
    expect(
      (await call('e', 'GET', `/api/v1/receipt/${receipt!.rowNumber}`)).body.data,
    ).toMatchObject({ paid: true });
    expect((await call('e', 'GET', `/api/v1/simplepay/start/${receipt!.rowNumber}`)).status).toBe(
      409,
    );
  });
});
