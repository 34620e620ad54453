import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { cdr as cdrSchema } from '@voltpark/contract/ocpi/cdrs';
import { session as sessionSchema, type Session } from '@voltpark/contract/ocpi/sessions';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { TestApp } from '../../../test/app.js';
import {
  ocppIdTags,
  roamingCdrs,
  roamingPartners,
  roamingPushes,
  roamingSessions,
} from '../../../db/schema/index.js';
import { addChargePoint } from '../../ocpp/registry.js';
import { KEY, startOcppApp, until as untilIn, type OcppTestApp } from '../../ocpp/test-helpers.js';
import { seedLocation, seedTariffs } from '../model/test-seed.js';
import { closedPort, ocpi, registerEmspWith, roamingServer } from '../test-helpers.js';
import { authorizationHeader } from '../tokens.js';
import { completeRoamingSession } from './cdrs-store.js';
import {
  partnerTokenOfIdTag,
  startRoamingSessionFor,
  syncSessionEnergy,
} from './sessions-store.js';

// Server A (HU/AAA) is the CPO with an OCPP charger; servers B (HU/BBB) and C (HU/CCC) register
// with it as eMSPs through the real handshake and store their drivers' RFID cards. Their
// Sessions and CDRs Receiver interfaces are a small fake eMSP (below) that records what A pushes.
/** Pushes go out in rounds (every 2 s, sooner when a session changes): bounded, generous. */
const until = <T>(fn: () => Promise<T> | T) => untilIn(fn, 20_000);

type Server = TestApp & { url: string };
let a: OcppTestApp & { http: string };
let b: Server;
let c: Server;
let tokenB: string;
let tokenC: string;
let cp: RPCClient;
let chargerId: number;
let locationId: number;
let tariffId: number;
let emsp: FastifyInstance;
let emspUrl: string;

interface Received {
  party: string;
  method: string;
  url: string;
  authorization: string | undefined;
  toParty: string | undefined;
  body: unknown;
}
const received: Received[] = [];

async function startFakeEmsp() {
  emsp = Fastify();
  const record = (party: string) => async (request: FastifyRequest) => {
    received.push({
      party,
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization as string | undefined,
      toParty: request.headers['ocpi-to-party-id'] as string | undefined,
      body: request.body,
    });
    return { status_code: 1000, status_message: 'Success', timestamp: new Date().toISOString() };
  };
  for (const party of ['BBB', 'CCC']) {
    emsp.put(`/${party}/sessions/:cc/:pty/:id`, record(party));
    emsp.post(`/${party}/cdrs`, record(party));
  }
  emspUrl = await emsp.listen({ port: 0, host: '127.0.0.1' });
}

/** A's record of a partner's endpoints: the fake eMSP's Sessions and CDRs receivers at `base`. */
async function pointPartnerAt(party: string, base: string) {
  const [row] = await a.database.db
    .select({ endpoints: roamingPartners.endpoints })
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, party));
  const own = ((row?.endpoints as OcpiEndpoint[] | null) ?? []).filter(
    (e) => e.identifier !== 'sessions' && e.identifier !== 'cdrs',
  );
  const endpoints: OcpiEndpoint[] = [
    ...own,
    { identifier: 'sessions', role: 'RECEIVER', url: `${base}/${party}/sessions` },
    { identifier: 'cdrs', role: 'RECEIVER', url: `${base}/${party}/cdrs` },
  ];
  await a.database.db
    .update(roamingPartners)
    .set({ endpoints })
    .where(eq(roamingPartners.partyId, party));
}

async function registerWithA(emspServer: Server, party: string): Promise<string> {
  const { token } = await registerEmspWith(
    { server: a, url: a.http, party: 'AAA' },
    { server: emspServer, party },
  );
  return token;
}

const card = (party: string, uid: string) => ({
  country_code: 'HU',
  party_id: party,
  uid,
  type: 'RFID',
  contract_id: `HU-${party}-C12345678-X`,
  issuer: party,
  valid: true,
  whitelist: 'ALLOWED',
  last_updated: '2026-11-24T09:00:00Z',
});

