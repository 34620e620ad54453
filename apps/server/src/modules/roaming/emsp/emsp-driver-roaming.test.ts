import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import type { Session } from '@voltpark/contract/ocpi/sessions';
import type { AuthorizationInfo, Token } from '@voltpark/contract/ocpi/tokens';
import {
  ledgerEntries,
  pointsLedger,
  roamingEmspCdrs,
  roamingPartners,
  roamingEmspTokens,
  users,
} from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/app.js';
import { createActiveUser } from '../../../test/users.js';
import { createGateway } from '../../payments/gateway.js';
import { holdWallet } from '../../payments/holds.js';
import { creditWallet, walletBalance, walletLedgerSum } from '../../payments/ledger.js';
import { cli, ocpi, roamingServer } from '../test-helpers.js';
import { driverSessionEvents, type DriverRoamingSession } from './driver-sessions-events.js';
import { billPendingRoamingCdrs } from './cdr-billing-retry.js';
import { storeDriverCdr } from './driver-cdrs-store.js';
import { liveRoamingSessionsOf } from './driver-sessions-store.js';
import { startFakeCpo, type FakeCpo } from './test-fake-cpo.js';

// We (HU/VPK) are the eMSP with a 10 % roaming fee; partner CPOs AT/PCP and AT/OTH call our
// eMSP interfaces with the tokens we gave them in the real handshake.
let us: TestApp & { url: string };
let pcp: FakeCpo;
let oth: FakeCpo;
const driver = { rich: 0, broke: 0, deleted: 0 };

async function register(cpo: FakeCpo) {
  const r = await cli(
    us,
    'register',
    '--versions-url',
    `${cpo.url}/ocpi/versions`,
    `--token=${cpo.tokenA}`,
    '--country',
    cpo.countryCode,
    '--party',
    cpo.partyId,
    '--role',
    'CPO',
    '--name',
    `CPO ${cpo.partyId}`,
  );
  if (r.code !== 0) throw new Error(r.text);
}

const topUp = (userId: number, amount: number) =>
  us.database.db.transaction((tx) =>
    creditWallet(tx, { userId, amount, kind: 'topup', cause: `test:topup:${userId}` }),
  );

beforeAll(async () => {
  [us, pcp, oth] = await Promise.all([
    roamingServer('VPK', { ROAMING_FEE_PERCENT: '10' }),
    startFakeCpo({ countryCode: 'AT', partyId: 'PCP', locations: 0 }),
    startFakeCpo({ countryCode: 'AT', partyId: 'OTH', locations: 0 }),
  ]);
  await register(pcp);
  await register(oth);
  const db = us.database.db;
  driver.rich = (await createActiveUser(db, 'rich@example.com')).id;
  driver.broke = (await createActiveUser(db, 'broke@example.com')).id;
  driver.deleted = (await createActiveUser(db, 'gone@example.com')).id;
  await topUp(driver.rich, 10_000);
  await topUp(driver.deleted, 10_000);
  // A casual (guest) user and one who never activated get no token.
  await db
    .insert(users)
    .values([
      { email: 'guest@example.com', activatedAt: new Date(), casualUser: true },
      { email: 'new@example.com' },
    ]);
});
afterAll(async () => {
  await us?.close();
  await Promise.all([pcp?.close(), oth?.close()]);
});

const api = (path: string) => `${us.url}/ocpi/2.2.1/emsp/${path}`;
const call = (cpo: FakeCpo, url: string, method = 'GET', body?: unknown) =>
  ocpi(url, cpo.ourToken!, { method, ...(body === undefined ? {} : { body }) });

async function tokenOf(userId: number): Promise<Token> {
  const list = await call(pcp, api('tokens?limit=500'));
  const [row] = await us.database.db
    .select()
    .from(roamingEmspTokens)
    .where(eq(roamingEmspTokens.userId, userId));
  const t = (list.json.data as Token[]).find((x) => x.uid === row?.uid);
  if (!t) throw new Error(`no token for user ${userId}`);
  return t;
}

