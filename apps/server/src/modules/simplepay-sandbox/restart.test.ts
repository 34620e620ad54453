import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createSimplePayClient } from '../payments/simplepay/client.js';
import { createTestApp } from '../../test/app.js';
import { MERCHANT, payWith, SECRET, startIpnReceiver, startRequest } from './test-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

it('an IPN queued before a restart is delivered by the restarted server without help', async () => {
  const receiver = await startIpnReceiver();
  cleanups.push(receiver.close);
  const t = await createTestApp();
  cleanups.push(() => t.database.close());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The merchant's IPN endpoint is down while the payment is made.
  t.app.simplePaySandbox!.merchants.get(MERCHANT)!.ipnUrl = 'http://127.0.0.1:9/down';
  const client = createSimplePayClient({
    merchant: MERCHANT,
    secretKey: SECRET,
    baseUrl: `${base}/sandbox/simplepay/payment/v2/`,
    retries: 0,
  });
  const started = await client.start(startRequest());
  const res = await payWith(
    { t, base, client, receiver, close: async () => {} },
    started.paymentUrl,
    '4908366099900425',
  );
  expect(res.status).toBe(303);
  await t.app.close();

  // The same database, a new server process: the queue is in the table, nothing in memory.
  const app = await buildApp({ config: t.config, database: t.database });
  cleanups.push(() => app.close());
  app.simplePaySandbox!.merchants.get(MERCHANT)!.ipnUrl = receiver.url;
  await t.database.db.execute(
    sql`update sandbox_sp_ipn_queue set next_attempt_at = now() where transaction_id = ${started.transactionId}`,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Only the loop started on onReady delivers it: no manual round here.
  for (let i = 0; i < 200; i++) {
    if (receiver.received.some((r) => r.ipn?.transactionId === started.transactionId)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const got = receiver.received.filter((r) => r.ipn?.transactionId === started.transactionId);
  const state = await t.database.db.execute(
    sql`select attempts, next_attempt_at, delivered_at, last_error, url from sandbox_sp_ipn_queue`,
  );
  expect(got, JSON.stringify((state as unknown as { rows: unknown[] }).rows)).toHaveLength(1);
  expect(got[0]!.ipn?.status).toBe('FINISHED');
  // The emulator records the delivery after the receiver has answered: wait for that write.
  let deliveredAt: Date | null = null;
  for (let i = 0; i < 100 && !deliveredAt; i++) {
    const [row] = (
      (await t.database.db.execute(
        sql`select delivered_at from sandbox_sp_ipn_queue where transaction_id = ${started.transactionId}`,
      )) as unknown as { rows: { delivered_at: Date | null }[] }
    ).rows;
    deliveredAt = row?.delivered_at ?? null;
    if (!deliveredAt) await new Promise((r) => setTimeout(r, 50));
  }
  expect(deliveredAt).not.toBeNull();
}, 60_000);
