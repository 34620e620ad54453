import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCredentials } from './credentials.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { pkceChallengeMatches } from './pkce.js';
import { hashToken, newToken } from './tokens.js';

describe('passwords', () => {
  it('are stored as argon2id and only the right password verifies', async () => {
    const stored = await hashPassword('Voltpark2026');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(stored).not.toContain('Voltpark2026');
    expect(await verifyPassword(stored, 'Voltpark2026')).toBe(true);
    expect(await verifyPassword(stored, 'voltpark2026')).toBe(false);
    expect(await verifyPassword('not a hash', 'Voltpark2026')).toBe(false);
  });
});

describe('tokens', () => {
  it('are random, URL-safe, and stored only as a hash', () => {
    const a = newToken();
    const b = newToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toBe(hashToken(b));
  });
});

describe('credentials', () => {
  const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
  it('reads Basic id:token, e-mail:token and Bearer', () => {
    expect(readCredentials(basic('42:tok'))).toEqual({ kind: 'basic', login: '42', token: 'tok' });
    expect(readCredentials(basic('a@b.hu:t:with:colons'))).toEqual({
      kind: 'basic',
      login: 'a@b.hu',
      token: 't:with:colons',
    });
    expect(readCredentials('Bearer abc')).toEqual({ kind: 'bearer', token: 'abc' });
  });
  it('ignores malformed headers instead of failing', () => {
    for (const h of [
      undefined,
      '',
      'Basic',
      'Basic !!!',
      basic('no-colon'),
      basic(':tok'),
      'Digest x',
      'Bearer ',
    ]) {
      expect(readCredentials(h)).toBeNull();
    }
  });
});

describe('PKCE S256', () => {
  it('matches the RFC 7636 example and rejects others', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(pkceChallengeMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(
      true,
    );
    expect(
      pkceChallengeMatches(verifier, createHash('sha256').update('x').digest('base64url')),
    ).toBe(false);
    expect(pkceChallengeMatches('short', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(
      false,
    );
  });
});
