import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdr as cdrSchema } from '@voltpark/contract/ocpi/cdrs';
import type { Evse } from '@voltpark/contract/ocpi/locations';
import { session as sessionSchema, type Session } from '@voltpark/contract/ocpi/sessions';
import { buildApp } from '../../app.js';
import { roamingPartners, sandboxOcpiPeers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ocpi } from '../roaming/test-helpers.js';
import { fakeEmsp, pointPlatformAt, type FakeEmsp } from './test-fake-emsp.js';

const later = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

async function startEmulator(t: TestApp, app: FastifyInstance = t.app) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.config.publicUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await app.roamingSandbox!.stopStatusLoop();
  await app.roamingSandbox!.whenRegistered();
}

/** We, as the eMSP: the token VoltPartner gave us, and its 2.2.1 base on `app`. */
async function asEmsp(t: TestApp, app: FastifyInstance) {
  const [p] = await t.database.db
    .select()
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, 'VPT'));
  const token = p!.theirToken!;
  const base = app.roamingSandbox!.versionsUrl().replace(/\/versions$/, '/2.2.1');
  let n = 0;
  return {
    token,
    base,
    command: (type: string, body: Record<string, unknown>, emsp: FakeEmsp) =>
      ocpi(`${base}/commands/${type}`, token, {
        method: 'POST',
        body: { response_url: `${emsp.url}/emsp/commands/${type}/${++n}`, ...body },
      }),
    evse: async (locationId: string, uid: string) =>
      (await ocpi(`${base}/locations/${locationId}/${encodeURIComponent(uid)}`, token)).json
        .data as Evse,
  };
}

const driver = (uid: string) => ({
  country_code: 'HU',
  party_id: 'VPK',
  uid,
  type: 'APP_USER',
  contract_id: `HU-VPK-${uid}`,
  issuer: 'Voltpark',
  valid: true,
  whitelist: 'NEVER',
  last_updated: '2026-11-24T10:00:00Z',
});

const sessionPuts = (emsp: FakeEmsp, id?: string) =>
  emsp.of('PUT', `/emsp/sessions/HU/VPT/${id ?? ''}`).map((c) => sessionSchema.parse(c.body));
const results = (emsp: FakeEmsp, type: string) =>
  emsp.of('POST', `/emsp/commands/${type}/`).map((c) => (c.body as { result: string }).result);

