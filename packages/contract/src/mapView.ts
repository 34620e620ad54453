import { MAP_POINT_FLAG } from './mapPoints.js';

/**
 * What the map and the server agree on about the map's view: the default view (SPEC §9 Map),
 * the clustering settings, the map modes, and the "first view" the server puts into the page of
 * `/` and `/map` (decision 0010). No zod: the clustering worker imports this file too.
 */

/** SPEC §9 Map: Budapest at zoom 12. */
export const MAP_DEFAULT_VIEW = { lat: 47.4979, lng: 19.0402, zoom: 12 } as const;

/**
 * SPEC §9 Map: minimum cluster size 2, clustering up to zoom 15. `radius` is in screen pixels
 * here: `extent` 256 matches Leaflet's 256-pixel tiles. Supercluster options, on both sides.
 */
export const MAP_CLUSTER_OPTIONS = { minPoints: 2, maxZoom: 15, radius: 64, extent: 256 } as const;

/**
 * The map toggle (SPEC §2 Map), stored in localStorage "mode":
 *   both     – everything (chargers, services and parking); the default
 *   charging – locations with chargers
 *   service  – locations with points-accepting partner shops
 *   parking  – locations with parking gates
 */
export type MapMode = 'both' | 'charging' | 'service' | 'parking';
export const MAP_MODES: readonly MapMode[] = ['both', 'charging', 'service', 'parking'];

export function matchesMapMode(flags: number, mode: MapMode): boolean {
  switch (mode) {
    case 'charging':
      return (flags & MAP_POINT_FLAG.charger) !== 0;
    case 'service':
      return (flags & MAP_POINT_FLAG.poi) !== 0;
    case 'parking':
      return (flags & MAP_POINT_FLAG.parking) !== 0;
    default:
      return true;
  }
}

/** Web Mercator world pixel of a position at a zoom (256-pixel tiles, as Leaflet). */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The position of a world pixel at a zoom (the inverse of worldPixel). */
export function pixelPosition(x: number, y: number, zoom: number): { lat: number; lng: number } {
  const size = 256 * 2 ** zoom;
  return {
    lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI,
    lng: (x / size) * 360 - 180,
  };
}

/**
 * How far from the centre the first view reaches, in screen pixels each way: a 2560 × 1600 map
 * is covered; a bigger one gets the rest of its markers with the map itself.
 */
export const FIRST_VIEW_REACH = { x: 1280, y: 800 } as const;

/**
 * The clustered markers of the default view, computed by the server from the same map points
 * and with the same clustering as the map's worker, so the page can draw them before its
 * scripts have loaded. Each mode's list is flat, four numbers per marker:
 *   dx, dy  – screen pixels from the map's centre at `zoom` (rounded)
 *   count   – locations in the cluster; 1 is a single location
 *   flags   – a single location's MAP_POINT_FLAG bits (0 for a cluster)
 */
export interface FirstView {
  lat: number;
  lng: number;
  zoom: number;
  modes: Record<MapMode, number[]>;
}

/** The id of the page's JSON script element that carries the FirstView. */
export const FIRST_VIEW_ELEMENT_ID = 'vp-first-view-data';
