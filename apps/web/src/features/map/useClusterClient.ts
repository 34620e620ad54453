import { useEffect, useState } from 'react';
import { apiRoutes } from '@/shared/api';
import { ClusterClient } from './clusterClient';
import { predictedView } from './initialView';
import { readMode, type MapMode } from './mode';

/**
 * One worker for the page's life: created the first time a map screen mounts, so the 50,000
 * locations are fetched (in the compact map-points form) and clustered once (SPEC §2 Map: "On
 * load, all locations are fetched").
 */
let shared: ClusterClient | null = null;

export function getClusterClient(lang: string, mode: MapMode): ClusterClient {
  shared ??= new ClusterClient(
    { points: apiRoutes.mapPoints.path, labels: apiRoutes.mapLabels.path },
    lang,
    mode,
    predictedView(),
  );
  return shared;
}

/** Starts the worker (fetch + clustering) as early as possible, before React renders. */
export function startMapData(lang: string): void {
  getClusterClient(lang, readMode());
}

export type ClusterState =
  | { status: 'loading' }
  | { status: 'ready'; count: number }
  | { status: 'error'; network: boolean };

export function useClusterState(client: ClusterClient): ClusterState {
  const [state, setState] = useState<ClusterState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    client.ready.then(
      (count) => alive && setState({ status: 'ready', count }),
      (err: { status: number }) =>
        alive && setState({ status: 'error', network: err.status === 0 }),
    );
    return () => {
      alive = false;
    };
  }, [client]);
  return state;
}
