import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackRedirect } from '../payments/simplepay/callbacks.js';
import { verifySignature } from '../payments/simplepay/signature.js';
import { SimplePayError } from '../payments/simplepay/errors.js';
import {
  startHarness,
  startRequest,
  payWith,
  waitForIpn,
  SECRET,
  RETURN_URL,
  type Harness,
} from './test-helpers.js';

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

describe('smoke', () => {
  it('start → pay → back → IPN → query', async () => {
    const started = await h.client.start(startRequest());
    expect(started.transactionId).toBeGreaterThan(500000000);
    const res = await payWith(h, started.paymentUrl, '4908366099900425');
    expect(res.status).toBe(303);
    const b = back(res.location);
    expect(b.url).toBe(RETURN_URL);
    expect(b.event).toMatchObject({ r: 0, e: 'SUCCESS', t: started.transactionId });
    const ipn = await waitForIpn(h, started.transactionId, 'FINISHED');
    expect(ipn.ipn?.orderRef).toBeDefined();
    const q = await h.client.query({ transactionIds: [started.transactionId] });
    expect(q.transactions[0]).toMatchObject({
      status: 'FINISHED',
      total: 1500,
      remainingTotal: 1500,
    });
    expect(verifySignature).toBeDefined();
    expect(SimplePayError).toBeDefined();
  });
});
