import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderElementAt } from '@/test/render';
import { i18nReady, setLanguage } from '@/shared/i18n';
import { ResultList, type ResultItem } from './ResultList';

const place = (over: Partial<ResultItem>): ResultItem => ({
  id: 1,
  name: 'Westend City Center',
  fullAddress: '1062 Budapest, Váci út 1-3.',
  city: 'Budapest',
  lat: 47.5,
  lng: 19.05,
  hasCharger: true,
  available: true,
  outlets: ['TYPE2', 'CCS'],
  maxPowerKw: 150,
  hasParking: true,
  distance: 1.234,
  ...over,
});

const cards = () => screen.getAllByTestId('location-card');

describe('parking-search cards show the parking price, not charger facts', () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
  });
  afterAll(() => setLanguage('hu'));

  it('shows Ft/hour with free minutes, free parking and no tariff', async () => {
    renderElementAt(
      <ResultList
        kind="parking"
        onOpen={() => {}}
        items={[
          place({ id: 1, parkingFree: false, parkingUnitGross: 400, parkingFreeMinutes: 30 }),
          place({ id: 2, name: 'Gödöllő', parkingFree: true, parkingUnitGross: 0 }),
          place({ id: 3, name: 'Infopark' }),
        ]}
      />,
    );
    await screen.findAllByTestId('location-card');
    const [priced, free, none] = cards().map((c) => c.textContent ?? '');
    expect(priced).toContain('400\u00a0Ft/óra');
    expect(priced).toContain('30 perc ingyenes');
    expect(free).toContain('Ingyenes parkolás');
    expect(none).toContain('Nincs díjszabás');
    for (const text of [priced, free, none]) {
      expect(text).not.toContain('CCS');
      expect(text).not.toContain('150');
      expect(text).not.toContain('Van szabad töltő');
    }
  });

  it('keeps the charger facts in the charger search', async () => {
    renderElementAt(<ResultList onOpen={() => {}} items={[place({ parkingUnitGross: 400 })]} />);
    const card = (await screen.findAllByTestId('location-card'))[0]!;
    expect(within(card).getByText('CCS')).toBeTruthy();
    expect(within(card).queryByTestId('parking-price')).toBeNull();
  });

  it('speaks English with a decimal point and Ft', async () => {
    await setLanguage('en');
    renderElementAt(
      <ResultList
        kind="parking"
        onOpen={() => {}}
        items={[place({ parkingFree: false, parkingUnitGross: 400, parkingFreeMinutes: 30 })]}
      />,
    );
    const card = (await screen.findAllByTestId('location-card'))[0]!;
    expect(card.textContent).toContain('400\u00a0Ft/hour');
    expect(card.textContent).toContain('first 30 minutes free');
    expect(card.textContent).toContain('1.23\u00a0km');
  });
});

describe('a roaming partner’s site in the search results (decision 0039)', () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
  });
  afterAll(() => setLanguage('hu'));

  it('says whose charger it is, in hu and in en; our own sites say nothing of the kind', async () => {
    renderElementAt(
      <ResultList
        onOpen={() => {}}
        items={[
          place({ id: 1 }),
          place({ id: 2, name: 'Partner Debrecen', partnerName: 'VoltPartner Kft.' }),
        ]}
      />,
    );
    const [ours, partner] = (await screen.findAllByTestId('location-card')).map(
      (c) => c.textContent ?? '',
    );
    expect(partner).toContain('Roaming partnertöltő: VoltPartner Kft.');
    expect(ours).not.toContain('partner');
  });

  it('a partner’s site at the same address as an own one has a Partner badge in its accessible name', async () => {
    renderElementAt(
      <ResultList
        onOpen={() => {}}
        items={[
          place({ id: 1, name: 'Árkád Győr', fullAddress: '9027 Győr, Budai út 1.' }),
          place({
            id: 2,
            name: 'Győr, Budai út',
            fullAddress: '9027 Győr, Budai út 1.',
            partnerName: 'VoltPartner Kft.',
          }),
        ]}
      />,
    );
    await screen.findAllByTestId('location-card');
    const partner = screen.getByRole('button', { name: /Győr, Budai út\s*Partner\b/ });
    expect(partner.getAttribute('data-testid')).toBe('location-card');
    expect(within(partner).getByTestId('partner-badge').textContent).toBe('Partner');
    expect(partner.textContent).toContain('Roaming partnertöltő: VoltPartner Kft.');
    const own = screen.getByRole('button', { name: /^Árkád Győr/ });
    expect(within(own).queryByTestId('partner-badge')).toBeNull();
    expect(own.textContent).not.toMatch(/partner/i);
  });

  it('in English', async () => {
    await setLanguage('en');
    renderElementAt(
      <ResultList
        onOpen={() => {}}
        items={[place({ id: 2, name: 'Partner Debrecen', partnerName: 'VoltPartner Kft.' })]}
      />,
    );
    const card = (await screen.findAllByTestId('location-card'))[0]!;
    expect(card.textContent).toContain('Roaming partner charger of VoltPartner Kft.');
    expect(within(card).getByTestId('partner-badge').textContent).toBe('Partner');
  });
});
