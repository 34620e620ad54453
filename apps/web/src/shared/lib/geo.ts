import { MAP_DEFAULT_VIEW } from '@voltpark/contract/map-view';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Budapest, SPEC §9 Map. */
export const DEFAULT_CENTER: LatLng = { lat: MAP_DEFAULT_VIEW.lat, lng: MAP_DEFAULT_VIEW.lng };
export const ZOOM = {
  default: MAP_DEFAULT_VIEW.zoom,
  ownPosition: 15,
  location: 17,
  marker: 19,
  clusterMax: 15,
} as const;

/** The device position, or null when unavailable, denied or too slow (SPEC §8: fall back). */
export function getPosition(timeoutMs = 10000): Promise<LatLng | null> {
  return new Promise((resolve) => {
    const geo = globalThis.navigator?.geolocation;
    if (!geo) {
      resolve(null);
      return;
    }
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      resolve(null);
    }, timeoutMs + 500);
    geo.getCurrentPosition(
      (p) => {
        if (done) return;
        clearTimeout(timer);
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      () => {
        if (done) return;
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60000 },
    );
  });
}

/** Great-circle distance in km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const r = 6371;
  const dLat = ((b.lat - a.lat) * Math.PI) / 180;
  const dLng = ((b.lng - a.lng) * Math.PI) / 180;
  const s =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((a.lat * Math.PI) / 180) * Math.cos((b.lat * Math.PI) / 180) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(s)));
}