beforeAll(async () => {
  const ocppApp = await startOcppApp({ ROAMING_PARTY_ID: 'AAA' });
  const http = ocppApp.url.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  ocppApp.config.publicUrl = http;
  a = Object.assign(ocppApp, { http });
  [b, c] = await Promise.all([roamingServer('BBB'), roamingServer('CCC'), startFakeEmsp()]);
  tokenB = await registerWithA(b, 'BBB');
  tokenC = await registerWithA(c, 'CCC');
  await pointPartnerAt('BBB', emspUrl);
  await pointPartnerAt('CCC', emspUrl);
  tariffId = (await seedTariffs(a.database.db)).paid;
  ({ locationId } = await seedLocation(a.database.db, 'Westend', []));
  const added = await addChargePoint(a.database.db, {
    id: 'ROAM-SESS',
    key: KEY,
    connectors: 1,
    locationId,
    tariffId,
  });
  chargerId = added.chargerIds[0]!;
  for (const [party, token, uid] of [
    ['BBB', tokenB, 'B-CARD-1'],
    ['CCC', tokenC, 'C-CARD-1'],
  ] as const) {
    const put = await ocpi(`${a.http}/ocpi/2.2.1/tokens/HU/${party}/${uid}`, token, {
      method: 'PUT',
      body: card(party, uid),
    });
    expect(put.json.status_code).toBe(1000);
  }
  cp = new RPCClient({
    endpoint: a.url,
    identity: 'ROAM-SESS',
    protocols: ['ocpp1.6'],
    password: KEY,
    reconnect: false,
  } as never);
  await cp.connect();
});
afterAll(async () => {
  await cp?.close({ force: true });
  await Promise.all([a?.close(), b?.close(), c?.close(), emsp?.close()]);
});

/** Charger clock: each transaction a minute after the previous one. */
let clock = Date.parse('2026-11-24T10:00:00Z');
const tick = () => new Date((clock += 60_000)).toISOString();

async function start(idTag: string, meterStart: number): Promise<number> {
  const r = (await cp.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart,
    timestamp: tick(),
  })) as { transactionId: number; idTagInfo: { status: string } };
  expect(r.idTagInfo.status).toBe('Accepted');
  return r.transactionId;
}

const meter = (transactionId: number, wh: number) =>
  cp.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [
      {
        timestamp: tick(),
        sampledValue: [
          { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        ],
      },
    ],
  });

const stopPayload = (transactionId: number, meterStop: number) => ({
  transactionId,
  meterStop,
  timestamp: new Date(clock + 30_000).toISOString(),
  reason: 'Local',
});

const sessionsOf = async (token: string, query = '') => {
  const res = await ocpi(`${a.http}/ocpi/2.2.1/sessions${query}`, token);
  expect(res.json.status_code, JSON.stringify(res.json)).toBe(1000);
  return { ...res, items: res.json.data as Session[] };
};
const cdrsOf = async (token: string, query = '') => {
  const res = await ocpi(`${a.http}/ocpi/2.2.1/cdrs${query}`, token);
  expect(res.json.status_code, JSON.stringify(res.json)).toBe(1000);
  return { ...res, items: res.json.data as Cdr[] };
};
const sessionOfTx = async (transactionId: number) =>
  until(async () => {
    const [row] = await a.database.db
      .select()
      .from(roamingSessions)
      .where(eq(roamingSessions.ocppTransactionId, transactionId));
    return row;
  });
const cdrPosts = (party: string, id: string) =>
  received.filter((r) => r.party === party && r.method === 'POST' && (r.body as Cdr).id === id);
const sessionPuts = (party: string, id: string) =>
  received.filter((r) => r.party === party && r.method === 'PUT' && r.url.endsWith(`/${id}`));
/** What the backoff or the meter-value pace would wait for: due now. */
const dueNow = (sessionPk: number) =>
  a.database.db
    .update(roamingPushes)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(roamingPushes.sessionPk, sessionPk), sql`delivered_at is null`));

