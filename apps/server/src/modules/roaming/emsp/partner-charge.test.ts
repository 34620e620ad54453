import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  locations,
  moneyHolds,
  pointsLedger,
  roamingEmspCdrs,
  roamingEmspChargeRequests,
  roamingEmspSessions,
  roamingPartnerLocations,
  sandboxOcpiPeers,
} from '../../../db/schema/index.js';
import { type TestApp } from '../../../test/app.js';
import { createActiveUser } from '../../../test/users.js';
import { ocpi } from '../test-helpers.js';
import { creditWallet, walletBalance, walletLedgerSum } from '../../payments/ledger.js';
import { chargeRequestsRound } from './charge-requests-loop.js';
import type { ChargeRequestRow } from './charge-requests-store.js';
import { startPartnerCharge, type PartnerChargeDeps } from './start-partner-charge.js';
import { mirroredPartnerSite, sandboxPartnerApp, until } from './sandbox-partner-test-app.js';
import { stopPartnerCharge } from './stop-partner-charge.js';

// Our drivers charge at the sandbox partner VoltPartner (HU/VPT), the real emulator in this app:
// everything between us goes over OCPI HTTP. Its charging rounds are run here by hand.
const later = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

let t: TestApp;
let deps: PartnerChargeDeps;
let forum = 0;
const driver = { a: 0, b: 0, c: 0, d: 0 };
const headers: Record<string, Record<string, string>> = {};

const requestRow = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(roamingEmspChargeRequests)
      .where(eq(roamingEmspChargeRequests.id, id))
  )[0]!;
const holdOf = async (r: ChargeRequestRow) =>
  (
    await t.database.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, `roaming:${r.authorizationReference}`))
  )[0];
const requestStatus = (id: number, status: string) => async () => {
  const r = await requestRow(id);
  return r.status === status ? r : null;
};

