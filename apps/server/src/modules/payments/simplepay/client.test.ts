import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimplePayClient } from './client.js';
import { readBackRedirect, readIpn, ipnReply, writeBackRedirect } from './callbacks.js';
import { SimplePayError, SimplePayTransportError } from './errors.js';
import { phpJsonEncode } from './php-json.js';
import { signMessage, verifySignature } from './signature.js';

const SECRET = 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6';
const MERCHANT = 'PUBLICTESTHUF';

/** A stand-in SimplePay that records requests and answers whatever the test sets. */
let answer: (
  op: string,
  body: Record<string, unknown>,
) => { body: string; signature?: string; status?: number };
const received: { op: string; body: Record<string, unknown>; signatureOk: boolean }[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const op = (req.url ?? '').split('/').pop() ?? '';
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({
        op,
        body,
        signatureOk: verifySignature(SECRET, raw, req.headers.signature as string),
      });
      const a = answer(op, body);
      res.writeHead(a.status ?? 200, {
        'content-type': 'application/json',
        ...(a.signature !== undefined ? { signature: a.signature } : {}),
      });
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payment/v2/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  received.length = 0;
});

const signed = (obj: unknown) => {
  const body = phpJsonEncode(obj);
  return { body, signature: signMessage(SECRET, body) };
};
const client = () =>
  createSimplePayClient({ merchant: MERCHANT, secretKey: SECRET, baseUrl, retries: 2 });

describe('SimplePay client over HTTP', () => {
  it('signs start with salt, merchant and sdkVersion, and reads a signed answer with 100.0 totals', async () => {
    answer = (_op, body) => ({
      // Printed by hand to keep "100.0" as SimplePay prints HUF totals.
      ...(() => {
        const text = `{"salt":"x","merchant":"${MERCHANT}","orderRef":"${String(body.orderRef)}","currency":"HUF","transactionId":99310118,"timeout":"2026-11-22T20:46:13+01:00","total":100.0,"paymentUrl":"https://pay.example/p/1"}`;
        return { body: text, signature: signMessage(SECRET, text) };
      })(),
    });
    const res = await client().start({
      orderRef: 'ord-1',
      currency: 'HUF',
      customerEmail: 'driver@example.hu',
      language: 'HU',
      total: 100,
      timeout: '2026-11-22T20:46:13+01:00',
      url: 'https://voltpark.example/back',
      twoStep: true,
    });
    expect(res).toMatchObject({
      transactionId: 99310118,
      total: 100,
      paymentUrl: 'https://pay.example/p/1',
    });
    const req = received[0]!;
    expect(req.op).toBe('start');
    expect(req.signatureOk).toBe(true);
    expect(req.body).toMatchObject({
      merchant: MERCHANT,
      methods: ['CARD'],
      twoStep: true,
      orderRef: 'ord-1',
    });
    expect(String(req.body.salt)).toMatch(/^[0-9a-f]{32}$/);
    expect(req.body.sdkVersion).toBeTypeOf('string');
  });

  it('throws SimplePayError with the codes of a signed error answer', async () => {
    answer = () => signed({ errorCodes: [5013], salt: 'y', merchant: MERCHANT });
    const err = await client()
      .finish({ orderRef: 'o', originalTotal: 100, approveTotal: 50, currency: 'HUF' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimplePayError);
    expect((err as SimplePayError).has(5013)).toBe(true);
    expect(received).toHaveLength(1);
  });

  it('never believes an unsigned or wrongly signed answer, and does not retry a money operation', async () => {
    answer = () => ({ body: phpJsonEncode({ transactionId: 1, orderRef: 'o', approveTotal: 50 }) });
    const unsigned = await client()
      .finish({ orderRef: 'o', originalTotal: 100, approveTotal: 50, currency: 'HUF' })
      .catch((e: unknown) => e);
    expect(unsigned).toBeInstanceOf(SimplePayTransportError);
    expect((unsigned as SimplePayTransportError).maybeApplied).toBe(true);
    expect(received).toHaveLength(1);

    answer = () => ({
      ...signed({ transactionId: 1, orderRef: 'o' }),
      signature: signMessage('wrong', '{}'),
    });
    await expect(
      client().refund({ orderRef: 'o', refundTotal: 10, currency: 'HUF' }),
    ).rejects.toBeInstanceOf(SimplePayTransportError);
  });

  it('retries a read-only query after a bad answer and returns the good one', async () => {
    let calls = 0;
    answer = () => {
      calls++;
      if (calls === 1) return { body: 'oops', status: 502 };
      return signed({
        transactions: [{ transactionId: 7, orderRef: 'o', status: 'FINISHED', total: 25.0 }],
      });
    };
    const res = await client().query({ orderRefs: ['o'] });
    expect(res.transactions[0]).toMatchObject({ transactionId: 7, status: 'FINISHED' });
    expect(calls).toBe(2);
  });

  it('retries a money operation only when the request surely never arrived', async () => {
    // A port that was just free: nothing listens there, so the connection is refused.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    let attempts = 0;
    const dead = createSimplePayClient({
      merchant: MERCHANT,
      secretKey: SECRET,
      baseUrl: `http://127.0.0.1:${closedPort}/payment/v2/`,
      retries: 1,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const err = await dead
      .finish({ orderRef: 'o', originalTotal: 1, approveTotal: 1, currency: 'HUF' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimplePayTransportError);
    expect((err as SimplePayTransportError).maybeApplied).toBe(false);
    expect(attempts).toBe(2);
  });
});

describe('SimplePay callbacks', () => {
  it('reads a signed back redirect and rejects a tampered one', () => {
    const event = {
      r: 0,
      t: 99844942,
      e: 'SUCCESS' as const,
      m: MERCHANT,
      o: '101010515680292482600',
    };
    const { r, s } = writeBackRedirect(SECRET, event);
    expect(readBackRedirect(SECRET, r, s)).toEqual(event);
    expect(readBackRedirect(SECRET, r, s.replace(/\+/g, ' '))).toEqual(event);
    const forged = Buffer.from(JSON.stringify({ ...event, e: 'SUCCESS', t: 1 })).toString('base64');
    expect(readBackRedirect(SECRET, forged, s)).toBeNull();
    expect(readBackRedirect(SECRET, r, undefined)).toBeNull();
    expect(readBackRedirect(SECRET, 'not base64 json', s)).toBeNull();
  });

  it('verifies an IPN over its raw body and answers it signed with receiveDate', () => {
    const raw = phpJsonEncode({
      salt: 'abc',
      orderRef: 'o-1',
      method: 'CARD',
      merchant: MERCHANT,
      finishDate: '2026-11-22T10:00:00+01:00',
      paymentDate: '2026-11-22T09:59:00+01:00',
      transactionId: 501234567,
      status: 'FINISHED',
    });
    const check = readIpn(SECRET, raw, signMessage(SECRET, raw));
    expect(check).toMatchObject({
      ok: true,
      ipn: { transactionId: 501234567, status: 'FINISHED' },
    });
    expect(
      readIpn(SECRET, raw.replace('FINISHED', 'AUTHORIZED'), signMessage(SECRET, raw)),
    ).toEqual({
      ok: false,
      reason: 'signature',
    });
    const reply = ipnReply(SECRET, raw, new Date('2026-11-22T09:00:05Z'));
    expect(verifySignature(SECRET, reply.body, reply.signature)).toBe(true);
    expect(JSON.parse(reply.body)).toMatchObject({
      orderRef: 'o-1',
      receiveDate: '2026-11-22T10:00:05+01:00',
    });
  });
});
