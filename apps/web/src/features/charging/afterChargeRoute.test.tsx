import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { CurrentCharge } from '@voltpark/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterChargeRoute, POST_CHARGE_REDIRECT_MS } from './constants';
import { useAfterChargeGone } from './useCurrentCharge';

describe('where a finished charge leads (SPEC §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('a driver goes to /coupons with the charge (its points show); a guest to /charge-history', () => {
    expect(afterChargeRoute(77, false)).toBe('/coupons?chargeId=77');
    expect(afterChargeRoute(77, true)).toBe('/charge-history');
  });

  it('3 s after the running charge disappears the app is on /coupons?chargeId=<that charge>', async () => {
    vi.useFakeTimers();
    let setCharge: (c: CurrentCharge | null) => void = () => {};
    let rerender: () => void = () => {};
    function Watcher({ initial }: { initial: CurrentCharge | null }) {
      const [charge, set] = useState(initial);
      const [, setTick] = useState(0);
      setCharge = set;
      rerender = () => setTick((n) => n + 1);
      // An inline target, as the app passes it: a re-render must not cancel the move.
      useAfterChargeGone(charge, (id) => afterChargeRoute(id, false));
      return null;
    }
    const router = createMemoryRouter(
      [{ path: '*', element: <Watcher initial={{ id: 77 } as CurrentCharge} /> }],
      { initialEntries: ['/charge-history'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    act(() => setCharge(null));
    act(() => rerender());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POST_CHARGE_REDIRECT_MS - 100);
    });
    expect(router.state.location.pathname).toBe('/charge-history');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/coupons?chargeId=77',
    );
  });
});
