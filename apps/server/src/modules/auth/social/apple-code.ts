import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { SocialLoginError } from './identity.js';

export interface AppleCodeExchangeOptions {
  clientId: string;
  teamId: string;
  keyId: string;
  /** The .p8 key from Apple, PEM text. */
  privateKey: string;
  tokenUrl: string;
  redirectUri: string;
  fetch?: typeof fetch;
}

const tokenAnswer = z.object({ id_token: z.string() });

/**
 * Sign in with Apple on the web returns an authorization code; Apple gives the ID token for it
 * only to a client that proves itself with a short-lived ES256 JWT signed by the team's key.
 */
export function createAppleCodeExchange(options: AppleCodeExchangeOptions) {
  const doFetch = options.fetch ?? fetch;
  const key = importPKCS8(options.privateKey, 'ES256');
  return async (code: string): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const clientSecret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setAudience('https://appleid.apple.com')
      .setSubject(options.clientId)
      .sign(await key);
    const res = await doFetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: options.clientId,
        client_secret: clientSecret,
        code,
        grant_type: 'authorization_code',
        redirect_uri: options.redirectUri,
      }),
      signal: AbortSignal.timeout(10_000),
    }).catch((err: unknown) => {
      throw new SocialLoginError('apple', 'token endpoint unreachable', { cause: err });
    });
    const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
    if (!res.ok || !parsed.success)
      throw new SocialLoginError('apple', `code exchange failed (${res.status})`);
    return parsed.data.id_token;
  };
}
