/// <reference lib="webworker" />
import type { LocationListItem } from '@voltpark/contract';
import { ApiError, request } from '@/shared/api/request';
import { ClusterEngine, toMapPoints } from './cluster';
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

async function init(path: string, lang: string, mode: Parameters<ClusterEngine['setMode']>[0]) {
  try {
    const env = await request({ method: 'GET', path }, lang);
    engine = new ClusterEngine(toMapPoints((env.data ?? []) as LocationListItem[]));
    engine.setMode(mode);
    post({ type: 'ready', count: engine.points.length });
    for (const m of queue.splice(0)) handle(m);
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
  else handle(msg);
};
