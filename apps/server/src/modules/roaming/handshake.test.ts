import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app.js';
import { ocpiCallLog, roamingPartners } from '../../db/schema/index.js';
import { cli, closedPort, ocpi, roamingServer } from './test-helpers.js';

// Two of our own servers roaming with each other over real HTTP: A is HU/AAA, B is HU/BBB.
let a: TestApp & { url: string };
let b: TestApp & { url: string };
const seen = new Set<string>();

beforeAll(async () => {
  [a, b] = await Promise.all([roamingServer('AAA'), roamingServer('BBB')]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

async function partnerRow(t: TestApp, partyId: string) {
  const [row] = await t.database.db
    .select()
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, partyId));
  return row;
}

/** The token `holder` keeps to call its partner (read from its database). */
async function tokenHeldBy(holder: TestApp, partyId: string): Promise<string> {
  const t = (await partnerRow(holder, partyId))?.theirToken;
  if (!t) throw new Error(`no token for ${partyId}`);
  seen.add(t);
  return t;
}

describe('OCPI 2.2.1 handshake between two of our servers', () => {
  let tokenA: string;

  it('B registers with A using the Token A that A issued', async () => {
    const added = await cli(
      a,
      'add-partner',
      '--country',
      'hu',
      '--party',
      'bbb',
      '--role',
      'EMSP',
      '--name',
      'Server B',
    );
    expect(added.code).toBe(0);
    expect(added.text).toContain(`${a.url}/ocpi/versions`);
    tokenA = added.last;
    expect(tokenA).toMatch(/^[A-Za-z0-9_-]{43}$/);
    seen.add(tokenA);
    expect((await cli(a, 'list')).text).toMatch(/^HU\/BBB {2}EMSP {2}PENDING {2}Server B$/);

    const reg = await cli(
      b,
      'register',
      '--versions-url',
      `${a.url}/ocpi/versions`,
      '--token',
      tokenA,
      '--country',
      'HU',
      '--party',
      'AAA',
      '--role',
      'CPO',
      '--name',
      'Server A',
    );
    expect(reg).toMatchObject({ code: 0 });
    expect(reg.text).toContain('Registered with HU/AAA (Server A, CPO), OCPI 2.2.1.');
    expect(reg.text).toContain(
      'Its modules: cdrs:RECEIVER, cdrs:SENDER, commands:RECEIVER, commands:SENDER',
    );

    expect((await cli(a, 'list')).text).toMatch(
      /^HU\/BBB {2}EMSP {2}REGISTERED {2}Server B {2}since \d{4}-\d{2}-\d{2} {2}http:\/\/127\.0\.0\.1:\d+\/ocpi\/versions {2}cdrs:RECEIVER cdrs:SENDER commands:RECEIVER commands:SENDER credentials:SENDER locations:RECEIVER locations:SENDER sessions:RECEIVER sessions:SENDER tariffs:RECEIVER tariffs:SENDER tokens:RECEIVER tokens:SENDER$/,
    );
    expect((await cli(b, 'list')).text).toContain('HU/AAA  CPO  REGISTERED  Server A');
  });

  it('each side calls the other with the token it was given; Token A is refused from now on', async () => {
    const bToA = await tokenHeldBy(b, 'AAA');
    const aToB = await tokenHeldBy(a, 'BBB');
    expect(bToA).not.toBe(tokenA);

    const creds = await ocpi(`${a.url}/ocpi/2.2.1/credentials`, bToA);
    expect(creds.status).toBe(200);
    expect(creds.json).toMatchObject({
      status_code: 1000,
      data: {
        token: bToA,
        url: `${a.url}/ocpi/versions`,
        roles: [
          {
            role: 'CPO',
            party_id: 'AAA',
            country_code: 'HU',
            business_details: { name: 'Voltpark' },
          },
          { role: 'EMSP', party_id: 'AAA', country_code: 'HU' },
        ],
      },
    });
    expect(creds.json.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect((await ocpi(`${b.url}/ocpi/versions`, aToB)).json).toMatchObject({
      status_code: 1000,
      data: [{ version: '2.2.1', url: `${b.url}/ocpi/2.2.1` }],
    });

    for (const url of [
      `${a.url}/ocpi/versions`,
      `${a.url}/ocpi/2.2.1`,
      `${a.url}/ocpi/2.2.1/credentials`,
    ]) {
      const refused = await ocpi(url, tokenA);
      expect(refused.status, url).toBe(401);
      expect(refused.json.status_code, url).toBe(2001);
    }
    // A second POST with the new token: registered already.
    const again = await ocpi(`${a.url}/ocpi/2.2.1/credentials`, bToA, {
      method: 'POST',
      body: { token: 'x'.repeat(20), url: `${b.url}/ocpi/versions`, roles: [] },
    });
    expect(again.status).toBe(405);
  });

  it('lists the modules of the registry in the version details', async () => {
    const details = await ocpi(`${a.url}/ocpi/2.2.1`, await tokenHeldBy(b, 'AAA'));
    expect(details.json).toMatchObject({
      status_code: 1000,
      data: {
        version: '2.2.1',
        endpoints: [
          { identifier: 'credentials', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/credentials` },
          { identifier: 'locations', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/locations` },
          { identifier: 'tariffs', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/tariffs` },
          { identifier: 'tokens', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/tokens` },
          { identifier: 'sessions', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/sessions` },
          { identifier: 'cdrs', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/cdrs` },
          { identifier: 'commands', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/commands` },
          {
            identifier: 'locations',
            role: 'RECEIVER',
            url: `${a.url}/ocpi/2.2.1/emsp/locations`,
          },
          { identifier: 'tariffs', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/emsp/tariffs` },
          { identifier: 'tokens', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/emsp/tokens` },
          {
            identifier: 'sessions',
            role: 'RECEIVER',
            url: `${a.url}/ocpi/2.2.1/emsp/sessions`,
          },
          { identifier: 'cdrs', role: 'RECEIVER', url: `${a.url}/ocpi/2.2.1/emsp/cdrs` },
          { identifier: 'commands', role: 'SENDER', url: `${a.url}/ocpi/2.2.1/emsp/commands` },
        ],
      },
    });
  });

  it('echoes X-Request-ID and X-Correlation-ID, and makes them when missing', async () => {
    const token = await tokenHeldBy(b, 'AAA');
    const echoed = await ocpi(`${a.url}/ocpi/versions`, token, {
      headers: { 'x-request-id': 'req-1', 'x-correlation-id': 'corr-1' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('req-1');
    expect(echoed.headers.get('x-correlation-id')).toBe('corr-1');
    const made = await ocpi(`${a.url}/ocpi/versions`, token);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Configuration modules are not routed: no OCPI-from/to headers.
    expect(made.headers.get('ocpi-from-party-id')).toBeNull();
  });

  it('B updates its credentials (PUT): both old tokens stop working, the new ones work', async () => {
    const oldBToA = await tokenHeldBy(b, 'AAA');
    const oldAToB = await tokenHeldBy(a, 'BBB');
    const upd = await cli(b, 'update', '--country', 'HU', '--party', 'AAA');
    expect(upd).toMatchObject({ code: 0 });
    const newBToA = await tokenHeldBy(b, 'AAA');
    const newAToB = await tokenHeldBy(a, 'BBB');
    expect(newBToA).not.toBe(oldBToA);
    expect(newAToB).not.toBe(oldAToB);
    expect((await ocpi(`${a.url}/ocpi/versions`, oldBToA)).status).toBe(401);
    expect((await ocpi(`${b.url}/ocpi/versions`, oldAToB)).status).toBe(401);
    expect((await ocpi(`${a.url}/ocpi/2.2.1/credentials`, newBToA)).json.status_code).toBe(1000);
    expect((await ocpi(`${b.url}/ocpi/versions`, newAToB)).json.status_code).toBe(1000);
  });

  it('B removes A (DELETE): A forgets B, no token of either side works', async () => {
    const bToA = await tokenHeldBy(b, 'AAA');
    const aToB = await tokenHeldBy(a, 'BBB');
    const removed = await cli(b, 'remove', '--country', 'HU', '--party', 'AAA');
    expect(removed).toEqual({
      code: 0,
      text: 'Removed HU/AAA (unregistered with the partner).',
      last: 'Removed HU/AAA (unregistered with the partner).',
    });
    expect((await cli(a, 'list')).text).toMatch(/^HU\/BBB {2}EMSP {2}UNREGISTERED {2}Server B/);
    expect((await cli(b, 'list')).text).toMatch(/^HU\/AAA {2}CPO {2}UNREGISTERED {2}Server A/);
    expect((await ocpi(`${a.url}/ocpi/versions`, bToA)).status).toBe(401);
    expect((await ocpi(`${b.url}/ocpi/versions`, aToB)).status).toBe(401);
    expect((await partnerRow(a, 'BBB'))?.theirToken).toBeNull();
    expect((await partnerRow(b, 'AAA'))?.theirToken).toBeNull();
  });

  it('the other way round: A registers with B using the Token A that B issued', async () => {
    const added = await cli(
      b,
      'add-partner',
      '--country',
      'HU',
      '--party',
      'AAA',
      '--role',
      'CPO',
      '--name',
      'Server A',
    );
    expect(added.text).toContain('New Token A for HU/AAA');
    seen.add(added.last);
    const reg = await cli(
      a,
      'register',
      '--versions-url',
      `${b.url}/ocpi/versions`,
      '--token',
      added.last,
      '--country',
      'HU',
      '--party',
      'BBB',
      '--role',
      'EMSP',
      '--name',
      'Server B',
    );
    expect(reg.code, reg.text).toBe(0);
    expect((await cli(b, 'list')).text).toContain('HU/AAA  CPO  REGISTERED');
    expect((await cli(a, 'list')).text).toContain('HU/BBB  EMSP  REGISTERED');
    expect((await ocpi(`${b.url}/ocpi/versions`, added.last)).status).toBe(401);
    expect(
      (await ocpi(`${b.url}/ocpi/2.2.1/credentials`, await tokenHeldBy(a, 'BBB'))).json.status_code,
    ).toBe(1000);
    expect(
      (await ocpi(`${a.url}/ocpi/2.2.1/credentials`, await tokenHeldBy(b, 'AAA'))).json.status_code,
    ).toBe(1000);
  });
});

describe('failures', () => {
  it('refuses a missing, malformed or unknown token with 401 and the OCPI envelope', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer abc' },
      { authorization: 'Token bm9wZS1ub3BlLW5vcGU=' },
    ];
    for (const headers of variants) {
      const res = await fetch(`${a.url}/ocpi/versions`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status_code: 2001, timestamp: expect.any(String) });
    }
    const unknown = await ocpi(`${a.url}/ocpi/2.2.1/nothing-here`, 'x');
    expect(unknown.status).toBe(404);
  });

  it('a partner that is down: register fails with a clear message and stores nothing', async () => {
    const port = await closedPort();
    const r = await cli(
      b,
      'register',
      '--versions-url',
      `http://127.0.0.1:${port}/ocpi/versions`,
      '--token',
      'some-token-a',
      '--country',
      'DE',
      '--party',
      'DWN',
      '--role',
      'CPO',
      '--name',
      'Down',
    );
    expect(r.code).toBe(1);
    expect(r.text).toMatch(
      /^ERR the partner's versions list: GET http:\/\/127\.0\.0\.1:\d+\/ocpi\/versions: could not connect \(ECONNREFUSED\)$/,
    );
    expect((await cli(b, 'list')).text).not.toContain('DE/DWN');
    const [out] = await b.database.db
      .select()
      .from(ocpiCallLog)
      .where(eq(ocpiCallLog.url, `http://127.0.0.1:${port}/ocpi/versions`));
    expect(out).toMatchObject({
      direction: 'out',
      httpStatus: null,
      error: 'could not connect (ECONNREFUSED)',
    });
  });

  it('a partner that cannot reach us back answers 3001; nothing is half-stored on either side', async () => {
    const added = await cli(
      a,
      'add-partner',
      '--country',
      'NL',
      '--party',
      'BCK',
      '--role',
      'EMSP',
      '--name',
      'B again',
    );
    seen.add(added.last);
    const port = await closedPort();
    const real = { url: b.config.publicUrl, roaming: b.config.roaming };
    // B speaks as NL/BCK, with an address A cannot reach.
    b.config.publicUrl = `http://127.0.0.1:${port}`;
    b.config.roaming = { ...real.roaming, countryCode: 'NL', partyId: 'BCK' };
    try {
      const r = await cli(
        b,
        'register',
        '--versions-url',
        `${a.url}/ocpi/versions`,
        '--token',
        added.last,
        '--country',
        'NL',
        '--party',
        'BCK',
        '--role',
        'CPO',
        '--name',
        'A again',
      );
      expect(r.code).toBe(1);
      expect(r.text).toMatch(
        /^ERR the partner refused our credentials: HTTP 200, OCPI 3001 \(the partner's versions list: GET http:\/\/127\.0\.0\.1:\d+\/ocpi\/versions: could not connect \(ECONNREFUSED\)\)$/,
      );
    } finally {
      b.config.publicUrl = real.url;
      b.config.roaming = real.roaming;
    }
    expect((await cli(b, 'list')).text).not.toContain('NL/BCK');
    expect((await cli(a, 'list')).text).toContain('NL/BCK  EMSP  PENDING');
    // Its Token A still works: the partner can try again.
    expect((await ocpi(`${a.url}/ocpi/versions`, added.last)).status).toBe(200);
  });

  it('malformed credentials bodies get OCPI 2001, never a 500, and change nothing', async () => {
    const added = await cli(
      a,
      'add-partner',
      '--country',
      'BE',
      '--party',
      'MAL',
      '--role',
      'CPO',
      '--name',
      'Malformed',
    );
    const token = added.last;
    seen.add(token);
    const url = `${a.url}/ocpi/2.2.1/credentials`;
    const role = {
      role: 'CPO',
      business_details: { name: 'M' },
      party_id: 'MAL',
      country_code: 'BE',
    };
    const bodies: unknown[] = [
      {},
      [],
      'text',
      { token: 'tok-tok-tok', url: 'not a url', roles: [role] },
      { token: 'has space', url: `${b.url}/ocpi/versions`, roles: [role] },
      { token: 'x'.repeat(65), url: `${b.url}/ocpi/versions`, roles: [role] },
      { token: 'tok-tok-tok', url: `${b.url}/ocpi/versions`, roles: [] },
      { token: 'tok-tok-tok', url: `${b.url}/ocpi/versions`, roles: [{ ...role, role: 'KING' }] },
      {
        token: 'tok-tok-tok',
        url: `${b.url}/ocpi/versions`,
        roles: [{ ...role, party_id: 'TOOLONG' }],
      },
      { token: 'tok-tok-tok', url: `${b.url}/ocpi/versions`, roles: [role, role] },
      // A valid object for another party than the token's.
      {
        token: 'tok-tok-tok',
        url: `${b.url}/ocpi/versions`,
        roles: [{ ...role, party_id: 'OTH' }],
      },
    ];
    for (const body of bodies) {
      const res = await ocpi(url, token, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.json.status_code, JSON.stringify(body)).toBe(2001);
      expect(res.json.status_message).toBeTruthy();
    }
    const notJson = await ocpi(url, token, { method: 'POST', rawBody: '{"token":' });
    expect(notJson.status).toBe(400);
    expect(notJson.json.status_code).toBe(2001);
    // PUT and DELETE before registering: 405.
    expect((await ocpi(url, token, { method: 'PUT', body: bodies[3] })).status).toBe(405);
    expect((await ocpi(url, token, { method: 'DELETE' })).status).toBe(405);
    expect((await cli(a, 'list')).text).toContain('BE/MAL  CPO  PENDING');
    expect((await ocpi(`${a.url}/ocpi/versions`, token)).status).toBe(200);
  });

  it('the call log has every call both ways and no token anywhere', async () => {
    for (const t of [a, b]) {
      for (const party of ['AAA', 'BBB']) {
        const row = await partnerRow(t, party);
        if (row?.theirToken) seen.add(row.theirToken);
      }
    }
    const logA = await a.database.db.select().from(ocpiCallLog);
    const logB = await b.database.db.select().from(ocpiCallLog);
    const text = JSON.stringify([logA, logB]);
    expect(seen.size).toBeGreaterThanOrEqual(6);
    for (const token of seen) expect(text).not.toContain(token);
    for (const token of seen) expect(text).not.toContain(Buffer.from(token).toString('base64'));

    // B's POST to A, as both sides logged it: the same request id, answerable from either side.
    const postOut = logB.find(
      (r) =>
        r.direction === 'out' &&
        r.method === 'POST' &&
        r.module === 'credentials' &&
        r.ocpiStatus === 1000,
    );
    expect(postOut).toBeDefined();
    const postIn = logA.find((r) => r.direction === 'in' && r.requestId === postOut!.requestId);
    expect(postIn).toMatchObject({
      method: 'POST',
      url: '/ocpi/2.2.1/credentials',
      module: 'credentials',
      httpStatus: 200,
      ocpiStatus: 1000,
      correlationId: postOut!.correlationId,
      requestBody: { token: '[hidden]', url: `${b.url}/ocpi/versions` },
      responseBody: { status_code: 1000, data: { token: '[hidden]' } },
    });
    expect(postIn!.partnerId).toBe((await partnerRow(a, 'BBB'))!.id);
    // A read B's versions within the same exchange (same correlation id).
    expect(
      logA.some(
        (r) =>
          r.direction === 'out' &&
          r.module === 'versions' &&
          r.correlationId === postOut!.correlationId,
      ),
    ).toBe(true);
  });
});
