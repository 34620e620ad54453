import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import type { Db } from '../../db/client.js';
import {
  cards,
  chargeReceipts,
  charges,
  chargingTariffs,
  ledgerEntries,
  moneyHolds,
  payments,
  pointsLedger,
  wallets,
} from '../../db/schema/index.js';
import { addChargePoint } from '../ocpp/registry.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** One finished, receipted, card-paid charge with points; a saved card; a wallet top-up. */
async function historyOf(db: Db, userId: number, n: number) {
  const [tariff] = await db
    .insert(chargingTariffs)
    .values({ name: `T${n}` })
    .returning();
  const { chargerIds } = await addChargePoint(db, {
    id: `CP-EXPORT-${n}`,
    key: 'test-key-0123456789',
    connectors: 1,
    tariffId: tariff!.id,
  });
  const pay = async (purpose: 'charge' | 'card_registration' | 'wallet_topup', total: number) => {
    const [p] = await db
      .insert(payments)
      .values({
        userId,
        purpose,
        orderRef: `order-${purpose}-${n}`,
        merchant: 'PUBLICTESTHUF',
        total,
        status: 'FINISHED',
        transactionId: 700000 + n * 10 + total,
        paymentUrl: `https://pay.example/secret-pay-page-${n}-${purpose}`,
        cardMask: `xxxx-xxxx-xxxx-${4000 + n}`,
      })
      .returning();
    return p!;
  };
  const registration = await pay('card_registration', 1);
  await db.insert(cards).values({
    userId,
    simplePayCardId: 990000 + n,
    registrationPaymentId: registration.id,
    mask: `xxxx-xxxx-xxxx-${4000 + n}`,
    expiry: '2030-12',
    status: 'active',
    defaultCard: true,
  });
  const chargePayment = await pay('charge', 5000 + n);
  const [charge] = await db
    .insert(charges)
    .values({
      userId,
      chargerId: chargerIds[0]!,
      status: 'FINISHED',
      paymentMethod: 'card',
      idTag: `IDTAG-SECRET-${n}`,
      freeCharging: false,
      unitChargingGross: 150,
      convenienceFeeGross: 200,
      parkingEnabled: false,
      minutesAfterParkingStart: 0,
      unitParkingGross: 0,
      holdAmount: 5000 + n,
      energyWh: 12000 + n,
      grossPrice: 2000 + n,
      earnedPoints: 20 + n,
      startTime: new Date('2026-11-20T10:00:00Z'),
      endTime: new Date('2026-11-20T11:00:00Z'),
    })
    .returning();
  await db.insert(moneyHolds).values({
    userId,
    method: 'card',
    amount: 5000 + n,
    paymentId: chargePayment.id,
    cause: `charge:${charge!.id}`,
    status: 'captured',
    capturedAmount: 2000 + n,
  });
  await db.insert(chargeReceipts).values({
    userId,
    chargeId: charge!.id,
    energyWh: 12000 + n,
    grossPrice: 2000 + n,
    paidAmount: 2000 + n,
    paidAt: new Date(),
  });
  await db.insert(pointsLedger).values({ userId, amount: 20 + n, cause: `charge:${charge!.id}` });
  const topup = await pay('wallet_topup', 3000 + n);
  await db.insert(wallets).values({ userId, balance: 3000 + n });
  await db.insert(ledgerEntries).values([
    {
      userId,
      account: 'wallet',
      kind: 'topup',
      amount: 3000 + n,
      paymentId: topup.id,
      cause: `topup:${topup.id}`,
    },
    {
      userId,
      account: 'card',
      kind: 'card_capture',
      amount: -(2000 + n),
      paymentId: chargePayment.id,
      cause: `charge:${charge!.id}`,
    },
  ]);
}

describe('personal data export', () => {
  it("holds the user's charges, receipts, money and points, with cards masked, and nothing of anyone else", async () => {
    const anna = await createActiveUser(t.database.db, 'anna.export@example.hu');
    const bela = await createActiveUser(t.database.db, 'bela.export@example.hu');
    await historyOf(t.database.db, anna.id, 1);
    await historyOf(t.database.db, bela.id, 2);

    const res = await t.app.inject({
      url: '/api/v1/user/personal-data-export',
      headers: anna.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.profile.email).toBe('anna.export@example.hu');
    expect(data.charges).toEqual([
      expect.objectContaining({
        status: 'FINISHED',
        paymentMethod: 'card',
        energyWh: 12001,
        grossPrice: 2001,
        earnedPoints: 21,
      }),
    ]);
    expect(data.receipts).toEqual([
      expect.objectContaining({ grossPrice: 2001, paidAmount: 2001, energyWh: 12001 }),
    ]);
    expect(data.wallet).toMatchObject({
      balance: 3001,
      ledger: [expect.objectContaining({ kind: 'topup', amount: 3001 })],
    });
    expect(data.cardMovements).toEqual([
      expect.objectContaining({ kind: 'card_capture', amount: -2001 }),
    ]);
    expect(data.moneyHolds).toEqual([
      expect.objectContaining({ method: 'card', amount: 5001, capturedAmount: 2001 }),
    ]);
    expect(data.savedCards).toEqual([
      expect.objectContaining({
        mask: 'xxxx-xxxx-xxxx-4001',
        expiry: '2030-12',
        status: 'active',
        defaultCard: true,
      }),
    ]);
    expect(
      data.payments.map((p: { purpose: string; total: number }) => [p.purpose, p.total]).sort(),
    ).toEqual([
      ['card_registration', 1],
      ['charge', 5001],
      ['wallet_topup', 3001],
    ]);
    expect(data.points).toMatchObject({
      balance: 21,
      ledger: [expect.objectContaining({ amount: 21 })],
    });

    const text = res.body;
    // Secrets and handles that could act for the user are not personal data to hand out.
    for (const secret of ['990001', 'IDTAG-SECRET-1', 'secret-pay-page'])
      expect(text).not.toContain(secret);
    // Nothing of the other user.
    for (const other of [
      'bela.export',
      '4002',
      '2002',
      '3002',
      '5002',
      '12002',
      'order-charge-2',
      'IDTAG-SECRET-2',
    ]) {
      expect(text).not.toContain(other);
    }
  });
});
