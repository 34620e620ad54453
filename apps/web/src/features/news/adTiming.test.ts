import { describe, expect, it } from 'vitest';
import { parseShownNews, shouldShowAd } from './adTiming';

describe('front-page ad timing', () => {
  it('shows when never closed or when secondsToShowAgain passed', () => {
    expect(shouldShowAd(null, 3600, 1000)).toBe(true);
    expect(shouldShowAd(0, 60, 59_999)).toBe(false);
    expect(shouldShowAd(0, 60, 60_000)).toBe(true);
  });
  it('parses shownNews safely', () => {
    expect(parseShownNews('["a","b",3]')).toEqual(['a', 'b']);
    expect(parseShownNews('oops')).toEqual([]);
    expect(parseShownNews(null)).toEqual([]);
  });
});
