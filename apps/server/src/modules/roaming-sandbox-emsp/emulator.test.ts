import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import type { Location } from '@voltpark/contract/ocpi/locations';
import type { Session } from '@voltpark/contract/ocpi/sessions';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { Db } from '../../db/client.js';
import {
  ocpiCallLog,
  roamingPartners,
  sandboxEmspCommands,
  sandboxEmspPlatform,
} from '../../db/schema/index.js';
import { addChargePoint } from '../ocpp/registry.js';
import { KEY, startOcppApp, until as untilIn, type OcppTestApp } from '../ocpp/test-helpers.js';
import { getToken } from '../roaming/cpo/tokens-store.js';
import { seedLocation, seedTariffs } from '../roaming/model/test-seed.js';
import { ocpi } from '../roaming/test-helpers.js';
import { hashToken, newCredentialsToken } from '../roaming/tokens.js';
import { getObject, listObjects } from './store.js';

// Our server (HU/VPK) in sandbox mode with the eMSP emulator on: VoltDrive registers with us
// over HTTP when the server listens, and our CPO side pushes to its Receivers. Pushes run every
// 2 s (sooner on a status report): waits are bounded, generous.
const until = <T>(fn: () => Promise<T> | T) => untilIn(fn, 30_000);

let a: OcppTestApp & { http: string };
let cp: RPCClient | null = null;
let locationId: number;
let chargerId: number;
let tariffs: { paid: number; free: number };

async function voltDrive(db: Db) {
  const [row] = await db
    .select()
    .from(roamingPartners)
    .where(and(eq(roamingPartners.countryCode, 'HU'), eq(roamingPartners.partyId, 'VDR')));
  return row ?? null;
}

/** Our calls to VoltDrive's Receivers of a module (our call log), oldest first. */
async function callsTo(db: Db, module: string) {
  const partner = await voltDrive(db);
  return db
    .select()
    .from(ocpiCallLog)
    .where(
      and(
        eq(ocpiCallLog.direction, 'out'),
        eq(ocpiCallLog.partnerId, partner!.id),
        eq(ocpiCallLog.module, module),
      ),
    )
    .orderBy(ocpiCallLog.id);
}

const held = (id: number) =>
  getObject<Location>(a.database.db, {
    kind: 'LOCATION',
    countryCode: 'HU',
    partyId: 'VPK',
    id: String(id),
  });
const heldTariff = (id: number) =>
  getObject<Tariff>(a.database.db, {
    kind: 'TARIFF',
    countryCode: 'HU',
    partyId: 'VPK',
    id: String(id),
  });
/** The commands VoltDrive sent, as it keeps them (newest first). */
const commands = () =>
  a.database.db.select().from(sandboxEmspCommands).orderBy(desc(sandboxEmspCommands.sentAt));
const evseOf = (l: Location | null) => l?.evses?.find((e) => e.uid === `HU*VPK*E${chargerId}`);

beforeAll(async () => {
  const app = await startOcppApp({
    ROAMING_SANDBOX_EMSP: '1',
    ROAMING_SANDBOX_PARTNER: '0',
    ROAMING_PARTY_ID: 'VPK',
  });
  const http = app.url.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  app.config.publicUrl = http;
  a = Object.assign(app, { http });
  expect(await a.app.roamingSandboxEmsp!.whenRegistered()).toBe('registered');
}, 120_000);

afterAll(async () => {
  await cp?.close({ force: true });
  await a?.close();
});

