import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';

/** Google and Apple stand-ins on loopback, publishing keys made in the test. */
let keys: http.Server;
let privateKey: CryptoKey;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey as CryptoKey;
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }],
  });
  keys = http.createServer((_req, res) =>
    res.setHeader('content-type', 'application/json').end(jwks),
  );
  await new Promise<void>((r) => keys.listen(0, '127.0.0.1', r));
  const jwksUrl = `http://127.0.0.1:${(keys.address() as AddressInfo).port}/jwks`;
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_IDS: 'voltpark-web',
      GOOGLE_JWKS_URL: jwksUrl,
      APPLE_CLIENT_IDS: 'hu.voltpark.app',
      APPLE_JWKS_URL: jwksUrl,
    },
  });
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
  await new Promise<void>((r) => keys.close(() => r()));
});

const idToken = (
  claims: Record<string, unknown>,
  iss = 'https://accounts.google.com',
  aud = 'voltpark-web',
  sub = 'g-1',
) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
const post = (app: TestApp, url: string, body: Record<string, string>) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

describe('social log-in', () => {
  it('is off, and says so, until the operator configures a provider', async () => {
    const res = await post(off, '/api/v1/user/googleLogin', { idToken: await idToken({}) });
    expect(res.statusCode).toBe(404);
    expect(res.json().data.responseCode).toBe('SOCIAL_NOT_CONFIGURED');
    expect(
      (await off.app.inject({ url: '/api/v1/user/settings' })).json().data.socialLogin,
    ).toEqual({ google: null, apple: null, facebook: null });
    expect(
      (await t.app.inject({ url: '/api/v1/user/settings' })).json().data.socialLogin.google,
    ).toBe('voltpark-web');
  });

  it('creates an activated account for a new Google user and logs the same account in next time', async () => {
    const token = await idToken({
      email: 'New.Driver@gmail.com',
      email_verified: true,
      given_name: 'Nóra',
    });
    const first = await post(t, '/api/v1/user/googleLogin', { idToken: token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user).toMatchObject({
      email: 'new.driver@gmail.com',
      usedGoogle: true,
      hasPassword: false,
      firstName: 'Nóra',
    });
    const again = await post(t, '/api/v1/user/googleLogin', {
      idToken: await idToken({ email: 'new.driver@gmail.com', email_verified: true }),
    });
    expect(again.json().data.user.id).toBe(first.json().data.user.id);
  });

  it('links to an existing account only through a verified e-mail', async () => {
    const existing = await createActiveUser(t.database.db, 'linked@example.hu');
    const unverified = await post(t, '/api/v1/user/googleLogin', {
      idToken: await idToken({ email: 'linked@example.hu' }, undefined, undefined, 'g-2'),
    });
    expect(unverified.statusCode).toBe(403);
    const verified = await post(t, '/api/v1/user/googleLogin', {
      idToken: await idToken(
        { email: 'linked@example.hu', email_verified: true },
        undefined,
        undefined,
        'g-2',
      ),
    });
    expect(verified.json().data.user).toMatchObject({
      id: existing.id,
      usedGoogle: true,
      hasPassword: true,
    });
  });

  it('refuses a token for another app, and an Apple token whose subject is not the claimed user', async () => {
    const foreign = await post(t, '/api/v1/user/googleLogin', {
      idToken: await idToken({ email: 'x@y.hu', email_verified: true }, undefined, 'other-app'),
    });
    expect(foreign.statusCode).toBe(401);
    const appleToken = await idToken(
      { email: 'apple@privaterelay.appleid.com', email_verified: 'true' },
      'https://appleid.apple.com',
      'hu.voltpark.app',
      'apple-sub-1',
    );
    const mismatch = await post(t, '/api/v1/user/appleLogin', {
      user: 'someone-else',
      identityToken: appleToken,
    });
    expect(mismatch.statusCode).toBe(401);
    expect(mismatch.json().messages[0].messageKey).toBe('login.appleLoginFailed');
    const ok = await post(t, '/api/v1/user/appleLogin', {
      user: 'apple-sub-1',
      identityToken: appleToken,
      given_name: 'Ádám',
      family_name: 'Tóth',
    });
    expect(ok.json().data.user).toMatchObject({
      usedApple: true,
      firstName: 'Ádám',
      lastName: 'Tóth',
    });
  });

  it('Apple web sign-in returns a one-time ticket, never a token, and the ticket buys the session once', async () => {
    const appleToken = await idToken(
      { email: 'web.apple@example.hu', email_verified: 'true' },
      'https://appleid.apple.com',
      'hu.voltpark.app',
      'apple-web-1',
    );
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/apple-return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code: 'c1',
        state: 'tab-state-1',
        id_token: appleToken,
        user: JSON.stringify({ name: { firstName: 'Eszter', lastName: 'Nagy' } }),
      }).toString(),
    });
    expect(back.statusCode).toBe(303);
    const location = new URL(back.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.search).not.toContain(appleToken);
    // The state comes back for the app to check that it started this sign-in.
    expect(location.searchParams.get('state')).toBe('tab-state-1');
    const ticket = location.searchParams.get('ticket')!;
    const session = await post(t, '/api/v1/user/login-ticket', { ticket });
    expect(session.json().data.user).toMatchObject({
      email: 'web.apple@example.hu',
      firstName: 'Eszter',
      usedApple: true,
    });
    expect((await post(t, '/api/v1/user/login-ticket', { ticket })).statusCode).toBe(401);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/apple-return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: 'c2', id_token: 'not.a.token' }).toString(),
    });
    expect(forged.headers.location).toBe('/login?social=failed');
  });
});
