import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parkingLive } from './parkingLive';
import { useRunningParkCode } from './runningParkCode';
import { aSession } from './testSession';

afterEach(() => parkingLive.setSession(null));

describe('the running parking’s charge code for a charger’s form', () => {
  it('is the code of a running parking at the same location, else none', () => {
    const { result, rerender } = renderHook(({ at }) => useRunningParkCode(at), {
      initialProps: { at: 9 },
    });
    expect(result.current).toBeNull();
    act(() => parkingLive.setSession(aSession()));
    expect(result.current).toBe('K7P2Q');
    rerender({ at: 10 });
    expect(result.current).toBeNull();
    rerender({ at: 9 });
    act(() => parkingLive.setSession(aSession({ parkingStatus: 'FINISHING' })));
    expect(result.current).toBeNull();
  });
});
