import type { BBox, ClusterItem, NearestResult } from './cluster';
import type { MapMode } from './mode';

/** Messages between the map screen and cluster.worker.ts. */
export type ToWorker =
  | { type: 'init'; path: string; lang: string; mode: MapMode }
  /** The locations answer already downloaded by the page (index.html), as UTF-8 JSON bytes. */
  | { type: 'data'; buffer: ArrayBuffer; path: string; lang: string; mode: MapMode }
  | { type: 'mode'; mode: MapMode }
  | { type: 'clusters'; reqId: number; bbox: BBox; zoom: number }
  | { type: 'expansion'; reqId: number; clusterId: number }
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
  | { type: 'nearest'; reqId: number; result: NearestResult };
