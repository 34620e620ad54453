import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';

let t: TestApp;
let user: Awaited<ReturnType<typeof createActiveUser>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://voltpark.test' } });
  await t.app.ready();
  user = await createActiveUser(t.database.db, 'sandbox.client@example.hu');
});
afterAll(() => t.close());

/** What the web /authorize page does with the query it was sent to (SPEC §2 Authorize). */
async function authorizeAsTheAppWould(target: URL) {
  const q = target.searchParams;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/authorize',
    headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      clientId: q.get('clientId')!,
      state: q.get('state')!,
      codeChallenge: q.get('code_challenge')!,
      codeChallengeMethod: q.get('code_challenge_method')!,
      redirectUri: q.get('redirect_uri')!,
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().data as string);
}

describe('the sandbox client app (/sandbox/client)', () => {
  it('is labelled sandbox, in Hungarian and English, and starts the authorize flow', async () => {
    const hu = await t.app.inject({ url: '/sandbox/client' });
    expect(hu.statusCode).toBe(200);
    expect(hu.body).toContain('SANDBOX');
    expect(hu.body).toContain('Bejelentkezés Voltpark-fiókkal');
    const en = await t.app.inject({ url: '/sandbox/client?lang=en' });
    expect(en.body).toContain('Sign in with Voltpark');
    expect(en.body).toContain('lang="en"');
  });

  it('goes through /authorize and shows the code, the checked state, the token and the user', async () => {
    const start = await t.app.inject({ url: '/sandbox/client/start?lang=en' });
    expect(start.statusCode).toBe(302);
    const target = new URL(start.headers.location as string, 'http://voltpark.test');
    expect(target.pathname).toBe('/authorize');
    expect(target.searchParams.get('clientId')).toBe('demo-partner');
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('redirect_uri')).toBe(
      'http://voltpark.test/sandbox/oauth-callback',
    );

    const back = await authorizeAsTheAppWould(target);
    expect(back.pathname).toBe('/sandbox/oauth-callback');
    const landing = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('The state matches the one this app sent.');
    expect(landing.body).toContain('The code was exchanged for an access token.');
    expect(landing.body).toContain('sandbox.client@example.hu');

    // The same answer again (a replayed code) is not accepted a second time.
    const again = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(again.body).toContain('A state nem egyezik');
    expect(again.body).not.toContain('data-testid="oauth-user"');
  });

  it('refuses a state it did not send', async () => {
    const forged = await t.app.inject({ url: '/sandbox/oauth-callback?code=abc&state=forged' });
    expect(forged.body).toContain('A state nem egyezik');
    expect(forged.body).not.toContain('data-testid="oauth-user"');
  });
});
