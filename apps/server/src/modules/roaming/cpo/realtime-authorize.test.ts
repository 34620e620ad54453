import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { TestApp } from '../../../test/app.js';
import {
  roamingAuthorizations,
  roamingPartners,
  roamingSessions,
} from '../../../db/schema/index.js';
import { addChargePoint } from '../../ocpp/registry.js';
import { KEY, startOcppApp, until, type OcppTestApp } from '../../ocpp/test-helpers.js';
import { seedLocation } from '../model/test-seed.js';
import { ocpi, registerEmspWith, roamingServer } from '../test-helpers.js';

// Server A (HU/AAA) is the CPO with an OCPP charger; our server B (HU/BBB) registers with it as
// an eMSP through the real handshake and pushes its drivers' RFID cards. B's Tokens SENDER (the
// real-time authorization A asks) is a small fake eMSP below, whose answer the uid chooses:
// OK… ALLOWED, BROKE… NO_CREDIT, UNKNOWN… "unknown token" (2004), SILENT… no answer at all.
type Server = TestApp & { url: string };
let a: OcppTestApp & { http: string };
let b: Server;
let tokenB: string;
let cp: RPCClient;
let chargerId: number;
let locationId: number;
let emsp: FastifyInstance;
let releaseSilent: () => void = () => {};
const silent = new Promise<void>((r) => (releaseSilent = r));

interface Asked {
  uid: string;
  query: unknown;
  body: unknown;
  toParty: string | undefined;
  authorization: string | undefined;
}
const asked: Asked[] = [];
const askedFor = (uid: string) => asked.filter((q) => q.uid === uid);

const card = (uid: string, whitelist: string) => ({
  country_code: 'HU',
  party_id: 'BBB',
  uid,
  type: 'RFID',
  contract_id: `HU-BBB-${uid}`,
  issuer: 'Server B',
  valid: true,
  whitelist,
  last_updated: '2026-11-24T09:00:00Z',
});

async function startFakeEmsp(): Promise<string> {
  // Requests left waiting (SILENT…) must not hold the close.
  emsp = Fastify({ forceCloseConnections: true });
  emsp.post('/tokens/:uid/authorize', async (request: FastifyRequest, reply) => {
    const { uid } = request.params as { uid: string };
    asked.push({
      uid,
      query: request.query,
      body: request.body,
      toParty: request.headers['ocpi-to-party-id'] as string | undefined,
      authorization: request.headers.authorization,
    });
    const timestamp = new Date().toISOString();
    if (uid.startsWith('SILENT')) await silent;
    if (uid.startsWith('UNKNOWN'))
      return reply.code(404).send({ status_code: 2004, status_message: 'Unknown', timestamp });
    const allowed = uid.startsWith('OK') ? 'ALLOWED' : 'NO_CREDIT';
    return {
      status_code: 1000,
      timestamp,
      data: { allowed, token: card(uid, 'NEVER'), authorization_reference: `REF-${uid}` },
    };
  });
  return emsp.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  const ocppApp = await startOcppApp({
    ROAMING_PARTY_ID: 'AAA',
    ROAMING_AUTHORIZE_TIMEOUT_MS: '500',
  });
  const http = ocppApp.url.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  ocppApp.config.publicUrl = http;
  a = Object.assign(ocppApp, { http });
  const [server, emspUrl] = await Promise.all([roamingServer('BBB'), startFakeEmsp()]);
  b = server;
  ({ token: tokenB } = await registerEmspWith(
    { server: a, url: a.http, party: 'AAA' },
    { server: b, party: 'BBB' },
  ));
  // A's record of B's endpoints: its Tokens SENDER is the fake eMSP.
  const [row] = await a.database.db
    .select({ endpoints: roamingPartners.endpoints })
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, 'BBB'));
  const endpoints: OcpiEndpoint[] = [
    ...(row!.endpoints as OcpiEndpoint[]).filter(
      (e) => !(e.identifier === 'tokens' && e.role === 'SENDER'),
    ),
    { identifier: 'tokens', role: 'SENDER', url: `${emspUrl}/tokens` },
  ];
  await a.database.db
    .update(roamingPartners)
    .set({ endpoints })
    .where(eq(roamingPartners.partyId, 'BBB'));
  ({ locationId } = await seedLocation(a.database.db, 'Westend', []));
  const added = await addChargePoint(a.database.db, {
    id: 'RT-CP',
    key: KEY,
    connectors: 1,
    locationId,
  });
  chargerId = added.chargerIds[0]!;
  for (const [uid, whitelist] of [
    ['OK-1', 'ALLOWED_OFFLINE'],
    ['OK-NEVER', 'NEVER'],
    ['BROKE-1', 'NEVER'],
    ['UNKNOWN-1', 'ALLOWED_OFFLINE'],
    ['SILENT-OFF', 'ALLOWED_OFFLINE'],
    ['SILENT-NEVER', 'NEVER'],
    ['LOCAL-1', 'ALLOWED'],
  ] as const) {
    const put = await ocpi(`${a.http}/ocpi/2.2.1/tokens/HU/BBB/${uid}`, tokenB, {
      method: 'PUT',
      body: card(uid, whitelist),
    });
    expect(put.json.status_code).toBe(1000);
  }
  cp = new RPCClient({
    endpoint: a.url,
    identity: 'RT-CP',
    protocols: ['ocpp1.6'],
    password: KEY,
    reconnect: false,
  } as never);
  await cp.connect();
}, 180_000);
afterAll(async () => {
  releaseSilent();
  await cp?.close({ force: true });
  await Promise.all([a?.close(), b?.close(), emsp?.close()]);
});

