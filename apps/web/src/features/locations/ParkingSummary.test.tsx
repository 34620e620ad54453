import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationDetail } from '@voltpark/contract';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import { LocationPanel } from './LocationPanel';

const lot = { id: 5, name: 'Népliget parkoló', freeParking: false, grossUnitParking: 600 };

function location(parkingLot: LocationDetail['parkingLot']): LocationDetail {
  return {
    id: 78,
    name: 'Népliget',
    address: {
      full: '1101 Budapest, Üllői út 131.',
      countryCode: 'HU',
      zipCode: '1101',
      city: 'Budapest',
      street: 'Üllői út',
      addressType: 'út',
      houseNumber: '131.',
    },
    fullAddress: '1101 Budapest, Üllői út 131.',
    lat: 47.47,
    lng: 19.1,
    hasCharger: false,
    hasPoi: false,
    hasParking: true,
    available: false,
    outlets: [],
    description: null,
    traits: [],
    chargers: [],
    pois: [],
    parkingLotId: 5,
    parkingLot,
  };
}

function serve(loc: LocationDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        result: true,
        data: { location: loc, pictureBase: '/api/file?type=poi&name=' },
        messages: [],
        useAlert: false,
      }),
    ),
  );
  renderElementAt(<LocationPanel locationId={78} tab="parking" variant="map" onClose={() => {}} />);
}

describe('the lot sheet’s price line (decision 0064)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('names the free minutes as the list does', async () => {
    serve(location({ ...lot, freeMinutes: 15, gateCount: 3 }));
    const line = await screen.findByText(/sorompó/, undefined, { timeout: 5000 });
    expect(line.textContent?.replace(/\s/g, ' ')).toBe('600 Ft/óra · 15 perc ingyenes · 3 sorompó');
  });

  it('leaves them out when there are none', async () => {
    serve(location({ ...lot, freeMinutes: 0, gateCount: 1 }));
    const line = await screen.findByText(/sorompó/, undefined, { timeout: 5000 });
    expect(line.textContent?.replace(/\s/g, ' ')).toBe('600 Ft/óra · 1 sorompó');
  });
});
