import { apiRoutes } from '@voltpark/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../../db/schema/accounts.js';
import { chargingTariffs, charges } from '../../db/schema/index.js';
import { cards, payments } from '../../db/schema/payments.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { revokeSession } from '../auth/sessions.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { addChargePoint } from '../ocpp/registry.js';
import { creditWallet } from './ledger.js';

/**
 * The polling calls (SPEC §9) of many drivers at once are read in one query per kind (decision
 * 0045): each driver must still get exactly its own answer, and a change must show in the next
 * poll.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof createActiveUser>>;
const paths = {
  current: apiRoutes.chargeCurrent.path,
  cards: apiRoutes.creditCards.path,
  wallet: '/api/v1/wallet/wallet-ballance',
};

/** Every driver's three polls, sent together (one turn of the server's event loop). */
async function pollAll(users: User[]) {
  const calls = users.flatMap((u) =>
    Object.entries(paths).map(async ([call, url]) => {
      const r = await t.app.inject({ method: 'GET', url, headers: u.headers });
      return { user: u.id, call, status: r.statusCode, data: r.json().data as unknown };
    }),
  );
  const answers = await Promise.all(calls);
  const of = (u: User, call: keyof typeof paths) =>
    answers.find((a) => a.user === u.id && a.call === call)!;
  return of;
}

/** An active card, as after its registration's IPN. */
async function addCard(userId: number, mask: string, defaultCard: boolean) {
  const db = t.database.db;
  const [payment] = await db
    .insert(payments)
    .values({
      userId,
      purpose: 'card_registration',
      orderRef: `VP-CARD-${mask.slice(-4)}`,
      merchant: 'PUBLICTESTHUF',
      total: 100,
      twoStep: true,
    })
    .returning();
  await db.insert(cards).values({
    userId,
    registrationPaymentId: payment!.id,
    status: 'active',
    mask,
    expiry: '2030-01',
    defaultCard,
  });
}

describe('polls of many drivers answered together', () => {
  let a: User, b: User, c: User;
  let chargerId: number;
  beforeAll(async () => {
    const db = t.database.db;
    [a, b, c] = (await Promise.all(
      ['batch-a@example.hu', 'batch-b@example.hu', 'batch-c@example.hu'].map((e) =>
        createActiveUser(db, e),
      ),
    )) as [User, User, User];
    const [tariff] = await db
      .insert(chargingTariffs)
      .values({ name: 'T batch', unitChargingGross: 150, convenienceFeeGross: 200 })
      .returning();
    const cp = await addChargePoint(db, {
      id: 'BATCH-1',
      key: 'test-key-0123456789',
      connectors: 1,
      tariffId: tariff!.id,
    });
    chargerId = cp.chargerIds[0]!;
  });

  it('gives each driver its own cards, wallet and charge, and shows a change on the next poll', async () => {
    const db = t.database.db;
    await addCard(a.id, '**** 1111', true);
    await addCard(b.id, '**** 2222', false);
    await addCard(b.id, '**** 3333', true);
    await creditWallet(db, { userId: a.id, amount: 1000, kind: 'topup', cause: 'test:a' });

    let of = await pollAll([a, b, c]);
    expect(of(a, 'cards').data).toMatchObject([{ cardMask: '**** 1111', defaultCard: true }]);
    expect(of(b, 'cards').data).toMatchObject([
      { cardMask: '**** 3333', defaultCard: true },
      { cardMask: '**** 2222', defaultCard: false },
    ]);
    expect(of(c, 'cards').data).toEqual([]);
    expect(of(a, 'wallet').data).toEqual({ ballance: 1000, countUnpayedWallets: 0 });
    expect(of(b, 'wallet').data).toEqual({ ballance: 0, countUnpayedWallets: 0 });
    for (const u of [a, b, c]) expect(of(u, 'current').data).toBeNull();

    // A top-up, a new card and a charge start, each committed just before the next poll.
    await creditWallet(db, { userId: b.id, amount: 2500, kind: 'topup', cause: 'test:b' });
    await addCard(c.id, '**** 4444', true);
    const [charge] = await db
      .insert(charges)
      .values({
        userId: c.id,
        chargerId,
        status: 'STARTED',
        paymentMethod: 'wallet',
        idTag: 'BATCH-TAG-C',
        freeCharging: false,
        unitChargingGross: 150,
        convenienceFeeGross: 200,
        parkingEnabled: false,
        minutesAfterParkingStart: 0,
        unitParkingGross: 0,
        startTime: new Date(),
      })
      .returning();

    of = await pollAll([a, b, c]);
    expect(of(b, 'wallet').data).toEqual({ ballance: 2500, countUnpayedWallets: 0 });
    expect(of(a, 'wallet').data).toEqual({ ballance: 1000, countUnpayedWallets: 0 });
    expect(of(c, 'cards').data).toMatchObject([{ cardMask: '**** 4444' }]);
    expect(of(c, 'current').data).toMatchObject({ id: charge!.id, chargingStatus: 'STARTED' });
    expect(of(a, 'current').data).toBeNull();
    expect(of(b, 'current').data).toBeNull();
  });

  it('answers a revoked session 401 while the others in the same batch get theirs', async () => {
    const db = t.database.db;
    const [session] = await db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(eq(userSessions.userId, b.id));
    await revokeSession(db, session!.id);
    // And a session ended behind this replica's back, once its cached entry is gone.
    await db
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(eq(userSessions.userId, c.id));
    forgetCachedSessions(c.id);

    const of = await pollAll([a, b, c]);
    for (const call of ['current', 'cards', 'wallet'] as const) {
      expect(of(a, call).status).toBe(200);
      expect(of(b, call).status).toBe(401);
      expect(of(c, call).status).toBe(401);
    }
  });
});
