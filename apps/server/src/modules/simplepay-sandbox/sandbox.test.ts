import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackRedirect } from '../payments/simplepay/callbacks.js';
import { SimplePayError } from '../payments/simplepay/errors.js';
import { phpJsonEncode } from '../payments/simplepay/php-json.js';
import { signMessage, verifySignature } from '../payments/simplepay/signature.js';
import type { SimplePayClient } from '../payments/simplepay/client.js';
import { SandboxError, BackResult } from './codes.js';
import {
  goodCard,
  inMinutes,
  MERCHANT,
  newOrderRef,
  openPage,
  payWith,
  RETURN_URL,
  SECRET,
  startHarness,
  startRequest,
  submit,
  waitForIpn,
  type Harness,
} from './test-helpers.js';

const PAYS = '4908366099900425';
const THREE_DS = '4111111111111111';
const INSUFFICIENT = '4000000000000002';
const EXPIRED = '4000000000000069';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

function back(location: string | null) {
  expect(location).toBeTruthy();
  const u = new URL(location!);
  return {
    url: `${u.origin}${u.pathname}`,
    event: readBackRedirect(
      SECRET,
      u.searchParams.get('r') ?? undefined,
      u.searchParams.get('s') ?? undefined,
    ),
  };
}

async function errorCodesOf(call: Promise<unknown>): Promise<number[]> {
  try {
    await call;
  } catch (err) {
    if (err instanceof SimplePayError) return err.errorCodes;
    throw err;
  }
  throw new Error('the call succeeded');
}

