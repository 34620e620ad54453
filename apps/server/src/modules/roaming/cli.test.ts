import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roamingPartners } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cli, closedPort, ocpi } from './test-helpers.js';
import { hashToken } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://voltpark.example' } });
});
afterAll(() => t?.close());

describe('npm run roaming', () => {
  it('add-partner prints the Token A alone on the last line and keeps only its hash', async () => {
    const r = await cli(
      t,
      'add-partner',
      '--country',
      'de',
      '--party',
      'ab1',
      '--role',
      'emsp',
      '--name',
      ' Partner GmbH ',
    );
    expect(r.code).toBe(0);
    const lines = r.text.split('\n');
    expect(lines.slice(0, -1)).toEqual([
      'Added DE/AB1 (Partner GmbH, EMSP), waiting for it to register.',
      'Our versions address: https://voltpark.example/ocpi/versions',
      'Its Token A (give it to the partner securely; it is not shown again):',
    ]);
    expect(r.last).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'AB1'));
    expect(row).toMatchObject({
      countryCode: 'DE',
      status: 'PENDING',
      issuedTokenKind: 'A',
      issuedTokenHash: hashToken(r.last),
      theirToken: null,
    });
    expect(JSON.stringify(row)).not.toContain(r.last);
  });

  it('a second add-partner of a pending partner gives a new Token A; the old one stops working', async () => {
    const first = await cli(
      t,
      'add-partner',
      '--country',
      'AT',
      '--party',
      'REN',
      '--role',
      'CPO',
      '--name',
      'Renew',
    );
    const second = await cli(
      t,
      'add-partner',
      '--country',
      'at',
      '--party',
      'ren',
      '--role',
      'CPO',
      '--name',
      'Renew',
    );
    expect(second.text).toContain('New Token A for AT/REN');
    expect(second.last).not.toBe(first.last);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await ocpi(`${url}/ocpi/versions`, first.last)).status).toBe(401);
    expect((await ocpi(`${url}/ocpi/versions`, second.last)).status).toBe(200);
  });

  it('refuses to issue a Token A to a registered partner', async () => {
    // A partner that is down: nothing listens there.
    const partner = `http://127.0.0.1:${await closedPort()}`;
    await t.database.db.insert(roamingPartners).values({
      countryCode: 'NL',
      partyId: 'REG',
      role: 'CPO',
      name: 'Registered',
      status: 'REGISTERED',
      issuedTokenHash: hashToken('their-c-token-123'),
      issuedTokenKind: 'C',
      theirToken: 'secret-token-we-hold-123',
      versionsUrl: `${partner}/ocpi/versions`,
      version: '2.2.1',
      endpoints: [
        { identifier: 'credentials', role: 'SENDER', url: `${partner}/ocpi/2.2.1/credentials` },
      ],
      registeredAt: new Date('2026-11-20T10:00:00Z'),
    });
    const r = await cli(
      t,
      'add-partner',
      '--country',
      'NL',
      '--party',
      'REG',
      '--role',
      'CPO',
      '--name',
      'X',
    );
    expect(r).toMatchObject({
      code: 1,
      text: 'ERR partner NL/REG is registered; remove it first to start over',
    });
  });

  it('list shows every partner and never a token', async () => {
    const list = await cli(t, 'list');
    expect(list.text.split('\n')).toEqual([
      'AT/REN  CPO  PENDING  Renew',
      'DE/AB1  EMSP  PENDING  Partner GmbH',
      expect.any(String),
    ]);
    expect(list.text.split('\n')[2]).toMatch(
      /^NL\/REG {2}CPO {2}REGISTERED {2}Registered {2}since 2026-11-20 {2}http:\/\/127\.0\.0\.1:\d+\/ocpi\/versions {2}credentials:SENDER$/,
    );
    const json = await cli(t, 'list', '--json');
    expect(json.text).not.toContain('secret-token-we-hold-123');
    expect(json.text).not.toMatch(/token/i);
    expect((JSON.parse(json.text) as { partyId: string }[]).map((p) => p.partyId)).toEqual([
      'REN',
      'AB1',
      'REG',
    ]);
  });

  it('remove of a registered partner that cannot be told fails, unless --force', async () => {
    const refused = await cli(t, 'remove', '--country', 'NL', '--party', 'REG');
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(
      /^ERR DELETE http:\/\/127\.0\.0\.1:\d+\/ocpi\/2\.2\.1\/credentials: could not connect \(ECONNREFUSED\)$/,
    );
    expect((await cli(t, 'list')).text).toContain('NL/REG  CPO  REGISTERED');
    const forced = await cli(t, 'remove', '--country', 'NL', '--party', 'REG', '--force');
    expect(forced.code).toBe(0);
    expect(forced.text).toMatch(
      /^ERR Warning: the partner was not told \(DELETE http:\/\/127\.0\.0\.1:/,
    );
    expect(forced.last).toBe('Removed NL/REG.');
    const [row] = await t.database.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.partyId, 'REG'));
    expect(row).toMatchObject({ status: 'UNREGISTERED', theirToken: null, issuedTokenHash: null });
  });

  it('remove of a pending partner: its Token A stops working', async () => {
    const added = await cli(
      t,
      'add-partner',
      '--country',
      'FR',
      '--party',
      'PND',
      '--role',
      'EMSP',
      '--name',
      'Pending',
    );
    expect(await cli(t, 'remove', '--country', 'FR', '--party', 'PND')).toMatchObject({
      code: 0,
      last: 'Removed FR/PND.',
    });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    expect((await ocpi(`${url}/ocpi/versions`, added.last)).status).toBe(401);
  });

  it('bad usage exits with 2 and the usage; refusals with 1', async () => {
    const noRole = await cli(t, 'add-partner', '--country', 'DE', '--party', 'XYZ', '--name', 'N');
    expect(noRole.code).toBe(2);
    expect(noRole.text).toContain('--role is required');
    expect(noRole.text).toContain('Usage: npm run roaming');
    expect(
      (
        await cli(
          t,
          'add-partner',
          '--country',
          'DE',
          '--party',
          'XYZ',
          '--role',
          'HUB',
          '--name',
          'N',
        )
      ).code,
    ).toBe(2);
    expect((await cli(t, 'frobnicate')).code).toBe(2);
    expect((await cli(t, 'list', '--bogus')).code).toBe(2);
    expect(
      await cli(
        t,
        'add-partner',
        '--country',
        'DEU',
        '--party',
        'XYZ',
        '--role',
        'CPO',
        '--name',
        'N',
      ),
    ).toMatchObject({
      code: 1,
      text: 'ERR the country code must be two letters (ISO 3166 alpha-2)',
    });
    expect(await cli(t, 'remove', '--country', 'DE', '--party', 'ZZZ')).toMatchObject({
      code: 1,
      text: 'ERR no partner DE/ZZZ',
    });
    expect(await cli(t, 'update', '--country', 'DE', '--party', 'AB1')).toMatchObject({
      code: 1,
      text: 'ERR partner DE/AB1 is not registered',
    });
    const reg = await cli(
      t,
      'register',
      '--versions-url',
      'ftp://x/ocpi',
      '--token',
      'tok',
      '--country',
      'DE',
      '--party',
      'FTP',
      '--role',
      'CPO',
      '--name',
      'F',
    );
    expect(reg).toMatchObject({ code: 1, text: 'ERR not an http(s) address: ftp://x/ocpi' });
  });
});
