import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { devices } from 'playwright-core';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the baseline's files come from: the same packages a project would install. */
export const STATIC_ROOTS: Record<string, string> = {
  leaflet: path.join(path.dirname(require.resolve('leaflet/package.json')), 'dist'),
  markercluster: path.join(
    path.dirname(require.resolve('leaflet.markercluster/package.json')),
    'dist',
  ),
  baseline: path.resolve(here, '../baseline'),
};

/** What each page downloads: ours the compact map-points, the baseline the SPEC list. */
export const OURS_API_PATH = '/api/v1/location/map-points';
export const LIST_API_PATH = '/api/v1/location/locations';

export interface RunResult {
  /**
   * ms from navigation start to the first clusters in the DOM. Ours: the earlier of the first
   * view the page draws from the server's clusters (decision 0010) and the map's own clusters.
   */
  firstClustersMs: number;
  /** Where the figure came from: the first view's mark, the map's mark, or a fallback. */
  source: 'first-view' | 'mark' | 'observer' | 'poll';
  /** Ours: ms to the first view drawn from the page (null: none drawn), and its markers. */
  firstViewMs: number | null;
  firstViewMarkers: number | null;
  /** ms to the map's own clusters (Leaflet markers that can be clicked; the baseline's only figure). */
  mapClustersMs: number;
  /** ms from navigation start until the locations answer had arrived. */
  apiResponseEndMs: number | null;
  /** ms from navigation start until the HTML had arrived. */
  htmlResponseEndMs: number | null;
  /** ms from navigation start to the end of DOMContentLoaded (the page's scripts have run). */
  domContentLoadedMs: number | null;
  /** The page's own start-up marks (name → ms from navigation start), first of each. */
  marks: Record<string, number>;
  clustersInDom: number;
  markersInDom: number;
  /** Same-origin .js URLs fetched before the first clusters (the map's real initial JS). */
  scripts: string[];
  tileRequestsFailed: number;
  consoleErrors: string[];
}

export interface MeasureOptions {
  base: string;
  timeoutMs: number;
}

/** Phone viewport as in e2e/playwright.config.ts. A fresh context per run: a first visit. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
  return browser.newContext({ ...pixel, locale: 'hu-HU' });
}

function watch(page: Page, apiPath: string) {
  const consoleErrors: string[] = [];
  let tileRequestsFailed = 0;
  /** Epoch ms when the locations answer was complete (also for a fetch made in a Web Worker). */
  let apiDoneEpoch: number | null = null;
  page.on('requestfinished', (r) => {
    if (apiDoneEpoch !== null || new URL(r.url()).pathname !== apiPath) return;
    const timing = r.timing();
    if (timing.responseEnd >= 0) apiDoneEpoch = timing.startTime + timing.responseEnd;
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !/tile\.openstreetmap\.org|ERR_NAME_NOT_RESOLVED/.test(m.text())) {
      consoleErrors.push(m.text().slice(0, 300));
    }
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e).slice(0, 300)));
  page.on('requestfailed', (r) => {
    if (/tile\.openstreetmap\.org/.test(r.url())) tileRequestsFailed += 1;
  });
  return {
    consoleErrors,
    get tileRequestsFailed() {
      return tileRequestsFailed;
    },
    get apiDoneEpoch() {
      return apiDoneEpoch;
    },
  };
}

/** Watches for `selector` from the very start of the page, recording performance.now() when it matches. */
function readyObserverScript(selector: string) {
  return `(() => {
    const check = () => {
      if (window.__benchReadyAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
        window.__benchReadyAt = performance.now();
        obs.disconnect();
      }
    };
    const obs = new MutationObserver(check);
    obs.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-clusters-ready'], childList: true });
  })();`;
}

