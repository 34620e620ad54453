import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';

let t: TestApp;
let user: Awaited<ReturnType<typeof createActiveUser>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://voltpark.test' } });
  user = await createActiveUser(t.database.db, 'oauth@example.hu');
});
afterAll(() => t.close());

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const form = (o: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(o).toString(),
});

async function authorizeDemo(state = 'xyz-123', extra: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/authorize',
    ...form({
      clientId: 'demo-partner',
      state,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      ...extra,
    }),
    headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res;
}

describe('external client apps (OAuth with PKCE)', () => {
  it('names a registered client and says false for an unknown one', async () => {
    expect((await t.app.inject({ url: '/api/v1/oauth/client/demo-partner' })).json()).toMatchObject(
      {
        result: true,
        data: { name: 'Demo Partner App', showAuthorizePage: true },
      },
    );
    expect((await t.app.inject({ url: '/api/v1/oauth/client/nobody' })).json()).toMatchObject({
      result: false,
      data: null,
    });
  });

  it('redirects only to the registered address, with code and state, and the code buys a working Bearer token once', async () => {
    const res = await authorizeDemo();
    expect(res.statusCode).toBe(200);
    const redirect = new URL(res.json().data);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(
      'http://voltpark.test/sandbox/oauth-callback',
    );
    expect(redirect.searchParams.get('state')).toBe('xyz-123');
    const code = redirect.searchParams.get('code')!;

    const wrongVerifier = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      ...form({
        grant_type: 'authorization_code',
        code,
        client_id: 'demo-partner',
        code_verifier: randomBytes(32).toString('base64url'),
      }),
    });
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json()).toEqual({ error: 'invalid_grant' });

    const again = await authorizeDemo();
    const code2 = new URL(again.json().data).searchParams.get('code')!;
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      ...form({
        grant_type: 'authorization_code',
        code: code2,
        client_id: 'demo-partner',
        code_verifier: verifier,
      }),
    });
    expect(token.statusCode).toBe(200);
    const body = token.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    const me = await t.app.inject({
      url: '/api/v1/user/loggedin-user',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json().data.email).toBe('oauth@example.hu');

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      ...form({
        grant_type: 'authorization_code',
        code: code2,
        client_id: 'demo-partner',
        code_verifier: verifier,
      }),
    });
    expect(replay.statusCode).toBe(400);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      ...form({
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token,
        client_id: 'demo-partner',
      }),
    });
    expect(refreshed.statusCode).toBe(200);
    const old = await t.app.inject({
      url: '/api/v1/user/loggedin-user',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it('never redirects to an address the client did not register, and needs a logged-in user and PKCE', async () => {
    const evil = await authorizeDemo('s', { redirectUri: 'https://evil.example/steal' });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().data.responseCode).toBe('BAD_REDIRECT');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/authorize',
      ...form({ clientId: 'demo-partner', state: 's', codeChallenge: challenge }),
    });
    expect(anonymous.statusCode).toBe(401);
    const noPkce = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/authorize',
      ...form({ clientId: 'demo-partner', state: 's' }),
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(noPkce.json().data.responseCode).toBe('PKCE_REQUIRED');
  });
});
