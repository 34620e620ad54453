import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLiveFrame, publishLiveReopen } from '@/shared/realtime';
import { resetSessionForTests } from '@/shared/session';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import { RoamingChargeIndicator } from './RoamingChargeIndicator';
import { aRoamingCharge } from './testCharge';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

// Decision 0056: the roaming charge follows the /user/roamingCharge pushes of the live socket.
describe('useRoamingCharge over the live socket (top-bar icon)', () => {
  inHungarian();
  beforeEach(() => {
    localStorage.setItem('loggedInUserId', '3');
    localStorage.setItem('loggedInUserToken', 'tok-3');
    resetSessionForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    resetSessionForTests();
  });

  it('shows a charge pushed over the socket at once, and hides it when a push ends it', async () => {
    const fetch = vi.fn(async () => ok(null));
    vi.stubGlobal('fetch', fetch);
    renderElementAt(<RoamingChargeIndicator />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('running-roaming-charge')).toBeNull();

    // Another topic changes nothing.
    act(() => publishLiveFrame({ topic: '/user/parkingSession', data: null }));
    expect(screen.queryByTestId('running-roaming-charge')).toBeNull();

    act(() =>
      publishLiveFrame({
        topic: '/user/roamingCharge',
        data: aRoamingCharge({ status: 'STARTED', kWh: 1 }),
      }),
    );
    expect(await screen.findByTestId('running-roaming-charge')).toBeTruthy();

    act(() =>
      publishLiveFrame({
        topic: '/user/roamingCharge',
        data: aRoamingCharge({ status: 'COMPLETED', billedAmount: 900 }),
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('running-roaming-charge')).toBeNull());
    // Pushed, not asked for: still the one read of the start.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads the charge again when the socket reopens (pushes sent meanwhile were missed)', async () => {
    const fetch = vi.fn(async () => ok(null));
    vi.stubGlobal('fetch', fetch);
    renderElementAt(<RoamingChargeIndicator />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('running-roaming-charge')).toBeNull();

    // The charge started while the socket was down: the reopened socket's read shows it.
    fetch.mockImplementation(async () => ok(aRoamingCharge({ status: 'STARTED', kWh: 2 })));
    act(() => publishLiveReopen());
    expect(await screen.findByTestId('running-roaming-charge')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
