import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../../db/client.js';
import { oauthClients } from '../../db/schema/accounts.js';
import { createActiveUser } from '../../test/users.js';
import { runClientsCli } from './cli.js';
import { authorize } from './oauth.js';

let database: Database;
const open = async () => ({ ...database, close: async () => {} });
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function run(...argv: string[]) {
  const lines: string[] = [];
  const err = vi
    .spyOn(console, 'error')
    .mockImplementation((s: string) => void lines.push(`ERR ${s}`));
  try {
    const code = await runClientsCli(argv, open, (s) => lines.push(s));
    return { code, text: lines.join('\n') };
  } finally {
    err.mockRestore();
  }
}

describe('npm run clients', () => {
  it('adds a client app with its redirect addresses; /authorize then sends codes only there', async () => {
    const r = await run(
      'add',
      '--name',
      'Flotta Kft. app',
      '--redirect',
      'https://flotta.example.hu/cb',
      '--redirect',
      'http://localhost:5173/cb',
      '--id',
      'flotta-app',
    );
    expect(r.code, r.text).toBe(0);
    expect(r.text).toContain('flotta-app');
    const [row] = await database.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.id, 'flotta-app'));
    expect(row).toMatchObject({
      name: 'Flotta Kft. app',
      redirectUris: ['https://flotta.example.hu/cb', 'http://localhost:5173/cb'],
      showAuthorizePage: true,
    });
    const user = await createActiveUser(database.db, 'cli.client@example.hu');
    const url = await authorize(database.db, user.id, {
      clientId: 'flotta-app',
      state: 's1',
      codeChallenge: 'x'.repeat(43),
      redirectUri: 'http://localhost:5173/cb',
    });
    expect(url).toMatch(/^http:\/\/localhost:5173\/cb\?code=.+&state=s1$/);
    await expect(
      authorize(database.db, user.id, {
        clientId: 'flotta-app',
        codeChallenge: 'x'.repeat(43),
        redirectUri: 'https://evil.example.com/cb',
      }),
    ).rejects.toMatchObject({ statusCode: 400, messageKey: 'oauth.badRedirect' });
  });

  it('makes an id from the name, and --no-consent turns the consent page off', async () => {
    const r = await run(
      'add',
      '--name',
      'Töltő Partner',
      '--redirect',
      'https://p.example.hu/',
      '--no-consent',
    );
    expect(r.code, r.text).toBe(0);
    const id = /client id (\S+)\./.exec(r.text)![1]!;
    expect(id).toMatch(/^tolto-partner-[0-9a-f]{6}$/);
    const [row] = await database.db.select().from(oauthClients).where(eq(oauthClients.id, id));
    expect(row!.showAuthorizePage).toBe(false);
  });

  it('lists the client apps, also as JSON', async () => {
    const r = await run('list');
    expect(r.code).toBe(0);
    expect(r.text).toContain('flotta-app  "Flotta Kft. app"');
    expect(r.text).toContain('  https://flotta.example.hu/cb');
    const json = JSON.parse((await run('list', '--json')).text) as { id: string }[];
    expect(json.map((c) => c.id)).toContain('flotta-app');
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await database.db.select().from(oauthClients)).length;
    expect((await run('add', '--name', 'X')).code).toBe(2);
    expect((await run('add', '--redirect', 'https://a.example.hu/')).code).toBe(2);
    const plainHttp = await run('add', '--name', 'X', '--redirect', 'http://a.example.hu/cb');
    expect(plainHttp.code).toBe(1);
    expect(plainHttp.text).toContain('https');
    expect((await run('add', '--name', 'X', '--redirect', 'not a url')).code).toBe(1);
    const dup = await run(
      'add',
      '--name',
      'Y',
      '--redirect',
      'https://y.example.hu/',
      '--id',
      'flotta-app',
    );
    expect(dup.code).toBe(1);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run('add', '--bogus')).code).toBe(2);
    expect((await database.db.select().from(oauthClients)).length).toBe(before);
  });

  it('removes a client app; an unknown id fails', async () => {
    const r = await run('remove', '--id', 'flotta-app');
    expect(r.code, r.text).toBe(0);
    expect(
      await database.db.select().from(oauthClients).where(eq(oauthClients.id, 'flotta-app')),
    ).toEqual([]);
    expect((await run('remove', '--id', 'flotta-app')).code).toBe(1);
    expect((await run('remove')).code).toBe(2);
  });
});
