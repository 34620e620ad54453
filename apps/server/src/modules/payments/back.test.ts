import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { writeBackRedirect } from './simplepay/callbacks.js';

/** GET /api/v1/payment-return: the result pages' check of SimplePay's back redirect. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const event = {
  r: 0,
  t: 501234567,
  e: 'FAIL' as const,
  m: 'PUBLICTESTHUF',
  o: 'VP-topup-42',
};
const signed = (e = event, secret = () => t.config.simplePay.secretKey) =>
  writeBackRedirect(secret(), e);
const check = async (r: string, s: string, lang = 'hu') => {
  const res = await t.app.inject({
    url: `/api/v1/payment-return?${new URLSearchParams({ r, s })}`,
    headers: { 'x-lang': lang },
  });
  return { status: res.statusCode, body: res.json() };
};

describe('the back-redirect check', () => {
  it('returns the event, order and transaction of a genuine redirect', async () => {
    const { r, s } = signed();
    const res = await check(r, s);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ e: 'FAIL', o: 'VP-topup-42', t: '501234567' });
  });

  it('accepts a + that arrived as a space', async () => {
    // Find an order id whose r and s both hold a '+', as SimplePay's do now and then.
    let e = event;
    const bothPlus = () => signed(e).r.includes('+') && signed(e).s.includes('+');
    for (let i = 0; !bothPlus(); i++) e = { ...event, o: `VP-topup-${i}~?>` };
    const { r, s } = signed(e);
    const res = await check(r.replace(/\+/g, ' '), s.replace(/\+/g, ' '));
    expect(res.status).toBe(200);
    expect(res.body.data.o).toBe(e.o);
  });

  it('rejects a tampered r (FAIL turned into SUCCESS) with a translated message', async () => {
    const { s } = signed();
    const forged = Buffer.from(JSON.stringify({ ...event, e: 'SUCCESS' })).toString('base64');
    const hu = await check(forged, s, 'hu');
    expect(hu.status).toBe(400);
    expect(hu.body.result).toBe(false);
    expect(JSON.stringify(hu.body)).toContain('nem hiteles');
    const en = await check(forged, s, 'en');
    expect(JSON.stringify(en.body)).toContain('not genuine');
    expect(en.body.data).toEqual({ responseCode: 'BAD_PAYMENT_RETURN' });
  });

  it('rejects a tampered or foreign signature', async () => {
    const { r, s } = signed();
    const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect((await check(r, flipped)).status).toBe(400);
    const other = signed(event, () => 'another-merchant-secret');
    expect((await check(r, other.s)).status).toBe(400);
    expect((await check(r, 'short')).status).toBe(400);
  });

  it('rejects a redirect signed for another merchant and a missing s', async () => {
    const { r, s } = signed({ ...event, m: 'OTHERHUF' });
    expect((await check(r, s)).status).toBe(400);
    const res = await t.app.inject({ url: `/api/v1/payment-return?r=${encodeURIComponent(r)}` });
    expect(res.statusCode).toBe(400);
  });

  it('rejects r that is not JSON of a back event even when signed', async () => {
    const json = '{"hello":"world"}';
    const r = Buffer.from(json).toString('base64');
    const { s } = writeBackRedirect(t.config.simplePay.secretKey, event);
    expect((await check(r, s)).status).toBe(400);
  });
});
