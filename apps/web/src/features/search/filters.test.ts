import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, readFilters, toFilterQuery, toggleOutlet, writeFilters } from './filters';

describe('search filters', () => {
  beforeEach(() => localStorage.clear());

  it('deselects a connector chosen again', () => {
    expect(toggleOutlet(null, 'CCS')).toBe('CCS');
    expect(toggleOutlet('CCS', 'CCS')).toBeNull();
    expect(toggleOutlet('CCS', 'TYPE2')).toBe('TYPE2');
  });

  it('sends every charger field that is set', () => {
    const q = toFilterQuery(
      {
        ...EMPTY_FILTERS,
        city: ' Gödöllő ',
        outletType: 'CCS',
        currentType: 'DC',
        performanceFrom: 50,
        onlyAvailableChargers: true,
      },
      'charger',
      { lat: 47.6, lng: 19.35 },
    );
    expect(q).toEqual({
      searchCharger: true,
      city: 'Gödöllő',
      outletType: 'CCS',
      currentType: 'DC',
      performanceFrom: 50,
      onlyAvailableChargers: true,
      latitude: 47.6,
      longitude: 19.35,
    });
  });

  it('sends the shop fields for a service search', () => {
    const q = toFilterQuery(
      {
        ...EMPTY_FILTERS,
        onlyPointAccepter: true,
        selectedCategory: 3,
        selectedSubCategories: [7, 9],
      },
      'service',
      null,
    );
    expect(q).toEqual({
      searchPoi: true,
      onlyPointAccepter: true,
      selectedCategory: 3,
      selectedSubCategories: '7,9',
    });
  });

  it('remembers filters in localStorage and survives bad data', () => {
    writeFilters({ ...EMPTY_FILTERS, city: 'Pécs' });
    expect(readFilters().city).toBe('Pécs');
    localStorage.setItem('filters', '{broken');
    expect(readFilters()).toEqual(EMPTY_FILTERS);
  });
});
