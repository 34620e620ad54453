import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roamingEmspChargeRequests,
  roamingPartners,
  sandboxOcpiStatusPushes,
} from '../../db/schema/index.js';
import { type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { creditWallet } from '../payments/ledger.js';
import { partnerLocationDetail } from '../roaming/emsp/partner-locations-read.js';
import {
  startPartnerCharge,
  type PartnerChargeDeps,
} from '../roaming/emsp/start-partner-charge.js';
import { stopPartnerCharge } from '../roaming/emsp/stop-partner-charge.js';
import {
  mirroredPartnerSite,
  sandboxPartnerApp,
  until,
} from '../roaming/emsp/sandbox-partner-test-app.js';

let t: TestApp;
let deps: PartnerChargeDeps;
let egerId = 0;
let partnerId = 0;
let userId = 0;

beforeAll(async () => {
  ({ t, deps } = await sandboxPartnerApp());
  const db = t.database.db;
  egerId = await mirroredPartnerSite(db, 'VPT-EGE-TORVENYHAZ');
  partnerId = (
    await db.select().from(roamingPartners).where(eq(roamingPartners.partyId, 'VPT'))
  )[0]!.id;
  const u = await createActiveUser(db, 'hc@example.com');
  userId = u.id;
  await db.transaction((tx) =>
    creditWallet(tx, { userId, amount: 20_000, kind: 'topup', cause: 'test:hc' }),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const ourStatus = async (locationId: string, evseUid: string) =>
  (await partnerLocationDetail(t.database.db, {
    partnerId,
    countryCode: 'HU',
    partyId: 'VPT',
    locationId,
  }))!.evses.find((e) => e.uid === evseUid)!.status;
const requestStatus = (id: number, status: string) => async () => {
  const [row] = await t.database.db
    .select()
    .from(roamingEmspChargeRequests)
    .where(eq(roamingEmspChargeRequests.id, id));
  return row!.status === status;
};
const queued = () => t.database.db.select().from(sandboxOcpiStatusPushes);
const soon = () => new Date(Date.now() + 3000);

describe('the EVSE a charge ends at is free again, on our map too', () => {
  it('a roaming charge at Eger: CHARGING with us when it starts, AVAILABLE when it ends', async () => {
    const eger = ['VPT-EGE-TORVENYHAZ', 'HU*VPT*E0601'] as const;
    const r = await startPartnerCharge(deps, userId, {
      locationId: egerId,
      evseUid: eger[1],
      connectorId: '1',
      amount: 5000,
    });
    await t.app.roamingSandbox!.chargingRound(soon());
    await until('the request STARTED', requestStatus(r.id, 'STARTED'));
    expect(await t.app.roamingSandbox!.deliverStatusPushes(soon())).toBe(1);
    expect(await ourStatus(...eger)).toBe('CHARGING');
    expect(await queued()).toHaveLength(0);

    await stopPartnerCharge(deps, userId, r.id);
    await t.app.roamingSandbox!.chargingRound(soon());
    await until('the request COMPLETED', requestStatus(r.id, 'COMPLETED'));
    expect(await t.app.roamingSandbox!.deliverStatusPushes(soon())).toBe(1);
    expect(await ourStatus(...eger)).toBe('AVAILABLE');
    expect(await queued()).toHaveLength(0);
  }, 60_000);

  it('a driver charging elsewhere leaves before another comes: one busy EVSE at most', async () => {
    // Seeded busy: Debrecen Fórum E0102 and one EVSE at another site. Both are freed first.
    const freed = [
      await t.app.roamingSandbox!.changeSomeStatus(),
      await t.app.roamingSandbox!.changeSomeStatus(),
    ];
    expect(freed.map((c) => c!.status)).toEqual(['AVAILABLE', 'AVAILABLE']);
    expect(freed.map((c) => c!.evseUid)).toContain('HU*VPT*E0102');
    const comes = (await t.app.roamingSandbox!.changeSomeStatus())!;
    expect(comes.status).toBe('CHARGING');
    const leaves = (await t.app.roamingSandbox!.changeSomeStatus())!;
    expect(leaves).toEqual({ ...comes, status: 'AVAILABLE' });
    // One push per EVSE changed (a newer change replaces an undelivered one of its EVSE).
    const changed = new Set([...freed, comes].map((c) => c!.evseUid));
    expect(await t.app.roamingSandbox!.deliverStatusPushes(soon())).toBe(changed.size);
    expect(await ourStatus('VPT-DEB-FORUM', 'HU*VPT*E0102')).toBe('AVAILABLE');
    expect(await ourStatus(comes.locationId, comes.evseUid)).toBe('AVAILABLE');
  });
});
