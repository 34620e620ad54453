import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import {
  chargePoints,
  locations,
  ocppFrames,
  ocppTransactions,
  roamingCommands,
  roamingPartners,
  roamingSessions,
  roamingTokens,
} from '../../../db/schema/index.js';
import { addChargePoint } from '../../ocpp/registry.js';
import {
  KEY,
  startOcppApp,
  until as untilWithin,
  type OcppTestApp,
} from '../../ocpp/test-helpers.js';
import { closedPort, ocpi, registerEmspWith, roamingServer } from '../test-helpers.js';
import type { TestApp } from '../../../test/app.js';
import { commandDepsOf } from './commands-deps.js';
import { commandRound } from './commands-loop.js';
import { insertCommand, startCommandFor } from './commands-store.js';
import type { Token } from '@voltpark/contract/ocpi/tokens';

// Server A (HU/AAA) is the CPO with OCPP chargers (simulators, or raw OCPP clients where a
// charger must misbehave); server B (HU/BBB) registered with it as an eMSP through the real
// handshake. A tiny Fastify plays B's response_url and records every CommandResult posted.
let a: OcppTestApp & { http: string };
let b: TestApp & { url: string };
let tokenB: string;
let partner: { app: FastifyInstance; base: string; port: number };
/** The site (active, so published) where the test chargers stand. */
let site: number;
const received: { path: string; body: unknown }[] = [];
const raws: RPCClient[] = [];

async function responseServer(port = 0) {
  const app = Fastify();
  app.post('/*', async (req) => {
    received.push({ path: req.url, body: req.body });
    return { status_code: 1000, status_message: 'Success', timestamp: new Date().toISOString() };
  });
  await app.listen({ port, host: '127.0.0.1' });
  const p = (app.server.address() as { port: number }).port;
  return { app, base: `http://127.0.0.1:${p}`, port: p };
}

beforeAll(async () => {
  const ocppApp = await startOcppApp({ ROAMING_PARTY_ID: 'AAA' });
  const http = ocppApp.url.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  ocppApp.config.publicUrl = http;
  a = Object.assign(ocppApp, { http });
  b = await roamingServer('BBB');
  ({ token: tokenB } = await registerEmspWith(
    { server: a, url: a.http, party: 'AAA' },
    { server: b, party: 'BBB' },
  ));
  partner = await responseServer();
  const [l] = await a.database.db
    .insert(locations)
    .values({
      name: 'Roaming site',
      zipCode: '1117',
      city: 'Budapest',
      street: 'Hunyadi János',
      addressType: 'út',
      houseNumber: '19',
      lat: 47.42902,
      lng: 19.03897,
    })
    .returning({ id: locations.id });
  site = l!.id;
}, 120_000);
afterAll(async () => {
  await Promise.all(raws.map((r) => r.close({ force: true })));
  await Promise.all([a?.close(), b?.close()]);
  await partner?.app.close();
});

const db = () => a.database.db;

/** Polls (bounded): generous, as a loaded 2-core machine may be slow to get there. */
const until = <T>(fn: () => Promise<T> | T, ms = 30_000) => untilWithin(fn, ms);

/** A charge point with one connector, its simulator connected; its location and EVSE uid. */
async function simCharger(id: string, status: 'Available' | 'Faulted' | 'Charging' = 'Available') {
  const { chargerIds } = await addChargePoint(db(), {
    id,
    key: KEY,
    connectors: 1,
    locationId: site,
  });
  const sim = a.sim({ id, connectors: [{ powerKw: 22, status }] });
  await sim.start();
  const expected = { Available: 'AVAILABLE', Faulted: 'ERROR', Charging: 'OCCUPIED' }[status];
  await until(async () => (await a.statuses(id))[0] === expected);
  return { sim, ...(await where(id, chargerIds[0]!)) };
}

