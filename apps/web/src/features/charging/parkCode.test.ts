import { describe, expect, it } from 'vitest';
import { emptyParkCode, parkCodeChar, parkCodeComplete, pasteParkCode } from './parkCode';

describe('parking code input (SPEC §5)', () => {
  it('upper-cases letters and keeps digits', () => {
    expect(parkCodeChar('a')).toBe('A');
    expect(parkCodeChar('Z')).toBe('Z');
    expect(parkCodeChar('7')).toBe('7');
  });
  it('rejects anything but 0-9 and A-Z', () => {
    for (const c of ['-', ' ', 'é', 'Ő', '!', '']) expect(parkCodeChar(c)).toBeNull();
  });
  it('takes a paste of at most 5 allowed characters, upper-cased', () => {
    expect(pasteParkCode('ab12c')).toEqual(['A', 'B', '1', '2', 'C']);
    expect(pasteParkCode('x9')).toEqual(['X', '9']);
    expect(pasteParkCode(' k2p4z ')).toEqual(['K', '2', 'P', '4', 'Z']);
  });
  it('rejects a paste that is too long or has other characters', () => {
    expect(pasteParkCode('ABC123')).toBeNull();
    expect(pasteParkCode('AB-12')).toBeNull();
    expect(pasteParkCode('')).toBeNull();
  });
  it('is complete only with all 5 boxes filled', () => {
    expect(parkCodeComplete(['A', 'B', '1', '2', 'C'])).toBe(true);
    expect(parkCodeComplete(['A', 'B', '', '2', 'C'])).toBe(false);
    expect(parkCodeComplete(emptyParkCode())).toBe(false);
  });
});
