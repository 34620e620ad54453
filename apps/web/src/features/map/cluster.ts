import Supercluster, {
  type AnyProps,
  type ClusterProperties,
  type PointFeature,
} from 'supercluster';
import { MAP_POINT_FLAG, type MapPoints } from '@voltpark/contract/map-points';
import { MAP_CLUSTER_OPTIONS, matchesMapMode } from '@voltpark/contract/map-view';
import type { MapMode } from './mode';

/** Bit flags of a map point: what the location offers (the map-points layout). */
export const FLAG = MAP_POINT_FLAG;

/** The slim per-location record the worker keeps; names come later, from map-labels. */
export interface MapPoint {
  id: number;
  lat: number;
  lng: number;
  flags: number;
}

/** Name and address of a location, fetched on demand for markers and the text list. */
export interface PointLabel {
  name: string;
  fullAddress: string;
  /** A roaming partner's site (decision 0039): whose it is. */
  partnerName?: string;
}

/** The decoded map-points columns as records (locations without a finite position are skipped). */
export function toMapPoints(columns: MapPoints): MapPoint[] {
  const out: MapPoint[] = [];
  for (let i = 0; i < columns.count; i++) {
    const lat = columns.lat[i]!;
    const lng = columns.lng[i]!;
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    out.push({ id: columns.ids[i]!, lat, lng, flags: columns.flags[i]! });
  }
  return out;
}

export const matchesMode = matchesMapMode;

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export type ClusterItem =
  | {
      kind: 'cluster';
      key: string;
      /** The index (engine) the cluster id belongs to: ids of two indexes are not comparable. */
      engine: number;
      clusterId: number;
      lat: number;
      lng: number;
      count: number;
    }
  | {
      kind: 'point';
      key: string;
      id: number;
      lat: number;
      lng: number;
      /** Until its label has arrived (map-labels), a marker has no name. */
      name?: string;
      flags: number;
    };

export interface NearestResult {
  total: number;
  items: (MapPoint & Partial<PointLabel> & { distanceKm: number })[];
}

/** SPEC §9 Map: minimum cluster size 2, clustering up to zoom 15 (shared with the server). */
export const CLUSTER_OPTIONS = MAP_CLUSTER_OPTIONS;

type Props = { i: number };

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const r = 6371;
  const dLat = ((bLat - aLat) * Math.PI) / 180;
  const dLng = ((bLng - aLng) * Math.PI) / 180;
  const s =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((aLat * Math.PI) / 180) * Math.cos((bLat * Math.PI) / 180) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * Clustering of all locations, one supercluster index per map mode (built on first use).
 * Pure: runs inside the worker (cluster.worker.ts) and in unit tests.
 */
let engines = 0;

export class ClusterEngine {
  /** Which engine this is (cluster items carry it; expansion asks go to the same engine). */
  readonly id = ++engines;
  private readonly indexes = new Map<MapMode, Supercluster<Props, AnyProps>>();
  private mode: MapMode = 'both';

  constructor(
    readonly points: readonly MapPoint[],
    /** Labels known so far, by location id (filled by the worker as they arrive). */
    readonly labels: ReadonlyMap<number, PointLabel> = new Map(),
  ) {}

  setMode(mode: MapMode): void {
    this.mode = mode;
  }

  getMode(): MapMode {
    return this.mode;
  }

  private index(): Supercluster<Props, AnyProps> {
    let idx = this.indexes.get(this.mode);
    if (!idx) {
      const features: PointFeature<Props>[] = [];
      for (let i = 0; i < this.points.length; i++) {
        const p = this.points[i]!;
        if (!matchesMode(p.flags, this.mode)) continue;
        features.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
          properties: { i },
        });
      }
      idx = new Supercluster<Props, AnyProps>({ ...CLUSTER_OPTIONS });
      idx.load(features);
      this.indexes.set(this.mode, idx);
    }
    return idx;
  }

  /** Clusters and single locations inside the box at a zoom level. */
  clusters(bbox: BBox, zoom: number): ClusterItem[] {
    const z = Math.max(0, Math.round(zoom));
    const out: ClusterItem[] = [];
    for (const f of this.index().getClusters(bbox, z)) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const props = f.properties as Partial<ClusterProperties> & Partial<Props>;
      if (props.cluster) {
        out.push({
          kind: 'cluster',
          key: `c${this.id}:${props.cluster_id}`,
          engine: this.id,
          clusterId: props.cluster_id!,
          lat,
          lng,
          count: props.point_count!,
        });
      } else {
        const p = this.points[props.i!]!;
        out.push({
          kind: 'point',
          key: `p${p.id}`,
          id: p.id,
          lat: p.lat,
          lng: p.lng,
          name: this.labels.get(p.id)?.name,
          flags: p.flags,
        });
      }
    }
    return out;
  }

  /** The zoom at which a cluster of this engine falls apart (a click on it zooms there). */
  expansionZoom(clusterId: number): number {
    return this.index().getClusterExpansionZoom(clusterId);
  }

  /**
   * Locations of the current mode inside the box, nearest to `center` first (the text list),
   * with the labels known so far (the worker fetches the missing ones before answering).
   */
  nearest(bbox: BBox, center: { lat: number; lng: number }, limit: number): NearestResult {
    const inBox = this.index().getClusters(bbox, CLUSTER_OPTIONS.maxZoom + 1);
    const items = inBox.map((f) => {
      const p = this.points[(f.properties as Props).i]!;
      return { ...p, distanceKm: distanceKm(center.lat, center.lng, p.lat, p.lng) };
    });
    items.sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
    return {
      total: items.length,
      items: items.slice(0, limit).map((p) => ({ ...p, ...this.labels.get(p.id) })),
    };
  }
}

/** A box grown by `pad` (a fraction of its size) on every side. */
export function padBox(bbox: BBox, pad: number): BBox {
  const [w, s, e, n] = bbox;
  const dx = (e - w) * pad;
  const dy = (n - s) * pad;
  return [w - dx, s - dy, e + dx, n + dy];
}

/** Whether `inner` lies inside `outer`. */
export function boxContains(outer: BBox, inner: BBox): boolean {
  return (
    inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
  );
}

/** The points inside a box grown by `pad` (a fraction of its size) on every side. */
export function pointsInBox(points: readonly MapPoint[], bbox: BBox, pad = 0.5): MapPoint[] {
  const [W, S, E, N] = padBox(bbox, pad);
  return points.filter((p) => p.lng >= W && p.lng <= E && p.lat >= S && p.lat <= N);
}