describe('a driver of ours charges at VoltPartner (commands, sessions, CDR)', () => {
  let t: TestApp;
  let emsp: FakeEmsp;
  let we: Awaited<ReturnType<typeof asEmsp>>;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { ROAMING_SANDBOX_PARTNER: '1' } });
    closers.push(() => t.close());
    await t.app.roamingSandbox!.stopChargingLoop();
    await startEmulator(t);
    emsp = await fakeEmsp();
    closers.push(emsp.close);
    await pointPlatformAt(t.database.db, emsp);
    we = await asEmsp(t, t.app);
  }, 60_000);

  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('announces Commands (Receiver), Sessions and CDRs (Sender) in its version details', async () => {
    const res = await ocpi(`${we.base}`, we.token);
    const endpoints = (res.json.data as { endpoints: Array<{ identifier: string; role: string }> })
      .endpoints;
    expect(endpoints.map((e) => `${e.identifier}:${e.role}`)).toEqual(
      expect.arrayContaining(['commands:RECEIVER', 'sessions:SENDER', 'cdrs:SENDER']),
    );
  });

  it('start, watch and stop a charge: one result each, growing kWh, one CDR after a 503', async () => {
    const start = await we.command(
      'START_SESSION',
      {
        token: driver('DRV1'),
        location_id: 'VPT-DEB-FORUM',
        evse_uid: 'HU*VPT*E0101',
        connector_id: '1',
        authorization_reference: 'AUTHREF-1',
      },
      emsp,
    );
    expect(start.json).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED' } });
    // The clock of the rounds run here: from after the command came (it is due a second later).
    const t0 = new Date();
    expect((start.json.data as { timeout: number }).timeout).toBeGreaterThan(0);

    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    expect(emsp.of('POST', '/emsp/tokens/DRV1/authorize')).toHaveLength(1);
    expect(results(emsp, 'START_SESSION')).toEqual(['ACCEPTED']);
    const [first] = sessionPuts(emsp);
    expect(first).toMatchObject({
      status: 'ACTIVE',
      kwh: 0,
      auth_method: 'COMMAND',
      authorization_reference: 'AUTHREF-1',
      location_id: 'VPT-DEB-FORUM',
      evse_uid: 'HU*VPT*E0101',
      cdr_token: { uid: 'DRV1', party_id: 'VPK' },
    });
    expect(emsp.of('PUT', '/emsp/sessions/')[0]!.to).toBe('VPK');
    expect((await we.evse('VPT-DEB-FORUM', 'HU*VPT*E0101')).status).toBe('CHARGING');

    // Every 15 s of the charge the meter is read and the Session pushed with more energy.
    await t.app.roamingSandbox!.chargingRound(later(t0, 20));
    await t.app.roamingSandbox!.chargingRound(later(t0, 40));
    const puts = sessionPuts(emsp, first!.id);
    expect(puts.length).toBe(3);
    expect(puts[1]!.kwh).toBeGreaterThan(0);
    expect(puts[2]!.kwh).toBeGreaterThan(puts[1]!.kwh);
    expect(puts[2]!.total_cost!.excl_vat).toBeGreaterThan(puts[1]!.total_cost!.excl_vat);
    // An AC charge draws at most 11 kW (the car): 37 s → ≤ 0.114 kWh.
    expect(puts[2]!.kwh).toBeLessThanOrEqual(0.114);

    const listed = await ocpi(`${we.base}/sessions?limit=10`, we.token);
    expect((listed.json.data as Session[]).map((s) => [s.id, s.status])).toContainEqual([
      first!.id,
      'ACTIVE',
    ]);

    const stop = await we.command('STOP_SESSION', { session_id: first!.id }, emsp);
    expect(stop.json.data).toMatchObject({ result: 'ACCEPTED' });
    emsp.cdrAnswers.push(503);
    await t.app.roamingSandbox!.chargingRound(later(t0, 60));
    expect(results(emsp, 'STOP_SESSION')).toEqual(['ACCEPTED']);
    const last = sessionPuts(emsp, first!.id).at(-1)!;
    expect(last.status).toBe('COMPLETED');
    expect(last.end_date_time).toBeDefined();
    expect((await we.evse('VPT-DEB-FORUM', 'HU*VPT*E0101')).status).toBe('AVAILABLE');
    expect(emsp.of('POST', '/emsp/cdrs')).toHaveLength(1);

    // Not due again at once; after the back-off it is sent again and accepted, then never again.
    await t.app.roamingSandbox!.chargingRound(later(t0, 61));
    expect(emsp.of('POST', '/emsp/cdrs')).toHaveLength(1);
    await t.app.roamingSandbox!.chargingRound(later(t0, 60 + 600));
    await t.app.roamingSandbox!.chargingRound(later(t0, 60 + 7200));
    const cdrPosts = emsp.of('POST', '/emsp/cdrs');
    expect(cdrPosts).toHaveLength(2);
    const cdr = cdrSchema.parse(cdrPosts[1]!.body);
    expect(cdrPosts[0]!.body).toEqual(cdrPosts[1]!.body);
    expect(cdr).toMatchObject({
      session_id: first!.id,
      auth_method: 'COMMAND',
      authorization_reference: 'AUTHREF-1',
      cdr_token: { uid: 'DRV1' },
      currency: 'HUF',
      total_energy: last.kwh,
      cdr_location: { id: 'VPT-DEB-FORUM', evse_uid: 'HU*VPT*E0101', connector_id: '1' },
    });
    expect(cdr.tariffs!.map((x) => x.id)).toEqual(['VPT-AC22']);
    expect(cdr.total_cost).toEqual(last.total_cost);
    expect(cdr.total_cost.incl_vat).toBeGreaterThan(cdr.total_cost.excl_vat);
    expect(cdr.total_time).toBeGreaterThan(0);
    expect(cdr.charging_periods[0]!.dimensions).toContainEqual({
      type: 'ENERGY',
      volume: last.kwh,
    });

    // Results went once each; the CDR list holds it; the session cannot be stopped again.
    expect(results(emsp, 'START_SESSION')).toHaveLength(1);
    expect(results(emsp, 'STOP_SESSION')).toHaveLength(1);
    const cdrs = await ocpi(`${we.base}/cdrs`, we.token);
    expect((cdrs.json.data as Array<{ id: string }>).map((c) => c.id)).toEqual([cdr.id]);
    const again = await we.command('STOP_SESSION', { session_id: first!.id }, emsp);
    expect(again.json.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
  });

  it('an occupied or inoperative EVSE gives its result; no charge starts', async () => {
    const puts = emsp.of('PUT', '/emsp/sessions/').length;
    for (const [location, evse] of [
      ['VPT-DEB-FORUM', 'HU*VPT*E0102'],
      ['VPT-MIS-SZENTPALI', 'HU*VPT*E0502'],
    ] as const) {
      const res = await we.command(
        'START_SESSION',
        { token: driver('DRV2'), location_id: location, evse_uid: evse },
        emsp,
      );
      expect(res.json.data).toMatchObject({ result: 'ACCEPTED' });
    }
    const t0 = new Date();
    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    expect(results(emsp, 'START_SESSION').slice(-2).sort()).toEqual([
      'EVSE_INOPERATIVE',
      'EVSE_OCCUPIED',
    ]);
    expect(emsp.of('PUT', '/emsp/sessions/')).toHaveLength(puts);
    expect((await we.evse('VPT-MIS-SZENTPALI', 'HU*VPT*E0502')).status).toBe('INOPERATIVE');

    const unknown = await we.command(
      'START_SESSION',
      { token: driver('DRV2'), location_id: 'VPT-DEB-FORUM', evse_uid: 'HU*VPT*E9999' },
      emsp,
    );
    expect(unknown.json.data).toMatchObject({ result: 'REJECTED' });
    const foreign = await we.command(
      'START_SESSION',
      {
        token: { ...driver('DRV2'), party_id: 'XYZ' },
        location_id: 'VPT-DEB-FORUM',
        evse_uid: 'HU*VPT*E0101',
      },
      emsp,
    );
    expect(foreign.json.data).toMatchObject({ result: 'REJECTED' });
    const unlock = await we.command(
      'UNLOCK_CONNECTOR',
      { location_id: 'VPT-DEB-FORUM', evse_uid: 'HU*VPT*E0101', connector_id: '1' },
      emsp,
    );
    expect(unlock.json.data).toMatchObject({ result: 'NOT_SUPPORTED' });
    const stop = await we.command('STOP_SESSION', { session_id: 'no-such-session' }, emsp);
    expect(stop.json.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
  });

  it('a token its eMSP does not allow is refused (REJECTED) and the EVSE stays free', async () => {
    emsp.allowed.set('DRV3', 'NOT_ALLOWED');
    const before = results(emsp, 'START_SESSION').length;
    const res = await we.command(
      'START_SESSION',
      { token: driver('DRV3'), location_id: 'VPT-EGE-TORVENYHAZ', evse_uid: 'HU*VPT*E0601' },
      emsp,
    );
    expect(res.json.data).toMatchObject({ result: 'ACCEPTED' });
    const t0 = new Date();
    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    expect(emsp.of('POST', '/emsp/tokens/DRV3/authorize')).toHaveLength(1);
    expect(results(emsp, 'START_SESSION').slice(before)).toEqual(['REJECTED']);
    expect((await we.evse('VPT-EGE-TORVENYHAZ', 'HU*VPT*E0601')).status).toBe('AVAILABLE');
    expect(sessionPuts(emsp).filter((s) => s.cdr_token.uid === 'DRV3')).toHaveLength(0);
  });
});