describe("a partner's driver charging at our charger", () => {
  let txId: number;
  let sessionId: string;

  it('becomes an OCPI session the partner pulls and is told of (PUT)', async () => {
    txId = await start('b-card-1', 1_000_000);
    const row = await sessionOfTx(txId);
    sessionId = row.id;
    const { items, headers } = await sessionsOf(tokenB);
    expect(headers.get('x-total-count')).toBe('1');
    expect(items).toHaveLength(1);
    const s = sessionSchema.parse(items[0]);
    expect(s).toMatchObject({
      country_code: 'HU',
      party_id: 'AAA',
      id: sessionId,
      kwh: 0,
      cdr_token: {
        country_code: 'HU',
        party_id: 'BBB',
        uid: 'B-CARD-1',
        type: 'RFID',
        contract_id: 'HU-BBB-C12345678-X',
      },
      auth_method: 'WHITELIST',
      location_id: String(locationId),
      evse_uid: `HU*AAA*E${chargerId}`,
      connector_id: '1',
      currency: 'HUF',
      status: 'ACTIVE',
      total_cost: { excl_vat: 0, incl_vat: 0 },
    });
    expect(s.end_date_time).toBeUndefined();

    const [put] = await until(() => {
      const puts = sessionPuts('BBB', sessionId);
      return puts.length ? puts : null;
    });
    expect(put!.url).toBe(`/BBB/sessions/HU/AAA/${sessionId}`);
    expect((put!.body as Session).status).toBe('ACTIVE');
    const [partner] = await a.database.db
      .select({ t: roamingPartners.theirToken })
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'BBB'));
    expect(put!.authorization).toBe(authorizationHeader(partner!.t!));
    expect(put!.toParty).toBe('BBB');
  });

  it('is not seen by another partner', async () => {
    const other = await sessionsOf(tokenC);
    expect(other.items).toEqual([]);
    expect(other.headers.get('x-total-count')).toBe('0');
  });

  it('follows the meter values: kWh and cost in GET, and a later PUT with them', async () => {
    await meter(txId, 1_012_345);
    const s = await until(async () => {
      const { items } = await sessionsOf(tokenB);
      return items[0]?.kwh === 12.345 ? items[0] : null;
    });
    // 12.345 kWh × 150 Ft = 1,851.75 → 1,852 Ft, plus the 100 Ft fee; net = 1,952 × 100 / 127.
    expect(s.total_cost).toEqual({ excl_vat: 1537, incl_vat: 1952 });
    expect(s.charging_periods?.[0]).toMatchObject({
      tariff_id: String(tariffId),
      dimensions: expect.arrayContaining([{ type: 'ENERGY', volume: 12.345 }]),
    });
    // A reading that arrives late (lower) does not move the energy back.
    await meter(txId, 1_005_000);
    expect(await syncSessionEnergy(a.database.db)).toBe(0);
    const row = await sessionOfTx(txId);
    expect(row.energyWh).toBe(12_345);

    // Meter values are pushed at most every 30 s: the push waits, then carries the latest kWh.
    const [pending] = await a.database.db
      .select()
      .from(roamingPushes)
      .where(and(eq(roamingPushes.sessionPk, row.pk), sql`delivered_at is null`));
    expect(pending!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await dueNow(row.pk);
    await until(() =>
      sessionPuts('BBB', sessionId).some((r) => (r.body as Session).kwh === 12.345),
    );
  });

  it('ends with one CDR the partner pulls and gets POSTed once, also when the stop is replayed', async () => {
    await cp.call('StopTransaction', stopPayload(txId, 1_020_000));
    const cdr = await until(async () => (await cdrsOf(tokenB)).items[0]);
    cdrSchema.parse(cdr);
    // 20 kWh × 150 Ft + 100 Ft = 3,100 Ft gross; net = round(3,100 × 100 / 127) = 2,441.
    expect(cdr).toMatchObject({
      country_code: 'HU',
      party_id: 'AAA',
      id: sessionId,
      session_id: sessionId,
      auth_method: 'WHITELIST',
      currency: 'HUF',
      total_energy: 20,
      total_cost: { excl_vat: 2441, incl_vat: 3100 },
      total_parking_time: 0,
      cdr_token: { uid: 'B-CARD-1', party_id: 'BBB' },
      cdr_location: {
        id: String(locationId),
        evse_uid: `HU*AAA*E${chargerId}`,
        evse_id: `HU*AAA*E${chargerId}`,
        connector_id: '1',
        connector_standard: 'IEC_62196_T2',
        country: 'HUN',
        city: 'Budapest',
      },
    });
    expect(cdr.tariffs?.map((t) => t.id)).toEqual([String(tariffId)]);
    expect(cdr.total_time).toBeGreaterThan(0);

    const session = (await sessionsOf(tokenB)).items[0]!;
    expect(session).toMatchObject({ status: 'COMPLETED', kwh: 20 });
    expect(session.end_date_time).toBe(cdr.end_date_time);

    await until(() => cdrPosts('BBB', sessionId).length > 0);
    await until(() =>
      sessionPuts('BBB', sessionId).some((r) => (r.body as Session).status === 'COMPLETED'),
    );

    // The charger sends its stop again (a lost answer), and the stop handler runs again.
    await cp.call('StopTransaction', stopPayload(txId, 1_020_000));
    expect(
      await completeRoamingSession(a.database.db, a.config.ocpiParty, {
        transactionId: txId,
        energyWh: 20_000,
        endedAt: new Date(),
      }),
    ).toBeNull();
    const row = await sessionOfTx(txId);
    const cdrRows = await a.database.db
      .select()
      .from(roamingCdrs)
      .where(eq(roamingCdrs.sessionPk, row.pk));
    expect(cdrRows).toHaveLength(1);
    const cdrPushes = await a.database.db
      .select()
      .from(roamingPushes)
      .where(and(eq(roamingPushes.sessionPk, row.pk), eq(roamingPushes.kind, 'CDR')));
    expect(cdrPushes).toHaveLength(1);
    expect(cdrPushes[0]!.deliveredAt).not.toBeNull();
    expect(cdrPosts('BBB', sessionId)).toHaveLength(1);
    expect((await cdrsOf(tokenB)).items).toHaveLength(1);
    expect((await cdrsOf(tokenC)).items).toEqual([]);
  });
});

