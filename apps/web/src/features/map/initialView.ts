import { pixelPosition, worldPixel } from '@voltpark/contract/map-view';
import { DEFAULT_CENTER, ZOOM } from '@/shared/lib/geo';
import type { BBox } from './cluster';

/** A coordinate from the route (`/map/:lat/:lng`), or null when it is not a number within ±max. */
export function parseCoord(v: string | undefined, max: number): number | null {
  if (v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

/** Where MapScreen opens for a path: /map/:lat/:lng at location zoom, else Budapest at 12. */
export function initialCenter(pathname: string): { lat: number; lng: number; zoom: number } {
  const m = /^\/map\/([^/]+)\/([^/]+)/.exec(pathname);
  let lat: number | null = null;
  let lng: number | null = null;
  try {
    lat = m ? parseCoord(decodeURIComponent(m[1]!), 90) : null;
    lng = m ? parseCoord(decodeURIComponent(m[2]!), 180) : null;
  } catch {
    // A malformed escape (/map/%zz/19): the default view, as the router gives no centre either.
  }
  return lat !== null && lng !== null
    ? { lat, lng, zoom: ZOOM.location }
    : { ...DEFAULT_CENTER, zoom: ZOOM.default };
}

/**
 * The box a width × height pixel map shows around a centre at a zoom (Web Mercator, 256-pixel
 * tiles, as Leaflet). Used to give the worker the first view before the map exists.
 */
export function viewBox(
  center: { lat: number; lng: number },
  zoom: number,
  width: number,
  height: number,
): BBox {
  const c = worldPixel(center.lat, center.lng, zoom);
  const nw = pixelPosition(c.x - width / 2, c.y - height / 2, zoom);
  const se = pixelPosition(c.x + width / 2, c.y + height / 2, zoom);
  return [nw.lng, se.lat, se.lng, nw.lat];
}

/** The view the map will most likely ask for first on this page. */
export function predictedView(): { bbox: BBox; zoom: number } {
  const c = initialCenter(window.location.pathname);
  return {
    bbox: viewBox(c, c.zoom, window.innerWidth || 400, window.innerHeight || 800),
    zoom: c.zoom,
  };
}
