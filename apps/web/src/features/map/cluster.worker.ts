/// <reference lib="webworker" />
import { decodeMapPoints } from '@voltpark/contract/map-points';
import { ApiError, request } from '@/shared/api/request';
import {
  boxContains,
  ClusterEngine,
  padBox,
  pointsInBox,
  toMapPoints,
  type BBox,
  type ClusterItem,
  type MapPoint,
  type PointLabel,
} from './cluster';
import { LabelStore } from './labels';
import type { FromWorker, Paths, ToWorker, ViewHint } from './protocol';

/**
 * Fetches every location once in the compact binary form (GET v1/location/map-points), decodes
 * and clusters it off the main thread, then answers viewport queries. Only the visible clusters
 * travel back to the page. Names and addresses come from map-labels, only for the single
 * markers in view and the text list (decision 0009).
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
    early(msg);
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
      post({ type: 'expansion', reqId: msg.reqId, zoom: expansion(msg) });
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
/** The full index is built at the latest this long after the data, if the page has not asked. */
const FIRST_VIEW_WAIT_MS = 2000;

let points: MapPoint[] | null = null;
/** The last small index, kept after the full build: the page may still show its clusters. */
let lastQuick: ClusterEngine | null = null;

/**
 * A cluster's expansion zoom from the index that made it. A cluster of an index that is gone
 * (the page clicked before it redrew) zooms in two levels: the next view shows the split.
 */
function expansion(msg: Extract<ToWorker, { type: 'expansion' }>): number {
  const owner = [engine, quick?.engine, lastQuick].find((e) => e?.id === msg.engine);
  try {
    if (owner) return owner.expansionZoom(msg.clusterId);
  } catch {
    /* an id the index does not know: as below */
  }
  return Math.round(msg.zoom) + 2;
}
let mode: Mode = 'both';
/** A small index of the locations around the first view, until the full one is built. */
let quick: { engine: ClusterEngine; box: BBox } | null = null;
let fullTimer: ReturnType<typeof setTimeout> | undefined;

function quickFor(bbox: BBox, pad: number): ClusterEngine {
  if (!quick || !boxContains(quick.box, bbox)) {
    if (quick) lastQuick = quick.engine;
    quick = {
      engine: new ClusterEngine(pointsInBox(points!, bbox, pad), labels),
      box: padBox(bbox, pad),
    };
  }
  quick.engine.setMode(mode);
  return quick.engine;
}

/**
 * Viewport first. The page cannot draw before its scripts have run, so the worker usually has
 * the data first: it indexes the locations around the predicted first view (a small index,
 * tens of milliseconds) and waits for the page's request, answers it from there, and only then
 * builds the index of every location (hundreds of milliseconds, during which it cannot answer).
 * Then the page re-asks (on 'ready'). The clusters near the view are the same either way.
 */
function early(msg: ToWorker) {
  if (msg.type === 'mode') mode = msg.mode;
  if (msg.type === 'expansion' && quick?.engine.id === msg.engine) {
    post({ type: 'expansion', reqId: msg.reqId, zoom: expansion(msg) });
    return;
  }
  if (msg.type === 'clusters' && points) {
    const items = quickFor(msg.bbox, 0.5).clusters(msg.bbox, msg.zoom);
    post({ type: 'clusters', reqId: msg.reqId, items });
    labelPoints(items);
    scheduleFull(0);
    return;
  }
  queue.push(msg);
  // Expansion zooms and the text list need the full index.
  if (points && (msg.type === 'expansion' || msg.type === 'nearest')) scheduleFull(0);
}

function scheduleFull(delayMs: number) {
  clearTimeout(fullTimer);
  // A timer, so the answer just posted leaves before the long build.
  fullTimer = setTimeout(() => {
    if (engine || !points) return;
    engine = new ClusterEngine(points, labels);
    engine.setMode(mode);
    lastQuick = quick?.engine ?? lastQuick;
    quick = null;
    post({ type: 'ready', count: engine.points.length });
    for (const m of queue.splice(0)) handle(m);
  }, delayMs);
}

function build(all: MapPoint[], hint: ViewHint | null) {
  points = all;
  if (all.length < VIEWPORT_FIRST_MIN) {
    scheduleFull(0);
    return;
  }
  // A view asked for before the data came: the latest one first, from the small index (any
  // older ones are answered after the full build).
  const view = [...queue].reverse().find((m) => m.type === 'clusters');
  if (view) {
    queue.splice(queue.indexOf(view), 1);
    early(view);
    return;
  }
  // The hint is the whole window, so the map's own view lies inside it (the map is at most that
  // big); half a view more on every side, as for an asked view, keeps the edge clusters right.
  if (hint) quickFor(hint.bbox, 0.5).clusters(hint.bbox, hint.zoom);
  scheduleFull(
    queue.some((m) => m.type === 'expansion' || m.type === 'nearest') ? 0 : FIRST_VIEW_WAIT_MS,
  );
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
function fromBuffer(buffer: ArrayBuffer, paths: Paths, lang: string, hint: ViewHint | null) {
  let decoded: MapPoint[] | null = null;
  try {
    decoded = toMapPoints(decodeMapPoints(buffer));
  } catch {
    /* fall through to a fresh request */
  }
  if (decoded) build(decoded, hint);
  else void init(paths, lang, hint);
}

async function init(paths: Paths, lang: string, hint: ViewHint | null) {
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
    build(toMapPoints(decodeMapPoints(await res.arrayBuffer())), hint);
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
    mode = msg.mode;
    void init(msg.paths, msg.lang, msg.hint);
  } else if (msg.type === 'data') {
    start(msg.paths, msg.lang);
    mode = msg.mode;
    fromBuffer(msg.buffer, msg.paths, msg.lang, msg.hint);
  } else handle(msg);
};
