import { describe, expect, it } from 'vitest';
import { matchesText, normalizeText } from './text';

describe('matchesText', () => {
  const godollo = ['Gödöllő, Szabadság tér', '2100 Gödöllő, Szabadság tér 1.'];
  it('is accent- and case-insensitive', () => {
    expect(normalizeText('Gödöllő ŐSZ')).toBe('godollo osz');
    expect(matchesText('godollo', godollo)).toBe(true);
    expect(matchesText('GÖDÖLLŐ', godollo)).toBe(true);
    expect(matchesText('szabadsag ter', godollo)).toBe(true);
  });
  it('needs every word, each in name or address', () => {
    expect(matchesText('godollo 2100', godollo)).toBe(true);
    expect(matchesText('godollo debrecen', godollo)).toBe(false);
  });
  it('matches everything with an empty query and ignores missing fields', () => {
    expect(matchesText('   ', godollo)).toBe(true);
    expect(matchesText('abc', [null, undefined, 'xabcx'])).toBe(true);
    expect(matchesText('abc', [null])).toBe(false);
  });
});
