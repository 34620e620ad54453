import { describe, expect, it } from 'vitest';
import { MAP_POINT_FLAG } from '@voltpark/contract/map-points';
import { markerLook } from './markerLook';

const { charger, parking, available } = MAP_POINT_FLAG;

describe("markerLook: the map mode decides a marker's symbol", () => {
  it('draws no ⚡ in parking mode, also for a place with chargers', () => {
    expect(markerLook(parking | charger | available, 'parking')).toEqual({
      glyph: 'P',
      className: 'vp-marker',
    });
    expect(markerLook(parking | charger, 'parking').glyph).toBe('P');
  });
  it('puts the charger first in the charging and both modes', () => {
    expect(markerLook(parking | charger | available, 'charging')).toEqual({
      glyph: '⚡',
      className: 'vp-marker vp-marker--available',
    });
    expect(markerLook(parking | charger, 'both').className).toBe('vp-marker vp-marker--busy');
    expect(markerLook(parking, 'both').glyph).toBe('P');
    expect(markerLook(0, 'both').glyph).toBe('★');
  });
});
