import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import {
  charges,
  ocpiCallLog,
  ocppIdTags,
  roamingPartners,
  users,
} from '../../../db/schema/index.js';
import { addChargePoint } from '../../ocpp/registry.js';
import { KEY, startOcppApp, type OcppTestApp } from '../../ocpp/test-helpers.js';
import { ocpi, registerEmspWith, roamingServer } from '../test-helpers.js';
import type { TestApp } from '../../../test/app.js';

// Server A (HU/AAA) is the CPO with an OCPP charger; servers B (HU/BBB) and C (HU/CCC) register
// with it as eMSPs through the real credentials handshake and push their drivers' tokens.
type Server = TestApp & { url: string };
let a: OcppTestApp & { http: string };
let b: Server;
let c: Server;
/** The tokens B and C call A with. */
let tokenB: string;
let tokenC: string;
let cp: RPCClient;
let chargerIds: number[];

async function registerWithA(emsp: Server, party: string): Promise<string> {
  const { token } = await registerEmspWith(
    { server: a, url: a.http, party: 'AAA' },
    { server: emsp, party },
  );
  return token;
}

beforeAll(async () => {
  const ocppApp = await startOcppApp({ ROAMING_PARTY_ID: 'AAA' });
  const http = ocppApp.url.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  ocppApp.config.publicUrl = http;
  a = Object.assign(ocppApp, { http });
  [b, c] = await Promise.all([roamingServer('BBB'), roamingServer('CCC')]);
  tokenB = await registerWithA(b, 'BBB');
  tokenC = await registerWithA(c, 'CCC');
  ({ chargerIds } = await addChargePoint(a.database.db, {
    id: 'ROAM-CP',
    key: KEY,
    connectors: 1,
  }));
  cp = new RPCClient({
    endpoint: a.url,
    identity: 'ROAM-CP',
    protocols: ['ocpp1.6'],
    password: KEY,
    reconnect: false,
  } as never);
  await cp.connect();
});
afterAll(async () => {
  await cp?.close({ force: true });
  await Promise.all([a?.close(), b?.close(), c?.close()]);
});

const url = (party: string, uid: string, query = '') =>
  `${a.http}/ocpi/2.2.1/tokens/HU/${party}/${uid}${query}`;

const card = (uid: string, extra: Record<string, unknown> = {}) => ({
  country_code: 'HU',
  party_id: 'BBB',
  uid,
  type: 'RFID',
  contract_id: 'HU-BBB-C12345678-X',
  visual_number: 'BBB 0001',
  issuer: 'Server B',
  valid: true,
  whitelist: 'ALLOWED',
  last_updated: '2026-11-24T09:00:00Z',
  ...extra,
});

