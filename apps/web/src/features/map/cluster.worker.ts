/// <reference lib="webworker" />
import { decodeMapPoints } from '@voltpark/contract/map-points';
import { ApiError, request } from '@/shared/api/request';
import {
  ClusterEngine,
  pointsInBox,
  toMapPoints,
  type ClusterItem,
  type MapPoint,
  type PointLabel,
} from './cluster';
import { LabelStore } from './labels';
import type { FromWorker, Paths, ToWorker } from './protocol';

/**
 * Fetches every location once in the compact binary form (GET v1/location/map-points), decodes
 * and clusters it off the main thread, then answers viewport queries. Only the visible clusters
 * travel back to the page. Names and addresses come from map-labels, only for the single
 * markers in view and the text list (decision 0008).
 */
declare const self: DedicatedWorkerGlobalScope;

let engine: ClusterEngine | null = null;
const queue: ToWorker[] = [];
const labels = new Map<number, PointLabel>();
let store: LabelStore | null = null;

function post(msg: FromWorker) {
  self.postMessage(msg);
}

/** Single markers whose names are not known yet: fetched, then sent to the page. */
function labelPoints(items: ClusterItem[]) {
  const missing: number[] = [];
  for (const it of items) if (it.kind === 'point' && it.name === undefined) missing.push(it.id);
  if (missing.length === 0 || !store) return;
  void store.ensure(missing).then((found) => {
    if (found.length > 0) post({ type: 'labels', items: found });
  });
}

function handle(msg: ToWorker) {
  if (!engine) {
    queue.push(msg);
    return;
  }
  switch (msg.type) {
    case 'mode':
      engine.setMode(msg.mode);
      break;
    case 'clusters': {
      const items = engine.clusters(msg.bbox, msg.zoom);
      post({ type: 'clusters', reqId: msg.reqId, items });
      labelPoints(items);
      break;
    }
    case 'expansion':
      post({ type: 'expansion', reqId: msg.reqId, zoom: engine.expansionZoom(msg.clusterId) });
      break;
    case 'nearest': {
      const e = engine;
      const first = e.nearest(msg.bbox, msg.center, msg.limit);
      // The text list always shows names: wait for the missing labels (a failure leaves them out).
      void (store ? store.ensure(first.items.map((i) => i.id)) : Promise.resolve([])).then(() =>
        post({
          type: 'nearest',
          reqId: msg.reqId,
          result: e.nearest(msg.bbox, msg.center, msg.limit),
        }),
      );
      break;
    }
    default:
      break;
  }
}

type Mode = Parameters<ClusterEngine['setMode']>[0];

/** Below this many locations the full index is quick enough to build first. */
const VIEWPORT_FIRST_MIN = 5000;

/**
 * Viewport first: the view the page is waiting for is clustered from the locations around it
 * (a small index, tens of milliseconds), then the index of every location is built and the page
 * re-asks (on 'ready') for the same view. The clusters near the view are the same either way.
 */
function answerWaitingView(points: readonly MapPoint[], mode: Mode) {
  let viewMode = mode;
  let view: Extract<ToWorker, { type: 'clusters' }> | null = null;
  for (const m of queue) {
    if (m.type === 'mode') viewMode = m.mode;
    if (m.type === 'clusters') view = m;
  }
  if (!view) return;
  const quick = new ClusterEngine(pointsInBox(points, view.bbox, 0.5), labels);
  quick.setMode(viewMode);
  const items = quick.clusters(view.bbox, view.zoom);
  post({ type: 'clusters', reqId: view.reqId, items });
  queue.splice(queue.indexOf(view), 1);
  labelPoints(items);
}

function build(points: MapPoint[], mode: Mode) {
  if (points.length >= VIEWPORT_FIRST_MIN) answerWaitingView(points, mode);
  // Let the first answer leave before the long index build.
  setTimeout(() => {
    engine = new ClusterEngine(points, labels);
    engine.setMode(mode);
    post({ type: 'ready', count: engine.points.length });
    for (const m of queue.splice(0)) handle(m);
  }, 0);
}

function fail(e: unknown) {
  const err = e instanceof ApiError ? e : null;
  post({
    type: 'error',
    status: err?.status ?? 0,
    messages: err?.envelope?.messages ?? [],
    useAlert: err?.envelope?.useAlert ?? false,
  });
}

/** Bytes fetched by the page (index.html): decode here; anything odd → fetch again. */
function fromBuffer(buffer: ArrayBuffer, paths: Paths, lang: string, mode: Mode) {
  let points: MapPoint[] | null = null;
  try {
    points = toMapPoints(decodeMapPoints(buffer));
  } catch {
    /* fall through to a fresh request */
  }
  if (points) build(points, mode);
  else void init(paths, lang, mode);
}

async function init(paths: Paths, lang: string, mode: Mode) {
  try {
    const res = await fetch(paths.points, {
      headers: { 'X-Lang': lang },
      credentials: 'same-origin',
    }).catch(() => {
      throw new ApiError('network', 0, null);
    });
    if (!res.ok) {
      // Errors come as the usual JSON envelope (messages to show).
      const envelope = (await res.json().catch(() => null)) as ApiError['envelope'];
      throw new ApiError(`HTTP ${res.status}`, res.status, envelope);
    }
    build(toMapPoints(decodeMapPoints(await res.arrayBuffer())), mode);
  } catch (e) {
    fail(e);
  }
}

function start(paths: Paths, lang: string) {
  store = new LabelStore(labels, async (ids) => {
    const env = await request({ method: 'GET', path: paths.labels }, lang, {
      query: { ids: ids.join(',') },
    });
    return env.data as ({ id: number } & PointLabel)[];
  });
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    start(msg.paths, msg.lang);
    void init(msg.paths, msg.lang, msg.mode);
  } else if (msg.type === 'data') {
    start(msg.paths, msg.lang);
    fromBuffer(msg.buffer, msg.paths, msg.lang, msg.mode);
  } else handle(msg);
};
