import type { BBox, ClusterItem, NearestResult, PointLabel } from './cluster';
import type { MapMode } from './mode';

/** The view the page will most likely ask for first (predicted before the map exists). */
export interface ViewHint {
  bbox: BBox;
  zoom: number;
}

/** The two calls the worker makes: map-points (binary) and map-labels. */
export interface Paths {
  points: string;
  labels: string;
}

/** Messages between the map screen and cluster.worker.ts. */
export type ToWorker =
  | { type: 'init'; paths: Paths; lang: string; mode: MapMode; hint: ViewHint | null }
  /** The map-points answer already downloaded by the page (index.html), its binary bytes. */
  | {
      type: 'data';
      buffer: ArrayBuffer;
      paths: Paths;
      lang: string;
      mode: MapMode;
      hint: ViewHint | null;
    }
  | { type: 'mode'; mode: MapMode }
  | { type: 'clusters'; reqId: number; bbox: BBox; zoom: number }
  | { type: 'expansion'; reqId: number; engine: number; clusterId: number; zoom: number }
  | {
      type: 'nearest';
      reqId: number;
      bbox: BBox;
      center: { lat: number; lng: number };
      limit: number;
    };

export type FromWorker =
  | { type: 'ready'; count: number }
  | {
      type: 'error';
      status: number;
      messages: { severity: 'info' | 'warn' | 'error'; text: string }[];
      useAlert: boolean;
    }
  | { type: 'clusters'; reqId: number; items: ClusterItem[] }
  | { type: 'expansion'; reqId: number; zoom: number }
  | { type: 'nearest'; reqId: number; result: NearestResult }
  /** Names of single markers that arrived after their clusters answer (map-labels). */
  | { type: 'labels'; items: ({ id: number } & PointLabel)[] };
