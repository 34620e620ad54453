import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import type { NearestResult } from './cluster';
import type { ClusterClient } from './clusterClient';
import type { MapView } from './LeafletMap';
import { LocationList } from './LocationList';

const result: NearestResult = {
  total: 2,
  items: [
    { id: 1, lat: 47.5, lng: 19.05, flags: 1, distanceKm: 0.4, name: 'Westend', fullAddress: 'Bp' },
    {
      id: 2,
      lat: 46.07,
      lng: 18.23,
      flags: 1,
      distanceKm: 180,
      name: 'Pécs, Árkád',
      fullAddress: '7622 Pécs, Bajcsy-Zsilinszky utca 11.',
      partnerName: 'VoltPartner Kft.',
    },
  ],
};
const client = {
  ready: Promise.resolve(),
  nearest: async () => result,
} as unknown as ClusterClient;
const view: MapView = { bbox: [18, 46, 20, 48], center: { lat: 47, lng: 19 }, zoom: 7 };

function show() {
  renderElementAt(
    <LocationList
      id="list"
      client={client}
      view={view}
      mode="all"
      onOpen={() => {}}
      onClose={() => {}}
    />,
  );
}

describe('the map’s text list marks a roaming partner’s site', () => {
  inHungarian();
  afterEach(() => setLanguage('hu'));

  it('in Hungarian, only at the partner’s site', async () => {
    show();
    const partner = await screen.findByRole('button', { name: /Pécs, Árkád/ });
    expect(partner.textContent).toContain('Roaming partnertöltő: VoltPartner Kft.');
    expect(screen.getByRole('button', { name: /Westend/ }).textContent).not.toContain('partner');
  });

  it('in English', async () => {
    await setLanguage('en');
    show();
    const partner = await screen.findByRole('button', { name: /Pécs, Árkád/ });
    expect(partner.textContent).toContain('Roaming partner charger of VoltPartner Kft.');
  });
});
