import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { billingData } from '../../db/schema/billing.js';
import { payments } from '../../db/schema/payments.js';
import { seedReferenceData } from '../../db/seed/index.js';
import { walletBalance } from './ledger.js';

/** A wallet top-up paid with a saved card (OneClick), over real HTTP with the SimplePay emulator. */
let t: TestApp;
let base: string;
let anna: Awaited<ReturnType<typeof createActiveUser>>;
let bela: Awaited<ReturnType<typeof createActiveUser>>;
let annaBilling: number;
let belaBilling: number;
let annaCard: number;

async function billingOf(userId: number, name: string) {
  const [b] = await t.database.db
    .insert(billingData)
    .values({
      userId,
      type: 'PERSON',
      payerName: name,
      lastName: name.split(' ')[0]!,
      firstName: name.split(' ')[1]!,
      emailAddress: 'billing@example.hu',
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
  return b!.id;
}

interface Answer {
  status: number;
  // Test-only: each call's data has its own shape; the assertions say what is expected.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { result: boolean; data: any; messages: { messageKey: string; field?: string }[] };
}
const api = async (url: string, user = anna, body?: unknown): Promise<Answer> => {
  const r = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...user.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Answer['body'] };
};
const local = (url: string) => {
  const u = new URL(url);
  return `${base}${u.pathname}${u.search}`;
};
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await t.app.simplePaySandbox!.runIpnDeliveryRound();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

async function registerCard(user: typeof anna, secret: string) {
  const reg = await fetch(`${base}/api/v1/simplepay/card-registration`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardSecret: secret }),
  }).then((r) => r.json() as Promise<Answer['body']>);
  const page = await fetch(local(reg.data));
  const formToken = /name="formToken" value="([^"]+)"/.exec(await page.text())![1]!;
  await fetch(local(reg.data), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      formToken,
      action: 'pay',
      cardNumber: '4908366099900425',
      expiry: '12/30',
      cvc: '123',
      cardName: 'Kovács Anna',
    }),
  });
  let id = 0;
  await until(async () => {
    const list = (await api('/api/v1/user/credit-cards', user)).body.data as {
      cardId: number;
      cardMask: string;
    }[];
    id = list[0]?.cardMask ? list[0].cardId : 0;
    return id > 0;
  });
  return id;
}

const topUp = (over: Record<string, unknown> = {}) => ({
  amount: 3000,
  billingDataId: annaBilling,
  cardId: annaCard,
  cardSecret: 'titok1234',
  requestId: randomUUID(),
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedReferenceData(d.db) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.simplePaySandbox!.merchants.get('PUBLICTESTHUF')!.ipnUrl = `${base}/api/v1/simplepay/ipn`;
  anna = await createActiveUser(t.database.db, 'anna.walletcard@example.hu');
  bela = await createActiveUser(t.database.db, 'bela.walletcard@example.hu');
  annaBilling = await billingOf(anna.id, 'Kovács Anna');
  belaBilling = await billingOf(bela.id, 'Szabó Béla');
  annaCard = await registerCard(anna, 'titok1234');
});
afterAll(() => t.close());

describe('wallet top-up with a saved card', () => {
  it('pays with the saved card, no card form, and credits the wallet once', async () => {
    const body = topUp();
    const res = await api('/api/v1/wallet/charge-wallet-card', anna, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.redirectUrl).toBeNull();
    expect(res.body.data.transactionId).toEqual(expect.any(Number));
    await until(async () => (await walletBalance(t.database.db, anna.id)) === 3000);

    // The same request again (double click, retry, replay): the first payment's answer, no second charge.
    const again = await api('/api/v1/wallet/charge-wallet-card', anna, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    const confirm = await api(
      `/api/v1/wallet/confirm-payment?transactionId=${res.body.data.transactionId}&status=SUCCESS`,
    );
    expect(confirm.body).toMatchObject({ result: true, data: 3000 });
    await t.app.simplePaySandbox!.runIpnDeliveryRound();
    expect(await walletBalance(t.database.db, anna.id)).toBe(3000);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from payments where purpose = 'wallet_topup' and user_id = ${anna.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('two identical requests at once still pay once', async () => {
    const before = await walletBalance(t.database.db, anna.id);
    const body = topUp({ amount: 1000 });
    const [a, b] = await Promise.all([
      api('/api/v1/wallet/charge-wallet-card', anna, body),
      api('/api/v1/wallet/charge-wallet-card', anna, body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await until(async () => (await walletBalance(t.database.db, anna.id)) === before + 1000);
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderRef, `VP-WALLET-TOPUP-${anna.id}-${body.requestId}`));
    expect(p!.status).toBe('FINISHED');
    await t.app.simplePaySandbox!.runIpnDeliveryRound();
    expect(await walletBalance(t.database.db, anna.id)).toBe(before + 1000);
  });

  it("refuses another user's card, and a card with another user's billing data", async () => {
    const foreignCard = await api(
      '/api/v1/wallet/charge-wallet-card',
      bela,
      topUp({ billingDataId: belaBilling }),
    );
    expect(foreignCard.status).toBe(404);
    expect(foreignCard.body.messages[0]!.messageKey).toBe('card.notFound');
    const foreignBilling = await api(
      '/api/v1/wallet/charge-wallet-card',
      anna,
      topUp({ billingDataId: belaBilling }),
    );
    expect(foreignBilling.status).toBe(404);
    expect(await walletBalance(t.database.db, bela.id)).toBe(0);
  });

  it('a wrong secret code is refused on the secret field and credits nothing', async () => {
    const before = await walletBalance(t.database.db, anna.id);
    const bad = await api(
      '/api/v1/wallet/charge-wallet-card',
      anna,
      topUp({ cardSecret: 'rossz9999' }),
    );
    expect(bad.status).toBe(402);
    expect(bad.body.data.responseCode).toBe('SIMPLEPAY_INVALID_PASSWORD');
    expect(bad.body.messages.map((m) => m.field)).toContain('cardSecret');
    const invalid = await api('/api/v1/wallet/charge-wallet-card', anna, topUp({ amount: 10 }));
    expect(invalid.status).toBe(400);
    const noKey = await api('/api/v1/wallet/charge-wallet-card', anna, topUp({ requestId: 'x' }));
    expect(noKey.status).toBe(400);
    await t.app.simplePaySandbox!.runIpnDeliveryRound();
    expect(await walletBalance(t.database.db, anna.id)).toBe(before);
  });
});