/** A charger we script by hand (it rejects, or never answers, a RemoteStart). */
async function rawCharger(id: string, onRemoteStart: () => Promise<{ status: string }>) {
  const { chargerIds } = await addChargePoint(db(), {
    id,
    key: KEY,
    connectors: 1,
    locationId: site,
  });
  const cp = new RPCClient({
    endpoint: a.url,
    identity: id,
    protocols: ['ocpp1.6'],
    password: KEY,
    reconnect: false,
  } as never);
  cp.handle('RemoteStartTransaction', onRemoteStart);
  cp.handle('TriggerMessage', async () => ({ status: 'Rejected' }));
  raws.push(cp);
  await cp.connect();
  await cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
  await cp.call('StatusNotification', {
    connectorId: 1,
    errorCode: 'NoError',
    status: 'Available',
  });
  await until(async () => (await a.statuses(id))[0] === 'AVAILABLE');
  return where(id, chargerIds[0]!);
}

async function where(chargePointId: string, chargerId: number) {
  const [cp] = await db()
    .select({ locationId: chargePoints.locationId })
    .from(chargePoints)
    .where(eq(chargePoints.id, chargePointId));
  return {
    chargePointId,
    chargerId,
    locationId: String(cp!.locationId),
    evseUid: `HU*AAA*E${chargerId}`,
  };
}

/** A token of B's app users: not whitelisted, so only the command authorizes it. */
const appToken = (uid: string, extra: Record<string, unknown> = {}) => ({
  country_code: 'HU',
  party_id: 'BBB',
  uid,
  type: 'APP_USER',
  contract_id: `HU-BBB-${uid}`,
  issuer: 'Server B',
  valid: true,
  whitelist: 'NEVER',
  last_updated: '2026-11-24T09:00:00Z',
  ...extra,
});

let urls = 0;
const responseUrl = (base = partner.base) => `${base}/commands/result/${++urls}`;

const command = (name: string, body: unknown) =>
  ocpi(`${a.http}/ocpi/2.2.1/commands/${name}`, tokenB, { method: 'POST', body });

const resultsAt = (url: string) =>
  received.filter((r) => url.endsWith(r.path)).map((r) => r.body as { result: string });

const remoteStarts = async (idTag: string) =>
  (
    await db()
      .select({ id: ocppFrames.id })
      .from(ocppFrames)
      .where(
        and(
          eq(ocppFrames.action, 'RemoteStartTransaction'),
          eq(ocppFrames.direction, 'out'),
          sql`${ocppFrames.payload}->>'idTag' = ${idTag}`,
        ),
      )
  ).length;

const commandRow = async (url: string) => {
  const [row] = await db()
    .select()
    .from(roamingCommands)
    .where(eq(roamingCommands.responseUrl, url));
  return row ?? null;
};

const transactionOf = async (idTag: string) => {
  const [tx] = await db().select().from(ocppTransactions).where(eq(ocppTransactions.idTag, idTag));
  return tx ?? null;
};

/** The durable loop's round, run by hand (as a second replica would). */
const round = () => commandRound(commandDepsOf(a.app, { db: db(), config: a.config }));

