import type { BBox, ClusterItem, NearestResult, PointLabel } from './cluster';
import type { MapMode } from './mode';
import type { FromWorker, Paths, ToWorker, ViewHint } from './protocol';

export type LabelListener = (items: ({ id: number } & PointLabel)[]) => void;

type Pending = { resolve: (v: never) => void };

interface EarlyDownload {
  path: string;
  data: Promise<ArrayBuffer | null>;
}

/** The download index.html started for map routes (once; only when it is the same call). */
function takeEarlyDownload(path: string): Promise<ArrayBuffer | null> | null {
  const w = globalThis as unknown as { __vpLocations?: EarlyDownload };
  const early = w.__vpLocations;
  delete w.__vpLocations;
  return early && early.path === path ? early.data : null;
}

/** The page's handle on the clustering worker. */
export class ClusterClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private latestClusters = 0;
  private readonly labelListeners = new Set<LabelListener>();
  readonly ready: Promise<number>;
  private settleReady!: {
    ok: (n: number) => void;
    fail: (e: Extract<FromWorker, { type: 'error' }>) => void;
  };

  constructor(paths: Paths, lang: string, mode: MapMode, hint: ViewHint | null = null) {
    this.worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), {
      type: 'module',
      name: 'clusters',
    });
    this.ready = new Promise<number>((ok, fail) => {
      this.settleReady = { ok, fail };
    });
    // Keep an unobserved rejection from surfacing as an unhandled error.
    this.ready.catch(() => {});
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.onMessage(e.data);
    const early = takeEarlyDownload(paths.points);
    if (early) {
      void early.then((buffer) => {
        if (buffer)
          this.worker.postMessage(
            { type: 'data', buffer, paths, lang, mode, hint } satisfies ToWorker,
            [buffer],
          );
        else this.send({ type: 'init', paths, lang, mode, hint });
      });
    } else {
      this.send({ type: 'init', paths, lang, mode, hint });
    }
  }

  private send(msg: ToWorker) {
    this.worker.postMessage(msg);
  }

  private onMessage(msg: FromWorker) {
    switch (msg.type) {
      case 'ready':
        this.settleReady.ok(msg.count);
        return;
      case 'error':
        this.settleReady.fail(msg);
        return;
      case 'clusters':
        this.resolve(msg.reqId, msg.items);
        return;
      case 'expansion':
        this.resolve(msg.reqId, msg.zoom);
        return;
      case 'nearest':
        this.resolve(msg.reqId, msg.result);
        return;
      case 'labels':
        for (const l of this.labelListeners) l(msg.items);
        return;
    }
  }

  private resolve(id: number, value: unknown) {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    (p.resolve as (v: unknown) => void)(value);
  }

  private ask<T>(build: (reqId: number) => ToWorker): Promise<T> {
    const reqId = this.nextId++;
    return new Promise<T>((resolve) => {
      this.pending.set(reqId, { resolve: resolve as (v: never) => void });
      this.send(build(reqId));
    });
  }

  setMode(mode: MapMode) {
    this.send({ type: 'mode', mode });
  }

  /** Resolves with the clusters of the box, or null when a newer request superseded it. */
  async clusters(bbox: BBox, zoom: number): Promise<ClusterItem[] | null> {
    const items = await this.ask<ClusterItem[]>((reqId) => {
      this.latestClusters = reqId;
      return { type: 'clusters', reqId, bbox, zoom };
    });
    return items;
  }

  isLatest(reqId: number) {
    return reqId === this.latestClusters;
  }

  /** The zoom where a cluster splits; `zoom` is the map's, for a cluster of a replaced index. */
  expansionZoom(cluster: { engine: number; clusterId: number }, zoom: number): Promise<number> {
    return this.ask<number>((reqId) => ({
      type: 'expansion',
      reqId,
      engine: cluster.engine,
      clusterId: cluster.clusterId,
      zoom,
    }));
  }

  nearest(bbox: BBox, center: { lat: number; lng: number }, limit: number): Promise<NearestResult> {
    return this.ask<NearestResult>((reqId) => ({ type: 'nearest', reqId, bbox, center, limit }));
  }

  /** Names of single markers as they arrive; returns the unsubscribe function. */
  onLabels(listener: LabelListener): () => void {
    this.labelListeners.add(listener);
    return () => this.labelListeners.delete(listener);
  }

  terminate() {
    this.worker.terminate();
    this.pending.clear();
  }
}
