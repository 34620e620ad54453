import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { cards, ipnEvents, ledgerEntries, payments } from '../../db/schema/payments.js';
import { walletBalance, walletLedgerSum } from './ledger.js';
import { phpJsonEncode } from './simplepay/php-json.js';
import { signMessage, verifySignature } from './simplepay/signature.js';

const SECRET = 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6';
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createActiveUser(t.database.db, 'ipn@example.hu')).id;
});
afterAll(() => t.close());

async function openTopUp(total: number) {
  const orderRef = `VP-TEST-${Math.random().toString(36).slice(2)}`;
  const [p] = await t.database.db
    .insert(payments)
    .values({
      userId,
      purpose: 'wallet_topup',
      orderRef,
      merchant: 'PUBLICTESTHUF',
      total,
      transactionId: 500_000_000 + Math.floor(Math.random() * 1e6),
    })
    .returning();
  return p!;
}

const ipnBody = (p: { orderRef: string; transactionId: number | null }, status = 'FINISHED') =>
  phpJsonEncode({
    salt: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    orderRef: p.orderRef,
    method: 'CARD',
    merchant: 'PUBLICTESTHUF',
    finishDate: '2026-11-22T10:00:00+01:00',
    paymentDate: '2026-11-22T09:59:30+01:00',
    transactionId: p.transactionId,
    status,
  });
const sendIpn = (body: string, signature = signMessage(SECRET, body)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/simplepay/ipn',
    headers: { 'content-type': 'application/json', signature },
    payload: body,
  });

describe('SimplePay IPN', () => {
  it('credits a top-up once and answers with the signed echo plus receiveDate', async () => {
    const p = await openTopUp(5_000);
    const before = await walletBalance(t.database.db, userId);
    const body = ipnBody(p);
    const res = await sendIpn(body);
    expect(res.statusCode).toBe(200);
    expect(verifySignature(SECRET, res.body, res.headers.signature as string)).toBe(true);
    expect(JSON.parse(res.body)).toMatchObject({
      orderRef: p.orderRef,
      status: 'FINISHED',
      receiveDate: expect.stringMatching(/\+0[12]:00$/),
    });
    expect(await walletBalance(t.database.db, userId)).toBe(before + 5_000);
  });

  it('the same IPN delivered 50 times, half of them at once, credits exactly once', async () => {
    const p = await openTopUp(2_000);
    const before = await walletBalance(t.database.db, userId);
    const body = ipnBody(p);
    await Promise.all(Array.from({ length: 25 }, () => sendIpn(body)));
    for (let i = 0; i < 25; i++) expect((await sendIpn(body)).statusCode).toBe(200);
    expect(await walletBalance(t.database.db, userId)).toBe(before + 2_000);
    expect(await walletLedgerSum(t.database.db, userId)).toBe(
      await walletBalance(t.database.db, userId),
    );
    const booked = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, p.id));
    expect(booked).toHaveLength(1);
  });

  it('rejects a tampered body or signature, keeps it as evidence, and changes nothing', async () => {
    const p = await openTopUp(9_000);
    const before = await walletBalance(t.database.db, userId);
    const good = ipnBody(p, 'INIT');
    const tampered = await sendIpn(good.replace('"INIT"', '"FINISHED"'), signMessage(SECRET, good));
    expect(tampered.statusCode).toBe(401);
    expect((await sendIpn(ipnBody(p), 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(401);
    expect((await sendIpn(ipnBody(p), signMessage('another-secret', ipnBody(p)))).statusCode).toBe(
      401,
    );
    expect(await walletBalance(t.database.db, userId)).toBe(before);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row).toMatchObject({ status: 'INIT', settledAt: null });
    const evidence = await t.database.db
      .select()
      .from(ipnEvents)
      .where(eq(ipnEvents.signatureValid, false));
    expect(evidence.length).toBeGreaterThanOrEqual(3);
  });

  it('a failed payment settles with no money, and a later SUCCESS-looking IPN cannot reopen it', async () => {
    const p = await openTopUp(3_000);
    const before = await walletBalance(t.database.db, userId);
    expect((await sendIpn(ipnBody(p, 'NOTAUTHORIZED'))).statusCode).toBe(200);
    expect((await sendIpn(ipnBody(p, 'FINISHED'))).statusCode).toBe(200);
    expect(await walletBalance(t.database.db, userId)).toBe(before);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row!.status).toBe('NOTAUTHORIZED');
  });

  /** A card registration waiting for its IPN, and the IPN that authorizes it. */
  async function processingCard(transactionId: number) {
    const orderRef = `VP-CARD-${Math.random().toString(36).slice(2)}`;
    const [p] = await t.database.db
      .insert(payments)
      .values({
        userId,
        purpose: 'card_registration',
        orderRef,
        merchant: 'PUBLICTESTHUF',
        total: 100,
        twoStep: true,
        transactionId,
      })
      .returning();
    const [card] = await t.database.db
      .insert(cards)
      .values({ userId, registrationPaymentId: p!.id, defaultCard: true })
      .returning();
    const authorized = phpJsonEncode({
      salt: 'x'.repeat(32),
      orderRef,
      method: 'CARD',
      merchant: 'PUBLICTESTHUF',
      paymentDate: '2026-11-22T09:59:30+01:00',
      transactionId,
      status: 'AUTHORIZED',
      cardMask: '4908-36xx-xxxx-0425',
      expiry: '2029-12-31T23:59:59+01:00',
    });
    return { p: p!, card: card!, authorized };
  }

  it('a card deleted while still processing stays deleted when its IPN arrives', async () => {
    const { card, authorized } = await processingCard(501_234_999);
    await t.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, card.id));
    expect((await sendIpn(authorized)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(after).toMatchObject({ status: 'deleted', simplePayCardId: 501_234_999, mask: null });
  });

  it('activates a registered card with the mask and expiry of the IPN', async () => {
    const { p, authorized: body } = await processingCard(501_234_567);
    expect((await sendIpn(body)).statusCode).toBe(200);
    const [card] = await t.database.db
      .select()
      .from(cards)
      .where(eq(cards.registrationPaymentId, p!.id));
    expect(card).toMatchObject({
      status: 'active',
      mask: '4908-36xx-xxxx-0425',
      simplePayCardId: 501_234_567,
    });
  });
});