beforeAll(async () => {
  ({ t, deps } = await sandboxPartnerApp());
  const db = t.database.db;
  // Our first pull of the new partner brings its sites onto our map.
  forum = await mirroredPartnerSite(db, 'VPT-DEB-FORUM');
  for (const k of ['a', 'b', 'c', 'd'] as const) {
    const u = await createActiveUser(db, `${k}@example.com`);
    driver[k] = u.id;
    headers[k] = u.headers;
    await db.transaction((tx) =>
      creditWallet(tx, { userId: driver[k], amount: 20_000, kind: 'topup', cause: `test:${k}` }),
    );
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('our driver charges at a partner’s EVSE through START/STOP_SESSION', () => {
  let started: ChargeRequestRow;

  it('a double-tapped start makes one request and one hold; the partner starts the session', async () => {
    const input = { locationId: forum, evseUid: 'HU*VPT*E0101', connectorId: '1', amount: 5000 };
    const taps = await Promise.allSettled([
      startPartnerCharge(deps, driver.a, input),
      startPartnerCharge(deps, driver.a, input),
    ]);
    const ok = taps.filter((x) => x.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    const refused = taps.find((x) => x.status === 'rejected');
    expect((refused!.reason as { code: string }).code).toBe('ALREADY_CHARGING');
    started = ok[0]!.value;
    expect(started.status).toBe('REQUESTED');
    const rows = await t.database.db
      .select()
      .from(roamingEmspChargeRequests)
      .where(eq(roamingEmspChargeRequests.userId, driver.a));
    expect(rows).toHaveLength(1);
    expect(await holdOf(started)).toMatchObject({ amount: 5000, status: 'held' });
    expect(await walletBalance(t.database.db, driver.a)).toBe(15_000);

    // The charger's turn: authorization with us, the session, its result and its first push.
    const t0 = new Date();
    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    const linked = await until('the request STARTED', requestStatus(started.id, 'STARTED'));
    expect(linked.sessionId).toBeTruthy();

    const kwh = async () =>
      (
        await t.database.db
          .select({ kwh: roamingEmspSessions.kwh })
          .from(roamingEmspSessions)
          .where(eq(roamingEmspSessions.authorizationReference, started.authorizationReference))
      )[0]!.kwh;
    await t.app.roamingSandbox!.chargingRound(later(t0, 20));
    const first = await kwh();
    await t.app.roamingSandbox!.chargingRound(later(t0, 40));
    expect(await kwh()).toBeGreaterThan(first);
    expect(first).toBeGreaterThan(0);
    // Half an hour of charging, so the bill earns points.
    await t.app.roamingSandbox!.chargingRound(later(t0, 1800));
  });

  it('an EVSE the partner finds occupied: REJECTED with its message, the hold given back', async () => {
    // Our copy still says AVAILABLE (status pushes are held back here), the charger does not.
    const r = await startPartnerCharge(deps, driver.b, {
      locationId: forum,
      evseUid: 'HU*VPT*E0101',
      amount: 4000,
    });
    expect(r.status).toBe('REQUESTED');
    expect(await walletBalance(t.database.db, driver.b)).toBe(16_000);
    await t.app.roamingSandbox!.chargingRound(later(new Date(), 3));
    const rejected = await until('the request REJECTED', requestStatus(r.id, 'REJECTED'));
    expect(rejected.message).toBeTruthy();
    expect(await holdOf(r)).toMatchObject({ status: 'released' });
    expect(await walletBalance(t.database.db, driver.b)).toBe(20_000);
  });

  it('an EVSE our copy shows not AVAILABLE is refused before any money is held', async () => {
    await expect(
      startPartnerCharge(deps, driver.b, { locationId: forum, evseUid: 'HU*VPT*E0102', amount: 1 }),
    ).rejects.toMatchObject({ code: 'EVSE_NOT_AVAILABLE' });
    expect(await walletBalance(t.database.db, driver.b)).toBe(20_000);
  });

  it('another driver cannot stop it; the owner stops it and the CDR completes it, billed once', async () => {
    await expect(stopPartnerCharge(deps, driver.b, started.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const stopping = await stopPartnerCharge(deps, driver.a, started.id);
    expect(stopping.status).toBe('STOPPING');
    await t.app.roamingSandbox!.chargingRound(later(new Date(), 3));
    const done = await until('the request COMPLETED', requestStatus(started.id, 'COMPLETED'));
    const cdrs = await t.database.db
      .select()
      .from(roamingEmspCdrs)
      .where(eq(roamingEmspCdrs.authorizationReference, started.authorizationReference));
    expect(cdrs).toHaveLength(1);
    const cdr = cdrs[0]!;
    expect(cdr.billing).toBe('BILLED');
    expect(done.billedAmount).toBe(cdr.billedAmount);
    expect(cdr.billedAmount!).toBeGreaterThan(0);
    const hold = (await holdOf(started))!;
    expect(hold.status).toBe('captured');
    expect(hold.capturedAmount).toBe(Math.min(5000, cdr.billedAmount!));
    // Captured once: the wallet paid the bill, no more, no less.
    expect(await walletBalance(t.database.db, driver.a)).toBe(20_000 - cdr.billedAmount!);
    expect(await walletLedgerSum(t.database.db, driver.a)).toBe(
      await walletBalance(t.database.db, driver.a),
    );
    const points = await t.database.db
      .select()
      .from(pointsLedger)
      .where(
        and(eq(pointsLedger.userId, driver.a), eq(pointsLedger.cause, `roaming-cdr:${cdr.id}`)),
      );
    expect(cdr.earnedPoints!).toBeGreaterThan(0);
    expect(points.map((p) => p.amount)).toEqual([cdr.earnedPoints]);
    // A round later nothing changes.
    await chargeRequestsRound(deps);
    expect((await requestRow(started.id)).status).toBe('COMPLETED');
    expect(await walletBalance(t.database.db, driver.a)).toBe(20_000 - cdr.billedAmount!);
  });

  it('the app: current shows the outcome; a refused start and a stranger’s stop are errors', async () => {
    const api = (k: 'a' | 'b', method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headers[k], ...(payload ? { payload } : {}) });
    const current = await api('a', 'GET', '/api/v1/roaming/current');
    expect(current.statusCode).toBe(200);
    const view = current.json<{ data: Record<string, unknown> }>().data;
    expect(view).toMatchObject({
      requestId: started.id,
      status: 'COMPLETED',
      evseUid: 'HU*VPT*E0101',
      holdAmount: 5000,
      currency: 'HUF',
    });
    expect(view.billedAmount).toBeGreaterThan(0);
    expect(view.kWh).toBeGreaterThan(0);

    const stranger = await api('b', 'POST', '/api/v1/roaming/stop', { requestId: started.id });
    expect(stranger.statusCode).toBe(404);
    const busy = await api('b', 'POST', '/api/v1/roaming/start', {
      locationId: forum,
      evseUid: 'HU*VPT*E0102',
      amount: 1000,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ data: { responseCode: string } }>().data.responseCode).toBe(
      'EVSE_NOT_AVAILABLE',
    );
    const bad = await api('b', 'POST', '/api/v1/roaming/start', { locationId: forum });
    expect(bad.statusCode).toBe(400);
  });

  it('a partner that never answers: TIMEOUT after its announced timeout, the hold given back', async () => {
    const r = await startPartnerCharge(deps, driver.c, {
      locationId: forum,
      evseUid: 'HU*VPT*E0103',
      amount: 3000,
    });
    expect(r.status).toBe('REQUESTED');
    expect(await walletBalance(t.database.db, driver.c)).toBe(17_000);
    // No charging round: the result never comes. Before the timeout nothing happens…
    await chargeRequestsRound(deps, new Date());
    expect((await requestRow(r.id)).status).toBe('REQUESTED');
    // …after it, the request ends and the money is back.
    await chargeRequestsRound(deps, later(new Date(), 120));
    expect((await requestRow(r.id)).status).toBe('TIMEOUT');
    expect(await walletBalance(t.database.db, driver.c)).toBe(20_000);
    expect(await holdOf(r)).toMatchObject({ status: 'released' });
  });

  it('a CommandResult counts once, from the partner; an ACCEPTED start with no Session ends', async () => {
    const db = t.database.db;
    const [mars] = await db
      .select({ id: locations.id })
      .from(locations)
      .innerJoin(
        roamingPartnerLocations,
        eq(roamingPartnerLocations.id, locations.roamingPartnerLocationId),
      )
      .where(eq(roamingPartnerLocations.locationId, 'VPT-SZE-MARS'));
    const r = await startPartnerCharge(deps, driver.d, {
      locationId: mars!.id,
      evseUid: 'HU*VPT*E0201',
      amount: 2000,
    });
    expect(r.status).toBe('REQUESTED');
    // As the partner would: with the credentials we gave it (the emulator's copy).
    const [peer] = await db
      .select()
      .from(sandboxOcpiPeers)
      .where(eq(sandboxOcpiPeers.label, 'platform'));
    const result = (key: string, body: object, token = peer!.theirToken!) =>
      ocpi(`${t.config.publicUrl}/ocpi/2.2.1/emsp/commands/START_SESSION/${key}`, token, {
        method: 'POST',
        body,
      });
    expect((await result('no-such-command', { result: 'ACCEPTED' })).status).toBe(404);
    expect((await result(r.resultKey!, { result: 'ACCEPTED' }, 'not-a-token')).status).toBe(401);
    expect((await result(r.resultKey!, { result: 'ACCEPTED' })).json.status_code).toBe(1000);
    expect((await requestRow(r.id)).status).toBe('ACCEPTED');
    // A replay saying otherwise changes nothing.
    expect((await result(r.resultKey!, { result: 'REJECTED' })).json.status_code).toBe(1000);
    expect((await requestRow(r.id)).status).toBe('ACCEPTED');
    expect(await holdOf(r)).toMatchObject({ status: 'held', amount: 2000 });
    // No Session for a quarter of an hour: the driver is not blocked and gets the money back.
    await chargeRequestsRound(deps, later(new Date(), 60));
    expect((await requestRow(r.id)).status).toBe('ACCEPTED');
    await chargeRequestsRound(deps, later(new Date(), 16 * 60));
    expect((await requestRow(r.id)).status).toBe('TIMEOUT');
    expect(await holdOf(r)).toMatchObject({ status: 'released' });
    expect(await walletBalance(db, driver.d)).toBe(20_000);
  });
});
