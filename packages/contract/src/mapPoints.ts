/**
 * The binary layout of GET /api/v1/location/map-points: what the map needs to cluster and draw
 * every location, and nothing else (names and addresses come from map-labels on demand).
 * No zod here: the map's Web Worker imports this file (`@voltpark/contract/map-points`) and must
 * stay small. See docs/decisions/0009-compact-map-points.md.
 *
 * All numbers little-endian; every column starts on a 4-byte boundary.
 *
 *   offset        size  content
 *   0             4     ASCII "VPM1" (format and its version)
 *   4             4     uint32 n, the number of locations
 *   8             4·n   int32 id deltas: ids ascending, the first one as is, then id − previous id
 *   8 + 4n        4·n   int32 latitude × 1e6 (rounded)
 *   8 + 8n        4·n   int32 longitude × 1e6 (rounded)
 *   8 + 12n       n     uint8 flags (MAP_POINT_FLAG)
 *
 * The id deltas are mostly 1, so the compressed answer costs little beyond the coordinates.
 */

export const MAP_POINTS_MAGIC = 'VPM1';
export const MAP_POINTS_CONTENT_TYPE = 'application/vnd.voltpark.map-points';

/** Bit flags of one location: what it offers and the marker's state. */
export const MAP_POINT_FLAG = {
  /** Has an active charger. */
  charger: 1,
  /** Has an active partner shop (POI). */
  poi: 2,
  /** Has an active parking lot. */
  parking: 4,
  /** At least one charger is AVAILABLE or PREPARING (the green marker). */
  available: 8,
  /** At least one shop accepts points. */
  acceptsPoints: 16,
} as const;

/** Decoded columns: index i of every array is one location. */
export interface MapPoints {
  count: number;
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  flags: Uint8Array;
}

export interface MapPointInput {
  id: number;
  lat: number;
  lng: number;
  flags: number;
}

const HEADER = 8;
const E6 = 1e6;

export function mapPointsByteLength(n: number): number {
  return HEADER + 13 * n;
}

/** Encodes points (any order; they are sorted by id). Coordinates keep 6 decimals (~0.1 m). */
export function encodeMapPoints(points: readonly MapPointInput[]): Uint8Array {
  const sorted = [...points].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const bytes = new Uint8Array(mapPointsByteLength(n));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MAP_POINTS_MAGIC.charCodeAt(i);
  view.setUint32(4, n, true);
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const p = sorted[i]!;
    if (!Number.isInteger(p.id) || p.id <= previous) throw new Error(`map points: bad id ${p.id}`);
    view.setInt32(HEADER + 4 * i, p.id - previous, true);
    previous = p.id;
    view.setInt32(HEADER + 4 * n + 4 * i, Math.round(p.lat * E6), true);
    view.setInt32(HEADER + 8 * n + 4 * i, Math.round(p.lng * E6), true);
    bytes[HEADER + 12 * n + i] = p.flags & 0xff;
  }
  return bytes;
}

/** Decodes the answer; throws on anything that is not a whole VPM1 body. */
export function decodeMapPoints(buffer: ArrayBuffer | Uint8Array): MapPoints {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  if (bytes.length < HEADER) throw new Error('map points: too short');
  for (let i = 0; i < 4; i++) {
    if (bytes[i] !== MAP_POINTS_MAGIC.charCodeAt(i)) throw new Error('map points: not VPM1');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(4, true);
  if (bytes.length !== mapPointsByteLength(n)) throw new Error('map points: wrong length');
  const ids = new Int32Array(n);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  let id = 0;
  for (let i = 0; i < n; i++) {
    id += view.getInt32(HEADER + 4 * i, true);
    ids[i] = id;
    lat[i] = view.getInt32(HEADER + 4 * n + 4 * i, true) / E6;
    lng[i] = view.getInt32(HEADER + 8 * n + 4 * i, true) / E6;
  }
  const flags = bytes.slice(HEADER + 12 * n, HEADER + 13 * n);
  return { count: n, ids, lat, lng, flags };
}
