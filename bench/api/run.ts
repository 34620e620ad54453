/**
 * bench/api — N signed-in drivers polling the API as SPEC §9 says the web app does
 * (charge/current every 5 s, the cards list and the wallet every 5 s on /cards, a location
 * refresh every 15 s), against the real server on PostgreSQL, beside a bare Fastify route on the
 * same machine in the same run (the baseline). N is stepped up; each step prints p50/p99 and
 * errors, and the end says the most drivers each served with p99 under the limit.
 *
 *   npm run bench -- api                                   (from the repo root)
 *   npm run bench -- api --drivers 5000,10000 --seconds 15
 *
 * See bench/README.md for how to read the output. Targets are printed, never enforced.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  freePort,
  sleep,
  startProcess,
  stopAllNow,
  stopProcess,
  waitForReady,
} from '../map/lib/proc';
import { cpuMsOf, fileLimits, memoryOf } from '../ocpp/lib/procfs';
import { CALLS, type CallName, type LoadCommand, type StepReport } from './load';
import { seedDrivers, type Driver } from './lib/seed';
import { Histogram, hopeless, mostDriversServed, passes, type StepResult } from './lib/stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.join(repoRoot, 'bench/results');

const TARGET_DRIVERS = 10_000;

const { values: argv } = parseArgs({
  options: {
    drivers: { type: 'string', default: '2500,5000,10000,15000,20000' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    processes: { type: 'string', default: '2' },
    connections: { type: 'string', default: '256' },
    'charging-share': { type: 'string', default: '0.1' },
    'p99-limit': { type: 'string', default: '100' },
    'current-every': { type: 'string', default: '5' },
    'cards-every': { type: 'string', default: '5' },
    'location-every': { type: 'string', default: '15' },
    port: { type: 'string' },
    'bare-port': { type: 'string' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
    'keep-going': { type: 'boolean', default: false },
    'total-timeout': { type: 'string', default: String(40 * 60_000) },
  },
  allowPositionals: false,
});
const STEPS = argv.drivers
  .split(',')
  .map((s) => Math.max(1, Math.round(Number(s.trim()))))
  .sort((a, b) => a - b);
const SECONDS = Number(argv.seconds);
const WARMUP = Number(argv.warmup);
const PROCESSES = Math.max(1, Number(argv.processes));
// `driver`: as many keep-alive connections as drivers (each browser has its own), opened as
// needed; a number caps them per process and target (then calls queue in the load generator,
// and their latency, counted from when they fell due, shows it).
const CONNECTIONS = argv.connections === 'driver' ? null : Math.max(1, Number(argv.connections));
const CHARGING_SHARE = Number(argv['charging-share']);
const LIMIT_MS = Number(argv['p99-limit']);
const INTERVALS: Record<CallName, number> = {
  current: Number(argv['current-every']),
  cards: Number(argv['cards-every']),
  wallet: Number(argv['cards-every']),
  location: Number(argv['location-every']),
};
const baseUrl =
  argv['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://root@127.0.0.1:5432/test';
type Target = 'ours' | 'bare';
const targets = (argv.only ? [argv.only] : ['ours', 'bare']) as Target[];
const perDriverRate = CALLS.reduce((s, c) => s + 1 / INTERVALS[c], 0);

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number | null | undefined) => (n == null ? '—' : `${n.toFixed(n < 10 ? 2 : 1)} ms`);
const pct = (f: number | null) => (f == null ? '—' : `${Math.round(f * 100)}%`);
const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadSamples: number[] = [];
const limits = fileLimits();

let dbName: string | null = null;
const children = new Set<ChildProcess>();
let cleaning: Promise<void> | null = null;

async function dropDatabase() {
  if (!dbName) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  dbName = null;
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of children) c.kill('SIGKILL');
    stopAllNow();
    await dropDatabase().catch(() => undefined);
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** A load-generator process, driven over IPC (one command at a time). */
class LoadProcess {
  private readonly child: ChildProcess;
  private waiting: { resolve: (v: unknown) => void; reject: (e: Error) => void } | null = null;
  readonly started: Promise<void>;
  output = '';

  constructor() {
    // The hard open-files limit: 10,000 drivers can hold as many sockets.
    const script = `ulimit -n ${limits.hard} 2>/dev/null; exec "$0" "$@"`;
    this.child = spawn(
      'sh',
      ['-c', script, process.execPath, '--import', 'tsx', path.join(here, 'load.ts')],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    children.add(this.child);
    this.child.once('exit', () => children.delete(this.child));
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.started = new Promise((resolve, reject) => {
      this.child.once('message', () => resolve());
      this.child.once('exit', (code) =>
        reject(new Error(`load generator exited (${code}):\n${this.output}`)),
      );
    });
    this.child.on('message', (m) => {
      const w = this.waiting;
      this.waiting = null;
      w?.resolve(m);
    });
    this.child.on('exit', (code) => {
      this.waiting?.reject(new Error(`load generator exited (${code}):\n${this.output}`));
      this.waiting = null;
    });
  }

  get pid() {
    return this.child.pid!;
  }

  send<T>(cmd: LoadCommand): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve: resolve as (v: unknown) => void, reject };
      this.child.send(cmd);
    });
  }

  async close() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await Promise.race([this.send({ cmd: 'close' }), sleep(5000)]);
    await Promise.race([exited, sleep(5000)]);
    this.child.kill('SIGKILL');
  }
}

