import { describe, expect, it } from 'vitest';
import { openToken, sealToken } from './recurring-seal.js';

const SECRET = 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6';

describe('recurring token sealing (decision 0051)', () => {
  it('opens what it sealed, and the sealed text does not show the token', () => {
    const sealed = sealToken(SECRET, 7, 'SPTKabcdefghijklmnopqr');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('abcdefghijklmnopqr');
    expect(openToken(SECRET, 7, sealed)).toBe('SPTKabcdefghijklmnopqr');
    // A fresh IV every time.
    expect(sealToken(SECRET, 7, 'SPTKabcdefghijklmnopqr')).not.toBe(sealed);
  });

  it('does not open for another card, another merchant secret, or a changed text', () => {
    const sealed = sealToken(SECRET, 7, 'SPTKtoken');
    expect(openToken(SECRET, 8, sealed)).toBeNull();
    expect(openToken('another-merchant-secret', 7, sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[14] = raw[14]! ^ 1;
    expect(openToken(SECRET, 7, `v1.${raw.toString('base64url')}`)).toBeNull();
    expect(openToken(SECRET, 7, 'v0.abc')).toBeNull();
    expect(openToken(SECRET, 7, 'garbage')).toBeNull();
  });
});