describe('our own driver whose tag is also a partner card', () => {
  it('is not a roaming session', async () => {
    await ocpi(`${a.http}/ocpi/2.2.1/tokens/HU/BBB/SHARED-1`, tokenB, {
      method: 'PUT',
      body: card('BBB', 'SHARED-1'),
    });
    expect(await partnerTokenOfIdTag(a.database.db, 'shared-1')).toMatchObject({
      cdrToken: { uid: 'SHARED-1', party_id: 'BBB' },
    });
    await a.database.db.insert(ocppIdTags).values({ idTag: 'SHARED-1' });
    expect(await partnerTokenOfIdTag(a.database.db, 'SHARED-1')).toBeNull();
  });
});

describe('pushes to a partner that is down', () => {
  it('are retried after a backoff and the CDR is delivered once', async () => {
    await pointPartnerAt('BBB', `http://127.0.0.1:${await closedPort()}`);
    const txId = await start('B-CARD-1', 2_000_000);
    await cp.call('StopTransaction', stopPayload(txId, 2_001_000));
    const row = await sessionOfTx(txId);
    const failed = await until(async () => {
      const [p] = await a.database.db
        .select()
        .from(roamingPushes)
        .where(and(eq(roamingPushes.sessionPk, row.pk), eq(roamingPushes.kind, 'CDR')));
      return p && p.attempts >= 1 && p.lastError && !p.claimedUntil ? p : null;
    });
    expect(failed.deliveredAt).toBeNull();
    expect(failed.lastError).toMatch(/could not connect/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await pointPartnerAt('BBB', emspUrl);
    await dueNow(row.pk);
    await until(() => cdrPosts('BBB', row.id).length > 0);
    await until(async () => {
      const [p] = await a.database.db
        .select()
        .from(roamingPushes)
        .where(and(eq(roamingPushes.sessionPk, row.pk), eq(roamingPushes.kind, 'CDR')));
      return p?.deliveredAt;
    });
    expect(cdrPosts('BBB', row.id)).toHaveLength(1);
  });
});

describe('the session and CDR lists', () => {
  it('page over several sessions with the paging headers, by last_updated', async () => {
    const txId = await start('B-CARD-1', 3_000_000);
    await sessionOfTx(txId);
    const first = await sessionsOf(tokenB, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(first.headers.get('x-limit')).toBe('500');
    const link = first.headers.get('link');
    expect(link).toBe(`<${a.http}/ocpi/2.2.1/sessions?offset=2&limit=2>; rel="next"`);
    const next = await ocpi(/^<([^>]+)>/.exec(link!)![1]!, tokenB);
    const rest = next.json.data as Session[];
    expect(rest).toHaveLength(1);
    expect(next.headers.get('link')).toBeNull();
    const ids = [...first.items, ...rest].map((s) => s.id);
    expect(new Set(ids).size).toBe(3);

    const future = await sessionsOf(tokenB, '?date_from=2099-01-01T00:00:00Z');
    expect(future.items).toEqual([]);
    const cdrs = await cdrsOf(tokenB, '?limit=1');
    expect(cdrs.items).toHaveLength(1);
    expect(cdrs.headers.get('x-total-count')).toBe('2');
    expect(cdrs.headers.get('link')).toContain('offset=1');
    await cp.call('StopTransaction', stopPayload(txId, 3_000_500));
  });

  it('refuse a CPO-role caller and a bad paging parameter; charging preferences are not offered', async () => {
    const bad = await ocpi(`${a.http}/ocpi/2.2.1/sessions?limit=-1`, tokenB);
    expect(bad.status).toBe(400);
    expect(bad.json.status_code).toBe(2001);
    const prefs = await ocpi(`${a.http}/ocpi/2.2.1/sessions/x/charging_preferences`, tokenB, {
      method: 'PUT',
      body: { profile_type: 'FAST' },
    });
    expect(prefs.status).toBe(404);
    expect(prefs.json.status_code).toBe(2001);
    const anon = await ocpi(`${a.http}/ocpi/2.2.1/cdrs`, null);
    expect(anon.status).toBe(401);
  });
});

describe('a session started by a command (START_SESSION)', () => {
  it('takes COMMAND and its authorization reference over WHITELIST', async () => {
    const txId = await start('C-CARD-1', 4_000_000);
    const row = await sessionOfTx(txId);
    const [partnerC] = await a.database.db
      .select({ id: roamingPartners.id })
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'CCC'));
    const again = await startRoamingSessionFor(a.database.db, a.config.ocpiParty, {
      transactionId: txId,
      partnerId: partnerC!.id,
      cdrToken: row.cdrToken as Session['cdr_token'],
      authMethod: 'COMMAND',
      authorizationReference: 'REF-123',
    });
    expect(again).toEqual({ id: row.id, created: false });
    const [s] = (await sessionsOf(tokenC)).items;
    expect(s).toMatchObject({
      id: row.id,
      auth_method: 'COMMAND',
      authorization_reference: 'REF-123',
    });
    expect((await sessionsOf(tokenB)).items.map((x) => x.id)).not.toContain(row.id);
    await cp.call('StopTransaction', stopPayload(txId, 4_000_100));
    const cdr = await until(async () => (await cdrsOf(tokenC)).items[0]);
    expect(cdr).toMatchObject({ auth_method: 'COMMAND', authorization_reference: 'REF-123' });
  });
});

