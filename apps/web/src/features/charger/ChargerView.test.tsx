import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import hu from '@/locales/hu/core.json';
import { renderRoutes } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { ChargerView } from './ChargerView';

function ok(data: unknown) {
  return new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const charger = {
  id: 5,
  name: 'Westend DC 1',
  shortName: 'WDC1',
  status: { value: 'AVAILABLE', title: 'Szabad' },
  tariff: { freeCharging: false, unitChargingGross: 180 },
  tariffs: [
    {
      id: 1,
      name: 'Voltpark DC',
      convenienceFeeGross: 200,
      descriptionLines: ['Energiadíj: 180 Ft/kWh (bruttó).', 'Kényelmi díj: 200 Ft töltésenként.'],
      tariffLines: [],
    },
  ],
  staticTraits: [],
  deviceType: { currentType: 'DC', canStartNewChargeWhileInFinishingState: false },
  performanceKw: 50,
  outlets: [{ connectorId: 1, type: 'CCS', powerKw: 50 }],
  locationId: 3,
  locationName: 'Westend City Center',
  fullAddress: '1062 Budapest, Váci út 1-3.',
  locationHasParking: true,
  canStart: true,
};

describe('charger page: the start is within reach', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('puts the price and the start before the long details and tariff text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const p = new URL(String(input), 'http://x').pathname;
        if (p === '/api/v1/charger/charger') return ok(charger);
        return ok(null);
      }),
    );
    renderRoutes([{ path: '/charger/:chargerId', element: <ChargerView /> }], '/charger/5');
    const start = await screen.findByRole(
      'heading',
      { name: hu['charger.start'] },
      { timeout: 5000 },
    );
    const details = screen.getByRole('heading', { name: hu['charger.details'] });
    const tariff = screen.getByRole('heading', { name: hu['charger.tariff'] });
    const before = (a: Element, b: Element) =>
      (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(before(start, details)).toBe(true);
    expect(before(start, tariff)).toBe(true);
    // The unit price is above the start, so the driver sees it before starting.
    const price = screen.getByTestId('charger-price');
    expect(price.textContent).toBe('180\u00a0Ft/kWh');
    expect(before(price, start)).toBe(true);
  });
});
