import { createHash, randomBytes } from 'node:crypto';

/** A new credentials token: 256 random bits, 43 URL-safe ASCII characters (OCPI allows 64). */
export function newCredentialsToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How an issued token is stored and looked up. The token is random, so no salt is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The Authorization header of OCPI 2.2.1: `Token ` and the token's UTF-8 bytes in Base64. */
export function authorizationHeader(token: string): string {
  return `Token ${Buffer.from(token, 'utf8').toString('base64')}`;
}

/**
 * The tokens an Authorization header may carry: the Base64-decoded one (2.2.1) and, for peers
 * that still send it unencoded as 2.1.1 did, the text itself. Empty when it is no `Token` header.
 */
export function tokensFromHeader(header: string | undefined): string[] {
  const m = /^Token\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return [];
  const raw = m[1]!;
  const out: string[] = [];
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(raw) && raw.length % 4 === 0) {
    const decoded = Buffer.from(raw, 'base64').toString('utf8');
    if (/^[\x21-\x7e]{1,64}$/.test(decoded)) out.push(decoded);
  }
  if (!out.includes(raw)) out.push(raw);
  return out;
}
