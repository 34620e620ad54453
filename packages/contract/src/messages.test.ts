import { describe, expect, it } from 'vitest';
import hu from '../locales/hu.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { translateMessage } from './messages.js';

describe('server message catalogs', () => {
  it('have the same keys in hu and en, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(hu).sort());
    for (const v of [...Object.values(hu), ...Object.values(en)]) expect(v.trim()).not.toBe('');
  });
  it('falls back to the key for an unknown message', () => {
    expect(translateMessage('no.such.key', 'en')).toBe('no.such.key');
    expect(translateMessage('invalid.required', 'hu')).toBe('A mező kitöltése kötelező!');
  });
});
