/**
 * Start-up order: on a map route nothing optional (adverts, news, the service worker) may
 * compete with the first clustered markers; they wait for them (or a maximum), elsewhere for a
 * short delay.
 */
export const FIRST_CLUSTERS = 'voltpark:first-clusters';

let firstClustersSeen = false;

export function isMapPath(pathname: string): boolean {
  return /^\/(map(\/|$)|$)/.test(pathname);
}

/** The map calls this when its first clusters are in the DOM (once per page load). */
export function markFirstClusters(): void {
  if (firstClustersSeen) return;
  firstClustersSeen = true;
  performance.mark(FIRST_CLUSTERS);
  window.dispatchEvent(new Event(FIRST_CLUSTERS));
}

/** Runs `cb` once the start has settled; returns a cancel function. */
export function afterStart(cb: () => void, { delayMs = 2500, maxMs = 20000 } = {}): () => void {
  let finished = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const fire = () => {
    if (finished) return;
    finished = true;
    cleanup();
    cb();
  };
  const onClusters = () => timers.push(setTimeout(fire, delayMs));
  const cleanup = () => {
    timers.forEach(clearTimeout);
    window.removeEventListener(FIRST_CLUSTERS, onClusters);
  };
  if (firstClustersSeen || !isMapPath(window.location.pathname)) {
    timers.push(setTimeout(fire, delayMs));
  } else {
    window.addEventListener(FIRST_CLUSTERS, onClusters, { once: true });
    timers.push(setTimeout(fire, maxMs));
  }
  return () => {
    finished = true;
    cleanup();
  };
}