const authorize = async (idTag: string) =>
  ((await cp.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;

const decisions = (uid: string) =>
  a.database.db
    .select()
    .from(roamingAuthorizations)
    .where(eq(roamingAuthorizations.idTagKey, uid))
    .orderBy(roamingAuthorizations.id);

describe('real-time authorization of partners’ tokens at our charger', () => {
  it('ALLOWED_OFFLINE asks the eMSP; its yes stands for the start, whose Session carries its reference', async () => {
    expect(await authorize('ok-1')).toBe('Accepted');
    expect(askedFor('OK-1')).toEqual([
      {
        uid: 'OK-1',
        query: { type: 'RFID' },
        body: { location_id: String(locationId), evse_uids: [`HU*AAA*E${chargerId}`] },
        toParty: 'BBB',
        authorization: expect.stringMatching(/^Token /),
      },
    ]);
    // The charger asks again at StartTransaction: the eMSP's answer stands, it is not asked twice.
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'OK-1',
      meterStart: 1000,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(askedFor('OK-1')).toHaveLength(1);
    const session = await until(async () => {
      const [s] = await a.database.db
        .select()
        .from(roamingSessions)
        .where(eq(roamingSessions.ocppTransactionId, started.transactionId));
      return s;
    });
    expect(session).toMatchObject({
      authMethod: 'AUTH_REQUEST',
      authorizationReference: 'REF-OK-1',
    });
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 2000,
      timestamp: new Date().toISOString(),
    });
  });

  it('NEVER asks the eMSP every time and follows its answer', async () => {
    expect(await authorize('OK-NEVER')).toBe('Accepted');
    expect(await authorize('BROKE-1')).toBe('Invalid');
    // A refusal is not kept: the next tap asks again.
    expect(await authorize('BROKE-1')).toBe('Invalid');
    expect(askedFor('BROKE-1')).toHaveLength(2);
    expect((await decisions('BROKE-1')).map((d) => [d.status, d.allowed, d.method])).toEqual([
      ['Invalid', 'NO_CREDIT', 'AUTH_REQUEST'],
      ['Invalid', 'NO_CREDIT', 'AUTH_REQUEST'],
    ]);
  });

  it('an eMSP that does not know the token refuses it, even when ALLOWED_OFFLINE', async () => {
    expect(await authorize('UNKNOWN-1')).toBe('Invalid');
    expect(askedFor('UNKNOWN-1')).toHaveLength(1);
  });

  it('without an answer in time, ALLOWED_OFFLINE is accepted and NEVER refused', async () => {
    expect(await authorize('SILENT-OFF')).toBe('Accepted');
    expect(await authorize('SILENT-NEVER')).toBe('Invalid');
    expect(askedFor('SILENT-OFF')).toHaveLength(1);
    expect(askedFor('SILENT-NEVER')).toHaveLength(1);
    expect((await decisions('SILENT-OFF'))[0]).toMatchObject({
      status: 'Accepted',
      allowed: null,
      method: 'WHITELIST',
      error: expect.stringMatching(/no answer within 500 ms/),
    });
    expect((await decisions('SILENT-NEVER'))[0]).toMatchObject({
      status: 'Invalid',
      allowed: null,
    });
  });

  it('ALLOWED is decided locally and an unknown card is refused, neither asking the eMSP', async () => {
    const before = asked.length;
    expect(await authorize('LOCAL-1')).toBe('Accepted');
    expect(await authorize('NOBODY-1')).toBe('Invalid');
    expect(asked).toHaveLength(before);
  });
});