describe('Tokens Sender: our drivers’ tokens', () => {
  it('lists one APP_USER token per active driver, paged, with an opaque uid and an eMAID', async () => {
    const first = await call(pcp, api('tokens?limit=2'));
    expect(first.json.status_code, JSON.stringify(first.json)).toBe(1000);
    expect(first.headers.get('x-total-count')).toBe('3');
    const page1 = first.json.data as Token[];
    expect(page1).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toContain('/ocpi/2.2.1/emsp/tokens?offset=2&limit=2');
    const second = await call(pcp, next!);
    const page2 = second.json.data as Token[];
    expect(page2).toHaveLength(1);
    expect(second.headers.get('link')).toBeNull();
    const all = [...page1, ...page2];
    expect(new Set(all.map((t) => t.uid)).size).toBe(3);
    for (const t of all) {
      expect(t).toMatchObject({
        country_code: 'HU',
        party_id: 'VPK',
        type: 'APP_USER',
        issuer: 'Voltpark',
        valid: true,
        whitelist: 'NEVER',
      });
      expect(t.contract_id).toMatch(/^HU-VPK-C[A-Z0-9]{8}$/);
      expect(t.uid).not.toContain('@');
      expect(Object.values(driver).map(String)).not.toContain(t.uid);
    }
    // A second read keeps the same tokens.
    const again = (await call(pcp, api('tokens'))).json.data as Token[];
    expect(again.map((t) => t.uid).sort()).toEqual(all.map((t) => t.uid).sort());
  });

  it('marks a deleted driver’s token not valid, and a date_from pull finds only that change', async () => {
    const before = await tokenOf(driver.deleted);
    const since = new Date(Date.now() - 1000).toISOString().slice(0, 19) + 'Z';
    await us.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, driver.deleted));
    const after = await tokenOf(driver.deleted);
    expect(after).toMatchObject({ uid: before.uid, valid: false });
    const changed = (await call(pcp, api(`tokens?date_from=${since}`))).json.data as Token[];
    expect(changed.map((t) => t.uid)).toContain(before.uid);
  });

  it('refuses a partner that is not a registered CPO', async () => {
    const r = await ocpi(api('tokens'), 'not-a-token');
    expect(r.status).toBe(401);
  });
});

describe('real-time authorization', () => {
  const authorize = async (uid: string, type = 'APP_USER', body?: unknown) =>
    call(pcp, api(`tokens/${uid}/authorize?type=${type}`), 'POST', body);

  it('allows a driver who can pay, with a new authorization_reference each time', async () => {
    const t = await tokenOf(driver.rich);
    const a = await authorize(t.uid, 'APP_USER', { location_id: 'LOC-1', evse_uids: ['E1'] });
    expect(a.json.status_code, JSON.stringify(a.json)).toBe(1000);
    const info = a.json.data as AuthorizationInfo;
    expect(info).toMatchObject({ allowed: 'ALLOWED', token: { uid: t.uid, valid: true } });
    expect(info.location).toEqual({ location_id: 'LOC-1', evse_uids: ['E1'] });
    const b = (await authorize(t.uid.toLowerCase())).json.data as AuthorizationInfo;
    expect(b.allowed).toBe('ALLOWED');
    expect(b.authorization_reference).toBeTruthy();
    expect(b.authorization_reference).not.toBe(info.authorization_reference);
  });

  it('answers NO_CREDIT to a driver with neither a card nor enough in the wallet', async () => {
    const t = await tokenOf(driver.broke);
    const a = (await authorize(t.uid)).json.data as AuthorizationInfo;
    expect(a.allowed).toBe('NO_CREDIT');
  });

  it('answers BLOCKED for a deleted driver’s token', async () => {
    const t = await tokenOf(driver.deleted);
    const a = (await authorize(t.uid)).json.data as AuthorizationInfo;
    expect(a).toMatchObject({ allowed: 'BLOCKED', token: { valid: false } });
  });

  it('answers 404 / 2004 to a token that is not ours (or asked as RFID)', async () => {
    const unknown = await authorize('NO-SUCH-TOKEN');
    expect(unknown.status).toBe(404);
    expect(unknown.json.status_code).toBe(2004);
    const t = await tokenOf(driver.rich);
    const asRfid = await call(pcp, api(`tokens/${t.uid}/authorize`), 'POST');
    expect(asRfid.json.status_code).toBe(2004);
  });
});

