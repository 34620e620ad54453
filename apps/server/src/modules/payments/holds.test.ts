import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { ledgerEntries, moneyHolds, payments } from '../../db/schema/payments.js';
import { createGateway } from './gateway.js';
import {
  captureHold,
  completeStuckCardHolds,
  holdWallet,
  releaseHold,
  startCardHold,
} from './holds.js';
import { sql } from 'drizzle-orm';
import { creditWallet, InsufficientFundsError, walletBalance, walletLedgerSum } from './ledger.js';
import type { PaymentDeps } from './payments.js';
import { createSimplePayClient } from './simplepay/client.js';

let t: TestApp;
let base: string;
let deps: PaymentDeps;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.simplePaySandbox!.merchants.get('PUBLICTESTHUF')!.ipnUrl = `${base}/api/v1/simplepay/ipn`;
  deps = { db: t.database.db, config: t.config, gateway: createGateway(t.app, t.config) };
  userId = (await createActiveUser(t.database.db, 'holds@example.hu')).id;
  await t.database.db.transaction((tx) =>
    creditWallet(tx, { userId, amount: 10_000, kind: 'topup', cause: 'test:topup' }),
  );
});
afterAll(() => t.close());

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

describe('wallet holds', () => {
  it('a double-tapped start holds once; capture takes the actual cost once, however often it is called', async () => {
    const [a, b] = await Promise.all([
      holdWallet(deps, { userId, amount: 6_000, cause: 'charge:1' }),
      holdWallet(deps, { userId, amount: 6_000, cause: 'charge:1' }),
    ]);
    expect(a.id).toBe(b.id);
    expect(await walletBalance(t.database.db, userId)).toBe(4_000);

    const results = await Promise.all(
      Array.from({ length: 10 }, () => captureHold(deps, 'charge:1', 2_350)),
    );
    expect(results.every((r) => r?.status === 'captured' && r.capturedAmount === 2_350)).toBe(true);
    expect(await walletBalance(t.database.db, userId)).toBe(10_000 - 2_350);
    expect(await walletLedgerSum(t.database.db, userId)).toBe(10_000 - 2_350);
  });

  it('never holds more than the balance, and a release gives everything back', async () => {
    await expect(
      holdWallet(deps, { userId, amount: 50_000, cause: 'charge:2' }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(
      await t.database.db.select().from(moneyHolds).where(eq(moneyHolds.cause, 'charge:2')),
    ).toEqual([]);
    const before = await walletBalance(t.database.db, userId);
    await holdWallet(deps, { userId, amount: 5_000, cause: 'charge:3' });
    expect((await releaseHold(deps, 'charge:3'))?.status).toBe('released');
    expect(await walletBalance(t.database.db, userId)).toBe(before);
  });

  it('caps a capture at the hold', async () => {
    const before = await walletBalance(t.database.db, userId);
    await holdWallet(deps, { userId, amount: 1_000, cause: 'charge:4' });
    expect((await captureHold(deps, 'charge:4', 99_999))?.capturedAmount).toBe(1_000);
    expect(await walletBalance(t.database.db, userId)).toBe(before - 1_000);
  });
});

describe('card holds (SimplePay two-step)', () => {
  async function authorizedHold(cause: string, amount: number) {
    const { paymentUrl } = await startCardHold(deps, {
      userId,
      amount,
      cause,
      purpose: 'charge',
      email: 'holds@example.hu',
      lang: 'hu',
      returnPath: '/payment-result',
    });
    const pageUrl = `${base}${new URL(paymentUrl).pathname}`;
    const html = await (await fetch(pageUrl)).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
    await fetch(pageUrl, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        formToken,
        action: 'pay',
        cardNumber: '4908366099900425',
        expiry: '12/30',
        cvc: '123',
        cardName: 'Teszt Elek',
      }),
    });
    await until(
      async () =>
        (await t.database.db.select().from(moneyHolds).where(eq(moneyHolds.cause, cause)))[0]
          ?.status === 'held',
    );
  }
  const sp = () =>
    createSimplePayClient({
      merchant: 'PUBLICTESTHUF',
      secretKey: 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6',
      baseUrl: `${base}/sandbox/simplepay/payment/v2/`,
    });

  it('holds the maximum, then captures the real cost at SimplePay exactly once', async () => {
    await authorizedHold('charge:10', 5_000);
    const results = await Promise.all([
      captureHold(deps, 'charge:10', 1_840),
      captureHold(deps, 'charge:10', 1_840),
    ]);
    expect(results.some((r) => r?.status === 'captured')).toBe(true);
    const [hold] = await t.database.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, 'charge:10'));
    expect(hold).toMatchObject({ status: 'captured', capturedAmount: 1_840 });
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, hold!.paymentId!));
    const at = (await sp().query({ orderRefs: [p!.orderRef] })).transactions[0]!;
    expect(at.status).toBe('FINISHED');
    expect(at.total).toBe(1_840);
    const booked = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, p!.id));
    expect(booked.map((e) => [e.kind, e.amount])).toEqual([['card_capture', -1_840]]);
  });

  it('a charge with no energy releases the whole card hold', async () => {
    await authorizedHold('charge:11', 3_000);
    expect((await releaseHold(deps, 'charge:11'))?.status).toBe('released');
    const [hold] = await t.database.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, 'charge:11'));
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, hold!.paymentId!));
    expect((await sp().query({ orderRefs: [p!.orderRef] })).transactions[0]!.status).toBe(
      'CANCELLED',
    );
  });

  it('finishes a capture whose SimplePay answer was lost, exactly once, by query', async () => {
    await authorizedHold('charge:12', 4_000);
    // As if the process died after claiming the capture, before SimplePay answered.
    await t.database.db.execute(
      sql`update money_holds set status = 'capturing', captured_amount = 2500, created_at = now() - interval '2 minutes' where cause = 'charge:12'`,
    );
    expect(await completeStuckCardHolds(deps)).toBeGreaterThan(0);
    await completeStuckCardHolds(deps);
    const [hold] = await t.database.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, 'charge:12'));
    expect(hold).toMatchObject({ status: 'captured', capturedAmount: 2_500 });
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, hold!.paymentId!));
    expect((await sp().query({ orderRefs: [p!.orderRef] })).transactions[0]).toMatchObject({
      status: 'FINISHED',
      total: 2_500,
    });
    const booked = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, p!.id));
    expect(booked).toHaveLength(1);
  });
});
