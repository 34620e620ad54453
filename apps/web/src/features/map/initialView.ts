import { DEFAULT_CENTER, ZOOM } from '@/shared/lib/geo';
import type { BBox } from './cluster';

/** Where MapScreen opens for a path: /map/:lat/:lng at location zoom, else Budapest at 12. */
export function initialCenter(pathname: string): { lat: number; lng: number; zoom: number } {
  const m = /^\/map\/([^/]+)\/([^/]+)/.exec(pathname);
  const lat = m ? Number(decodeURIComponent(m[1]!)) : NaN;
  const lng = m ? Number(decodeURIComponent(m[2]!)) : NaN;
  if (Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180)
    return { lat, lng, zoom: ZOOM.location };
  return { ...DEFAULT_CENTER, zoom: ZOOM.default };
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
  const size = 256 * 2 ** zoom;
  const x = ((center.lng + 180) / 360) * size;
  const sin = Math.sin((center.lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  const lngOf = (px: number) => (px / size) * 360 - 180;
  const latOf = (py: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / size))) * 180) / Math.PI;
  return [lngOf(x - width / 2), latOf(y + height / 2), lngOf(x + width / 2), latOf(y - height / 2)];
}

/** The view the map will most likely ask for first on this page. */
export function predictedView(): { bbox: BBox; zoom: number } {
  const c = initialCenter(window.location.pathname);
  return {
    bbox: viewBox(c, c.zoom, window.innerWidth || 400, window.innerHeight || 800),
    zoom: c.zoom,
  };
}