function session(uid: string, over: Partial<Session> = {}): Session {
  return {
    country_code: 'AT',
    party_id: 'PCP',
    id: 'SES-1',
    start_date_time: '2026-11-24T09:00:00Z',
    kwh: 0,
    cdr_token: {
      country_code: 'HU',
      party_id: 'VPK',
      uid,
      type: 'APP_USER',
      contract_id: 'HU-VPK-CX',
    },
    auth_method: 'AUTH_REQUEST',
    authorization_reference: 'REF-1',
    location_id: 'LOC-1',
    evse_uid: 'EVSE-1',
    connector_id: '1',
    currency: 'EUR',
    status: 'PENDING',
    last_updated: '2026-11-24T09:00:00Z',
    ...over,
  };
}

describe('Sessions Receiver', () => {
  it('stores a PUT, applies a PATCH, ignores a late PATCH, and announces our driver’s changes', async () => {
    const t = await tokenOf(driver.rich);
    const seen: DriverRoamingSession[] = [];
    const listen = (s: DriverRoamingSession) => seen.push(s);
    driverSessionEvents.on('changed', listen);
    try {
      const put = await call(pcp, api('sessions/AT/PCP/SES-1'), 'PUT', session(t.uid));
      expect(put.json.status_code, JSON.stringify(put.json)).toBe(1000);
      const patch = await call(pcp, api('sessions/AT/PCP/ses-1'), 'PATCH', {
        status: 'ACTIVE',
        kwh: 12.5,
        total_cost: { excl_vat: 4, incl_vat: 4.8 },
        last_updated: '2026-11-24T09:30:00Z',
      });
      expect(patch.json.status_code, JSON.stringify(patch.json)).toBe(1000);
      const late = await call(pcp, api('sessions/AT/PCP/SES-1'), 'PATCH', {
        kwh: 3,
        last_updated: '2026-11-24T09:10:00Z',
      });
      expect(late.json.status_code).toBe(1000);
      const replay = await call(pcp, api('sessions/AT/PCP/SES-1'), 'PUT', session(t.uid));
      expect(replay.json.status_code).toBe(1000);

      const held = (await call(pcp, api('sessions/AT/PCP/SES-1'))).json.data as Session;
      expect(held).toMatchObject({ status: 'ACTIVE', kwh: 12.5, cdr_token: { uid: t.uid } });
      const live = await liveRoamingSessionsOf(us.database.db, driver.rich);
      expect(live).toEqual([
        expect.objectContaining({
          sessionId: 'SES-1',
          status: 'ACTIVE',
          kwh: 12.5,
          totalCost: 4.8,
        }),
      ]);
      expect(seen.map((s) => [s.status, s.kwh])).toEqual([
        ['PENDING', 0],
        ['ACTIVE', 12.5],
      ]);
    } finally {
      driverSessionEvents.off('changed', listen);
    }
  });

  it('answers an unknown session 404, and refuses another partner’s party (403 / 2000)', async () => {
    const unknown = await call(pcp, api('sessions/AT/PCP/NOPE'), 'PATCH', {
      kwh: 1,
      last_updated: '2026-11-24T09:00:00Z',
    });
    expect(unknown.status).toBe(404);
    const t = await tokenOf(driver.rich);
    const foreign = await call(oth, api('sessions/AT/PCP/SES-1'), 'PUT', session(t.uid));
    expect(foreign.status).toBe(403);
    expect(foreign.json.status_code).toBe(2000);
    const read = await call(oth, api('sessions/AT/PCP/SES-1'));
    expect(read.status).toBe(403);
    // Its own party does not reach PCP's session either.
    expect((await call(oth, api('sessions/AT/OTH/SES-1'))).status).toBe(404);
  });
});

function cdr(uid: string, id: string, over: Partial<Cdr> = {}): Cdr {
  return {
    country_code: 'AT',
    party_id: 'PCP',
    id,
    start_date_time: '2026-11-24T09:00:00Z',
    end_date_time: '2026-11-24T10:00:00Z',
    session_id: 'SES-1',
    cdr_token: {
      country_code: 'HU',
      party_id: 'VPK',
      uid,
      type: 'APP_USER',
      contract_id: 'HU-VPK-CX',
    },
    auth_method: 'AUTH_REQUEST',
    authorization_reference: 'REF-1',
    cdr_location: {
      id: 'LOC-1',
      address: 'Ring 1',
      city: 'Wien',
      country: 'AUT',
      coordinates: { latitude: '48.200000', longitude: '16.370000' },
      evse_uid: 'EVSE-1',
      evse_id: 'AT*PCP*E1',
      connector_id: '1',
      connector_standard: 'IEC_62196_T2',
      connector_format: 'SOCKET',
      connector_power_type: 'AC_3_PHASE',
    },
    currency: 'HUF',
    charging_periods: [
      { start_date_time: '2026-11-24T09:00:00Z', dimensions: [{ type: 'ENERGY', volume: 20 }] },
    ],
    total_cost: { excl_vat: 2000, incl_vat: 2540 },
    total_energy: 20,
    total_time: 1,
    last_updated: '2026-11-24T10:00:00Z',
    ...over,
  };
}