// Generous limits: the tests wait (bounded polls) on real chargers and HTTP on a loaded machine.
describe('the Commands Receiver interface', { timeout: 120_000 }, () => {
  it('is listed in the version details as RECEIVER', async () => {
    const details = await ocpi(`${a.http}/ocpi/2.2.1`, tokenB);
    expect((details.json.data as { endpoints: unknown[] }).endpoints).toContainEqual({
      identifier: 'commands',
      role: 'RECEIVER',
      url: `${a.http}/ocpi/2.2.1/commands`,
    });
  });

  it('START_SESSION: RemoteStart with the token uid, the session starts authorized, ACCEPTED posted once', async () => {
    const at = await simCharger('CMD-START');
    const url = responseUrl();
    const res = await command('START_SESSION', {
      response_url: url,
      token: appToken('APPUSER0001'),
      location_id: at.locationId,
      evse_uid: at.evseUid,
      connector_id: '1',
      authorization_reference: 'AUTH-REF-1',
    });
    expect(res.json, JSON.stringify(res.json)).toMatchObject({
      status_code: 1000,
      data: { result: 'ACCEPTED', timeout: a.config.roaming.commandTimeoutSec },
    });
    expect(res.headers.get('ocpi-to-party-id')).toBe('BBB');

    await until(() => resultsAt(url).length > 0);
    expect(resultsAt(url)).toEqual([{ result: 'ACCEPTED' }]);
    const tx = await until(() => transactionOf('APPUSER0001'));
    expect(tx.chargePointId).toBe('CMD-START');
    // Our central system accepted the idTag at StartTransaction (the sim would stop otherwise).
    expect(tx.idTagStatus).toBe('Accepted');
    expect(await remoteStarts('APPUSER0001')).toBe(1);

    // The Sessions module's join: the command behind the transaction, with the eMSP's reference.
    const behind = await startCommandFor(db(), tx);
    expect(behind).toMatchObject({
      authorizationReference: 'AUTH-REF-1',
      tokenCountryCode: 'HU',
      tokenPartyId: 'BBB',
      idTag: 'APPUSER0001',
      tokenType: 'APP_USER',
    });
    // The token is kept for the sessions of this driver.
    const [copy] = await db()
      .select()
      .from(roamingTokens)
      .where(eq(roamingTokens.uidKey, 'APPUSER0001'));
    expect(copy?.type).toBe('APP_USER');

    // Later rounds (this replica's or another's) post nothing again.
    await Promise.all([round(), round()]);
    expect(resultsAt(url)).toHaveLength(1);

    // The transaction became the partner's OCPI Session, started by its command.
    const session = await until(
      async () =>
        (
          await db()
            .select()
            .from(roamingSessions)
            .where(eq(roamingSessions.ocppTransactionId, tx.id))
        )[0],
    );
    expect(session).toMatchObject({
      authMethod: 'COMMAND',
      authorizationReference: 'AUTH-REF-1',
    });

    // STOP_SESSION of that session, by its OCPI session id.
    const stopUrl = responseUrl();
    const stop = await command('STOP_SESSION', {
      response_url: stopUrl,
      session_id: session.id,
    });
    expect(stop.json.data).toMatchObject({ result: 'ACCEPTED' });
    await until(async () => (await transactionOf('APPUSER0001'))?.stoppedAt);
    expect((await transactionOf('APPUSER0001'))!.stopReason).toBe('Remote');
    await until(() => resultsAt(stopUrl).length > 0);
    expect(resultsAt(stopUrl)).toEqual([{ result: 'ACCEPTED' }]);
  });

  it('a replayed START_SESSION (same response_url) sends one RemoteStart and posts one result', async () => {
    const at = await simCharger('CMD-REPLAY');
    const url = responseUrl();
    const body = {
      response_url: url,
      token: appToken('APPUSER0002'),
      location_id: at.locationId,
      evse_uid: at.evseUid,
    };
    const answers = await Promise.all([1, 2, 3].map(() => command('START_SESSION', body)));
    for (const r of answers) expect(r.json.data).toMatchObject({ result: 'ACCEPTED' });
    await until(() => resultsAt(url).length > 0);
    await until(() => transactionOf('APPUSER0002'));
    const again = await command('START_SESSION', body);
    expect(again.json.data).toMatchObject({ result: 'ACCEPTED' });
    await Promise.all([round(), round()]);
    expect(await remoteStarts('APPUSER0002')).toBe(1);
    expect(resultsAt(url)).toEqual([{ result: 'ACCEPTED' }]);
    const rows = await db()
      .select({ id: roamingCommands.id })
      .from(roamingCommands)
      .where(eq(roamingCommands.responseUrl, url));
    expect(rows).toHaveLength(1);
  });

  it('the charger rejects the RemoteStart: REJECTED is posted', async () => {
    const at = await rawCharger('CMD-REJECT', async () => ({ status: 'Rejected' }));
    const url = responseUrl();
    const res = await command('START_SESSION', {
      response_url: url,
      token: appToken('APPUSER0003'),
      location_id: at.locationId,
      evse_uid: at.evseUid,
    });
    expect(res.json.data).toMatchObject({ result: 'ACCEPTED' });
    await until(() => resultsAt(url).length > 0);
    expect(resultsAt(url)).toMatchObject([{ result: 'REJECTED' }]);
  });

  it('a faulted or busy connector: EVSE_INOPERATIVE / EVSE_OCCUPIED, nothing sent to the charger', async () => {
    for (const [id, status, result, uid] of [
      ['CMD-FAULT', 'Faulted', 'EVSE_INOPERATIVE', 'APPUSER0004'],
      ['CMD-BUSY', 'Charging', 'EVSE_OCCUPIED', 'APPUSER0014'],
    ] as const) {
      const at = await simCharger(id, status);
      const url = responseUrl();
      const res = await command('START_SESSION', {
        response_url: url,
        token: appToken(uid),
        location_id: at.locationId,
        evse_uid: at.evseUid,
      });
      expect(res.json.data).toMatchObject({ result: 'ACCEPTED' });
      await until(() => resultsAt(url).length > 0);
      expect(resultsAt(url)).toMatchObject([{ result }]);
      expect(await remoteStarts(uid)).toBe(0);
    }
  });

  it('an unknown EVSE or location is REJECTED at once, with nothing stored or sent', async () => {
    const at = await simCharger('CMD-UNKNOWN');
    for (const [location, evse] of [
      [at.locationId, 'HU*AAA*E999999'],
      [at.locationId, 'HU*ZZZ*E1'],
      ['999999', at.evseUid],
    ] as const) {
      const url = responseUrl();
      const res = await command('START_SESSION', {
        response_url: url,
        token: appToken('APPUSER0005'),
        location_id: location,
        evse_uid: evse,
      });
      expect(res.json.status_code).toBe(1000);
      expect(res.json.data).toMatchObject({ result: 'REJECTED' });
      expect(await commandRow(url)).toBeNull();
    }
    expect(await remoteStarts('APPUSER0005')).toBe(0);
  });

  it('a token of another party is refused (403 / 2000) and nothing is stored', async () => {
    const at = await simCharger('CMD-PARTY');
    const url = responseUrl();
    const res = await command('START_SESSION', {
      response_url: url,
      token: appToken('APPUSER0006', { party_id: 'CCC', contract_id: 'HU-CCC-1' }),
      location_id: at.locationId,
      evse_uid: at.evseUid,
    });
    expect(res.status).toBe(403);
    expect(res.json.status_code).toBe(2000);
    expect(await commandRow(url)).toBeNull();
    expect(await remoteStarts('APPUSER0006')).toBe(0);
  });

  it('STOP_SESSION of an unknown session, or of a session that is not the partner’s: UNKNOWN_SESSION', async () => {
    await simCharger('CMD-OTHER');
    const [ours] = await db()
      .insert(ocppTransactions)
      .values({
        chargePointId: 'CMD-OTHER',
        connectorId: 1,
        idTag: 'OUR-OWN-DRIVER',
        idTagStatus: 'Accepted',
        meterStartWh: 0,
        startedAt: new Date(),
      })
      .returning({ id: ocppTransactions.id });
    for (const sessionId of ['999999', String(ours!.id), 'not-a-number', randomUUID()]) {
      const url = responseUrl();
      const res = await command('STOP_SESSION', { response_url: url, session_id: sessionId });
      expect(res.json.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
      expect(await commandRow(url)).toBeNull();
    }
  });

  it('RESERVE_NOW and CANCEL_RESERVATION are NOT_SUPPORTED; an unknown command is an error', async () => {
    const reserve = await command('RESERVE_NOW', {
      response_url: responseUrl(),
      token: appToken('APPUSER0007'),
      expiry_date: '2026-11-24T12:00:00Z',
      reservation_id: '1',
      location_id: '1',
    });
    expect(reserve.json).toMatchObject({
      status_code: 1000,
      data: { result: 'NOT_SUPPORTED', timeout: a.config.roaming.commandTimeoutSec },
    });
    const cancel = await command('CANCEL_RESERVATION', {
      response_url: responseUrl(),
      reservation_id: '1',
    });
    expect(cancel.json.data).toMatchObject({ result: 'NOT_SUPPORTED' });
    const unknown = await command('SELF_DESTRUCT', {});
    expect(unknown.json.status_code).toBe(2001);
  });

  it('UNLOCK_CONNECTOR sends UnlockConnector and posts ACCEPTED', async () => {
    const at = await simCharger('CMD-UNLOCK');
    const url = responseUrl();
    const res = await command('UNLOCK_CONNECTOR', {
      response_url: url,
      location_id: at.locationId,
      evse_uid: at.evseUid,
      connector_id: '1',
    });
    expect(res.json.data).toMatchObject({ result: 'ACCEPTED' });
    await until(() => resultsAt(url).length > 0);
    expect(resultsAt(url)).toEqual([{ result: 'ACCEPTED' }]);
  });

  it('a result post to a partner that is down is retried and delivered once', async () => {
    const at = await simCharger('CMD-DOWN');
    const port = await closedPort();
    const url = responseUrl(`http://127.0.0.1:${port}`);
    const res = await command('START_SESSION', {
      response_url: url,
      token: appToken('APPUSER0008'),
      location_id: at.locationId,
      evse_uid: at.evseUid,
    });
    expect(res.json.data).toMatchObject({ result: 'ACCEPTED' });
    const failed = await until(async () => {
      const row = await commandRow(url);
      return row && row.postAttempts >= 1 && row.lastPostError ? row : null;
    });
    expect(failed.postedAt).toBeNull();
    expect(failed.result).toBe('ACCEPTED');

    // The partner comes back: the loop's next try (after its back-off) delivers, once.
    const back = await responseServer(port);
    try {
      const done = await until(async () => (await commandRow(url))?.postedAt, 60_000);
      expect(done).toBeInstanceOf(Date);
      await Promise.all([round(), round()]);
      expect(resultsAt(url)).toEqual([{ result: 'ACCEPTED' }]);
    } finally {
      await back.app.close();
    }
  });

  it('a charger that never answers: TIMEOUT is posted after the timeout announced', async () => {
    const at = await rawCharger('CMD-SILENT', () => new Promise(() => {}));
    const saved = a.config.roaming.commandTimeoutSec;
    a.config.roaming.commandTimeoutSec = 5;
    try {
      const url = responseUrl();
      const res = await command('START_SESSION', {
        response_url: url,
        token: appToken('APPUSER0009'),
        location_id: at.locationId,
        evse_uid: at.evseUid,
      });
      expect(res.json.data).toEqual({ result: 'ACCEPTED', timeout: 5 });
      await until(() => resultsAt(url).length > 0);
      expect(resultsAt(url)).toMatchObject([{ result: 'TIMEOUT' }]);
    } finally {
      a.config.roaming.commandTimeoutSec = saved;
    }
  });

  it('commands left by a stopped server: one never sent is sent by the loop, one whose answer was lost gets TIMEOUT', async () => {
    const at = await simCharger('CMD-LEFT');
    const [partnerRow] = await db()
      .select({ id: roamingPartners.id })
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'BBB'));
    const stored = async (uid: string) => {
      const url = responseUrl();
      const { row } = await insertCommand(db(), {
        partnerId: partnerRow!.id,
        command: 'START_SESSION',
        request: { uid },
        responseUrl: url,
        response: { result: 'ACCEPTED', timeout: 30 },
        chargerId: at.chargerId,
        chargePointId: at.chargePointId,
        connectorId: 1,
        deadlineAt: new Date(Date.now() + 30_000),
        idTag: uid,
        token: appToken(uid) as Token,
      });
      return { url, row };
    };
    const neverSent = await stored('APPUSER0010');
    // Sent by a replica that stopped waiting for the charger long ago (stored as it left it,
    // so no loop can take it for a PENDING one meanwhile).
    const lostUrl = responseUrl();
    await db()
      .insert(roamingCommands)
      .values({
        partnerId: partnerRow!.id,
        command: 'START_SESSION',
        request: { uid: 'APPUSER0011' },
        responseUrl: lostUrl,
        response: { result: 'ACCEPTED', timeout: 30 },
        chargerId: at.chargerId,
        chargePointId: at.chargePointId,
        connectorId: 1,
        idTag: 'APPUSER0011',
        idTagKey: 'APPUSER0011',
        status: 'SENDING',
        sentAt: new Date(Date.now() - 90_000),
        deadlineAt: new Date(Date.now() - 60_000),
      });
    const lost = { url: lostUrl };

    await Promise.all([round(), round()]);
    await until(() => resultsAt(neverSent.url).length > 0 && resultsAt(lost.url).length > 0);
    await round();
    expect(resultsAt(neverSent.url)).toEqual([{ result: 'ACCEPTED' }]);
    expect(await remoteStarts('APPUSER0010')).toBe(1);
    await until(() => transactionOf('APPUSER0010'));
    expect(resultsAt(lost.url)).toMatchObject([{ result: 'TIMEOUT' }]);
    expect(await remoteStarts('APPUSER0011')).toBe(0);
  });
});
