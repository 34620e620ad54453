import Supercluster, {
  type AnyProps,
  type ClusterProperties,
  type PointFeature,
} from 'supercluster';
import { decodeMapPoints, type MapPoints } from '@voltpark/contract/map-points';
import {
  FIRST_VIEW_ELEMENT_ID,
  FIRST_VIEW_REACH,
  MAP_CLUSTER_OPTIONS,
  MAP_DEFAULT_VIEW,
  MAP_MODES,
  matchesMapMode,
  pixelPosition,
  worldPixel,
  type FirstView,
} from '@voltpark/contract/map-view';
import type { LocationListBody } from './list-cache.js';

type Props = { flags: number };

/**
 * The clustered markers of the default view for every map mode (decision 0010), from the same
 * map points and with the same supercluster settings as the map's worker. Like the worker's
 * first small index, it clusters only the locations around the view (half the reach again on
 * every side), which keeps it to tens of milliseconds at 50,000 locations.
 */
export function computeFirstView(points: MapPoints): FirstView {
  const { lat, lng, zoom } = MAP_DEFAULT_VIEW;
  const c = worldPixel(lat, lng, zoom);
  const box = (fx: number, fy: number) => {
    const nw = pixelPosition(c.x - fx * FIRST_VIEW_REACH.x, c.y - fy * FIRST_VIEW_REACH.y, zoom);
    const se = pixelPosition(c.x + fx * FIRST_VIEW_REACH.x, c.y + fy * FIRST_VIEW_REACH.y, zoom);
    return { west: nw.lng, north: nw.lat, east: se.lng, south: se.lat };
  };
  const view = box(1, 1);
  const around = box(1.5, 1.5);

  const near: number[] = [];
  for (let i = 0; i < points.count; i++) {
    const la = points.lat[i]!;
    const ln = points.lng[i]!;
    if (la >= around.south && la <= around.north && ln >= around.west && ln <= around.east) {
      near.push(i);
    }
  }

  const modes = {} as FirstView['modes'];
  for (const mode of MAP_MODES) {
    const features: PointFeature<Props>[] = [];
    for (const i of near) {
      const flags = points.flags[i]!;
      if (!matchesMapMode(flags, mode)) continue;
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [points.lng[i]!, points.lat[i]!] },
        properties: { flags },
      });
    }
    const index = new Supercluster<Props, AnyProps>({
      ...MAP_CLUSTER_OPTIONS,
      // Only the default zoom is drawn; the levels below it are not needed.
      minZoom: zoom,
    }).load(features);
    const out: number[] = [];
    for (const f of index.getClusters([view.west, view.south, view.east, view.north], zoom)) {
      const [fLng, fLat] = f.geometry.coordinates as [number, number];
      const p = worldPixel(fLat, fLng, zoom);
      const props = f.properties as Partial<ClusterProperties> & Partial<Props>;
      const cluster = props.cluster === true;
      out.push(
        Math.round(p.x - c.x),
        Math.round(p.y - c.y),
        cluster ? props.point_count! : 1,
        cluster ? 0 : props.flags!,
      );
    }
    modes[mode] = out;
  }
  return { lat, lng, zoom, modes };
}

/** The FirstView as the page's JSON script element (safe inside HTML: no "<" survives). */
export function firstViewElement(view: FirstView): string {
  const json = JSON.stringify(view).replace(/</g, '\\u003c');
  return `<script id="${FIRST_VIEW_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * The page element for the map points, made when a map-points body is built (so a page never
 * waits for the clustering, tens of milliseconds at 50,000 locations): before the first build
 * there is none, and a page always gets the newest one made.
 */
export class FirstViewCache {
  private made: { etag: string; html: string } | undefined;

  constructor(private readonly onError: (err: unknown) => void = () => {}) {}

  element(): string {
    return this.made?.html ?? '';
  }

  /** Makes the element for a newly built body (LocationListCache's onBuilt). */
  update(body: LocationListBody): void {
    if (body.etag === this.made?.etag) return;
    try {
      this.made = {
        etag: body.etag,
        html: firstViewElement(computeFirstView(decodeMapPoints(body.raw))),
      };
    } catch (err) {
      this.onError(err);
    }
  }
}