const authorize = async (idTag: string) =>
  ((await cp.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;

describe('the Tokens Receiver interface', () => {
  it('is listed in the version details as RECEIVER', async () => {
    const details = await ocpi(`${a.http}/ocpi/2.2.1`, tokenB);
    expect((details.json.data as { endpoints: unknown[] }).endpoints).toContainEqual({
      identifier: 'tokens',
      role: 'RECEIVER',
      url: `${a.http}/ocpi/2.2.1/tokens`,
    });
  });

  it("stores a partner's RFID card, authorizes it at our charger, and blocks it after a PATCH", async () => {
    expect(await authorize('04AABBCC11')).toBe('Invalid');

    const put = await ocpi(url('BBB', '04AABBCC11'), tokenB, {
      method: 'PUT',
      body: card('04AABBCC11'),
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json.status_code).toBe(1000);
    expect(put.headers.get('ocpi-to-party-id')).toBe('BBB');

    const got = await ocpi(url('BBB', '04AABBCC11', '?type=RFID'), tokenB);
    expect(got.json).toMatchObject({ status_code: 1000, data: card('04AABBCC11') });

    // OCPP idTags are case-insensitive: the charger may report the uid in lower case.
    expect(await authorize('04AABBCC11')).toBe('Accepted');
    expect(await authorize('04aabbcc11')).toBe('Accepted');

    const patch = await ocpi(url('BBB', '04AABBCC11'), tokenB, {
      method: 'PATCH',
      body: { valid: false, last_updated: '2026-11-24T10:00:00Z' },
    });
    expect(patch.json.status_code, JSON.stringify(patch.json)).toBe(1000);
    expect(await authorize('04AABBCC11')).toBe('Blocked');
    const after = await ocpi(url('BBB', '04AABBCC11'), tokenB);
    expect(after.json.data).toEqual(
      card('04AABBCC11', { valid: false, last_updated: '2026-11-24T10:00:00Z' }),
    );

    // A PUT making it valid again is obeyed; a NEVER whitelist is asked of B in real time, and
    // B (whose drivers' tokens are APP_USER) does not know the card: refused.
    await ocpi(url('BBB', '04AABBCC11'), tokenB, { method: 'PUT', body: card('04AABBCC11') });
    expect(await authorize('04AABBCC11')).toBe('Accepted');
    await ocpi(url('BBB', '04AABBCC11'), tokenB, {
      method: 'PATCH',
      body: { whitelist: 'NEVER', last_updated: '2026-11-24T10:05:00Z' },
    });
    expect(await authorize('04AABBCC11')).toBe('Invalid');
  });

  it('answers an unknown uid Invalid, and only RFID tokens authorize at a charger', async () => {
    expect(await authorize('NO-SUCH-CARD')).toBe('Invalid');
    const app = await ocpi(url('BBB', 'APPUSER1', '?type=APP_USER'), tokenB, {
      method: 'PUT',
      body: card('APPUSER1', { type: 'APP_USER' }),
    });
    expect(app.json.status_code).toBe(1000);
    expect(await authorize('APPUSER1')).toBe('Invalid');
    // The same uid as RFID is another token.
    expect((await ocpi(url('BBB', 'APPUSER1'), tokenB)).json.status_code).toBe(2004);
  });

  it("answers our own drivers' tags as before: the charging module is asked first", async () => {
    await a.database.db.insert(ocppIdTags).values({ idTag: 'OWN-TAG', status: 'Blocked' });
    await ocpi(url('BBB', 'OWN-TAG'), tokenB, { method: 'PUT', body: card('OWN-TAG') });
    expect(await authorize('OWN-TAG')).toBe('Blocked');

    // An ended charge of ours whose idTag a partner card happens to share stays refused.
    const [user] = await a.database.db
      .insert(users)
      .values({ email: 'driver@example.hu' })
      .returning({ id: users.id });
    await a.database.db.insert(charges).values({
      userId: user!.id,
      chargerId: chargerIds[0]!,
      status: 'FINISHED',
      paymentMethod: 'free',
      idTag: 'SHAREDUID1',
      freeCharging: true,
      unitChargingGross: 0,
      convenienceFeeGross: 0,
      parkingEnabled: false,
      minutesAfterParkingStart: 0,
      unitParkingGross: 0,
    });
    await ocpi(url('BBB', 'SHAREDUID1'), tokenB, { method: 'PUT', body: card('SHAREDUID1') });
    expect(await authorize('SHAREDUID1')).toBe('Invalid');
  });

  it("refuses another partner's writes and reads of B's tokens, and a token in C's name", async () => {
    await ocpi(url('BBB', 'CARD-B-2'), tokenB, { method: 'PUT', body: card('CARD-B-2') });
    const put = await ocpi(url('BBB', 'CARD-B-2'), tokenC, {
      method: 'PUT',
      body: card('CARD-B-2', { valid: false }),
    });
    expect(put.status).toBe(403);
    expect(put.json.status_code).toBe(2000);
    const patch = await ocpi(url('BBB', 'CARD-B-2'), tokenC, {
      method: 'PATCH',
      body: { valid: false, last_updated: '2026-11-24T10:00:00Z' },
    });
    expect(patch.status).toBe(403);
    expect((await ocpi(url('BBB', 'CARD-B-2'), tokenC)).status).toBe(403);
    expect(await authorize('CARD-B-2')).toBe('Accepted');

    // C may write its own party's tokens, but not with B's ids in the body.
    const mixed = await ocpi(url('CCC', 'CARD-C-1'), tokenC, {
      method: 'PUT',
      body: card('CARD-C-1'),
    });
    expect(mixed.json.status_code).toBe(2001);
    const own = await ocpi(url('CCC', 'CARD-C-1'), tokenC, {
      method: 'PUT',
      body: card('CARD-C-1', { party_id: 'CCC' }),
    });
    expect(own.json.status_code).toBe(1000);
    expect(await authorize('CARD-C-1')).toBe('Accepted');

    // Were C's credentials to declare B's party too, B's stored cards would still not be C's.
    const [cRow] = await a.database.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'CCC'));
    const roles = [
      ...(cRow!.roles as object[]),
      { role: 'EMSP', country_code: 'HU', party_id: 'BBB', business_details: { name: 'C' } },
    ];
    await a.database.db
      .update(roamingPartners)
      .set({ roles })
      .where(eq(roamingPartners.id, cRow!.id));
    const hijack = await ocpi(url('BBB', 'CARD-B-2'), tokenC, {
      method: 'PUT',
      body: card('CARD-B-2', { valid: false }),
    });
    expect(hijack.status).toBe(403);
    const hijackPatch = await ocpi(url('BBB', 'CARD-B-2'), tokenC, {
      method: 'PATCH',
      body: { valid: false, last_updated: '2026-11-24T10:00:00Z' },
    });
    expect(hijackPatch.json.status_code).toBe(2004);
    expect((await ocpi(url('BBB', 'CARD-B-2'), tokenC)).json.status_code).toBe(2004);
    expect(await authorize('CARD-B-2')).toBe('Accepted');
    expect((await ocpi(url('BBB', 'CARD-B-2'), tokenB)).json.data).toEqual(card('CARD-B-2'));
  });

  it('refuses bad bodies and parameters with 2001, unknown tokens with 2004, and no token with 401', async () => {
    const bad = [
      { body: { ...card('BAD-1'), valid: 'yes' } },
      { body: { ...card('BAD-1'), whitelist: 'SOMETIMES' } },
      { body: card('BAD-1', { uid: 'OTHER-UID' }) },
      { body: [1, 2] },
      { rawBody: 'null' },
    ];
    for (const b of bad) {
      const res = await ocpi(url('BBB', 'BAD-1'), tokenB, { method: 'PUT', ...b });
      expect(res.status, JSON.stringify(b)).toBeLessThan(500);
      expect(res.json.status_code, JSON.stringify(b)).toBe(2001);
    }
    const badType = await ocpi(url('BBB', 'BAD-1', '?type=CARD'), tokenB);
    expect(badType.json.status_code).toBe(2001);
    const broken = await ocpi(url('BBB', 'BAD-1'), tokenB, { method: 'PUT', rawBody: '{"uid":' });
    expect(broken.status).toBe(400);
    expect(broken.json.status_code).toBe(2001);
    const noDate = await ocpi(url('BBB', 'CARD-B-2'), tokenB, {
      method: 'PATCH',
      body: { valid: false },
    });
    expect(noDate.json.status_code).toBe(2001);
    const unknown = await ocpi(url('BBB', 'NOT-SENT'), tokenB, {
      method: 'PATCH',
      body: { valid: false, last_updated: '2026-11-24T10:00:00Z' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.status_code).toBe(2004);
    expect((await ocpi(url('BBB', 'BAD-1'), null)).status).toBe(401);
    expect(await authorize('BAD-1')).toBe('Invalid');
  });

  it('logs every call with its module', async () => {
    const rows = await a.database.db
      .select({ method: ocpiCallLog.method })
      .from(ocpiCallLog)
      .where(eq(ocpiCallLog.module, 'tokens'));
    expect(rows.some((r) => r.method === 'PUT')).toBe(true);
    expect(rows.some((r) => r.method === 'PATCH')).toBe(true);
  });
});
