/**
 * bench/map — time from navigation to the first clustered markers with 50,000 locations, for the
 * product's map (supercluster in a Web Worker) and for a Leaflet + leaflet.markercluster baseline,
 * in the same Chromium against the same server and data. Also prints the gzip size of the map
 * route's initial JS and of the 50,000-location API answer. Targets are printed, never enforced.
 *
 *   npm run bench                       (from the repo root or bench/)
 *   npm run bench -- --runs 9 --locations 20000 --build
 *
 * See bench/README.md for how to read the output.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../e2e/chromium';
import {
  freePort,
  runToEnd,
  startProcess,
  stopAllNow,
  stopProcess,
  tsxCli,
  waitForReady,
} from './lib/proc';
import {
  distFileOf,
  initialJs,
  jsFilesSize,
  mapPointsFigures,
  payloadFigures,
  rawGet,
  type JsSizes,
} from './lib/sizes';
import { measureBaseline, measureOurs, STATIC_ROOTS, type RunResult } from './lib/measure';
import { precompress } from './lib/precompress';
import { summarize, type Summary } from './lib/stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
/** The built web app the server serves (WEB_DIST_DIR, as for the server; default apps/web/dist). */
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'));
const resultsDir = path.join(repoRoot, 'bench/results');

const TARGET_RATIO = 10;
const TARGET_FIRST_CLUSTERS_MS = 1_500;
const TARGET_INITIAL_JS_GZIP = 200 * 1024;

const { values: argv } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    locations: { type: 'string', default: '50000' },
    build: { type: 'boolean', default: false },
    'keep-data': { type: 'boolean', default: false },
    'reuse-data': { type: 'string' },
    'run-timeout': { type: 'string', default: '90000' },
    'total-timeout': { type: 'string', default: '1500000' },
  },
  allowPositionals: false,
});
const RUNS = Math.max(1, Number(argv.runs));
const LOCATIONS = Math.max(0, Number(argv.locations));
const RUN_TIMEOUT_MS = Number(argv['run-timeout']);
const TOTAL_TIMEOUT_MS = Number(argv['total-timeout']);

const kb = (n: number | null | undefined) => (n == null ? '—' : `${(n / 1024).toFixed(1)} KB`);
const ms = (n: number | null | undefined) => (n == null ? '—' : `${Math.round(n)} ms`);
const yesNo = (ok: boolean | null) => (ok == null ? 'unknown' : ok ? 'MET' : 'NOT MET');
const log = (...a: unknown[]) => console.log(...a);

