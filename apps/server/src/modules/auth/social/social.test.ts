import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookVerifier } from './facebook.js';
import { SocialLoginError } from './identity.js';
import { createOidcVerifier } from './oidc.js';

/** A provider stand-in on loopback: publishes a JWKS made in the test and a fake Graph API. */
let server: http.Server;
let base: string;
let jwks: { keys: JWK[] } = { keys: [] };
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey as CryptoKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey as CryptoKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/jwks') return res.end(JSON.stringify(jwks));
    if (url.pathname === '/graph/debug_token') {
      const token = url.searchParams.get('input_token');
      const ok = url.searchParams.get('access_token') === 'app1|secret1';
      return res.end(
        JSON.stringify({
          data: {
            is_valid: ok && (token === 'good' || token === 'other-app'),
            app_id: token === 'other-app' ? 'app2' : 'app1',
            user_id: '1001',
          },
        }),
      );
    }
    if (url.pathname === '/graph/me') {
      return res.end(
        JSON.stringify({ id: '1001', email: 'Fb.User@Example.hu', first_name: 'Fanni' }),
      );
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const token = (
  claims: Record<string, unknown>,
  opts: { key?: CryptoKey; exp?: string; aud?: string; iss?: string } = {},
) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? 'voltpark-web')
    .setSubject('google-sub-1')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '10m')
    .sign(opts.key ?? privateKey);

describe('Google / Apple ID tokens', () => {
  const verify = () =>
    createOidcVerifier({
      provider: 'google',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      audiences: ['voltpark-web'],
      jwksUrl: `${base}/jwks`,
    });

  it('accepts a token signed by the published key for our audience', async () => {
    const identity = await verify()(
      await token({
        email: 'Driver@Example.hu',
        email_verified: true,
        given_name: 'Dóra',
        family_name: 'Kiss',
      }),
    );
    expect(identity).toEqual({
      provider: 'google',
      subject: 'google-sub-1',
      email: 'driver@example.hu',
      emailVerified: true,
      firstName: 'Dóra',
      lastName: 'Kiss',
    });
  });

  it('treats Apple-style "true" strings as verified and a missing flag as unverified', async () => {
    const v = verify();
    expect((await v(await token({ email: 'a@b.hu', email_verified: 'true' }))).emailVerified).toBe(
      true,
    );
    expect((await v(await token({ email: 'a@b.hu' }))).emailVerified).toBe(false);
  });

  it.each([
    ['another app', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { exp: '-5m' }],
  ])('refuses a token for %s', async (_what, opts) => {
    await expect(verify()(await token({ email: 'a@b.hu' }, opts))).rejects.toBeInstanceOf(
      SocialLoginError,
    );
  });

  it('refuses a token signed by a key the provider did not publish', async () => {
    await expect(verify()(await token({}, { key: strangerKey }))).rejects.toBeInstanceOf(
      SocialLoginError,
    );
    await expect(verify()('not.a.jwt')).rejects.toBeInstanceOf(SocialLoginError);
  });
});

describe('Facebook access tokens', () => {
  const verify = () =>
    createFacebookVerifier({ appId: 'app1', appSecret: 'secret1', graphUrl: `${base}/graph` });

  it('accepts a valid token of our app and reads the profile', async () => {
    expect(await verify()('good')).toMatchObject({
      provider: 'facebook',
      subject: '1001',
      email: 'fb.user@example.hu',
      emailVerified: true,
      firstName: 'Fanni',
    });
  });

  it('refuses an invalid token and a token of another app', async () => {
    await expect(verify()('bad')).rejects.toBeInstanceOf(SocialLoginError);
    await expect(verify()('other-app')).rejects.toThrow(/another app/);
  });
});