describe('a charge running over a restart', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('the new server continues the meter, stops it, and sends one CDR', async () => {
    const t = await createTestApp({ env: { ROAMING_SANDBOX_PARTNER: '1' } });
    closers.push(() => t.close());
    await t.app.roamingSandbox!.stopChargingLoop();
    await startEmulator(t);
    const emsp = await fakeEmsp();
    closers.push(emsp.close);
    await pointPlatformAt(t.database.db, emsp);
    const first = await asEmsp(t, t.app);
    await first.command(
      'START_SESSION',
      { token: driver('DRV4'), location_id: 'VPT-PEC-ARKAD', evse_uid: 'HU*VPT*E0301' },
      emsp,
    );
    const t0 = new Date();
    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    await t.app.roamingSandbox!.chargingRound(later(t0, 20));
    const [started] = sessionPuts(emsp);
    expect(started!.status).toBe('ACTIVE');
    const before = sessionPuts(emsp, started!.id).at(-1)!.kwh;
    await t.app.close();

    // The same database, a new server: its loop runs; it knows the charge from the tables.
    const app = await buildApp({ config: t.config, database: t.database });
    closers.push(() => app.close());
    await startEmulator(t, app);
    // It read our endpoints again at its start: the stand-in takes their place once more.
    const ours = await t.database.db.select().from(sandboxOcpiPeers);
    expect(JSON.stringify(ours)).not.toContain(emsp.url);
    await pointPlatformAt(t.database.db, emsp);
    await app.roamingSandbox!.chargingRound(later(t0, 40));
    const after = sessionPuts(emsp, started!.id).at(-1)!;
    expect(after.kwh).toBeGreaterThan(before);
    // A DC 150 kW EVSE gives the car its 50 kW at most: 37 s → ≤ 0.514 kWh.
    expect(after.kwh).toBeLessThanOrEqual(0.514);

    const second = await asEmsp(t, app);
    const stop = await second.command('STOP_SESSION', { session_id: started!.id }, emsp);
    expect(stop.json.data).toMatchObject({ result: 'ACCEPTED' });
    // Carried out by the new server's loop or by a round here, whichever comes first.
    for (let i = 0; i < 100 && emsp.of('POST', '/emsp/cdrs').length === 0; i++) {
      await app.roamingSandbox!.chargingRound(later(t0, 41 + i));
      await new Promise((r) => setTimeout(r, 100));
    }
    const cdrPosts = emsp.of('POST', '/emsp/cdrs');
    expect(cdrPosts).toHaveLength(1);
    const completed = sessionPuts(emsp, started!.id).at(-1)!;
    expect(completed.status).toBe('COMPLETED');
    expect(completed.kwh).toBeGreaterThanOrEqual(after.kwh);
    expect(cdrSchema.parse(cdrPosts[0]!.body)).toMatchObject({
      session_id: started!.id,
      total_energy: completed.kwh,
    });
    expect(results(emsp, 'STOP_SESSION')).toEqual(['ACCEPTED']);
    // Later rounds send it no more.
    await app.roamingSandbox!.chargingRound(later(t0, 7200));
    expect(emsp.of('POST', '/emsp/cdrs')).toHaveLength(1);
  }, 60_000);
});
