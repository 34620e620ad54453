import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ipnReply, readIpn } from '../payments/simplepay/callbacks.js';
import { createSimplePayClient } from '../payments/simplepay/client.js';
import type { SimplePayIpn } from '../payments/simplepay/types.js';
import { simplePayTime } from '../payments/simplepay/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { PUBLIC_TEST_MERCHANT, PUBLIC_TEST_SECRET } from './merchants.js';

export const MERCHANT = PUBLIC_TEST_MERCHANT;
export const SECRET = PUBLIC_TEST_SECRET;

export interface ReceivedIpn {
  raw: string;
  ipn: SimplePayIpn | null;
  answeredWrongly: boolean;
}

/** A merchant's IPN endpoint for tests: answers correctly, or wrongly while `wrong` is set. */
export async function startIpnReceiver() {
  const received: ReceivedIpn[] = [];
  const state = { wrong: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const check = readIpn(SECRET, raw, req.headers.signature as string | undefined);
      const wrong = state.wrong || !check.ok;
      received.push({ raw, ipn: check.ok ? check.ipn : null, answeredWrongly: wrong });
      if (wrong) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"status":"not today"}');
        return;
      }
      const reply = ipnReply(SECRET, raw);
      res.writeHead(200, { 'Content-Type': 'application/json', Signature: reply.signature });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/ipn`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Harness {
  t: TestApp;
  base: string;
  client: ReturnType<typeof createSimplePayClient>;
  receiver: Awaited<ReturnType<typeof startIpnReceiver>>;
  close(): Promise<void>;
}

/** The real app on a real port, the real client pointed at the emulator, an IPN receiver. */
export async function startHarness(): Promise<Harness> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const receiver = await startIpnReceiver();
  t.app.simplePaySandbox!.merchants.get(MERCHANT)!.ipnUrl = receiver.url;
  const client = createSimplePayClient({
    merchant: MERCHANT,
    secretKey: SECRET,
    baseUrl: `${base}/sandbox/simplepay/payment/v2/`,
    retries: 0,
  });
  return {
    t,
    base,
    client,
    receiver,
    async close() {
      await receiver.close();
      await t.close();
    },
  };
}

let counter = 0;
export const newOrderRef = () => `VP-${Date.now()}-${counter++}`;
export const inMinutes = (m: number) => simplePayTime(new Date(Date.now() + m * 60_000));

export const RETURN_URL = 'https://shop.example/simplepay/back';

export function startRequest(overrides: Record<string, unknown> = {}) {
  return {
    orderRef: newOrderRef(),
    currency: 'HUF' as const,
    customerEmail: 'sdk_test@simplepay.com',
    language: 'EN' as const,
    total: 1500,
    timeout: inMinutes(10),
    url: RETURN_URL,
    ...overrides,
  };
}

/** Loads a page of the emulator through its public URL, rewritten to the test server. */
export function local(h: Harness, url: string): string {
  const u = new URL(url);
  return `${h.base}${u.pathname}${u.search}`;
}

export async function openPage(h: Harness, url: string, lang?: 'hu' | 'en') {
  const target = local(h, url) + (lang ? `?lang=${lang}` : '');
  const res = await fetch(target, { redirect: 'manual' });
  const html = await res.text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { url: local(h, url), status: res.status, html, formToken, headers: res.headers };
}

export async function submit(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

export const goodCard = {
  cardNumber: '4908 3660 9990 0425',
  expiry: '12/30',
  cvc: '123',
  cardName: 'Teszt Elek',
};

/** Fills the pay page with a card and presses Pay; returns the response. */
export async function payWith(h: Harness, paymentUrl: string, cardNumber: string) {
  const p = await openPage(h, paymentUrl);
  return submit(p.url, {
    formToken: p.formToken,
    action: 'pay',
    ...goodCard,
    cardNumber,
  });
}

/**
 * Waits until the receiver has accepted an IPN of this transaction in this status and the
 * emulator has recorded the delivery.
 */
export async function waitForIpn(h: Harness, transactionId: number, status: string) {
  for (let i = 0; i < 100; i++) {
    const hit = h.receiver.received.find(
      (r) =>
        r.ipn?.transactionId === transactionId && r.ipn.status === status && !r.answeredWrongly,
    );
    if (hit) {
      const result = await h.t.database.db.execute(
        sql`select 1 from sandbox_sp_ipn_queue where transaction_id = ${transactionId}
            and body = ${hit.raw} and delivered_at is not null`,
      );
      if ((result as unknown as { rows: unknown[] }).rows.length > 0) return hit;
    } else {
      await h.t.app.simplePaySandbox!.runIpnDeliveryRound();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no IPN for ${transactionId} in ${status}`);
}
