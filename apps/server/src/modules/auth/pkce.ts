import { createHash } from 'node:crypto';
import { sameSecret } from './tokens.js';

/** RFC 7636: S256 only (plain offers no protection). */
export function pkceChallengeMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = createHash('sha256').update(verifier, 'ascii').digest('base64url');
  return sameSecret(computed, challenge);
}
