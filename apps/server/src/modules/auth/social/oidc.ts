import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { SocialLoginError, type SocialIdentity } from './identity.js';

export interface OidcVerifierOptions {
  provider: 'google' | 'apple';
  issuers: string[];
  /** Our client ids at the provider: a token for anyone else's app is refused. */
  audiences: string[];
  jwksUrl: string;
}

const asBool = (v: unknown) => v === true || v === 'true';
const asText = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * Verifies an OpenID Connect ID token (Google, Apple) against the provider's published keys:
 * signature, issuer, audience and expiry. The key set is fetched once and cached by jose.
 */
export function createOidcVerifier(options: OidcVerifierOptions) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (idToken: string): Promise<SocialIdentity> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: options.issuers,
        audience: options.audiences,
        algorithms: ['RS256', 'ES256'],
        clockTolerance: 30,
      }));
    } catch (err) {
      throw new SocialLoginError(options.provider, 'invalid id token', { cause: err });
    }
    if (!payload.sub) throw new SocialLoginError(options.provider, 'id token has no subject');
    return {
      provider: options.provider,
      subject: payload.sub,
      email: asText(payload.email)?.toLowerCase() ?? null,
      emailVerified: asBool(payload.email_verified),
      firstName: asText(payload.given_name),
      lastName: asText(payload.family_name),
    };
  };
}
