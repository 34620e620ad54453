import { describe, expect, it } from 'vitest';
import { otherOptionsKey } from './casualAmounts';

describe('casual other-options button text', () => {
  it('reads more at the first amount, less at the last, other in between', () => {
    expect(otherOptionsKey(5000)).toBe('casual.otherOptions.more');
    expect(otherOptionsKey(10000)).toBe('casual.otherOptions.other');
    expect(otherOptionsKey(15000)).toBe('casual.otherOptions.less');
  });
});
