import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingReceipts, parkingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { seedLot } from '../gates/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function parkedAndPaid(userId: number, lotId: number, amount: number, code: string) {
  const from = new Date('2026-11-01T10:00:00Z');
  const to = new Date('2026-11-01T12:00:00Z');
  const [s] = await t.database.db
    .insert(parkingSessions)
    .values({
      userId,
      parkingLotId: lotId,
      status: 'FINISHED',
      chargeCode: code,
      parkingFrom: from,
      billedFrom: from,
      parkingTo: to,
      amount,
      tariffName: 'Teszt',
      freeParking: false,
      grossUnitParking: 600,
      freeMinutes: 0,
      grossSurchargeFeePerDay: 0,
      convenienceFeeGross: 100,
      paymentMethod: 'WALLET',
      paymentStartedAt: to,
      paymentFinishedAt: to,
      inOpenRequestId: `secret-request-${code}`,
      endReason: 'left',
    })
    .returning();
  await t.database.db.insert(parkingReceipts).values({
    userId,
    parkingSessionId: s!.id,
    round: 0,
    paymentMethod: 'WALLET',
    grossPrice: amount,
    billedFrom: from,
    billedTo: to,
  });
}

describe('personal data export: parking', () => {
  it("holds the user's parkings and parking receipts, and nothing of anyone else", async () => {
    const lotId = await seedLot(t.database.db);
    const anna = await createActiveUser(t.database.db, 'anna.parkexport@example.hu');
    const bela = await createActiveUser(t.database.db, 'bela.parkexport@example.hu');
    await parkedAndPaid(anna.id, lotId, 1301, 'ANNA1');
    await parkedAndPaid(bela.id, lotId, 1302, 'BELA2');
    const res = await t.app.inject({
      url: '/api/v1/user/personal-data-export',
      headers: anna.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.parkings).toEqual([
      expect.objectContaining({
        status: 'FINISHED',
        chargeCode: 'ANNA1',
        amount: 1301,
        paymentMethod: 'WALLET',
        parkingFrom: '2026-11-01T10:00:00.000Z',
      }),
    ]);
    expect(data.parkingReceipts).toEqual([
      expect.objectContaining({ grossPrice: 1301, round: 0, paymentMethod: 'WALLET' }),
    ]);
    for (const other of ['BELA2', '1302', 'secret-request']) expect(res.body).not.toContain(other);
  });
});
