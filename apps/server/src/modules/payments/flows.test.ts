import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { billingData } from '../../db/schema/billing.js';
import { payments } from '../../db/schema/payments.js';
import { seedReferenceData } from '../../db/seed/index.js';
import { readBackRedirect } from './simplepay/callbacks.js';
import { walletBalance, walletLedgerSum } from './ledger.js';
import { reconcileRound } from './payments.js';
import { createGateway } from './gateway.js';
import { createSimplePayClient } from './simplepay/client.js';

/**
 * Payments end to end over real HTTP: our server, the SimplePay emulator mounted on it, the pay
 * page submitted like a browser, the emulator's IPN arriving at our IPN endpoint.
 */
const SECRET = 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6';
let t: TestApp;
let base: string;
let anna: Awaited<ReturnType<typeof createActiveUser>>;
let bela: Awaited<ReturnType<typeof createActiveUser>>;
let annaBilling: number;

beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedReferenceData(d.db) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.simplePaySandbox!.merchants.get('PUBLICTESTHUF')!.ipnUrl = `${base}/api/v1/simplepay/ipn`;
  anna = await createActiveUser(t.database.db, 'anna.pay@example.hu');
  bela = await createActiveUser(t.database.db, 'bela.pay@example.hu');
  const [b] = await t.database.db
    .insert(billingData)
    .values({
      userId: anna.id,
      type: 'PERSON',
      payerName: 'Kovács Anna',
      lastName: 'Kovács',
      firstName: 'Anna',
      emailAddress: 'anna.pay@example.hu',
      phone: '+36 30 123 4567',
      defaultBillingData: true,
      countryCode: 'HU',
      zipCode: '1051',
      city: 'Budapest',
      street: 'Nádor',
      addressType: 'utca',
      houseNumber: '12',
    })
    .returning();
  annaBilling = b!.id;
});
afterAll(() => t.close());

/** An API answer: the envelope, with the data of whichever call it was. */
interface Answer {
  status: number;
  // Test-only: each call's data has its own shape; the assertions say what is expected.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { result: boolean; data: any; messages: unknown[] };
}
const api = async (url: string, user = anna): Promise<Answer> => {
  const r = await fetch(`${base}${url}`, { headers: user.headers });
  return { status: r.status, body: (await r.json()) as Answer['body'] };
};
const local = (url: string) => {
  const u = new URL(url);
  return `${base}${u.pathname}${u.search}`;
};

