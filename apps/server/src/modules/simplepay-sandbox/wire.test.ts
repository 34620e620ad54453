import { describe, expect, it } from 'vitest';
import { ipnReply } from '../payments/simplepay/callbacks.js';
import { signMessage } from '../payments/simplepay/signature.js';
import { simplePayTime } from '../payments/simplepay/time.js';
import { checkIpnReply, IPN_RETRY_SCHEDULE_SECONDS } from './ipn.js';
import { parseExpiry } from './pages.js';
import { cardSecretMatches, encodeMessage, hashCardSecret, maskCard, money } from './wire.js';

const SECRET = 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6';

describe('message encoding', () => {
  it('prints totals as 25.0 and everything else like PHP json_encode', () => {
    const text = encodeMessage({
      total: money(25),
      remainingTotal: money(0),
      orderRef: 'a/b ű',
      note: 'money:5',
      count: 3,
    });
    expect(text).toBe(
      '{"total":25.0,"remainingTotal":0.0,"orderRef":"a\\/b \\u0171","note":"money:5","count":3}',
    );
    expect(JSON.parse(text)).toMatchObject({ total: 25, remainingTotal: 0 });
  });
});

describe('saved card helpers', () => {
  it('masks like SimplePay', () => {
    expect(maskCard('4908366099900425')).toBe('4908-36xx-xxxx-0425');
  });

  it('stores the secret code only as a salted hash', async () => {
    const a = await hashCardSecret('titok');
    const b = await hashCardSecret('titok');
    expect(a).not.toBe(b);
    expect(a).not.toContain('titok');
    expect(await cardSecretMatches('titok', a)).toBe(true);
    expect(await cardSecretMatches('titkos', a)).toBe(false);
    expect(await cardSecretMatches('titok', null)).toBe(false);
    expect(await cardSecretMatches('titok', 'garbage')).toBe(false);
  });

  it('reads MM/YY as the last second of that month in Budapest', () => {
    expect(simplePayTime(parseExpiry('12/30')!)).toBe('2030-12-31T23:59:59+01:00');
    expect(simplePayTime(parseExpiry('06/31')!)).toBe('2031-06-30T23:59:59+02:00');
    expect(simplePayTime(parseExpiry('2/2032')!)).toBe('2032-02-29T23:59:59+01:00');
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('01/20')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });
});

describe('IPN reply check', () => {
  const sent = encodeMessage({
    salt: 'x'.repeat(32),
    orderRef: 'VP-1',
    method: 'CARD',
    merchant: 'PUBLICTESTHUF',
    transactionId: 500000123,
    status: 'FINISHED',
  });

  it('accepts the signed echo with receiveDate', () => {
    const reply = ipnReply(SECRET, sent);
    expect(checkIpnReply(SECRET, sent, 200, reply.body, reply.signature)).toBeNull();
  });

  it('refuses anything else', () => {
    const reply = ipnReply(SECRET, sent);
    expect(checkIpnReply(SECRET, sent, 500, reply.body, reply.signature)).toMatch(/HTTP 500/);
    expect(checkIpnReply(SECRET, sent, 200, reply.body, null)).toMatch(/signed/);
    expect(checkIpnReply(SECRET, sent, 200, `${reply.body} `, reply.signature)).toMatch(/signed/);
    const noDate = JSON.stringify({ ...JSON.parse(sent), receiveDate: undefined });
    expect(checkIpnReply(SECRET, sent, 200, noDate, signMessage(SECRET, noDate))).toMatch(
      /receiveDate/,
    );
    const other = JSON.stringify({ ...JSON.parse(sent), orderRef: 'VP-2', receiveDate: 'x' });
    expect(checkIpnReply(SECRET, sent, 200, other, signMessage(SECRET, other))).toMatch(/orderRef/);
    const otherId = JSON.stringify({ ...JSON.parse(sent), transactionId: 1, receiveDate: 'x' });
    expect(checkIpnReply(SECRET, sent, 200, otherId, signMessage(SECRET, otherId))).toMatch(
      /transactionId/,
    );
    expect(checkIpnReply(SECRET, sent, 200, 'ok', signMessage(SECRET, 'ok'))).toMatch(/JSON/);
  });

  it('retries for days with growing waits', () => {
    const total = IPN_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(3 * 24 * 3600);
    expect(IPN_RETRY_SCHEDULE_SECONDS.slice(0, 4)).toEqual([10, 30, 60, 300]);
    for (let i = 1; i < IPN_RETRY_SCHEDULE_SECONDS.length; i++) {
      expect(IPN_RETRY_SCHEDULE_SECONDS[i]).toBeGreaterThanOrEqual(
        IPN_RETRY_SCHEDULE_SECONDS[i - 1]!,
      );
    }
  });
});
