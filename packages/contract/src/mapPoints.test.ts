import { describe, expect, it } from 'vitest';
import {
  decodeMapPoints,
  encodeMapPoints,
  MAP_POINT_FLAG,
  mapPointsByteLength,
} from './mapPoints.js';

describe('map-points binary layout', () => {
  it('round-trips ids, positions (6 decimals) and flags, sorted by id', () => {
    const points = [
      { id: 50_000, lat: 47.4979123, lng: 19.0402349, flags: MAP_POINT_FLAG.charger },
      { id: 2, lat: -33.868819, lng: 151.209295, flags: 0 },
      { id: 7, lat: 46.253, lng: -0.5, flags: MAP_POINT_FLAG.poi | MAP_POINT_FLAG.acceptsPoints },
    ];
    const bytes = encodeMapPoints(points);
    expect(bytes.length).toBe(mapPointsByteLength(3));
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('VPM1');
    const d = decodeMapPoints(bytes.slice().buffer);
    expect(d.count).toBe(3);
    expect([...d.ids]).toEqual([2, 7, 50_000]);
    expect([...d.lat]).toEqual([-33.868819, 46.253, 47.497912]);
    expect([...d.lng]).toEqual([151.209295, -0.5, 19.040235]);
    expect([...d.flags]).toEqual([0, 18, 1]);
  });

  it('stores ids as deltas (mostly 1, so they compress to almost nothing)', () => {
    const bytes = encodeMapPoints(
      [10, 11, 12, 20].map((id) => ({ id, lat: 47, lng: 19, flags: 0 })),
    );
    const view = new DataView(bytes.buffer);
    expect([0, 1, 2, 3].map((i) => view.getInt32(8 + 4 * i, true))).toEqual([10, 1, 1, 8]);
  });

  it('decodes an empty answer and a view into a larger buffer', () => {
    expect(decodeMapPoints(encodeMapPoints([])).count).toBe(0);
    const one = encodeMapPoints([{ id: 1, lat: 1, lng: 2, flags: 4 }]);
    const padded = new Uint8Array(one.length + 8);
    padded.set(one, 4);
    expect([...decodeMapPoints(padded.subarray(4, 4 + one.length)).flags]).toEqual([4]);
  });

  it('rejects what is not a whole VPM1 body, and duplicate ids', () => {
    const ok = encodeMapPoints([{ id: 1, lat: 1, lng: 2, flags: 0 }]);
    expect(() => decodeMapPoints(ok.slice(0, ok.length - 1))).toThrow(/length/);
    const wrong = ok.slice();
    wrong[3] = '2'.charCodeAt(0);
    expect(() => decodeMapPoints(wrong)).toThrow(/VPM1/);
    expect(() => decodeMapPoints(new TextEncoder().encode('{"result":true}'))).toThrow();
    expect(() => decodeMapPoints(new Uint8Array(3))).toThrow(/short/);
    expect(() =>
      encodeMapPoints([
        { id: 1, lat: 0, lng: 0, flags: 0 },
        { id: 1, lat: 0, lng: 0, flags: 0 },
      ]),
    ).toThrow(/bad id/);
  });
});