async function startOurs(databaseUrl: string, port: number) {
  // `node --import tsx` (not the tsx CLI): the pid is the server itself, for its CPU figures.
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof` (written on exit).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const s = startProcess(
    process.execPath,
    [...extra, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The demo locations, chargers and tariffs; no simulated chargers connecting to it.
        SEED_DEMO_DATA: 'auto',
        SIMULATE_CHARGERS: '0',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      },
    },
  );
  await waitForReady(`http://127.0.0.1:${port}/readyz`, s.child, s.tail, 180_000);
  return s.child;
}

async function startBare(port: number) {
  const s = startProcess(process.execPath, ['--import', 'tsx', path.join(here, 'bare.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
  });
  const t0 = performance.now();
  while (!s.tail.toString().includes('bare listening')) {
    if (s.child.exitCode !== null) throw new Error(`the bare Fastify server exited:\n${s.tail}`);
    if (performance.now() - t0 > 30_000) throw new Error('the bare Fastify server did not start');
    await sleep(100);
  }
  return s.child;
}

interface StepFigures extends StepResult {
  target: Target;
  offeredPerSecond: number;
  perSecond: number;
  p50: number | null;
  p999: number | null;
  max: number | null;
  byCall: Record<CallName, { answered: number; p50: number | null; p99: number | null }>;
  failures: string[];
  currentWithCharge: number;
  currentAnswered: number;
  /** How late the load generators sent calls after they fell due (their own lag), p99. */
  sendLagP99: number | null;
  targetCpu: number | null;
  /** The target's CPU time per answered call (ms): what moves least with the machine's load. */
  cpuPerCallMs: number | null;
  loadCpu: number[];
  targetRss: number | null;
  loadAverage: { start: number; max: number };
}

async function runStep(
  target: Target,
  port: number,
  pid: number,
  drivers: number,
  procs: LoadProcess[],
): Promise<StepFigures> {
  const load0 = os.loadavg()[0] ?? 0;
  let loadMax = load0;
  const loadTimer = setInterval(() => {
    const l = os.loadavg()[0] ?? 0;
    loadSamples.push(l);
    loadMax = Math.max(loadMax, l);
  }, 1000);
  let cpuStart: number | null = null;
  const cpuTimer = setTimeout(() => (cpuStart = cpuMsOf(pid)), WARMUP * 1000);
  const t0 = performance.now();
  const reports = await Promise.all(
    procs.map((p, i) =>
      p.send<StepReport>({
        cmd: 'step',
        port,
        // Drivers were dealt round-robin, so the first N overall are a prefix of each list.
        use: Math.floor(drivers / procs.length) + (i < drivers % procs.length ? 1 : 0),
        warmupSec: WARMUP,
        seconds: SECONDS,
        intervalsSec: INTERVALS,
      }),
    ),
  );
  clearTimeout(cpuTimer);
  clearInterval(loadTimer);
  const cpuEnd = cpuMsOf(pid);
  const windowMs = Math.max(...reports.map((r) => r.windowMs));
  // The target's CPU from the window's start to the end of the drain (a little past the window).
  const targetCpu =
    cpuStart != null && cpuEnd != null
      ? (cpuEnd - cpuStart) / (performance.now() - t0 - WARMUP * 1000)
      : null;

  const all = new Histogram();
  const byCall = {} as StepFigures['byCall'];
  for (const call of CALLS) {
    const h = new Histogram();
    for (const r of reports) h.add(Histogram.fromJSON(r.byCall[call]));
    all.add(h);
    byCall[call] = { answered: h.count, p50: h.percentile(50), p99: h.percentile(99) };
  }
  const lag = new Histogram();
  for (const r of reports) lag.add(Histogram.fromJSON(r.sendLag));
  const answered = reports.reduce((s, r) => s + r.answered, 0);
  return {
    target,
    drivers,
    offeredPerSecond: drivers * perDriverRate,
    perSecond: answered / (windowMs / 1000),
    answered,
    errors: reports.reduce((s, r) => s + r.errors, 0),
    p50: all.percentile(50),
    p99: all.percentile(99),
    p999: all.percentile(99.9),
    max: all.count ? all.max : null,
    byCall,
    failures: reports.flatMap((r) => r.failures).slice(0, 5),
    currentWithCharge: reports.reduce((s, r) => s + r.currentWithCharge, 0),
    currentAnswered: byCall.current.answered,
    sendLagP99: lag.percentile(99),
    targetCpu,
    cpuPerCallMs:
      targetCpu != null && answered > 0
        ? (targetCpu * 1000) / (answered / (windowMs / 1000))
        : null,
    loadCpu: reports.map((r) => r.cpuMs / r.windowMs),
    targetRss: memoryOf(pid)?.rss ?? null,
    loadAverage: { start: load0, max: loadMax },
  };
}

function stepLine(f: StepFigures) {
  const verdict = passes(f, LIMIT_MS) ? 'PASS' : 'FAIL';
  return (
    `  ${f.target.padEnd(4)} ${String(f.drivers).padStart(6)} drivers  ${f.perSecond.toFixed(0).padStart(6)}/${f.offeredPerSecond.toFixed(0)} req/s  ` +
    `p50 ${ms(f.p50).padStart(9)}  p99 ${ms(f.p99).padStart(9)}  p99.9 ${ms(f.p999)}  max ${ms(f.max)}  ` +
    `errors ${f.errors}  ${verdict}\n` +
    `       CPU target ${pct(f.targetCpu)} (${f.cpuPerCallMs == null ? '—' : f.cpuPerCallMs.toFixed(3)} ms a call), load generators ${f.loadCpu.map(pct).join(' + ')}; ` +
    `send lag p99 ${ms(f.sendLagP99)}; load average ${f.loadAverage.start.toFixed(2)}→${f.loadAverage.max.toFixed(2)}` +
    (f.target === 'ours'
      ? `\n       ` +
        CALLS.map(
          (c) =>
            `${c} p50 ${ms(f.byCall[c].p50)} p99 ${ms(f.byCall[c].p99)} (${f.byCall[c].answered})`,
        ).join(' · ') +
        `\n       charge/current answers with a running charge: ${f.currentWithCharge} of ${f.currentAnswered}`
      : '') +
    (f.failures.length ? `\n       failures: ${f.failures.join('; ')}` : '')
  );
}

async function main(): Promise<boolean> {
  log(`bench/api — ${new Date().toISOString()} — ${os.cpus().length} CPU, Node ${process.version}`);
  log(
    `steps: ${STEPS.join(', ')} drivers; each polls charge/current every ${INTERVALS.current} s, ` +
      `credit-cards and wallet every ${INTERVALS.cards} s, a location every ${INTERVALS.location} s ` +
      `(${perDriverRate.toFixed(3)} req/s per driver); ${WARMUP} s warm-up + ${SECONDS} s measured per step; ` +
      `${PROCESSES} load-generator processes, ${CONNECTIONS ? `at most ${CONNECTIONS}` : 'one per driver at most:'} keep-alive connections per process and target; ` +
      `limit p99 < ${LIMIT_MS} ms and no errors`,
  );
  log(`load average at start: ${loadText()}`);

  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL does not answer at ${baseUrl} (${(err as Error).message}); give --database-url or BENCH_DATABASE_URL`,
      { cause: err },
    );
  }
  dbName = `voltpark_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const ports: Record<Target, number> = {
    ours: argv.port ? Number(argv.port) : await freePort(),
    bare: argv['bare-port'] ? Number(argv['bare-port']) : await freePort(),
  };
  const servers = new Map<Target, ChildProcess>();
  const procs = Array.from({ length: PROCESSES }, () => new LoadProcess());
  try {
    let t0 = performance.now();
    servers.set('ours', await startOurs(databaseUrl, ports.ours));
    log(
      `the server is up on PostgreSQL (${dbName}, demo data seeded) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    t0 = performance.now();
    const most = Math.max(...STEPS);
    const drivers: Driver[] = await seedDrivers(databaseUrl, {
      count: most,
      chargingShare: CHARGING_SHARE,
      secret: randomBytes(24).toString('base64url'),
    });
    log(
      `seeded ${most} signed-in drivers (${drivers.filter((d) => d.charging).length} with a running charge) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    if (targets.includes('bare')) servers.set('bare', await startBare(ports.bare));
    if (!targets.includes('ours')) {
      await stopProcess(servers.get('ours')!);
      servers.delete('ours');
    }
    await Promise.all(procs.map((p) => p.started));
    await Promise.all(
      procs.map((p, i) =>
        p.send({
          cmd: 'init',
          connections: CONNECTIONS ?? Math.ceil(most / procs.length),
          drivers: drivers
            .filter((_, j) => j % procs.length === i)
            .map((d) => ({ authorization: d.authorization, locationId: d.locationId })),
        }),
      ),
    );

    const steps: StepFigures[] = [];
    const givenUp = new Set<Target>();
    for (const n of STEPS) {
      log(`\n• ${n} drivers (${(n * perDriverRate).toFixed(0)} req/s offered)`);
      for (const target of targets) {
        if (givenUp.has(target)) continue;
        const f = await runStep(target, ports[target], servers.get(target)!.pid!, n, procs);
        steps.push(f);
        log(stepLine(f));
        if (!argv['keep-going'] && hopeless(f, LIMIT_MS)) {
          givenUp.add(target);
          log(`       (${target}: far past the limit; the larger steps are skipped for it)`);
        }
        await sleep(2000);
      }
    }

    const busiest = Math.max(...loadSamples, 0);
    log(
      `\nload average (1 min) during the steps: up to ${busiest.toFixed(2)} on ${os.cpus().length} CPUs; now ${loadText()}` +
        (busiest > os.cpus().length ? ' — other work was competing; latencies are inflated' : ''),
    );
    log(`\n=== p99 per step (limit ${LIMIT_MS} ms, no errors) ===`);
    log(
      `  drivers   req/s   ${'Voltpark server'.padEnd(26)} ${'bare Fastify'.padEnd(26)} ratio p99`,
    );
    for (const n of STEPS) {
      const o = steps.find((s) => s.drivers === n && s.target === 'ours');
      const b = steps.find((s) => s.drivers === n && s.target === 'bare');
      const cell = (f?: StepFigures) =>
        f
          ? `${ms(f.p99)}${f.errors ? ` ${f.errors} err` : ''} ${passes(f, LIMIT_MS) ? 'PASS' : 'FAIL'}`
          : 'skipped';
      log(
        `  ${String(n).padStart(7)} ${(n * perDriverRate).toFixed(0).padStart(7)}   ${cell(o).padEnd(26)} ${cell(b).padEnd(26)} ` +
          (o?.p99 && b?.p99 ? `${(o.p99 / b.p99).toFixed(1)}×` : '—'),
      );
    }
    const served = Object.fromEntries(
      targets.map((t) => [
        t,
        mostDriversServed(
          steps.filter((s) => s.target === t),
          LIMIT_MS,
        ),
      ]),
    ) as Partial<Record<Target, number | null>>;
    log(`\n=== The most drivers one instance served (p99 < ${LIMIT_MS} ms, no errors) ===`);
    const servedText = (t: Target) => {
      const n = served[t];
      if (n === undefined) return 'not run';
      if (n === null) return `none of the steps (the smallest was ${STEPS[0]})`;
      return n === most ? `${n} (the largest step; more may pass)` : `${n}`;
    };
    log(`  Voltpark server   ${servedText('ours')}`);
    log(`  bare Fastify      ${servedText('bare')}`);
    if (served.ours && served.bare)
      log(`  ratio server/bare ${(served.ours / served.bare).toFixed(2)}×`);
    log('\n=== Target (printed, not enforced) ===');
    if (served.ours !== undefined) {
      log(
        `  at least ${TARGET_DRIVERS} drivers with p99 < ${LIMIT_MS} ms   ${served.ours ?? 0}   ${(served.ours ?? 0) >= TARGET_DRIVERS ? 'MET' : 'NOT MET'}`,
      );
    }

    const now = new Date();
    const result = {
      date: now.toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        node: process.version,
      },
      settings: {
        steps: STEPS,
        warmupSeconds: WARMUP,
        seconds: SECONDS,
        intervalsSec: INTERVALS,
        perDriverRate,
        processes: PROCESSES,
        connectionsPerProcess: CONNECTIONS ?? 'one per driver',
        chargingShare: CHARGING_SHARE,
        p99LimitMs: LIMIT_MS,
        database: 'PostgreSQL (fresh database, dropped after the run)',
      },
      loadAverageMax1m: busiest,
      mostDriversServed: served,
      steps,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    const out = path.join(resultsDir, `api-${now.toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    log(`\nfigures written to ${path.relative(process.cwd(), out) || out}`);
    return steps.some((s) => s.answered > 0);
  } finally {
    await Promise.all(procs.map((p) => p.close().catch(() => undefined)));
    for (const child of servers.values()) await stopProcess(child);
  }
}

// Bounded in time whatever happens: the whole bench ends by itself.
const totalTimeoutMs = Number(argv['total-timeout']);
setTimeout(() => {
  console.error(`\nbench/api took longer than ${totalTimeoutMs} ms: stopping`);
  void cleanup().finally(() => process.exit(1));
}, totalTimeoutMs).unref();

main()
  .then(async (ok) => {
    await cleanup();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err: unknown) => {
    console.error(`\nbench/api failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    process.exit(1);
  });