describe('pushes to a partner that was removed', () => {
  it('are dropped, never sent', async () => {
    await pointPartnerAt('CCC', `http://127.0.0.1:${await closedPort()}`);
    const txId = await start('C-CARD-1', 5_000_000);
    const row = await sessionOfTx(txId);
    await until(async () => {
      const [p] = await a.database.db
        .select()
        .from(roamingPushes)
        .where(and(eq(roamingPushes.sessionPk, row.pk), eq(roamingPushes.kind, 'SESSION')));
      return p && p.attempts >= 1 && !p.claimedUntil && p.lastError;
    });
    // What `remove` leaves of a partner: UNREGISTERED, no tokens.
    await a.database.db
      .update(roamingPartners)
      .set({ status: 'UNREGISTERED', theirToken: null, issuedTokenHash: null })
      .where(eq(roamingPartners.partyId, 'CCC'));
    await pointPartnerAt('CCC', emspUrl);
    await dueNow(row.pk);
    const dropped = await until(async () => {
      const [p] = await a.database.db
        .select()
        .from(roamingPushes)
        .where(and(eq(roamingPushes.sessionPk, row.pk), eq(roamingPushes.kind, 'SESSION')));
      return p?.droppedAt ? p : null;
    });
    expect(dropped.deliveredAt).toBeNull();
    expect(dropped.lastError).toMatch(/no longer registered/);
    expect(sessionPuts('CCC', row.id)).toEqual([]);
    await cp.call('StopTransaction', stopPayload(txId, 5_000_100));
  });
});