async function payOnPage(paymentUrl: string, cardNumber: string) {
  const page = await fetch(local(paymentUrl));
  const html = await page.text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(local(paymentUrl), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      formToken,
      action: 'pay',
      cardNumber,
      expiry: '12/30',
      cvc: '123',
      cardName: 'Kovács Anna',
    }),
  });
  return res.headers.get('location') ?? '';
}
/** The emulator delivers IPNs in the background; wait until nothing is left to deliver now. */
async function deliverIpns() {
  for (let i = 0; i < 100; i++) {
    await t.app.simplePaySandbox!.runIpnDeliveryRound();
    const pending = await t.database.db.execute(
      sql`select count(*)::int as n from sandbox_sp_ipn_queue where delivered_at is null and failed_at is null and next_attempt_at <= now() + interval '5 seconds'`,
    );
    if ((pending as unknown as { rows: { n: number }[] }).rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('IPNs were not delivered');
}
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}
const deps = () => ({
  db: t.database.db,
  config: t.config,
  gateway: createGateway(t.app, t.config),
});

describe('wallet top-up through SimplePay', () => {
  it('pays on the pay page, returns with a signed result, is credited by the IPN, and confirm shows the balance', async () => {
    const start = await api(
      `/api/v1/wallet/charge-wallet?amount=5000&billing-data-id=${annaBilling}`,
    );
    expect(start.status).toBe(200);
    const back = new URL(await payOnPage(start.body.data, '4908366099900425'));
    expect(back.pathname).toBe('/prepaid-payment-result');
    const event = readBackRedirect(
      SECRET,
      back.searchParams.get('r') ?? '',
      back.searchParams.get('s') ?? '',
    );
    expect(event).toMatchObject({ e: 'SUCCESS' });

    await until(async () => (await walletBalance(t.database.db, anna.id)) === 5000);
    const confirm = await api(
      `/api/v1/wallet/confirm-payment?transactionId=${event!.t}&status=SUCCESS`,
    );
    expect(confirm.body).toMatchObject({ result: true, data: 5000 });
    expect((await api('/api/v1/wallet/wallet-ballance')).body.data).toEqual({
      ballance: 5000,
      countUnpayedWallets: 0,
    });

    const stranger = await api(
      `/api/v1/wallet/confirm-payment?transactionId=${event!.t}&status=SUCCESS`,
      bela,
    );
    expect(stranger.status).toBe(404);
  });

  it('settles exactly once when the server missed the IPN: reconciliation first, the late IPN changes nothing', async () => {
    const sandbox = t.app.simplePaySandbox!.merchants.get('PUBLICTESTHUF')!;
    sandbox.ipnUrl = 'http://127.0.0.1:1/unreachable';
    const before = await walletBalance(t.database.db, anna.id);
    const start = await api(
      `/api/v1/wallet/charge-wallet?amount=3000&billing-data-id=${annaBilling}`,
    );
    await payOnPage(start.body.data, '4908366099900425');
    await until(async () => {
      const r = await t.database.db.execute(
        sql`select count(*)::int as n from sandbox_sp_ipn_queue where attempts > 0 and delivered_at is null`,
      );
      return (r as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
    });
    expect(await walletBalance(t.database.db, anna.id)).toBe(before);

    // As after a restart: the open payment is older than a minute and nobody told us.
    await t.database.db.execute(
      sql`update payments set created_at = now() - interval '3 minutes' where settled_at is null`,
    );
    expect(await reconcileRound(deps())).toBeGreaterThan(0);
    expect(await walletBalance(t.database.db, anna.id)).toBe(before + 3000);

    sandbox.ipnUrl = `${base}/api/v1/simplepay/ipn`;
    // The server is back at its address: the queued IPN is retried there.
    await t.database.db.execute(
      sql`update sandbox_sp_ipn_queue set url = ${`${base}/api/v1/simplepay/ipn`}, next_attempt_at = now() where delivered_at is null`,
    );
    await deliverIpns();
    const undelivered = await t.database.db.execute(
      sql`select count(*)::int as n from sandbox_sp_ipn_queue where delivered_at is null`,
    );
    expect((undelivered as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await walletBalance(t.database.db, anna.id)).toBe(before + 3000);
    expect(await walletLedgerSum(t.database.db, anna.id)).toBe(before + 3000);
  });

  it('a declined card credits nothing and the result says so', async () => {
    const before = await walletBalance(t.database.db, anna.id);
    const start = await api(
      `/api/v1/wallet/charge-wallet?amount=1000&billing-data-id=${annaBilling}`,
    );
    const back = new URL(await payOnPage(start.body.data, '4000000000000002'));
    const event = readBackRedirect(
      SECRET,
      back.searchParams.get('r') ?? '',
      back.searchParams.get('s') ?? '',
    );
    expect(event?.e).toBe('FAIL');
    const confirm = await api(
      `/api/v1/wallet/confirm-payment?transactionId=${event!.t}&status=FAIL`,
    );
    expect(confirm.body.result).toBe(false);
    expect(await walletBalance(t.database.db, anna.id)).toBe(before);
  });

  it('refuses a top-up below the debt minimum or with another user’s billing data', async () => {
    expect((await api('/api/v1/wallet/charge-wallet?amount=50&billing-data-id=1')).status).toBe(
      400,
    );
    expect((await api('/api/v1/wallet/charge-wallet?amount=60000&billing-data-id=1')).status).toBe(
      400,
    );
    expect(
      (await api(`/api/v1/wallet/charge-wallet?amount=1000&billing-data-id=${annaBilling}`, bela))
        .status,
    ).toBe(404);
  });
});

describe('saved cards (OneClick)', () => {
  it('registers a card: processing until the IPN, then active with its mask; the check hold is released', async () => {
    const reg = await fetch(`${base}/api/v1/simplepay/card-registration`, {
      method: 'POST',
      headers: { ...anna.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardSecret: 'titok1234' }),
    }).then((r) => r.json() as Promise<Answer['body']>);
    const processing = (await api('/api/v1/user/credit-cards')).body.data;
    expect(processing).toEqual([expect.objectContaining({ cardMask: '', defaultCard: true })]);

    await payOnPage(reg.data, '4908366099900425');
    await until(
      async () => ((await api('/api/v1/user/credit-cards')).body.data[0]?.cardMask ?? '') !== '',
    );
    const cards = (await api('/api/v1/user/credit-cards')).body.data as {
      cardId: number;
      cardMask: string;
    }[];
    expect(cards[0]!.cardMask).toMatch(/0425$/);
    expect((await api('/api/v1/user/credit-cards', bela)).body.data).toEqual([]);

    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.purpose, 'card_registration'));
    const client = createSimplePayClient({
      merchant: 'PUBLICTESTHUF',
      secretKey: SECRET,
      baseUrl: `${base}/sandbox/simplepay/payment/v2/`,
    });
    await until(
      async () =>
        (await client.query({ orderRefs: [p!.orderRef] })).transactions[0]?.status === 'CANCELLED',
    );

    const foreignDelete = await fetch(`${base}/api/v1/user/delete-card/${cards[0]!.cardId}`, {
      method: 'DELETE',
      headers: bela.headers,
    });
    expect(foreignDelete.status).toBe(404);
    const deleted = await fetch(`${base}/api/v1/user/delete-card/${cards[0]!.cardId}`, {
      method: 'DELETE',
      headers: anna.headers,
    }).then((r) => r.json() as Promise<Answer['body']>);
    expect(deleted.data).toEqual([]);
  });
});
