import { describe, expect, it } from 'vitest';
import { initialCenter, viewBox } from './initialView';

describe('the first view, predicted before the map exists', () => {
  it('opens /map/:lat/:lng at location zoom, anything else at Budapest zoom 12', () => {
    expect(initialCenter('/map/47.5/19.05')).toEqual({ lat: 47.5, lng: 19.05, zoom: 17 });
    expect(initialCenter('/map/47.5/19.05/findroute')).toMatchObject({ lat: 47.5, zoom: 17 });
    expect(initialCenter('/map')).toEqual({ lat: 47.4979, lng: 19.0402, zoom: 12 });
    expect(initialCenter('/map/abc/19')).toMatchObject({ zoom: 12 });
    expect(initialCenter('/map/95/19')).toMatchObject({ zoom: 12 });
    // A malformed escape must not stop the app's start (it runs before the first render).
    expect(initialCenter('/map/%zz/19.04')).toEqual({ lat: 47.4979, lng: 19.0402, zoom: 12 });
  });

  it('gives the box Leaflet shows: a 256-pixel world at zoom 0, centred boxes otherwise', () => {
    const world = viewBox({ lat: 0, lng: 0 }, 0, 256, 256);
    expect(world[0]).toBeCloseTo(-180, 6);
    expect(world[2]).toBeCloseTo(180, 6);
    expect(world[3]).toBeCloseTo(85.0511, 3);
    // 412 px at zoom 12 spans 412 / 2^20 of 360°; the centre stays in the middle.
    const [w, s, e, n] = viewBox({ lat: 47.4979, lng: 19.0402 }, 12, 412, 915);
    expect(e - w).toBeCloseTo((412 / 256 / 4096) * 360, 9);
    expect((w + e) / 2).toBeCloseTo(19.0402, 9);
    expect(s).toBeLessThan(47.4979);
    expect(n).toBeGreaterThan(47.4979);
    // Mercator: a pixel spans fewer degrees further north, so the north half is shorter.
    expect(n - 47.4979).toBeLessThan(47.4979 - s);
  });
});
