import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoamingCharge } from '@voltpark/contract';
import hu from '@/locales/hu/roaming.json';
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

const charge = aRoamingCharge({ status: 'STARTED', kWh: 1 });

function answer(c: RoamingCharge | null) {
  const fetch = vi.fn(async () => ok(c));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('top-bar roaming-charge icon (component)', () => {
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

  it('shows while a roaming charge is live and opens it', async () => {
    answer(charge);
    renderElementAt(<RoamingChargeIndicator />);
    const link = await screen.findByTestId('running-roaming-charge');
    expect(link.getAttribute('href')).toBe('/roaming-charge');
    expect(link.getAttribute('aria-label')).toBe(
      `${hu['roamingCharge.indicator']} – ${hu['roamingCharge.status.charging']}`,
    );
  });

  it('shows nothing once the charge ended', async () => {
    const fetch = answer({ ...charge, status: 'COMPLETED', billedAmount: 900 });
    renderElementAt(<RoamingChargeIndicator />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('running-roaming-charge')).toBeNull();
  });
});
