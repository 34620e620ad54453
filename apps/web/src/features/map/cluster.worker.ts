/// <reference lib="webworker" />
import type { LocationListItem } from '@voltpark/contract';
import { ApiError, request } from '@/shared/api/request';
import { ClusterEngine, pointsInBox, toMapPoints, type MapPoint } from './cluster';
import type { FromWorker, ToWorker } from './protocol';

/**
 * Fetches every location once (GET v1/location/locations), parses and clusters it off the main
 * thread, then answers viewport queries. Only the visible clusters travel back to the page.
 */
declare const self: DedicatedWorkerGlobalScope;

let engine: ClusterEngine | null = null;
const queue: ToWorker[] = [];

function post(msg: FromWorker) {
  self.postMessage(msg);
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
    case 'clusters':
      post({ type: 'clusters', reqId: msg.reqId, items: engine.clusters(msg.bbox, msg.zoom) });
      break;
    case 'expansion':
      post({ type: 'expansion', reqId: msg.reqId, zoom: engine.expansionZoom(msg.clusterId) });
      break;
    case 'nearest':
      post({
        type: 'nearest',
        reqId: msg.reqId,
        result: engine.nearest(msg.bbox, msg.center, msg.limit),
      });
      break;
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
  const quick = new ClusterEngine(pointsInBox(points, view.bbox, 0.5));
  quick.setMode(viewMode);
  post({ type: 'clusters', reqId: view.reqId, items: quick.clusters(view.bbox, view.zoom) });
  queue.splice(queue.indexOf(view), 1);
}

function build(list: LocationListItem[], mode: Mode) {
  const points = toMapPoints(list);
  if (points.length >= VIEWPORT_FIRST_MIN) answerWaitingView(points, mode);
  // Let the first answer leave before the long index build.
  setTimeout(() => {
    engine = new ClusterEngine(points);
    engine.setMode(mode);
    post({ type: 'ready', count: engine.points.length });
    for (const m of queue.splice(0)) handle(m);
  }, 0);
}

/** Bytes fetched by the page: parse here, off the main thread; anything odd → fetch again. */
function fromBuffer(buffer: ArrayBuffer, path: string, lang: string, mode: Mode) {
  try {
    const env = JSON.parse(new TextDecoder().decode(buffer)) as {
      result?: boolean;
      data?: unknown;
    };
    if (Array.isArray(env.data)) {
      build(env.data as LocationListItem[], mode);
      return;
    }
  } catch {
    /* fall through to a fresh request */
  }
  void init(path, lang, mode);
}

async function init(path: string, lang: string, mode: Mode) {
  try {
    const env = await request({ method: 'GET', path }, lang);
    build((env.data ?? []) as LocationListItem[], mode);
  } catch (e) {
    const err = e instanceof ApiError ? e : null;
    post({
      type: 'error',
      status: err?.status ?? 0,
      messages: err?.envelope?.messages ?? [],
      useAlert: err?.envelope?.useAlert ?? false,
    });
  }
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') void init(msg.path, msg.lang, msg.mode);
  else if (msg.type === 'data') fromBuffer(msg.buffer, msg.path, msg.lang, msg.mode);
  else handle(msg);
};