const cdrRows = (cdrId: string) =>
  us.database.db.select().from(roamingEmspCdrs).where(eq(roamingEmspCdrs.cdrId, cdrId));

async function captured(cause: string) {
  const rows = await us.database.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.cause, cause));
  return rows.filter((r) => r.kind === 'capture' || r.kind === 'debit');
}

describe('CDRs Receiver and billing', () => {
  const pay = () => ({
    db: us.database.db,
    config: us.config,
    gateway: createGateway(us.app, us.config),
  });

  it('stores a CDR once and bills the driver’s hold once: cost incl. VAT + 10 % fee', async () => {
    const t = await tokenOf(driver.rich);
    await holdWallet(pay(), { userId: driver.rich, amount: 5_000, cause: 'roaming:REF-1' });
    expect(await walletBalance(us.database.db, driver.rich)).toBe(5_000);

    const body = cdr(t.uid, 'CDR-1');
    const first = await call(pcp, api('cdrs'), 'POST', body);
    expect(first.json.status_code, JSON.stringify(first.json)).toBe(1000);
    const location = first.headers.get('location');
    expect(location).toMatch(new RegExp(`^${us.url}/ocpi/2\\.2\\.1/emsp/cdrs/\\d+$`));
    const second = await call(pcp, api('cdrs'), 'POST', body);
    expect(second.json.status_code).toBe(1000);
    expect(second.headers.get('location')).toBe(location);

    expect((await call(pcp, location!)).json.data).toEqual(body);
    expect((await call(oth, location!)).status).toBe(404);

    const rows = await cdrRows('CDR-1');
    expect(rows).toHaveLength(1);
    // 2540 Ft + 10 % = 2794 Ft: taken from the 5000 Ft hold, the rest given back.
    expect(rows[0]).toMatchObject({
      billing: 'BILLED',
      billedAmount: 2794,
      paidAmount: 2794,
      earnedPoints: 27,
    });
    expect(await walletBalance(us.database.db, driver.rich)).toBe(10_000 - 2794);
    expect(await walletLedgerSum(us.database.db, driver.rich)).toBe(10_000 - 2794);
    expect(await captured('roaming:REF-1')).toEqual([{ kind: 'capture', amount: -2794 }]);
    const points = await us.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, driver.rich));
    expect(points.map((p) => p.amount)).toEqual([27]);
  });

  it('stores a CDR of a token that is not ours, flagged and not billed', async () => {
    const r = await call(pcp, api('cdrs'), 'POST', cdr('SOMEONE-ELSE', 'CDR-X'));
    expect(r.json.status_code).toBe(1000);
    const [row] = await cdrRows('CDR-X');
    expect(row).toMatchObject({ billing: 'UNKNOWN_TOKEN', userId: null, billedAmount: null });
  });

  it('refuses a CDR of another party', async () => {
    const t = await tokenOf(driver.rich);
    const r = await call(oth, api('cdrs'), 'POST', cdr(t.uid, 'CDR-F'));
    expect(r.status).toBe(403);
    expect(await cdrRows('CDR-F')).toEqual([]);
  });

  it('bills once when the same CDR is posted twice at the same time', async () => {
    const t = await tokenOf(driver.rich);
    const startBalance = await walletBalance(us.database.db, driver.rich);
    await holdWallet(pay(), { userId: driver.rich, amount: 5_000, cause: 'roaming:REF-2' });
    const body = cdr(t.uid, 'CDR-2', {
      authorization_reference: 'REF-2',
      total_cost: { excl_vat: 800, incl_vat: 1000 },
    });
    const answers = await Promise.all([
      call(pcp, api('cdrs'), 'POST', body),
      call(pcp, api('cdrs'), 'POST', body),
    ]);
    expect(answers.map((a) => a.json.status_code)).toEqual([1000, 1000]);
    expect(await cdrRows('CDR-2')).toEqual([
      expect.objectContaining({ billing: 'BILLED', billedAmount: 1100, paidAmount: 1100 }),
    ]);
    expect(await walletBalance(us.database.db, driver.rich)).toBe(startBalance - 1100);
    expect(await walletLedgerSum(us.database.db, driver.rich)).toBe(startBalance - 1100);
    expect(await captured('roaming:REF-2')).toEqual([{ kind: 'capture', amount: -1100 }]);
    const roamingPoints = await us.database.db
      .select({ amount: pointsLedger.amount })
      .from(pointsLedger)
      .where(like(pointsLedger.cause, 'roaming-cdr:%'));
    // CDR-1's 27 points and CDR-2's 11, each once.
    expect(roamingPoints.map((p) => p.amount).sort()).toEqual([11, 27]);
  });

  it('debits the wallet once when a CDR without a hold is posted twice at the same time', async () => {
    const t = await tokenOf(driver.rich);
    const startBalance = await walletBalance(us.database.db, driver.rich);
    const body = cdr(t.uid, 'CDR-3', {
      authorization_reference: 'REF-NO-HOLD',
      total_cost: { excl_vat: 400, incl_vat: 500 },
    });
    const answers = await Promise.all([
      call(pcp, api('cdrs'), 'POST', body),
      call(pcp, api('cdrs'), 'POST', body),
    ]);
    expect(answers.map((a) => a.json.status_code)).toEqual([1000, 1000]);
    expect(await cdrRows('CDR-3')).toEqual([
      expect.objectContaining({ billing: 'BILLED', billedAmount: 550, paidAmount: 550 }),
    ]);
    expect(await walletBalance(us.database.db, driver.rich)).toBe(startBalance - 550);
    expect(await walletLedgerSum(us.database.db, driver.rich)).toBe(startBalance - 550);
    expect(await captured('roaming:REF-NO-HOLD')).toEqual([{ kind: 'debit', amount: -550 }]);
  });

  it('bills a CDR left PENDING (its billing at the POST failed) in the retry round, once', async () => {
    const t = await tokenOf(driver.rich);
    const startBalance = await walletBalance(us.database.db, driver.rich);
    const [partner] = await us.database.db
      .select({ id: roamingPartners.id })
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'PCP'));
    const stored = await storeDriverCdr(
      us.database.db,
      us.config,
      partner!.id,
      cdr(t.uid, 'CDR-4', {
        authorization_reference: 'REF-RETRY',
        total_cost: { excl_vat: 100, incl_vat: 100 },
      }),
    );
    expect(stored?.row.billing).toBe('PENDING');
    await Promise.all([
      billPendingRoamingCdrs(pay(), { olderThanMs: 0 }),
      billPendingRoamingCdrs(pay(), { olderThanMs: 0 }),
    ]);
    expect(await cdrRows('CDR-4')).toEqual([
      expect.objectContaining({ billing: 'BILLED', billedAmount: 110 }),
    ]);
    expect(await walletBalance(us.database.db, driver.rich)).toBe(startBalance - 110);
    expect(await billPendingRoamingCdrs(pay(), { olderThanMs: 0 })).toBe(0);
  });

  it('counts one hold for one CDR only when two CDRs name the same authorization_reference', async () => {
    const t = await tokenOf(driver.rich);
    const startBalance = await walletBalance(us.database.db, driver.rich);
    await holdWallet(pay(), { userId: driver.rich, amount: 5_000, cause: 'roaming:REF-SHARED' });
    const answers = await Promise.all([
      call(
        pcp,
        api('cdrs'),
        'POST',
        cdr(t.uid, 'CDR-5', { authorization_reference: 'REF-SHARED' }),
      ),
      call(
        pcp,
        api('cdrs'),
        'POST',
        cdr(t.uid, 'CDR-6', { authorization_reference: 'REF-SHARED' }),
      ),
    ]);
    expect(answers.map((a) => a.json.status_code)).toEqual([1000, 1000]);
    // Both are billed in full (2 × 2794 Ft): the hold pays one, the wallet the other.
    for (const id of ['CDR-5', 'CDR-6'])
      expect((await cdrRows(id))[0]).toMatchObject({ billing: 'BILLED', paidAmount: 2794 });
    expect(await walletBalance(us.database.db, driver.rich)).toBe(startBalance - 2 * 2794);
    expect(await walletLedgerSum(us.database.db, driver.rich)).toBe(startBalance - 2 * 2794);
  });
});