async function collect(
  page: Page,
  markName: string,
  readySelector: string,
  apiPath: string,
  clusterSelector: string,
  markerSelector: string,
) {
  return page.evaluate(
    ({ markName, readySelector, apiPath, clusterSelector, markerSelector }) => {
      const w = window as unknown as { __benchReadyAt?: number };
      const mark = performance.getEntriesByName(markName)[0]?.startTime ?? null;
      const at = mark ?? w.__benchReadyAt ?? null;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const api = resources.find((r) => new URL(r.name).pathname === apiPath);
      const limit = at ?? performance.now();
      const scripts = resources
        .filter(
          (r) =>
            new URL(r.name).origin === location.origin &&
            /\.m?js$/.test(new URL(r.name).pathname) &&
            r.startTime <= limit,
        )
        .map((r) => new URL(r.name).pathname);
      const nav = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      const marks: Record<string, number> = {};
      const details: Record<string, unknown> = {};
      for (const m of performance.getEntriesByType('mark')) {
        marks[m.name] ??= m.startTime;
        details[m.name] ??= (m as PerformanceMark).detail;
      }
      return {
        marks,
        details,
        html: nav ? nav.responseEnd : null,
        dcl: nav ? nav.domContentLoadedEventEnd : null,
        mark,
        observed: w.__benchReadyAt ?? null,
        now: performance.now(),
        timeOrigin: performance.timeOrigin,
        ready: document.querySelector(readySelector) !== null,
        apiResponseEnd: api ? api.responseEnd : null,
        clusters: document.querySelectorAll(clusterSelector).length,
        markers: document.querySelectorAll(markerSelector).length,
        scripts,
      };
    },
    { markName, readySelector, apiPath, clusterSelector, markerSelector },
  );
}

interface Target {
  url: string;
  apiPath: string;
  markName: string;
  /** The page's mark for clusters drawn before the map (ours: the server's first view). */
  firstViewMark?: string;
  readySelector: string;
  clusterSelector: string;
  markerSelector: string;
}

async function measure(browser: Browser, t: Target, opts: MeasureOptions): Promise<RunResult> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const w = watch(page, t.apiPath);
    await page.addInitScript(readyObserverScript(t.readySelector));
    await page.goto(t.url, { waitUntil: 'commit', timeout: opts.timeoutMs });
    await page.waitForSelector(t.readySelector, { state: 'attached', timeout: opts.timeoutMs });
    const c = await collect(
      page,
      t.markName,
      t.readySelector,
      t.apiPath,
      t.clusterSelector,
      t.markerSelector,
    );
    const mapClustersMs = c.mark ?? c.observed ?? c.now;
    const firstViewMs = t.firstViewMark ? (c.marks[t.firstViewMark] ?? null) : null;
    const detail = t.firstViewMark ? c.details[t.firstViewMark] : undefined;
    const firstViewMarkers =
      detail && typeof (detail as { markers?: unknown }).markers === 'number'
        ? (detail as { markers: number }).markers
        : null;
    const viewFirst = firstViewMs !== null && firstViewMs < mapClustersMs;
    const source: RunResult['source'] = viewFirst
      ? 'first-view'
      : c.mark !== null
        ? 'mark'
        : c.observed !== null
          ? 'observer'
          : 'poll';
    return {
      firstClustersMs: viewFirst ? firstViewMs : mapClustersMs,
      source,
      firstViewMs,
      firstViewMarkers,
      mapClustersMs,
      // Resource timing of the page; for a fetch made in a worker, Playwright's request timing.
      apiResponseEndMs:
        c.apiResponseEnd ?? (w.apiDoneEpoch !== null ? w.apiDoneEpoch - c.timeOrigin : null),
      htmlResponseEndMs: c.html,
      domContentLoadedMs: c.dcl,
      marks: c.marks,
      clustersInDom: c.clusters,
      markersInDom: c.markers,
      scripts: c.scripts,
      tileRequestsFailed: w.tileRequestsFailed,
      consoleErrors: w.consoleErrors,
    };
  } finally {
    await context.close();
  }
}

export function measureOurs(browser: Browser, opts: MeasureOptions) {
  return measure(
    browser,
    {
      url: `${opts.base}/map`,
      apiPath: OURS_API_PATH,
      markName: 'voltpark:first-clusters',
      firstViewMark: 'voltpark:first-view',
      readySelector: '[data-testid="map"][data-clusters-ready="true"]',
      clusterSelector: '[data-testid="map-cluster"]',
      markerSelector: '[data-testid="map-marker"]',
    },
    opts,
  );
}

/**
 * The baseline's page. Its files are copied into the served web folder (run.ts), with brotli
 * and gzip files as our build has, so the product's server sends them as it sends ours.
 */
export function measureBaseline(browser: Browser, opts: MeasureOptions) {
  return measure(
    browser,
    {
      url: `${opts.base}/__bench/baseline/index.html`,
      apiPath: LIST_API_PATH,
      markName: 'baseline:first-clusters',
      readySelector: '#map[data-clusters-ready="true"]',
      clusterSelector: '.marker-cluster',
      markerSelector: '.leaflet-marker-icon:not(.marker-cluster)',
    },
    opts,
  );
}
