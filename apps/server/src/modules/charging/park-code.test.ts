import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  chargePoints,
  chargers,
  charges,
  parkingLots,
  parkingSessions,
  users,
} from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { creditWallet } from '../payments/ledger.js';
import { ChargingHarness, untilStatus } from './test-helpers.js';

/** Issue 11: the charging start's parkCode names the driver's own parking at that location. */
let h: ChargingHarness;
let chargerId: number;
let lotId: number;
let elsewhereLotId: number;

beforeAll(async () => {
  h = await ChargingHarness.start();
  ({ chargerId } = await h.charger('CP-PARK-CODE'));
  const [cp] = await h.db
    .select({ locationId: chargePoints.locationId })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .where(eq(chargers.id, chargerId));
  const [lot] = await h.db
    .insert(parkingLots)
    .values({ locationId: cp!.locationId, name: 'Töltős parkoló' })
    .returning();
  lotId = lot!.id;
  await h.charger('CP-PARK-CODE-ELSEWHERE');
  const [other] = await h.db
    .select({ locationId: chargePoints.locationId })
    .from(chargePoints)
    .where(eq(chargePoints.id, 'CP-PARK-CODE-ELSEWHERE'));
  const [lot2] = await h.db
    .insert(parkingLots)
    .values({ locationId: other!.locationId, name: 'Másik parkoló' })
    .returning();
  elsewhereLotId = lot2!.id;
}, 120_000);
afterAll(() => h?.close());

async function parking(userId: number, code: string, status: 'STARTED' | 'FINISHING', lot = lotId) {
  const [s] = await h.db
    .insert(parkingSessions)
    .values({
      userId,
      parkingLotId: lot,
      status,
      chargeCode: code,
      parkingFrom: new Date(Date.now() - 600_000),
      billedFrom: new Date(Date.now() - 600_000),
      tariffName: 'Teszt',
      freeParking: false,
      grossUnitParking: 600,
      freeMinutes: 0,
      grossSurchargeFeePerDay: 0,
      convenienceFeeGross: 0,
    })
    .returning();
  return s!;
}

async function driver(email: string) {
  const u = await createActiveUser(h.db, email);
  await h.db.transaction((tx) =>
    creditWallet(tx, { userId: u.id, amount: 20_000, kind: 'topup', cause: `t:${email}` }),
  );
  return u;
}

const startWallet = (u: { headers: Record<string, string> }, code: string) =>
  h.api(
    `/api/v1/charger/start-charging-wallet?charger-id=${chargerId}&charging-energy=2&parkCode=${code}`,
    u,
  );

const chargesOf = (userId: number) => h.db.select().from(charges).where(eq(charges.userId, userId));

describe('the charging start’s parkCode', () => {
  it('refuses a code of nobody, of another driver, of another location or of a car not inside', async () => {
    const anna = await driver('anna.parkcode@example.hu');
    const bela = await driver('bela.parkcode@example.hu');
    await parking(bela.id, 'BELA1', 'STARTED');
    await parking(anna.id, 'ANNA9', 'STARTED', elsewhereLotId);
    const cecil = await driver('cecil.parkcode@example.hu');
    await parking(cecil.id, 'CECI1', 'FINISHING');

    for (const [u, code] of [
      [anna, 'ZZZZZ'],
      [anna, 'BELA1'],
      [anna, 'ANNA9'],
      [cecil, 'CECI1'],
    ] as const) {
      const r = await startWallet(u, code);
      expect(r.status, code).toBe(409);
      expect(r.body.result).toBe(false);
      expect(r.body.messages[0]!.text).toBe(
        'Ehhez a parkolási kódhoz nem tartozik folyamatban lévő parkolásod ezen a helyszínen.',
      );
    }
    expect(await chargesOf(anna.id)).toEqual([]);
    expect(await chargesOf(cecil.id)).toEqual([]);
  });

  it('links the charge to the driver’s own parking here', async () => {
    const dora = await driver('dora.parkcode@example.hu');
    const s = await parking(dora.id, 'DORA7', 'STARTED');
    const r = await startWallet(dora, 'dora7');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await untilStatus(h, dora, 'STARTED');
    const [c] = await chargesOf(dora.id);
    expect(c).toMatchObject({ parkCode: 'DORA7', parkingSessionId: s.id });
  });

  it('refuses a code for a new guest without making an account', async () => {
    const r = await h.api(
      `/api/v1/charger/start-casual-charging?charger-id=${chargerId}&amount=5000&email=new.guest.parkcode@example.hu&parkCode=BELA1`,
    );
    expect(r.status).toBe(409);
    expect(
      await h.db.select().from(users).where(eq(users.email, 'new.guest.parkcode@example.hu')),
    ).toEqual([]);
  });
});