let tempDir: string | null = null;
let browser: Browser | null = null;
let server: ReturnType<typeof startProcess> | null = null;
let cleaning: Promise<void> | null = null;
/** Set by a signal or the watchdog: no more runs, no result file. */
let aborted = false;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await browser?.close().catch(() => undefined);
    browser = null;
    if (server) await stopProcess(server.child).catch(() => undefined);
    server = null;
    stopAllNow();
    if (tempDir && !argv['keep-data']) {
      fs.rmSync(tempDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } else if (tempDir) log(`data kept in ${tempDir}`);
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    aborted = true;
    log(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

const watchdog = setTimeout(() => {
  aborted = true;
  console.error(`bench/map: gave up after ${TOTAL_TIMEOUT_MS} ms`);
  void cleanup().finally(() => process.exit(2));
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadSamples: number[] = [];

/**
 * Before every run: the server must not be busy with work the previous run started (on PGlite a
 * background rebuild of a list holds the server's thread). Waits a moment, then until three
 * health checks in a row answer quickly. The same for both variants.
 */
async function settle(base: string) {
  // Longer than the server's rebuild delay (list-cache.ts, 2 s): a rebuild the previous run
  // caused has started by then, and the health checks wait for its end.
  await new Promise((r) => setTimeout(r, 2500));
  const until = Date.now() + 20_000;
  let quick = 0;
  while (quick < 3 && Date.now() < until) {
    const t0 = performance.now();
    await rawGet(`${base}/healthz`, {}, 10_000).catch(() => null);
    quick = performance.now() - t0 < 30 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  process.stdout.write(`• ${label} … `);
  const value = await fn();
  log(`${ms(performance.now() - t0)}`);
  return value;
}

async function main() {
  log(`bench/map — ${new Date().toISOString()} — ${os.cpus().length} CPU, Node ${process.version}`);
  log(`runs: ${RUNS} per variant (after 1 warm-up each), locations generated: ${LOCATIONS}`);
  log(`load average at start: ${loadText()}\n`);

  // GATES_MQTT_PORT 0: the gates' embedded broker on a free port (a local broker may hold 1883).
  const nodeEnv = { ...process.env, LOG_LEVEL: 'warn', GATES_MQTT_PORT: '0' };

  const defaultDist = distDir === path.join(repoRoot, 'apps/web/dist');
  if (!defaultDist && !fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`WEB_DIST_DIR=${distDir} has no index.html`);
  }
  if (defaultDist && (argv.build || !fs.existsSync(path.join(distDir, 'index.html')))) {
    await step('building the web app (npm run build -w @voltpark/web)', () =>
      runToEnd('web build', 'npm', ['run', 'build', '-w', '@voltpark/web'], {
        cwd: repoRoot,
        env: process.env,
        timeoutMs: 300_000,
      }),
    );
  }
  const distBuiltAt = fs.statSync(path.join(distDir, 'index.html')).mtime.toISOString();

  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltpark-bench-'));
  // A private copy of the build: a rebuild of apps/web/dist during the runs cannot mix versions.
  const web = path.join(tempDir, 'web');
  // realpath: apps/web/dist is a link to the current build (apps/web/scripts/build-once.mjs).
  fs.cpSync(fs.realpathSync(distDir), web, { recursive: true });
  // The baseline's page, Leaflet and leaflet.markercluster go into the same folder, so the same
  // server sends both pages and their scripts (/__bench/<root>/…).
  for (const [root, dir] of Object.entries(STATIC_ROOTS)) {
    fs.cpSync(dir, path.join(web, '__bench', root), { recursive: true });
  }
  // Pre-compressed like our build's scripts and styles (apps/web/vite.config.ts), so the server
  // does not compress the baseline's files on every run while it sends ours as they are.
  precompress(path.join(web, '__bench'));
  const dataDir = path.join(tempDir, 'data');
  const env = { ...nodeEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', WEB_DIST_DIR: web };

  let seedCliMs: number | null = null;
  if (argv['reuse-data']) {
    // A data folder an earlier run kept (--keep-data): copied, so the original stays as it was.
    const from = path.resolve(argv['reuse-data'], 'data');
    if (!fs.existsSync(path.join(from, 'db'))) throw new Error(`--reuse-data: no ${from}/db`);
    await step(`copying the data of ${argv['reuse-data']}`, async () =>
      fs.cpSync(from, dataDir, {
        recursive: true,
        filter: (f) => path.basename(f) !== 'postmaster.pid',
      }),
    );
  } else {
    // The server seeds the demo data into an empty database on start; the CLI then adds the
    // generated locations. Doing it in this order works whether or not the CLI seeds the demo.
    const seedPort = await freePort();
    await step('seeding the demo data (first server start)', async () => {
      server = startProcess(process.execPath, [tsxCli, 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: { ...env, PORT: String(seedPort) },
      });
      await waitForReady(`http://127.0.0.1:${seedPort}/readyz`, server.child, server.tail, 180_000);
      await stopProcess(server.child);
      server = null;
    });
    const seedRun = await step(`generating ${LOCATIONS} locations (seed CLI)`, () =>
      runToEnd(
        'seed CLI',
        process.execPath,
        [tsxCli, 'apps/server/src/db/seed/cli.ts', '--locations', String(LOCATIONS)],
        { cwd: repoRoot, env, timeoutMs: 900_000 },
      ),
    );
    seedCliMs = seedRun.ms;
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const readyMs = await step(`starting the server on ${base}`, async () => {
    server = startProcess(process.execPath, [tsxCli, 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port) },
    });
    return waitForReady(`${base}/readyz`, server.child, server.tail, 180_000);
  });

  const payload = await step('measuring the locations answer', () => payloadFigures(base));
  const points = await step('measuring the map-points answer', () => mapPointsFigures(base));
  if (payload.locations < LOCATIONS) {
    log(`  ! the API lists ${payload.locations} locations, fewer than the ${LOCATIONS} generated`);
  }
  if (!payload.hasDemoGodollo) log('  ! no demo location in Gödöllő: was the demo seed applied?');

  const initial = initialJs(web);

  browser = await step('starting Chromium', () =>
    chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        ...chromiumArgs,
        // Tile servers fail at once, without any network: the network must not matter.
        '--host-resolver-rules=MAP tile.openstreetmap.org ~NOTFOUND, MAP *.tile.openstreetmap.org ~NOTFOUND',
      ],
      timeout: 60_000,
    }),
  );
  const b = browser;
  const opts = { base, timeoutMs: RUN_TIMEOUT_MS };

  const ours: RunResult[] = [];
  const baseline: RunResult[] = [];
  const failures: string[] = [];
  const attempt = async (label: string, fn: () => Promise<RunResult>, into: RunResult[] | null) => {
    if (aborted) return;
    try {
      await settle(base);
      loadSamples.push(os.loadavg()[0] ?? 0);
      const r = await fn();
      into?.push(r);
      log(
        `  ${label.padEnd(16)} first clusters ${ms(r.firstClustersMs).padStart(8)} (${r.source}), ` +
          (r.firstViewMs != null
            ? `map's own ${ms(r.mapClustersMs)} (first view ${r.firstViewMarkers ?? '?'} markers), `
            : '') +
          `HTML in at ${ms(r.htmlResponseEndMs)}, API answer in at ${ms(r.apiResponseEndMs)}, DOMContentLoaded ${ms(r.domContentLoadedMs)}, ${r.clustersInDom} clusters + ${r.markersInDom} markers in DOM` +
          (r.consoleErrors.length ? `, ${r.consoleErrors.length} console error(s)` : ''),
      );
    } catch (err) {
      const msg = `${label}: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`;
      failures.push(msg);
      log(`  ${label.padEnd(16)} FAILED — ${msg}`);
    }
  };

  log('• browser runs (fresh context each, Pixel 7 viewport, tiles blocked)');
  await attempt('ours warm-up', () => measureOurs(b, opts), null);
  await attempt('baseline warm-up', () => measureBaseline(b, opts), null);
  for (let i = 1; i <= RUNS; i++) {
    // Interleaved, so drift (GC, thermal, other load) hits both alike.
    await attempt(`ours #${i}`, () => measureOurs(b, opts), ours);
    await attempt(`baseline #${i}`, () => measureBaseline(b, opts), baseline);
  }

  if (aborted) return false;
  const oursSummary = summarize(ours.map((r) => r.firstClustersMs));
  // From the moment the locations answer had arrived to the first clusters: parsing, indexing and
  // clustering only, without the download (which depends on the server and the payload).
  const afterData = (runs: RunResult[]) =>
    summarize(
      runs.flatMap((r) =>
        r.apiResponseEndMs == null ? [] : [Math.max(0, r.mapClustersMs - r.apiResponseEndMs)],
      ),
    );
  const oursAfterData = afterData(ours);
  const baselineAfterData = afterData(baseline);
  const baselineSummary = summarize(baseline.map((r) => r.firstClustersMs));
  const ratio = (a: number | null, o: number | null) => (a != null && o ? a / o : null);
  const ratioMedian = ratio(baselineSummary.median, oursSummary.median);
  const ratioP90 = ratio(baselineSummary.p90, oursSummary.p90);
  // The map's own clusters (Leaflet markers one can click), without the first view.
  const oursMapSummary = summarize(ours.map((r) => r.mapClustersMs));
  const oursFirstViews = ours.filter((r) => r.firstViewMs != null).length;
  const ratioMapMedian = ratio(baselineSummary.median, oursMapSummary.median);

  // The JS the map page really fetched before its first clusters (lazy chunks and worker included).
  const loadedFiles = new Set<string>();
  for (const r of ours) {
    for (const s of r.scripts) {
      const f = distFileOf(web, s);
      if (f) loadedFiles.add(f);
    }
  }
  const loaded: JsSizes = jsFilesSize(web, loadedFiles);

  const firstClustersMet =
    oursSummary.median != null ? oursSummary.median < TARGET_FIRST_CLUSTERS_MS : null;
  const firstClustersP90Met =
    oursSummary.p90 != null ? oursSummary.p90 < TARGET_FIRST_CLUSTERS_MS : null;
  const ratioMet = ratioMedian != null ? ratioMedian >= TARGET_RATIO : null;
  const initialMet = initial.files.length > 0 ? initial.gzip <= TARGET_INITIAL_JS_GZIP : null;
  const loadedMet = loaded.files.length > 0 ? loaded.gzip <= TARGET_INITIAL_JS_GZIP : null;

  const line = (label: string, s: Summary) =>
    `  ${label.padEnd(34)} median ${ms(s.median).padStart(8)}   p90 ${ms(s.p90).padStart(8)}   (min ${ms(s.min)}, max ${ms(s.max)}, n=${s.runs})`;

  const busiest = Math.max(...loadSamples, 0);
  log(
    `\nload average (1 min) during the runs: up to ${busiest.toFixed(2)} on ${os.cpus().length} CPUs` +
      (busiest > os.cpus().length
        ? ' — the machine was busy with other work; the times are inflated and noisy'
        : ''),
  );
  log('\n=== Time from navigation start to the first clusters in the DOM ===');
  log(line('ours (first view, else the map)', oursSummary));
  log(line('baseline (leaflet.markercluster)', baselineSummary));
  log(
    `  ratio baseline/ours               median ${ratioMedian == null ? '—' : `${ratioMedian.toFixed(1)}×`}   p90 ${ratioP90 == null ? '—' : `${ratioP90.toFixed(1)}×`}`,
  );
  log(
    `  (ours: the first view the page draws from the server's clusters in ${oursFirstViews} of ${ours.length} runs; decision 0010)`,
  );
  log("\n=== The map's own clusters (Leaflet markers that can be clicked) ===");
  log(line("ours (the map's own clusters)", oursMapSummary));
  log(
    `  ratio baseline/ours               median ${ratioMapMedian == null ? '—' : `${ratioMapMedian.toFixed(1)}×`}`,
  );
  log(
    "\n=== Of which after the locations answer had arrived (baseline: parse + index + cluster; ours: also the app's start, as map-points arrives first) ===",
  );
  log(line('ours', oursAfterData));
  log(line('baseline', baselineAfterData));
  const ratioAfter = ratio(baselineAfterData.median, oursAfterData.median);
  log(
    `  ratio baseline/ours               median ${ratioAfter == null ? '—' : `${ratioAfter.toFixed(1)}×`}`,
  );
  // Where our time goes: the page's start-up marks (median over the runs that have them).
  const stage = (label: string, pick: (r: RunResult) => number | null | undefined) => {
    const s = summarize(
      ours.flatMap((r) => {
        const v = pick(r);
        return v == null ? [] : [v];
      }),
    );
    log(line(label, s));
  };
  log('\n=== Ours, stage by stage (ms from navigation start) ===');
  stage('HTML in', (r) => r.htmlResponseEndMs);
  stage('first view drawn (server clusters)', (r) => r.firstViewMs);
  stage('map-points answer in', (r) => r.apiResponseEndMs);
  stage('DOMContentLoaded (scripts ran)', (r) => r.domContentLoadedMs);
  stage('catalog in, React renders', (r) => r.marks['voltpark:render-start']);
  stage('Leaflet map created', (r) => r.marks['voltpark:map-created']);
  stage('first clusters answer from worker', (r) => r.marks['voltpark:clusters-answer']);
  stage("the map's own clusters in the DOM", (r) => r.mapClustersMs);

  log('\n=== Targets (printed, not enforced) ===');
  log(
    `  ≥ ${TARGET_RATIO}× faster than the baseline (median)   ${ratioMedian == null ? '—' : `${ratioMedian.toFixed(1)}×`}   ${yesNo(ratioMet)}`,
  );
  log(
    `  first clusters < ${TARGET_FIRST_CLUSTERS_MS} ms (median)         ${ms(oursSummary.median)}   ${yesNo(firstClustersMet)}` +
      `   (p90 ${ms(oursSummary.p90)}: ${yesNo(firstClustersP90Met)})`,
  );
  const mapRatioMet = ratioMapMedian != null ? ratioMapMedian >= TARGET_RATIO : null;
  const mapTimeMet =
    oursMapSummary.median != null ? oursMapSummary.median < TARGET_FIRST_CLUSTERS_MS : null;
  log(
    `  the map's own clusters: ≥ ${TARGET_RATIO}×   ${ratioMapMedian == null ? '—' : `${ratioMapMedian.toFixed(1)}×`}   ${yesNo(mapRatioMet)}` +
      `   < ${TARGET_FIRST_CLUSTERS_MS} ms   ${ms(oursMapSummary.median)}   ${yesNo(mapTimeMet)}`,
  );
  const emptyViews = ours.filter((r) => r.firstViewMs != null && r.firstViewMarkers === 0).length;
  if (emptyViews > 0)
    log(`  ! ${emptyViews} run(s) drew a first view with 0 markers: check the first-view data`);
  log(
    `  initial JS ≤ ${kb(TARGET_INITIAL_JS_GZIP)} gzip (index.html + static imports)   ${kb(initial.gzip)}   ${yesNo(initialMet)}`,
  );
  log(
    `  all JS /map fetched before the map's own clusters (lazy chunks + worker)   ${kb(loaded.gzip)}   ${yesNo(loadedMet)}`,
  );

  log('\n=== Map route JS (gzip -9 each, summed) ===');
  log(
    `  entry ${initial.entry ?? '— (no module script in index.html)'}; ${path.relative(repoRoot, distDir) || distDir} built ${distBuiltAt}`,
  );
  for (const f of initial.files)
    log(`  ${kb(f.gzip).padStart(10)} gzip  ${kb(f.raw).padStart(10)} raw  ${f.file}`);
  log(
    `  ${kb(initial.gzip).padStart(10)} gzip  ${kb(initial.raw).padStart(10)} raw  total initial`,
  );
  const extra = loaded.files.filter((f) => !initial.files.some((i) => i.file === f.file));
  for (const f of extra)
    log(
      `  ${kb(f.gzip).padStart(10)} gzip  ${kb(f.raw).padStart(10)} raw  + ${f.file} (loaded by /map)`,
    );

  log('\n=== The locations answer ===');
  log(
    `  ${payload.url}: ${payload.locations} locations, ETag ${payload.etag ? 'yes' : 'no'}, 304 on revalidate: ${payload.notModifiedOnRevalidate ?? '—'}` +
      (payload.etagOnRevalidate && payload.etagOnRevalidate !== payload.etag
        ? ` (the ETag changed: ${payload.etag} → ${payload.etagOnRevalidate})`
        : ''),
  );
  log(`  raw JSON                       ${kb(payload.rawBytes)}`);
  log(
    `  served for Accept-Encoding gzip ${kb(payload.servedGzipBytes)} (${payload.servedGzipEncoding})`,
  );
  log(`  gzip -9 computed here          ${kb(payload.gzip9Bytes)}`);
  log(
    `  served to Chromium (br first)  ${kb(payload.servedBrBytes)} (${payload.servedBrEncoding})`,
  );
  log(`  first fetch took               ${ms(payload.fetchMs)}`);
  log('\n=== The map-points answer (what /map downloads; binary, decision 0009) ===');
  log(
    `  ${points.url}: ${points.locations} locations, ETag ${points.etag ? 'yes' : 'no'}, 304 on revalidate: ${points.notModifiedOnRevalidate ?? '—'}`,
  );
  log(`  raw bytes                      ${kb(points.rawBytes)}`);
  log(`  served for Accept-Encoding gzip ${kb(points.servedGzipBytes)}`);
  log(`  gzip -9 computed here          ${kb(points.gzip9Bytes)}`);
  log(`  served to Chromium (br first)  ${kb(points.servedBrBytes)}`);
  if (points.locations !== payload.locations) {
    log(`  ! map-points has ${points.locations} locations, the list ${payload.locations}`);
  }
  if (failures.length) log(`\n${failures.length} run(s) failed:\n  ${failures.join('\n  ')}`);
  const errors = [...new Set(ours.concat(baseline).flatMap((r) => r.consoleErrors))];
  if (errors.length) log(`\nconsole errors seen:\n  ${errors.slice(0, 10).join('\n  ')}`);

  const now = new Date();
  const result = {
    date: now.toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      node: process.version,
    },
    chromium: b.version(),
    settings: { runs: RUNS, warmUps: 1, locationsGenerated: LOCATIONS, viewport: 'Pixel 7' },
    setup: {
      seedCliMs,
      serverReadyMs: readyMs,
      distBuiltAt,
      reusedData: argv['reuse-data'] ?? null,
    },
    firstClusters: {
      ours: {
        ...oursSummary,
        runsMs: ours.map((r) => r.firstClustersMs),
        sources: ours.map((r) => r.source),
        firstView: ours.map((r) => ({ ms: r.firstViewMs, markers: r.firstViewMarkers })),
        mapClusters: { ...oursMapSummary, runsMs: ours.map((r) => r.mapClustersMs) },
        ratioMapClustersMedian: ratioMapMedian,
      },
      baseline: { ...baselineSummary, runsMs: baseline.map((r) => r.firstClustersMs) },
      ratioBaselineOverOurs: { median: ratioMedian, p90: ratioP90 },
      afterLocationsAnswer: {
        ours: oursAfterData,
        baseline: baselineAfterData,
        ratioMedian: ratio(baselineAfterData.median, oursAfterData.median),
      },
      apiResponseEndMs: {
        ours: summarize(
          ours.flatMap((r) => (r.apiResponseEndMs == null ? [] : [r.apiResponseEndMs])),
        ),
        baseline: summarize(
          baseline.flatMap((r) => (r.apiResponseEndMs == null ? [] : [r.apiResponseEndMs])),
        ),
      },
      domAtFirstClusters: {
        ours: ours.map((r) => ({ clusters: r.clustersInDom, markers: r.markersInDom })),
        baseline: baseline.map((r) => ({ clusters: r.clustersInDom, markers: r.markersInDom })),
      },
      tileRequestsFailed: ours.concat(baseline).reduce((s, r) => s + r.tileRequestsFailed, 0),
    },
    js: { initial, loadedBeforeFirstClusters: loaded },
    payload,
    mapPoints: points,
    targets: {
      ratio: { target: `>= ${TARGET_RATIO}x`, value: ratioMedian, met: ratioMet },
      firstClustersMs: {
        target: `< ${TARGET_FIRST_CLUSTERS_MS}`,
        value: oursSummary.median,
        met: firstClustersMet,
        p90Met: firstClustersP90Met,
      },
      mapOwnClusters: {
        ratio: { target: `>= ${TARGET_RATIO}x`, value: ratioMapMedian, met: mapRatioMet },
        ms: {
          target: `< ${TARGET_FIRST_CLUSTERS_MS}`,
          value: oursMapSummary.median,
          met: mapTimeMet,
        },
      },
      initialJsGzipBytes: {
        target: `<= ${TARGET_INITIAL_JS_GZIP}`,
        value: initial.gzip,
        met: initialMet,
      },
      loadedJsGzipBytes: {
        target: `<= ${TARGET_INITIAL_JS_GZIP}`,
        value: loaded.gzip,
        met: loadedMet,
      },
    },
    failures,
    consoleErrors: errors,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const out = path.join(resultsDir, `map-${now.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`\nfigures written to ${path.relative(process.cwd(), out) || out}`);
  return ours.length > 0 && baseline.length > 0;
}

main()
  .then(async (ok) => {
    await cleanup();
    clearTimeout(watchdog);
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err: unknown) => {
    console.error(`\nbench/map failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    process.exit(1);
  });