async function status(transactionId: number) {
  const q = await h.client.query({ transactionIds: [transactionId] });
  return q.transactions[0]!;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await h.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Starts and pays a payment on the pay page with the card that pays. */
async function paidPayment(overrides: Record<string, unknown> = {}) {
  const started = await h.client.start(startRequest(overrides));
  const res = await payWith(h, started.paymentUrl, PAYS);
  expect(res.status).toBe(303);
  return started;
}

describe('one-step card payment through the pay page', () => {
  it('start → pay page → signed back redirect → signed IPN → query FINISHED', async () => {
    const req = startRequest({ total: 12500 });
    const started = await h.client.start(req);
    expect(started.transactionId).toBeGreaterThanOrEqual(500000000);
    expect(started.total).toBe(12500);
    expect(started.paymentUrl).toMatch(/\/sandbox\/simplepay\/pay\/[\w-]{20,}$/);

    const page = await openPage(h, started.paymentUrl);
    expect(page.status).toBe(200);
    expect(page.html).toContain('SANDBOX');
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('12\u00a0500\u00a0Ft');
    expect(page.html).toContain(req.orderRef);
    expect(page.html).toContain(MERCHANT);
    for (const card of [
      '4908 3660 9990 0425',
      '4111 1111 1111 1111',
      '4000 0000 0000 0002',
      '4000 0000 0000 0069',
    ]) {
      expect(page.html).toContain(card);
    }
    expect(page.formToken.length).toBeGreaterThan(20);
    expect(page.html).toMatch(/<label for="cardNumber">/);

    const res = await submit(page.url, { formToken: page.formToken, action: 'pay', ...goodCard });
    expect(res.status).toBe(303);
    const b = back(res.location);
    expect(b.url).toBe(RETURN_URL);
    expect(b.event).toEqual({
      r: 0,
      t: started.transactionId,
      e: 'SUCCESS',
      m: MERCHANT,
      o: req.orderRef,
    });

    const ipn = await waitForIpn(h, started.transactionId, 'FINISHED');
    expect(ipn.ipn).toMatchObject({ orderRef: req.orderRef, method: 'CARD', merchant: MERCHANT });
    expect(ipn.ipn?.paymentDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(ipn.ipn?.finishDate).toBeDefined();
    expect(ipn.ipn?.cardMask).toBeUndefined();
    const [queued] = await rows<{ delivered_at: Date | null; attempts: number }>(
      sql`select delivered_at, attempts from sandbox_sp_ipn_queue where transaction_id = ${started.transactionId}`,
    );
    expect(queued?.delivered_at).not.toBeNull();

    expect(await status(started.transactionId)).toMatchObject({
      status: 'FINISHED',
      total: 12500,
      remainingTotal: 12500,
      orderRef: req.orderRef,
    });
    // Query by orderRef too.
    const byRef = await h.client.query({ orderRefs: [req.orderRef] });
    expect(byRef.transactions.map((t) => t.transactionId)).toEqual([started.transactionId]);

    // The page of a closed payment shows the outcome and a link back, and cannot be paid again.
    const again = await openPage(h, started.paymentUrl);
    expect(again.html).toContain('FINISHED');
    expect(again.html).not.toContain('name="cardNumber"');
  });

  it('prints totals like SimplePay (25.0) in signed, PHP-style JSON', async () => {
    const body = phpJsonEncode({
      salt: 'a'.repeat(32),
      merchant: MERCHANT,
      orderRef: newOrderRef(),
      currency: 'HUF',
      customerEmail: 'sdk_test@simplepay.com',
      language: 'HU',
      sdkVersion: 'test',
      methods: ['CARD'],
      total: '25',
      timeout: inMinutes(5),
      url: 'https://sdk.simplepay.hu/back.php',
    });
    const res = await fetch(`${h.base}/sandbox/simplepay/payment/v2/start`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Signature: signMessage(SECRET, body) },
      body,
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(verifySignature(SECRET, text, res.headers.get('signature'))).toBe(true);
    expect(text).toContain('"total":25.0');
    expect(text).toContain('\\/sandbox\\/simplepay\\/pay\\/');
    expect(JSON.parse(text)).toMatchObject({ merchant: MERCHANT, currency: 'HUF' });
  });

  it('transaction ids increase', async () => {
    const a = await h.client.start(startRequest());
    const b = await h.client.start(startRequest());
    expect(b.transactionId).toBeGreaterThan(a.transactionId);
  });
});

describe('pay page languages and form', () => {
  it('is Hungarian for language HU, with a switch to English', async () => {
    const started = await h.client.start(startRequest({ language: 'HU', total: 100 }));
    const hu = await openPage(h, started.paymentUrl);
    expect(hu.html).toContain('<html lang="hu">');
    expect(hu.html).toContain('>Fizetés<');
    expect(hu.html).toContain('Megszakítás');
    expect(hu.html).toContain('Hagyom lejárni');
    expect(hu.html).toContain('100\u00a0Ft');
    expect(hu.html).toMatch(/<a href="[^"]+\?lang=en" lang="en" hreflang="en">English<\/a>/);
    const en = await openPage(h, started.paymentUrl, 'en');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('>Pay<');
    expect(en.html).toContain('Let it time out');
    expect(en.html).toContain('Magyar');
  });

  it('announces field errors and keeps the payment open', async () => {
    const started = await h.client.start(startRequest({ language: 'HU' }));
    const page = await openPage(h, started.paymentUrl);
    const res = await submit(page.url, {
      formToken: page.formToken,
      action: 'pay',
      lang: 'hu',
      cardNumber: '1234',
      expiry: '13/20',
      cvc: '1',
      cardName: ' ',
    });
    expect(res.status).toBe(422);
    expect(res.html).toContain('role="alert"');
    expect(res.html).toContain('aria-invalid="true" aria-describedby="cardNumber-error"');
    expect(res.html).toContain('Adjon meg egy 16 jegyű kártyaszámot.');
    expect(res.html).toContain('aria-describedby="expiry-error"');
    expect(res.html).toContain('aria-describedby="cvc-error"');
    expect(res.html).toContain('aria-describedby="cardName-error"');
    const unknownCard = await submit(page.url, {
      formToken: page.formToken,
      action: 'pay',
      ...goodCard,
      cardNumber: '5555 5555 5555 4444',
    });
    expect(unknownCard.status).toBe(422);
    expect(unknownCard.html).toContain('sandbox');
    expect((await status(started.transactionId)).status).toBe('INIT');
  });

  it('refuses a form without the page token (CSRF) and changes nothing', async () => {
    const started = await h.client.start(startRequest());
    const page = await openPage(h, started.paymentUrl);
    const res = await submit(page.url, { formToken: 'forged', action: 'pay', ...goodCard });
    expect(res.status).toBe(403);
    const none = await submit(page.url, { action: 'cancel' });
    expect(none.status).toBe(403);
    expect((await status(started.transactionId)).status).toBe('INIT');
  });

  it('answers 404 for an unknown page', async () => {
    const res = await fetch(`${h.base}/sandbox/simplepay/pay/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('SANDBOX');
  });
});

describe('declines, 3-D Secure, cancel and timeout', () => {
  it('declines with insufficient funds (2013) and sends no IPN', async () => {
    const started = await h.client.start(startRequest());
    const res = await payWith(h, started.paymentUrl, INSUFFICIENT);
    expect(back(res.location).event).toMatchObject({
      r: 2013,
      e: 'FAIL',
      t: started.transactionId,
    });
    expect((await status(started.transactionId)).status).toBe('NOTAUTHORIZED');
    await h.t.app.simplePaySandbox!.runIpnDeliveryRound();
    expect(h.receiver.received.some((r) => r.ipn?.transactionId === started.transactionId)).toBe(
      false,
    );
  });

  it('declines an expired card', async () => {
    const started = await h.client.start(startRequest());
    const res = await payWith(h, started.paymentUrl, EXPIRED);
    expect(back(res.location).event).toMatchObject({ r: BackResult.cardExpired, e: 'FAIL' });
    expect((await status(started.transactionId)).status).toBe('NOTAUTHORIZED');
  });

  it('3-D Secure: a wrong code asks again, 1234 pays', async () => {
    const started = await h.client.start(startRequest({ language: 'HU' }));
    const res = await payWith(h, started.paymentUrl, THREE_DS);
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/\/challenge\?lang=hu$/);
    const challenge = await openPage(h, `${h.base}${res.location}`);
    expect(challenge.html).toContain('3-D Secure');
    expect(challenge.html).toContain('4111-11xx-xxxx-1111');
    expect((await status(started.transactionId)).status).toBe('INPAYMENT');
    const url = challenge.url.split('?')[0]!;
    const wrong = await submit(url, {
      formToken: challenge.formToken,
      action: 'confirm',
      code: '9999',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('Hibás kód, próbálja újra.');
    expect(wrong.html).toContain('role="alert"');
    const ok = await submit(url, {
      formToken: challenge.formToken,
      action: 'confirm',
      code: '1234',
    });
    expect(back(ok.location).event).toMatchObject({ r: 0, e: 'SUCCESS' });
    await waitForIpn(h, started.transactionId, 'FINISHED');
  });

  it('3-D Secure: 1111 fails', async () => {
    const started = await h.client.start(startRequest());
    const res = await payWith(h, started.paymentUrl, THREE_DS);
    const challenge = await openPage(h, `${h.base}${res.location}`);
    const failed = await submit(challenge.url.split('?')[0]!, {
      formToken: challenge.formToken,
      action: 'confirm',
      code: '1111',
    });
    expect(back(failed.location).event).toMatchObject({ r: BackResult.threeDsFailed, e: 'FAIL' });
    expect((await status(started.transactionId)).status).toBe('NOTAUTHORIZED');
  });

  it('cancel goes to urls.cancel with CANCEL (2016)', async () => {
    const urls = {
      success: 'https://shop.example/ok',
      fail: 'https://shop.example/fail',
      cancel: 'https://shop.example/cancel?x=1',
      timeout: 'https://shop.example/timeout',
    };
    const started = await h.client.start({ ...startRequest(), url: undefined, urls });
    const page = await openPage(h, started.paymentUrl);
    const res = await submit(page.url, { formToken: page.formToken, action: 'cancel' });
    expect(res.location).toMatch(/^https:\/\/shop\.example\/cancel\?x=1&r=/);
    expect(back(res.location).event).toMatchObject({ r: 2016, e: 'CANCEL' });
    expect((await status(started.transactionId)).status).toBe('CANCELLED');
  });

  it('"let it time out" goes back with TIMEOUT', async () => {
    const started = await h.client.start(startRequest());
    const page = await openPage(h, started.paymentUrl);
    const res = await submit(page.url, { formToken: page.formToken, action: 'timeout' });
    expect(back(res.location).event).toMatchObject({ e: 'TIMEOUT', t: started.transactionId });
    expect((await status(started.transactionId)).status).toBe('TIMEOUT');
  });

  it('a payment past its timeout reads as TIMEOUT and its page cannot be paid', async () => {
    const started = await h.client.start(startRequest());
    const before = await openPage(h, started.paymentUrl);
    await h.t.database.db.execute(
      sql`update sandbox_sp_transactions set timeout_at = now() - interval '1 second' where id = ${started.transactionId}`,
    );
    expect((await status(started.transactionId)).status).toBe('TIMEOUT');
    const page = await openPage(h, started.paymentUrl);
    expect(page.html).not.toContain('name="cardNumber"');
    const backLink = /href="(https:\/\/shop\.example[^"]+)"/
      .exec(page.html)?.[1]
      ?.replace(/&amp;/g, '&');
    expect(back(backLink ?? null).event).toMatchObject({ e: 'TIMEOUT' });
    // A form filled in before the deadline and sent after it goes back with TIMEOUT.
    const res = await submit(before.url, {
      formToken: before.formToken,
      action: 'pay',
      ...goodCard,
    });
    expect(back(res.location).event).toMatchObject({ e: 'TIMEOUT' });
  });

  it('rejects a start whose timeout has already passed', async () => {
    const codes = await errorCodesOf(h.client.start(startRequest({ timeout: inMinutes(-1) })));
    expect(codes).toEqual([SandboxError.fieldInvalid]);
  });

  it('transactioncancel cancels an open payment, not a finished one', async () => {
    const open = await h.client.start(startRequest());
    const cancelled = await h.client.transactionCancel({ transactionId: open.transactionId });
    expect(cancelled.status).toBe('CANCELLED');
    expect((await status(open.transactionId)).status).toBe('CANCELLED');
    const paid = await paidPayment();
    expect(
      await errorCodesOf(h.client.transactionCancel({ transactionId: paid.transactionId })),
    ).toEqual([SandboxError.wrongStatus]);
  });
});

describe('two-step: hold, capture, release', () => {
  it('holds, refuses a wrong originalTotal (5020), captures part, refuses a second finish (5021)', async () => {
    const started = await paidPayment({ twoStep: true, total: 10000 });
    await waitForIpn(h, started.transactionId, 'AUTHORIZED');
    expect(await status(started.transactionId)).toMatchObject({
      status: 'AUTHORIZED',
      remainingTotal: 10000,
    });

    expect(
      await errorCodesOf(
        h.client.finish({
          transactionId: started.transactionId,
          originalTotal: 9000,
          approveTotal: 5000,
          currency: 'HUF',
        }),
      ),
    ).toEqual([5020]);
    expect(
      await errorCodesOf(
        h.client.finish({
          transactionId: started.transactionId,
          originalTotal: 10000,
          approveTotal: 10001,
          currency: 'HUF',
        }),
      ),
    ).toEqual([5020]);

    const finished = await h.client.finish({
      transactionId: started.transactionId,
      originalTotal: 10000,
      approveTotal: 6350,
      currency: 'HUF',
    });
    expect(finished).toMatchObject({ transactionId: started.transactionId, approveTotal: 6350 });
    expect(await status(started.transactionId)).toMatchObject({
      status: 'FINISHED',
      total: 6350,
      remainingTotal: 6350,
    });
    await waitForIpn(h, started.transactionId, 'FINISHED');

    expect(
      await errorCodesOf(
        h.client.finish({
          transactionId: started.transactionId,
          originalTotal: 10000,
          approveTotal: 6350,
          currency: 'HUF',
        }),
      ),
    ).toEqual([5021]);
  });

  it('approveTotal 0 releases the hold (CANCELLED); then a finish is 5021', async () => {
    const started = await paidPayment({ twoStep: true, total: 5000 });
    const released = await h.client.finish({
      orderRef: (await status(started.transactionId)).orderRef,
      originalTotal: 5000,
      approveTotal: 0,
      currency: 'HUF',
    });
    expect(released.approveTotal).toBe(0);
    expect(await status(started.transactionId)).toMatchObject({
      status: 'CANCELLED',
      remainingTotal: 0,
    });
    expect(
      await errorCodesOf(
        h.client.finish({
          transactionId: started.transactionId,
          originalTotal: 5000,
          approveTotal: 0,
          currency: 'HUF',
        }),
      ),
    ).toEqual([5021]);
  });

  it('one finish only, even when two arrive at once', async () => {
    const started = await paidPayment({ twoStep: true, total: 3000 });
    const results = await Promise.allSettled(
      [1000, 2000].map((approveTotal) =>
        h.client.finish({
          transactionId: started.transactionId,
          originalTotal: 3000,
          approveTotal,
          currency: 'HUF',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as SimplePayError).errorCodes).toEqual([5021]);
  });

  it('a one-step payment cannot be finished; an unpaid two-step neither', async () => {
    const oneStep = await paidPayment();
    expect(
      await errorCodesOf(
        h.client.finish({
          transactionId: oneStep.transactionId,
          originalTotal: 1500,
          approveTotal: 1500,
          currency: 'HUF',
        }),
      ),
    ).toEqual([5021]);
    const unpaid = await h.client.start(startRequest({ twoStep: true }));
    expect(
      await errorCodesOf(
        h.client.finish({
          transactionId: unpaid.transactionId,
          originalTotal: 1500,
          approveTotal: 1500,
          currency: 'HUF',
        }),
      ),
    ).toEqual([SandboxError.wrongStatus]);
  });

  it('a hold older than 21 days reads as CANCELLED and cannot be finished', async () => {
    const started = await paidPayment({ twoStep: true, total: 2000 });
    await h.t.database.db.execute(
      sql`update sandbox_sp_transactions set payment_date = now() - interval '22 days' where id = ${started.transactionId}`,
    );
    expect((await status(started.transactionId)).status).toBe('CANCELLED');
    expect(
      await errorCodesOf(
        h.client.finish({
          transactionId: started.transactionId,
          originalTotal: 2000,
          approveTotal: 2000,
          currency: 'HUF',
        }),
      ),
    ).toEqual([SandboxError.wrongStatus]);
  });
});

describe('refunds', () => {
  it('partial then full, never more than remains', async () => {
    const started = await paidPayment({ total: 2000 });
    const first = await h.client.refund({
      transactionId: started.transactionId,
      refundTotal: 500,
      currency: 'HUF',
    });
    expect(first).toMatchObject({
      transactionId: started.transactionId,
      refundTotal: 500,
      remainingTotal: 1500,
    });
    expect(first.refundTransactionId).toBeGreaterThan(started.transactionId);
    expect(
      await errorCodesOf(
        h.client.refund({
          transactionId: started.transactionId,
          refundTotal: 1501,
          currency: 'HUF',
        }),
      ),
    ).toEqual([SandboxError.refundTotalInvalid]);
    const rest = await h.client.refund({
      transactionId: started.transactionId,
      refundTotal: 1500,
      currency: 'HUF',
    });
    expect(rest.remainingTotal).toBe(0);
    const q = await h.client.query({ transactionIds: [started.transactionId], refunds: true });
    expect(q.transactions[0]).toMatchObject({ status: 'FINISHED', remainingTotal: 0 });
    expect((q.transactions[0] as { refunds?: unknown[] }).refunds).toHaveLength(2);
    expect(
      await errorCodesOf(
        h.client.refund({ transactionId: started.transactionId, refundTotal: 1, currency: 'HUF' }),
      ),
    ).toEqual([SandboxError.refundTotalInvalid]);
  });

  it('refunds a partially captured two-step payment up to the captured total', async () => {
    const started = await paidPayment({ twoStep: true, total: 8000 });
    await h.client.finish({
      transactionId: started.transactionId,
      originalTotal: 8000,
      approveTotal: 3000,
      currency: 'HUF',
    });
    expect(
      await errorCodesOf(
        h.client.refund({
          transactionId: started.transactionId,
          refundTotal: 3001,
          currency: 'HUF',
        }),
      ),
    ).toEqual([SandboxError.refundTotalInvalid]);
    const full = await h.client.refund({
      transactionId: started.transactionId,
      refundTotal: 3000,
      currency: 'HUF',
    });
    expect(full.remainingTotal).toBe(0);
  });

  it('refuses a refund before the payment is FINISHED', async () => {
    const started = await h.client.start(startRequest());
    expect(
      await errorCodesOf(
        h.client.refund({
          transactionId: started.transactionId,
          refundTotal: 100,
          currency: 'HUF',
        }),
      ),
    ).toEqual([SandboxError.wrongStatus]);
    expect(
      await errorCodesOf(
        h.client.refund({ transactionId: 999999999999, refundTotal: 100, currency: 'HUF' }),
      ),
    ).toEqual([SandboxError.transactionNotFound]);
  });
});

describe('request checks', () => {
  const post = async (operation: string, body: string, signature?: string) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (signature !== undefined) headers.Signature = signature;
    const res = await fetch(`${h.base}/sandbox/simplepay/payment/v2/${operation}`, {
      method: 'POST',
      headers,
      body,
    });
    const text = await res.text();
    return {
      status: res.status,
      text,
      json: JSON.parse(text) as Record<string, unknown>,
      signature: res.headers.get('signature'),
    };
  };
  const queryBody = () =>
    phpJsonEncode({
      salt: 'b'.repeat(32),
      merchant: MERCHANT,
      transactionIds: [500000001],
      sdkVersion: 'test',
    });

  it('a duplicate orderRef is 5013', async () => {
    const req = startRequest();
    await h.client.start(req);
    expect(await errorCodesOf(h.client.start({ ...req }))).toEqual([5013]);
  });

  it('a tampered body is 5302, a missing signature 5303, both answered signed', async () => {
    const body = queryBody();
    const tampered = await post(
      'query',
      body.replace('500000001', '500000002'),
      signMessage(SECRET, body),
    );
    expect(tampered.status).toBe(200);
    expect(tampered.json).toMatchObject({ errorCodes: [5302], merchant: MERCHANT });
    expect(verifySignature(SECRET, tampered.text, tampered.signature)).toBe(true);
    const wrongKey = await post('query', body, signMessage('not-the-secret', body));
    expect(wrongKey.json.errorCodes).toEqual([5302]);
    const missing = await post('query', body);
    expect(missing.json.errorCodes).toEqual([5303]);
    expect(verifySignature(SECRET, missing.text, missing.signature)).toBe(true);
    // The client refuses the answer when the emulator's signature is not the merchant's.
    const good = await post('query', body, signMessage(SECRET, body));
    expect(good.json.errorCodes).toBeUndefined();
  });

  it('bad JSON is 5321 (signed when the merchant can be read)', async () => {
    const body = `{"merchant":"${MERCHANT}","salt":"x",`;
    const res = await post('query', body, signMessage(SECRET, body));
    expect(res.status).toBe(200);
    expect(res.json.errorCodes).toEqual([5321]);
    expect(verifySignature(SECRET, res.text, res.signature)).toBe(true);
    const anonymous = await post('start', 'not json', 'x');
    expect(anonymous.json.errorCodes).toEqual([5321]);
  });

  it('an unknown merchant is 5010, a missing sdkVersion 5113', async () => {
    const body = phpJsonEncode({
      salt: 'c'.repeat(32),
      merchant: 'NOSUCH',
      transactionIds: [1],
      sdkVersion: 't',
    });
    expect((await post('query', body, signMessage(SECRET, body))).json.errorCodes).toEqual([5010]);
    const noSdk = phpJsonEncode({ salt: 'c'.repeat(32), merchant: MERCHANT, transactionIds: [1] });
    expect((await post('query', noSdk, signMessage(SECRET, noSdk))).json.errorCodes).toEqual([
      5113,
    ]);
  });

  it('validates start fields with documented codes', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ customerEmail: 'not-an-email' }, SandboxError.emailInvalid],
      [{ language: 'XX' }, SandboxError.languageInvalid],
      [{ currency: 'EUR' }, SandboxError.currencyInvalid],
      [{ total: 0 }, SandboxError.fieldInvalid],
      [{ url: 'ftp://x' }, SandboxError.fieldInvalid],
      [
        { recurring: { times: 0, until: inMinutes(60), maxAmount: 100 } },
        SandboxError.recurringInvalid,
      ],
    ];
    for (const [override, code] of cases) {
      expect(
        await errorCodesOf(h.client.start(startRequest(override) as never)),
        JSON.stringify(override),
      ).toEqual([code]);
    }
    expect(await errorCodesOf(h.client.start(startRequest({ orderRef: '' }) as never))).toEqual([
      5213,
    ]);
    const noUrl = { ...startRequest(), url: undefined };
    expect(await errorCodesOf(h.client.start(noUrl))).toEqual([SandboxError.fieldInvalid]);
  });

  it('query without ids is a field error; unknown ids are simply absent', async () => {
    expect(await errorCodesOf(h.client.query({}))).toEqual([SandboxError.fieldInvalid]);
    const q = await h.client.query({ transactionIds: [123456789012] });
    expect(q.transactions).toEqual([]);
  });
});

describe('OneClick saved cards', () => {
  async function registerCard(cardNumber: string, secret = 'titok-1234') {
    const req = startRequest({ cardSecret: secret, total: 100 });
    const started = await h.client.start(req);
    const res = await payWith(h, started.paymentUrl, cardNumber);
    if (cardNumber === THREE_DS) {
      const challenge = await openPage(h, `${h.base}${res.location}`);
      const ok = await submit(challenge.url.split('?')[0]!, {
        formToken: challenge.formToken,
        action: 'confirm',
        code: '1234',
      });
      expect(back(ok.location).event?.e).toBe('SUCCESS');
    } else {
      expect(back(res.location).event?.e).toBe('SUCCESS');
    }
    return started.transactionId;
  }

  const doReq = (cardId: number, cardSecret: string, extra: Record<string, unknown> = {}) => ({
    orderRef: newOrderRef(),
    currency: 'HUF',
    customerEmail: 'sdk_test@simplepay.com',
    total: 2500,
    cardId,
    cardSecret,
    threeDSReqAuthMethod: '02' as const,
    browser: {
      accept: 'text/html',
      agent: 'Mozilla/5.0',
      ip: '127.0.0.1',
      java: false,
      lang: 'hu-HU',
      color: 24,
      height: 800,
      width: 400,
      tz: -60,
    },
    url: RETURN_URL,
    ...extra,
  });

  it('registers a card (mask and expiry in the IPN, secret stored hashed) and pays with do', async () => {
    const cardId = await registerCard(PAYS);
    const ipn = await waitForIpn(h, cardId, 'FINISHED');
    expect(ipn.ipn?.cardMask).toBe('4908-36xx-xxxx-0425');
    expect(ipn.ipn?.expiry).toMatch(/^2030-12-31T23:59:59\+01:00$/);
    const [card] = await rows<{ secret_hash: string }>(
      sql`select secret_hash from sandbox_sp_cards where id = ${cardId}`,
    );
    expect(card?.secret_hash).toMatch(/^scrypt\$/);
    expect(card?.secret_hash).not.toContain('titok-1234');
    const [tx] = await rows<{ card_secret_hash: string }>(
      sql`select card_secret_hash from sandbox_sp_transactions where id = ${cardId}`,
    );
    expect(tx?.card_secret_hash).not.toContain('titok-1234');

    expect(await h.client.cardQuery(cardId)).toMatchObject({ cardId, status: 'ACTIVE' });

    const paid = await h.client.doPayment(doReq(cardId, 'titok-1234') as never);
    expect(paid.redirectUrl).toBeUndefined();
    expect(paid.total).toBe(2500);
    expect(await status(paid.transactionId)).toMatchObject({ status: 'FINISHED', total: 2500 });
    await waitForIpn(h, paid.transactionId, 'FINISHED');

    const held = await h.client.doPayment(doReq(cardId, 'titok-1234', { twoStep: true }) as never);
    expect((await status(held.transactionId)).status).toBe('AUTHORIZED');

    const history = await h.client.cardQuery(cardId, true);
    expect((history as { history?: unknown[] }).history?.length).toBe(3);
  });

  it('refuses a wrong secret (5041), an unknown card (5040) and a cancelled card (5043)', async () => {
    const cardId = await registerCard(PAYS, 'jo-titok');
    expect(await errorCodesOf(h.client.doPayment(doReq(cardId, 'rossz-titok') as never))).toEqual([
      SandboxError.cardWrongSecret,
    ]);
    expect(await errorCodesOf(h.client.doPayment(doReq(123456789, 'jo-titok') as never))).toEqual([
      SandboxError.cardUnknown,
    ]);
    expect(await h.client.cardCancel(cardId)).toMatchObject({ cardId, status: 'DISABLED' });
    expect(await errorCodesOf(h.client.doPayment(doReq(cardId, 'jo-titok') as never))).toEqual([
      SandboxError.cardCancelled,
    ]);
    expect((await h.client.cardQuery(cardId)).status).toBe('DISABLED');
    await h.t.database.db.execute(
      sql`update sandbox_sp_cards set status = 'ACTIVE', expiry = now() - interval '1 day' where id = ${cardId}`,
    );
    expect(await errorCodesOf(h.client.doPayment(doReq(cardId, 'jo-titok') as never))).toEqual([
      SandboxError.cardExpired,
    ]);
    expect((await h.client.cardQuery(cardId)).status).toBe('EXPIRED');
  });

  it('a card registered with the 3-D Secure card sends do to the challenge page', async () => {
    const cardId = await registerCard(THREE_DS, '3ds-titok');
    const started = await h.client.doPayment(doReq(cardId, '3ds-titok') as never);
    expect(started.redirectUrl).toMatch(/\/sandbox\/simplepay\/pay\/[\w-]+\/challenge$/);
    expect((await status(started.transactionId)).status).toBe('INPAYMENT');
    const challenge = await openPage(h, started.redirectUrl!);
    expect(challenge.html).toContain('4111-11xx-xxxx-1111');
    const ok = await submit(challenge.url, {
      formToken: challenge.formToken,
      action: 'confirm',
      code: '1234',
    });
    expect(back(ok.location)).toMatchObject({
      url: RETURN_URL,
      event: { r: 0, e: 'SUCCESS', t: started.transactionId },
    });
    expect((await status(started.transactionId)).status).toBe('FINISHED');
    await waitForIpn(h, started.transactionId, 'FINISHED');
  });
});

describe('recurring tokens', () => {
  const recReq = (token: string, total: number) => ({
    orderRef: newOrderRef(),
    currency: 'HUF',
    customerEmail: 'sdk_test@simplepay.com',
    total,
    token,
    threeDSReqAuthMethod: '02' as const,
  });

  async function registration(client: SimplePayClient, times = 3) {
    return client.start(
      startRequest({
        total: 100,
        recurring: { times, until: inMinutes(60 * 24 * 30), maxAmount: 5000 },
      }),
    );
  }

  it('issues one-use tokens that work once the registration is paid', async () => {
    const started = await registration(h.client);
    expect(started.tokens).toHaveLength(3);
    const [t1, t2, t3] = started.tokens!;
    expect(await errorCodesOf(h.client.doRecurring(recReq(t1!, 1000) as never))).toEqual([
      SandboxError.tokenNotActive,
    ]);
    expect((await h.client.tokenQuery(t1!)).status).toBe('INACTIVE');

    await payWith(h, started.paymentUrl, PAYS);
    expect((await h.client.tokenQuery(t1!)).status).toBe('ACTIVE');

    const charged = await h.client.doRecurring(recReq(t1!, 3000) as never);
    expect(await status(charged.transactionId)).toMatchObject({ status: 'FINISHED', total: 3000 });
    await waitForIpn(h, charged.transactionId, 'FINISHED');
    expect(await errorCodesOf(h.client.doRecurring(recReq(t1!, 100) as never))).toEqual([
      SandboxError.tokenUsed,
    ]);
    expect((await h.client.tokenQuery(t1!)).status).toBe('USED');

    expect(await errorCodesOf(h.client.doRecurring(recReq(t2!, 5001) as never))).toEqual([
      SandboxError.tokenAmountTooHigh,
    ]);
    expect((await h.client.tokenCancel(t2!)).status).toBe('DISABLED');
    expect(await errorCodesOf(h.client.doRecurring(recReq(t2!, 100) as never))).toEqual([
      SandboxError.tokenCancelled,
    ]);
    await h.t.database.db.execute(
      sql`update sandbox_sp_tokens set until = now() - interval '1 minute' where token = ${t3!}`,
    );
    expect(await errorCodesOf(h.client.doRecurring(recReq(t3!, 100) as never))).toEqual([
      SandboxError.tokenExpired,
    ]);
    expect((await h.client.tokenQuery(t3!)).status).toBe('EXPIRED');
    expect(await errorCodesOf(h.client.doRecurring(recReq('SPTKnope', 100) as never))).toEqual([
      SandboxError.tokenUnknown,
    ]);
  });

  it('a token is used once even when two charges race', async () => {
    const started = await registration(h.client, 1);
    await payWith(h, started.paymentUrl, PAYS);
    const token = started.tokens![0]!;
    const results = await Promise.allSettled([
      h.client.doRecurring(recReq(token, 100) as never),
      h.client.doRecurring(recReq(token, 100) as never),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('IPN delivery', () => {
  it('retries after a wrong reply and stops once the reply is right', async () => {
    h.receiver.state.wrong = true;
    try {
      const started = await paidPayment();
      type Pending = {
        attempts: number;
        delivered_at: Date | null;
        last_error: string | null;
        wait: number;
      };
      let pending: Pending | undefined;
      // Wait for the first attempt to be answered wrongly and recorded.
      for (let i = 0; i < 100; i++) {
        [pending] = await rows<Pending>(
          sql`select attempts, delivered_at, last_error,
              extract(epoch from next_attempt_at - now())::int as wait
              from sandbox_sp_ipn_queue where transaction_id = ${started.transactionId}`,
        );
        if (pending?.last_error) break;
        await h.t.app.simplePaySandbox!.runIpnDeliveryRound();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(pending).toMatchObject({ attempts: 1, delivered_at: null });
      expect(pending?.last_error).toMatch(/signed/);
      expect(pending?.wait).toBeGreaterThan(5);
      expect(pending?.wait).toBeLessThanOrEqual(10);

      // Nothing is due yet: a round does not resend.
      await h.t.app.simplePaySandbox!.runIpnDeliveryRound();
      expect(
        h.receiver.received.filter((r) => r.ipn?.transactionId === started.transactionId),
      ).toHaveLength(1);

      h.receiver.state.wrong = false;
      await h.t.database.db.execute(
        sql`update sandbox_sp_ipn_queue set next_attempt_at = now() where transaction_id = ${started.transactionId}`,
      );
      const accepted = await waitForIpn(h, started.transactionId, 'FINISHED');
      const sent = h.receiver.received.filter(
        (r) => r.ipn?.transactionId === started.transactionId,
      );
      expect(sent.length).toBe(2);
      expect(sent[0]!.raw).toBe(accepted.raw);
      const [done] = await rows<{ attempts: number; delivered_at: Date | null }>(
        sql`select attempts, delivered_at from sandbox_sp_ipn_queue where transaction_id = ${started.transactionId}`,
      );
      expect(done).toMatchObject({ attempts: 2 });
      expect(done?.delivered_at).not.toBeNull();
    } finally {
      h.receiver.state.wrong = false;
    }
  });

  it('keeps trying an unreachable address, from the table', async () => {
    const merchant = h.t.app.simplePaySandbox!.merchants.get(MERCHANT)!;
    const original = merchant.ipnUrl;
    merchant.ipnUrl = 'http://127.0.0.1:9/unreachable';
    try {
      const started = await paidPayment();
      type Row = {
        attempts: number;
        delivered_at: Date | null;
        failed_at: Date | null;
        last_error: string | null;
      };
      let row: Row | undefined;
      // The background loop may hold the row at the moment; wait for a recorded failure.
      for (let i = 0; i < 100 && !row?.last_error; i++) {
        await h.t.app.simplePaySandbox!.runIpnDeliveryRound();
        [row] = await rows<Row>(
          sql`select attempts, delivered_at, failed_at, last_error from sandbox_sp_ipn_queue
              where transaction_id = ${started.transactionId}`,
        );
        if (!row?.last_error) await new Promise((r) => setTimeout(r, 50));
      }
      expect(row?.last_error).toMatch(/request failed/);
      expect(row?.attempts).toBeGreaterThanOrEqual(1);
      expect(row?.delivered_at).toBeNull();
      expect(row?.failed_at).toBeNull();
    } finally {
      merchant.ipnUrl = original;
    }
  });
});

describe('overview page', () => {
  it('lists what the emulator saw', async () => {
    const res = await fetch(`${h.base}/sandbox/simplepay?lang=en`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('SANDBOX');
    expect(html).toContain('FINISHED');
  });
});
