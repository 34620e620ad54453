import { describe, expect, it } from 'vitest';
import { mergeQuery } from './query';
import { parseId } from './useRouteQuery';

describe('mergeQuery', () => {
  it('merges the page query with the route query, the route winning', () => {
    expect(mergeQuery('?platform=ios&chargerId=1', '?chargerId=7&autoStart=1')).toEqual({
      platform: 'ios',
      chargerId: '7',
      autoStart: '1',
    });
    expect(mergeQuery('', '')).toEqual({});
  });
  it('parses ids strictly', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('1e3')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});
