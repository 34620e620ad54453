import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationDetail, PartnerSite } from '@voltpark/contract';
import core from '@/locales/hu/core.json';
import hu from '@/locales/hu/roaming.json';
import en from '@/locales/en/roaming.json';
import { formatMoney } from '@/shared/format';
import { setLanguage } from '@/shared/i18n';
import { resetSessionForTests } from '@/shared/session';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { LocationPanel } from './LocationPanel';

function ok(data: unknown) {
  return new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const site: PartnerSite = {
  partnerName: 'VoltPartner Kft.',
  operator: null,
  roamingFeePercent: 10,
  evses: [
    {
      uid: 'E1',
      evseId: 'HU*VPT*E1',
      status: 'AVAILABLE',
      connectors: [
        {
          id: '1',
          outlet: 'TYPE2',
          standard: 'IEC_62196_T2',
          currentType: 'AC',
          powerKw: 22,
          price: {
            caveat: 'conditional',
            text: null,
            components: [
              { type: 'ENERGY', grossFt: 1140, roamingFeeFt: 104, stepSize: 1, conditional: false },
              {
                type: 'PARKING_TIME',
                grossFt: 1397,
                roamingFeeFt: 127,
                stepSize: 60,
                conditional: true,
              },
            ],
          },
        },
      ],
    },
    {
      uid: 'E2',
      evseId: null,
      status: 'OUTOFORDER',
      connectors: [
        {
          id: '1',
          outlet: 'CCS',
          standard: 'IEC_62196_T2_COMBO',
          currentType: 'DC',
          powerKw: 150,
          price: { caveat: 'currency', text: null, components: [] },
        },
      ],
    },
  ],
};

const location: LocationDetail = {
  id: 77,
  name: 'Partner Debrecen Piac',
  address: {
    full: '4024 Debrecen, Piac utca 20.',
    countryCode: 'HU',
    zipCode: '4024',
    city: 'Debrecen',
    street: 'Piac utca 20.',
    addressType: '',
    houseNumber: '',
  },
  fullAddress: '4024 Debrecen, Piac utca 20.',
  lat: 47.5296,
  lng: 21.6244,
  hasCharger: true,
  hasPoi: false,
  hasParking: false,
  available: true,
  outlets: ['TYPE2', 'CCS'],
  description: null,
  traits: [],
  chargers: [],
  pois: [],
  parkingLotId: null,
  parkingLot: null,
  partnerSite: site,
};

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const p = new URL(String(input), 'http://x').pathname;
      if (p === '/api/v1/location/location-charger-poi/77')
        return ok({ location, pictureBase: '/api/file?type=poi&name=' });
      return ok(null);
    }),
  );
  renderElementAt(<LocationPanel locationId={77} variant="map" onClose={() => {}} />);
}

describe('location panel of a roaming partner’s site', () => {
  inHungarian();
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('hu');
  });

  it('says whose it is, each point’s status and every price component (hu); a visitor is asked to sign in', async () => {
    serve();
    expect(
      await screen.findByText(
        hu['partner.mark'].replace('{{name}}', 'VoltPartner Kft.'),
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Töltőpont HU*VPT*E1' });
    expect(within(first).getByText('Szabad')).toBeTruthy();
    const lines = within(first)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Whole forints in the app's money format (hu-HU grouping, whatever the language).
    expect(lines).toEqual([
      `Energia: ${formatMoney(1140)}/kWh (ebből roaming díj: ${formatMoney(104)})`,
      `Parkolás: ${formatMoney(1397)}/óra (ebből roaming díj: ${formatMoney(127)}) – feltételhez kötött`,
    ]);
    expect(screen.getByText(hu['partner.price.conditional'])).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Töltőpont E2' });
    expect(within(second).getByText('Üzemen kívül')).toBeTruthy();
    expect(within(second).getByText(hu['partner.price.currency'])).toBeTruthy();
    expect(screen.getByText(hu['partner.price.intro'].replace('{{percent}}', '10'))).toBeTruthy();
    // Not our charger: no way to our own start flow; signed out, no roaming start either.
    expect(screen.queryByRole('link', { name: new RegExp(core['panel.openCharger']) })).toBeNull();
    expect(document.querySelector('a[href^="/charger/"]')).toBeNull();
    expect(screen.queryByTestId('roaming-start-link')).toBeNull();
    expect(screen.getByTestId('roaming-sign-in').textContent).toContain(
      hu['roamingCharge.signInNeeded'],
    );
  });

  it('offers a signed-in driver a start at each connector of an AVAILABLE point only', async () => {
    localStorage.setItem('loggedInUserId', '3');
    localStorage.setItem('loggedInUserToken', 'tok-3');
    resetSessionForTests();
    try {
      serve();
      const first = await screen.findByRole(
        'article',
        { name: 'Töltőpont HU*VPT*E1' },
        { timeout: 5000 },
      );
      const start = within(first).getByRole('link', {
        name: 'Töltés indítása: töltőpont HU*VPT*E1, Type 2',
      });
      expect(start.getAttribute('href')).toBe('/roaming-charge?location=77&evse=E1&connector=1');
      const second = screen.getByRole('article', { name: 'Töltőpont E2' });
      expect(within(second).queryByTestId('roaming-start-link')).toBeNull();
      expect(screen.queryByTestId('roaming-sign-in')).toBeNull();
    } finally {
      localStorage.clear();
      resetSessionForTests();
    }
  });

  it('is in English when English is chosen', async () => {
    await setLanguage('en');
    serve();
    expect(
      await screen.findByText(
        en['partner.mark'].replace('{{name}}', 'VoltPartner Kft.'),
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Charging point HU*VPT*E1' });
    expect(within(first).getAllByRole('listitem')[0]!.textContent).toBe(
      `Energy: ${formatMoney(1140)}/kWh (of which roaming fee: ${formatMoney(104)})`,
    );
    expect(screen.getByText('Out of order')).toBeTruthy();
    expect(screen.getByText(en['partner.price.currency'])).toBeTruthy();
  });
});