describe('the eMSP emulator (VoltDrive Kft.)', () => {
  it('registers with us when the server listens: a REGISTERED eMSP with its Receivers, its drivers’ tokens sent', async () => {
    const p = await voltDrive(a.database.db);
    expect(p).toMatchObject({ status: 'REGISTERED', role: 'EMSP', name: 'VoltDrive Kft.' });
    const endpoints = p!.endpoints as OcpiEndpoint[];
    expect(endpoints.map((e) => `${e.identifier}:${e.role}`).sort()).toEqual([
      'cdrs:RECEIVER',
      'commands:RECEIVER',
      'credentials:SENDER',
      'locations:RECEIVER',
      'sessions:RECEIVER',
      'tariffs:RECEIVER',
      'tokens:SENDER',
    ]);
    for (const uid of ['VDR0000000001', 'VDR0000000002', 'VDR0000000003'])
      expect(
        await getToken(a.database.db, {
          partnerId: p!.id,
          countryCode: 'HU',
          partyId: 'VDR',
          uid,
          type: 'RFID',
        }),
      ).toMatchObject({ uid, whitelist: 'ALWAYS', valid: true });
    const [row] = await a.database.db.select().from(sandboxEmspPlatform);
    expect(row).toMatchObject({ status: 'REGISTERED', lastError: null });
    expect(row!.theirToken).toBeTruthy();
  });

  it('a charger the operator adds reaches the emulator as its Location', async () => {
    tariffs = await seedTariffs(a.database.db);
    ({ locationId } = await seedLocation(a.database.db, 'Westend', []));
    const added = await addChargePoint(a.database.db, {
      id: 'EMSP-CP',
      key: KEY,
      connectors: 1,
      locationId,
      tariffId: tariffs.paid,
    });
    chargerId = added.chargerIds[0]!;
    await until(async () => evseOf(await held(locationId)) !== undefined);
    expect(evseOf(await held(locationId))).toMatchObject({ status: 'PLANNED' });
  });

  it('reads our Locations and Tariffs Senders (as after its registration): it holds the whole network', async () => {
    await a.database.db.execute(sql`delete from sandbox_emsp_objects where kind = 'LOCATION'`);
    expect(await held(locationId)).toBeNull();
    expect(await a.app.roamingSandboxEmsp!.pullNetwork()).toBeGreaterThan(0);
    expect(evseOf(await held(locationId))).toMatchObject({ uid: `HU*VPK*E${chargerId}` });
  });

  it('a charger status change on our side reaches the emulator as an EVSE PATCH', async () => {
    cp = new RPCClient({
      endpoint: a.url,
      identity: 'EMSP-CP',
      protocols: ['ocpp1.6'],
      password: KEY,
      reconnect: false,
    } as never);
    await cp.connect();
    const status = (st: string) =>
      cp!.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: st });
    await status('Available');
    await until(async () => evseOf(await held(locationId))?.status === 'AVAILABLE');
    // The emulator holds the Location now: a change reaches it as a PATCH of the EVSE.
    await status('Charging');
    await until(async () => evseOf(await held(locationId))?.status === 'CHARGING');
    // Our call log row is written once the emulator has answered: waited for too.
    const patch = await until(async () =>
      (await callsTo(a.database.db, 'locations')).find(
        (r) => r.method === 'PATCH' && (r.requestBody as { status?: string }).status === 'CHARGING',
      ),
    );
    expect(patch).toMatchObject({
      ocpiStatus: 1000,
      requestBody: { status: 'CHARGING', last_updated: expect.any(String) },
    });
    expect(patch.url).toContain(`/sandbox/ocpi-emsp/2.2.1/locations/HU/VPK/${locationId}/`);
  });

  it('a start at an occupied charge point: our answer and the charger’s result are kept, the page says why', async () => {
    // The OCPP charger of the test before reports Charging.
    await until(async () => evseOf(await held(locationId))?.status === 'CHARGING');
    const start = await a.app.roamingSandboxEmsp!.startSession({
      tokenUid: 'VDR0000000003',
      locationId: String(locationId),
      evseUid: `HU*VPK*E${chargerId}`,
    });
    expect(start.result).toBe('ACCEPTED');
    const row = await until(async () => {
      const [c] = await commands();
      return c?.result ? c : null;
    });
    expect(row).toMatchObject({
      command: 'START_SESSION',
      tokenUid: 'VDR0000000003',
      evseUid: `HU*VPK*E${chargerId}`,
      response: 'ACCEPTED',
      result: 'EVSE_OCCUPIED',
      callError: null,
    });
    const page = async (lang: string) =>
      (await a.app.inject({ url: `/sandbox/roaming-emsp?lang=${lang}` })).body;
    const rowHtml = (html: string) =>
      new RegExp(`<tr data-command="${row.id}">(.*?)</tr>`).exec(html)?.[1] ?? '';
    expect(rowHtml(await page('en'))).toContain('the charge point is occupied (EVSE_OCCUPIED)');
    expect(rowHtml(await page('en'))).toContain('accepted (ACCEPTED)');
    expect(rowHtml(await page('hu'))).toContain('a töltőpont foglalt (EVSE_OCCUPIED)');
  });

  it('a tariff change on our side reaches the emulator as a PUT', async () => {
    await until(async () => (await heldTariff(tariffs.paid)) !== null);
    await a.database.db.execute(
      sql`update charging_tariffs set unit_charging_gross = 254 where id = ${tariffs.paid}`,
    );
    await until(async () => {
      const t = await heldTariff(tariffs.paid);
      return JSON.stringify(t?.elements).includes('200');
    });
    // Two PUTs of it (when it was new, after the change), both answered 1000; the log row is
    // written once the emulator has answered: waited for too.
    const path = `/sandbox/ocpi-emsp/2.2.1/tariffs/HU/VPK/${tariffs.paid}`;
    const puts = await until(async () => {
      const rows = (await callsTo(a.database.db, 'tariffs')).filter(
        (r) => r.method === 'PUT' && r.url.endsWith(path),
      );
      return rows.length >= 2 ? rows : null;
    });
    expect(puts.every((r) => r.ocpiStatus === 1000)).toBe(true);
  });

  it('START_SESSION for a VoltDrive card gives a Session pushed to the emulator; after STOP_SESSION a CDR', async () => {
    const added = await addChargePoint(a.database.db, {
      id: 'EMSP-SIM',
      key: KEY,
      connectors: 1,
      locationId,
      tariffId: tariffs.paid,
    });
    const simCharger = added.chargerIds[0]!;
    const sim = a.sim({ id: 'EMSP-SIM', connectors: [{ powerKw: 22, status: 'Available' }] });
    await sim.start();
    await until(async () => (await a.statuses('EMSP-SIM'))[0] === 'AVAILABLE');
    const emsp = a.app.roamingSandboxEmsp!;
    const start = await emsp.startSession({
      tokenUid: 'VDR0000000001',
      locationId: String(locationId),
      evseUid: `HU*VPK*E${simCharger}`,
    });
    expect(start.result).toBe('ACCEPTED');
    const session = await until(async () =>
      (await listObjects<Session>(a.database.db, 'SESSION')).find(
        (x) => x.cdr_token.uid === 'VDR0000000001',
      ),
    );
    expect(session).toMatchObject({
      country_code: 'HU',
      party_id: 'VPK',
      location_id: String(locationId),
      evse_uid: `HU*VPK*E${simCharger}`,
      auth_method: 'COMMAND',
      currency: 'HUF',
    });
    const startRow = await until(async () =>
      (await commands()).find((c) => c.evseUid === `HU*VPK*E${simCharger}` && c.result),
    );
    expect(startRow).toMatchObject({
      command: 'START_SESSION',
      response: 'ACCEPTED',
      result: 'ACCEPTED',
    });
    const stop = await emsp.stopSession(session.id);
    expect(stop.result).toBe('ACCEPTED');
    const stopRow = await until(async () =>
      (await commands()).find((c) => c.sessionId === session.id && c.result),
    );
    expect(stopRow).toMatchObject({
      command: 'STOP_SESSION',
      response: 'ACCEPTED',
      result: 'ACCEPTED',
    });
    const cdr = await until(async () =>
      (await listObjects<Cdr>(a.database.db, 'CDR')).find((c) => c.session_id === session.id),
    );
    expect(cdr).toMatchObject({ cdr_token: { uid: 'VDR0000000001' }, currency: 'HUF' });
    await until(
      async () =>
        (
          await getObject<Session>(a.database.db, {
            kind: 'SESSION',
            countryCode: 'HU',
            partyId: 'VPK',
            id: session.id,
          })
        )?.status === 'COMPLETED',
    );
  }, 120_000);

  it('the sandbox page (hu by default, en) lists what the emulator received; its buttons start and stop over OCPI', async () => {
    const get = async (q = '') => {
      const res = await a.app.inject({ url: `/sandbox/roaming-emsp${q}` });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const hu = await get();
    expect(hu).toContain('<html lang="hu">');
    expect(hu).toContain('SANDBOX');
    expect(hu).toContain('Westend');
    expect(hu).toMatch(/\d Ft</);
    const en = await get('?lang=en');
    expect(en).toContain('VDR0000000001');
    // A form that is not one (no 500): back to the page with the refusal shown.
    const bad = await a.app.inject({
      method: 'POST',
      url: '/sandbox/roaming-emsp/start?lang=en',
      payload: 'location_id=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe('/sandbox/roaming-emsp?lang=en&result=REJECTED');
    // The start button of the simulated charger's EVSE (AVAILABLE again after the last charge).
    const form =
      /name="location_id" value="([^"]+)"><input type="hidden" name="evse_uid" value="([^"]+)"/;
    const sim = await until(async () => form.exec(await get('?lang=en')));
    expect(await get('?lang=en')).toContain('Start charging');
    const before = (await listObjects<Session>(a.database.db, 'SESSION')).length;
    const started = await a.app.inject({
      method: 'POST',
      url: '/sandbox/roaming-emsp/start?lang=en',
      payload: new URLSearchParams({
        location_id: sim![1]!,
        evse_uid: sim![2]!,
        token_uid: 'VDR0000000002',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(started.headers.location).toBe('/sandbox/roaming-emsp?lang=en&result=ACCEPTED');
    const session = await until(async () =>
      (await listObjects<Session>(a.database.db, 'SESSION')).find(
        (x) => x.cdr_token.uid === 'VDR0000000002' && x.status === 'ACTIVE',
      ),
    );
    expect((await listObjects<Session>(a.database.db, 'SESSION')).length).toBe(before + 1);
    expect(await get('?lang=en')).toContain('Stop charging');
    const stopped = await a.app.inject({
      method: 'POST',
      url: '/sandbox/roaming-emsp/stop?lang=en',
      payload: `session_id=${encodeURIComponent(session.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stopped.headers.location).toBe('/sandbox/roaming-emsp?lang=en&result=ACCEPTED');
    await until(async () =>
      (await listObjects<Cdr>(a.database.db, 'CDR')).some((c) => c.session_id === session.id),
    );
  }, 120_000);

  it('answers as OCPI says: PATCH of an unknown Location or EVSE is 2003, another CPO’s push 403, no token 401', async () => {
    // The emulator's token given to the platform is kept only as a hash: the test gives it one
    // of its own (the platform's later calls would be refused: this test runs last).
    const token = newCredentialsToken();
    await a.database.db.update(sandboxEmspPlatform).set({ issuedTokenHash: hashToken(token) });
    const base = `${a.http}/sandbox/ocpi-emsp/2.2.1/locations/HU/VPK`;
    const patch = { status: 'CHARGING', last_updated: '2026-11-24T12:00:00Z' };
    const unknownLocation = await ocpi(`${base}/999999/HU*VPK*E1`, token, {
      method: 'PATCH',
      body: patch,
    });
    expect([unknownLocation.status, unknownLocation.json.status_code]).toEqual([404, 2003]);
    const unknownEvse = await ocpi(`${base}/${locationId}/HU*VPK*E999999`, token, {
      method: 'PATCH',
      body: patch,
    });
    expect([unknownEvse.status, unknownEvse.json.status_code]).toEqual([404, 2003]);
    const other = await ocpi(`${a.http}/sandbox/ocpi-emsp/2.2.1/tariffs/HU/XXX/1`, token, {
      method: 'DELETE',
    });
    expect(other.status).toBe(403);
    const anonymous = await fetch(`${base}/${locationId}`);
    expect(anonymous.status).toBe(401);
    // A CommandResult for a command VoltDrive never sent is not kept; nor one without its token.
    const [sent] = await commands();
    expect(sent?.result).toBe('ACCEPTED');
    const resultUrl = (id: string) =>
      `${a.http}/sandbox/ocpi-emsp/2.2.1/commands/START_SESSION/${id}`;
    const unknownCommand = await ocpi(resultUrl('00000000-0000-4000-8000-000000000000'), token, {
      method: 'POST',
      body: { result: 'FAILED' },
    });
    expect([unknownCommand.status, unknownCommand.json.status_code]).toEqual([404, 2000]);
    const otherType = sent!.command === 'STOP_SESSION' ? 'START_SESSION' : 'STOP_SESSION';
    const wrongType = await ocpi(
      `${a.http}/sandbox/ocpi-emsp/2.2.1/commands/${otherType}/${sent!.id}`,
      token,
      {
        method: 'POST',
        body: { result: 'FAILED' },
      },
    );
    expect(wrongType.status).toBe(404);
    const noToken = await fetch(resultUrl(sent!.id), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'FAILED' }),
    });
    expect(noToken.status).toBe(401);
    expect((await commands())[0]).toMatchObject({ id: sent!.id, result: sent!.result });
    const got = await ocpi(`${base}/${locationId}`, token);
    expect(got.json).toMatchObject({ status_code: 1000, data: { id: String(locationId) } });
  });
});
