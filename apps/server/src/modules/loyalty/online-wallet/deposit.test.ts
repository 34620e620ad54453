import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLINE_WALLET_SANDBOX_KEY } from '../../../config.js';
import { onlineWalletDeposits, pointsLedger } from '../../../db/schema/loyalty.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { accountBalance, depositByReference } from '../../online-wallet-sandbox/partner.js';
import { pointsBalance } from '../points.js';
import { driverWithPoints } from '../test-helpers.js';
import { createOnlineWalletClient } from './client.js';
import { sweepPendingDeposits, type DepositDeps } from './deposit.js';

let t: TestApp;
let deps: DepositDeps;
let base: string;
beforeAll(async () => {
  // The client gives up after 2.5 s; the emulator's +slow answers after 5 s.
  t = await createTestApp({
    env: { ONLINE_WALLET_TIMEOUT_MS: '2500', ONLINE_WALLET_SANDBOX_SLOW_MS: '5000' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}/sandbox/online-wallet/api/v1/`;
  const client = createOnlineWalletClient({
    baseUrl: base,
    apiKey: ONLINE_WALLET_SANDBOX_KEY,
    timeoutMs: 5000,
  });
  deps = { db: t.database.db, client: () => client, log: t.app.log };
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const deposit = (headers: Record<string, string>, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/online-wallet/deposit',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'x-lang': 'en' },
    payload: form(fields),
  });
const exists = (headers: Record<string, string>, email: string) =>
  t.app.inject({
    url: `/api/v1/online-wallet/user-exists?email=${encodeURIComponent(email)}`,
    headers,
  });

async function depositsOf(userId: number) {
  return t.database.db
    .select()
    .from(onlineWalletDeposits)
    .where(eq(onlineWalletDeposits.userId, userId));
}

describe('online-wallet deposit', () => {
  it('a new wallet needs both consents; then the points move once and the account exists', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'dep1@example.hu', 2000);
    const email = 'wallet.one@example.hu';
    expect((await exists(driver.headers, email)).json().data).toBe(false);

    const noConsent = await deposit(driver.headers, {
      amount: '500',
      email,
      dataPolicyAccepted: 'true',
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().data.responseCode).toBe('ONLINE_WALLET_CONSENT_REQUIRED');
    expect(await pointsBalance(db, driver.id)).toBe(2000);
    // Whichever consent is missing or refused, a page that skips the step moves nothing.
    for (const fields of <Record<string, string>[]>[
      { termsAccepted: 'true' },
      { dataPolicyAccepted: 'false', termsAccepted: 'true' },
      {},
    ]) {
      const skipped = await deposit(driver.headers, { amount: '500', email, ...fields });
      expect(skipped.statusCode).toBe(400);
      expect(skipped.json().data.responseCode).toBe('ONLINE_WALLET_CONSENT_REQUIRED');
    }
    expect(await pointsBalance(db, driver.id)).toBe(2000);
    expect(await depositsOf(driver.id)).toEqual([]);
    expect((await exists(driver.headers, email)).json().data).toBe(false);

    const done = await deposit(driver.headers, {
      amount: '1000',
      email,
      dataPolicyAccepted: 'true',
      termsAccepted: 'true',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toBe(true);
    expect(await pointsBalance(db, driver.id)).toBe(1000);
    expect(await accountBalance(db, email)).toBe(1000);
    expect((await exists(driver.headers, email)).json().data).toBe(true);

    // An existing wallet takes a deposit without the consents.
    const more = await deposit(driver.headers, { amount: '500', email });
    expect(more.json().data).toBe(true);
    expect(await accountBalance(db, email)).toBe(1500);
    expect(await pointsBalance(db, driver.id)).toBe(500);
  });

  it('keeps the amount rules: a step of 500, no more than the balance', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'dep2@example.hu', 700);
    const odd = await deposit(driver.headers, { amount: '600', email: 'x@example.hu' });
    expect(odd.statusCode).toBe(400);
    const tooMuch = await deposit(driver.headers, {
      amount: '1000',
      email: 'x@example.hu',
      dataPolicyAccepted: 'true',
      termsAccepted: 'true',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().data.responseCode).toBe('NOT_ENOUGH_POINTS');
    expect(await pointsBalance(db, driver.id)).toBe(700);
    expect(await depositsOf(driver.id)).toEqual([]);
  });

  it('a refused deposit returns the points, once', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'dep3@example.hu', 1000);
    const res = await deposit(driver.headers, {
      amount: '500',
      email: 'blocked+refuse@example.hu',
      dataPolicyAccepted: 'true',
      termsAccepted: 'true',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.responseCode).toBe('ONLINE_WALLET_ACCOUNT_BLOCKED');
    expect(res.json().message.text).toContain('returned');
    expect(await pointsBalance(db, driver.id)).toBe(1000);
    const [row] = await depositsOf(driver.id);
    expect(row).toMatchObject({ status: 'REFUSED', refusalCode: 'ACCOUNT_BLOCKED' });
    const ledger = await db.select().from(pointsLedger).where(eq(pointsLedger.userId, driver.id));
    expect(ledger.map((r) => [r.reason, r.amount]).sort()).toEqual(
      [
        ['ADJUSTMENT', 1000],
        ['ONLINE_WALLET_DEPOSIT', -500],
        ['REFUND', 500],
      ].sort(),
    );
    // Nothing pending: a sweep changes nothing.
    await sweepPendingDeposits(deps);
    expect(await pointsBalance(db, driver.id)).toBe(1000);
  });

  it('a partner that does not answer moves nothing and tells the driver', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'dep4@example.hu', 1000);
    const res = await deposit(driver.headers, {
      amount: '500',
      email: 'nobody+down@example.hu',
      dataPolicyAccepted: 'true',
      termsAccepted: 'true',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().data.responseCode).toBe('ONLINE_WALLET_UNAVAILABLE');
    expect(await pointsBalance(db, driver.id)).toBe(1000);
  });

  it('a timed-out deposit stays pending and the sweep settles it once, though the partner answers twice', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'dep5@example.hu', 1500);
    const email = 'late+slow@example.hu';
    const res = await deposit(driver.headers, {
      amount: '1000',
      email,
      dataPolicyAccepted: 'true',
      termsAccepted: 'true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(false);
    expect(res.json().messages[0].messageKey).toBe('onlineWallet.pending');
    const [pending] = await depositsOf(driver.id);
    expect(pending!.status).toBe('PENDING');
    expect(await pointsBalance(db, driver.id)).toBe(500);

    // The partner recorded it (its answer came too late for the client).
    for (let i = 0; i < 100 && !(await depositByReference(db, pending!.reference)); i++)
      await sleep(50);
    expect(await accountBalance(db, email)).toBe(1000);

    // The sweep resends the same reference: the partner answers ACCEPTED again, nothing moves twice.
    await db
      .update(onlineWalletDeposits)
      .set({ claimedAt: null })
      .where(eq(onlineWalletDeposits.id, pending!.id));
    await sweepPendingDeposits(deps);
    const [settled] = await depositsOf(driver.id);
    expect(settled!.status).toBe('DONE');
    expect(await accountBalance(db, email)).toBe(1000);
    expect(await pointsBalance(db, driver.id)).toBe(500);

    // A third answer for the same reference (a replayed PUT) changes nothing either.
    const again = await deps.client().deposit(pending!.reference, { email, points: 1000 });
    expect(again.status).toBe('ACCEPTED');
    await sweepPendingDeposits(deps);
    expect(await accountBalance(db, email)).toBe(1000);
    expect(await pointsBalance(db, driver.id)).toBe(500);
  });

  it('the same requestId, replayed or sent three times at once, deposits once', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'dep6@example.hu', 3000);
    const email = 'twice@example.hu';
    const requestId = randomUUID();
    const fields = {
      amount: '500',
      email,
      dataPolicyAccepted: 'true',
      termsAccepted: 'true',
      requestId,
    };
    const answers = await Promise.all([1, 2, 3].map(() => deposit(driver.headers, fields)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(answers.some((a) => a.json().data === true)).toBe(true);
    const replay = await deposit(driver.headers, fields);
    expect(replay.json().data).toBe(true);
    expect(await depositsOf(driver.id)).toHaveLength(1);
    expect(await pointsBalance(db, driver.id)).toBe(2500);
    expect(await accountBalance(db, email)).toBe(500);
  });

  it('the emulator refuses a caller without its key and a reference reused for another deposit', async () => {
    const noKey = await fetch(`${base}accounts/exists?email=a@example.hu`);
    expect(noKey.status).toBe(401);
    const wrong = createOnlineWalletClient({ baseUrl: base, apiKey: 'wrong', timeoutMs: 5000 });
    await expect(wrong.accountExists('a@example.hu')).rejects.toThrow(/401/);
    const reference = randomUUID();
    const c = deps.client();
    const first = await c.deposit(reference, {
      email: 'ref@example.hu',
      points: 500,
      createAccount: { dataPolicyAccepted: true, termsAccepted: true },
    });
    expect(first.status).toBe('ACCEPTED');
    expect(await c.deposit(reference, { email: 'ref@example.hu', points: 1000 })).toEqual({
      status: 'REFUSED',
      code: 'REFERENCE_CONFLICT',
    });
    expect(await c.depositStatus(randomUUID())).toEqual({ status: 'UNKNOWN' });
  });

  it('guests have no points to deposit', async () => {
    const db = t.database.db;
    const driver = await driverWithPoints(db, 'guest-dep@example.hu', 0);
    const { users } = await import('../../../db/schema/accounts.js');
    await db.update(users).set({ casualUser: true }).where(eq(users.id, driver.id));
    const { forgetCachedSessions } = await import('../../auth/session-cache.js');
    forgetCachedSessions(driver.id);
    const res = await deposit(driver.headers, { amount: '500', email: 'g@example.hu' });
    expect(res.statusCode).toBe(403);
  });
});
