/**
 * bench/ocpp — N chargers on real OCPP 1.6J websockets against the real server (child process,
 * PostgreSQL), each sending Heartbeat and MeterValues; p50/p99 call latency, messages per second
 * and server memory, beside a bare `ws` echo server under the same load (the baseline).
 *
 *   npm run bench -- ocpp                                  (from the repo root)
 *   npm run bench -- ocpp --chargers 1000 --seconds 20
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
  runToEnd,
  sleep,
  startProcess,
  stopAllNow,
  stopProcess,
  waitForReady,
} from '../map/lib/proc';
import { percentile } from '../map/lib/stats';
import { cpuMsOf, fileLimits, memoryOf } from './lib/procfs';
import type { ConnectReport, LoadCommand, PhaseReport } from './load';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.join(repoRoot, 'bench/results');

const TARGET_CHARGERS = 10_000;
const TARGET_P99_MS = 50;
const TARGET_RSS = 1024 ** 3;
const KEY = 'bench-key-0123456789';
const PREFIX = 'BENCH-';

const { values: argv } = parseArgs({
  options: {
    chargers: { type: 'string', default: '1000,10000' },
    processes: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    heartbeat: { type: 'string', default: '30' },
    'meter-interval': { type: 'string', default: '10' },
    saturate: { type: 'string', default: '10' },
    'saturate-chargers': { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
  allowPositionals: false,
});
const SIZES = argv.chargers.split(',').map((s) => Math.max(1, Number(s.trim())));
const PROCESSES = Math.max(1, Number(argv.processes));
const SECONDS = Number(argv.seconds);
const WARMUP = Number(argv.warmup);
const HEARTBEAT = Number(argv.heartbeat);
const METER = Number(argv['meter-interval']);
const SATURATE = Number(argv.saturate);
const SATURATE_CHARGERS = Number(argv['saturate-chargers']);
const CONCURRENCY = Number(argv.concurrency);
const baseUrl =
  argv['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://root@127.0.0.1:5432/test';
const targets = (argv.only ? [argv.only] : ['ours', 'echo']) as ('ours' | 'echo')[];

const log = (...a: unknown[]) => console.log(...a);
const mb = (b: number | null | undefined) => (b == null ? '—' : `${(b / 1024 ** 2).toFixed(0)} MB`);
const ms = (n: number | null | undefined) => (n == null ? '—' : `${n.toFixed(n < 10 ? 2 : 1)} ms`);
const met = (ok: boolean | null) => (ok == null ? 'unknown' : ok ? 'MET' : 'NOT MET');
const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadSamples: number[] = [];

// Every child gets the hard open-files limit: 10,000 sockets need more than the usual 1,024.
const limits = fileLimits();
const withLimit = (cmd: string, args: string[]) => ({
  command: 'sh',
  args: ['-c', `ulimit -n ${limits.hard} 2>/dev/null; exec "$0" "$@"`, cmd, ...args],
});

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

/** A load-generator process, driven over IPC. */
class LoadProcess {
  private readonly child: ChildProcess;
  private waiting: ((v: unknown) => void) | null = null;
  readonly ready: Promise<void>;
  output = '';

  constructor() {
    const { command, args } = withLimit(process.execPath, [
      '--import',
      'tsx',
      path.join(here, 'load.ts'),
    ]);
    this.child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    children.add(this.child);
    this.child.once('exit', () => children.delete(this.child));
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.ready = new Promise((resolve, reject) => {
      this.child.once('message', () => resolve());
      this.child.once('exit', (code) =>
        reject(new Error(`load generator exited (${code}):\n${this.output}`)),
      );
    });
    this.child.on('message', (m) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(m);
    });
  }

  get pid() {
    return this.child.pid!;
  }

  send<T>(cmd: LoadCommand): Promise<T> {
    return new Promise((resolve) => {
      this.waiting = resolve as (v: unknown) => void;
      this.child.send(cmd);
    });
  }

  async close() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.send({ cmd: 'close' });
    await Promise.race([exited, sleep(5000)]);
    this.child.kill('SIGKILL');
  }
}

interface Sample {
  t: number;
  rss: number;
  peak: number;
  cpuMs: number;
}

/** Samples the target's memory and CPU twice a second. */
function sampler(pid: number) {
  const samples: Sample[] = [];
  const take = () => {
    const m = memoryOf(pid);
    const c = cpuMsOf(pid);
    if (m && c != null) samples.push({ t: performance.now(), ...m, cpuMs: c });
    loadSamples.push(os.loadavg()[0] ?? 0);
  };
  take();
  const timer = setInterval(take, 500);
  return {
    samples,
    stop: () => (take(), clearInterval(timer)),
    /** CPU use in [from, to] (fraction of one core). */
    cpuBetween(from: number, to: number): number | null {
      const a = samples.find((s) => s.t >= from);
      const b = [...samples].reverse().find((s) => s.t <= to);
      if (!a || !b || b.t <= a.t) return null;
      return (b.cpuMs - a.cpuMs) / (b.t - a.t);
    },
  };
}

interface PhaseFigures {
  /** PostgreSQL checkpoints (any cause) that happened during the phase; null if unknown. */
  checkpoints?: number | null;
  answered: number;
  byAction: Record<string, { answered: number; p50: number | null; p99: number | null }>;
  perSecond: number;
  p50: number | null;
  p99: number | null;
  p999: number | null;
  max: number | null;
  errors: number;
  timeouts: number;
  unanswered: number;
  /** CPU of the target in the window, fraction of one core. */
  targetCpu: number | null;
  /** CPU of each load-generator process in the window, fraction of one core. */
  loadCpu: number[];
}

function combine(reports: PhaseReport[], targetCpu: number | null): PhaseFigures {
  const latencies = reports.flatMap((r) => Object.values(r.latencies).flat()).sort((a, b) => a - b);
  const actions = [...new Set(reports.flatMap((r) => Object.keys(r.latencies)))].sort();
  const byAction = Object.fromEntries(
    actions.map((a) => {
      const l = reports.flatMap((r) => r.latencies[a] ?? []).sort((x, y) => x - y);
      return [a, { answered: l.length, p50: percentile(l, 50), p99: percentile(l, 99) }];
    }),
  );
  const windowMs = Math.max(...reports.map((r) => r.windowMs));
  const answered = reports.reduce((s, r) => s + r.answered, 0);
  return {
    answered,
    byAction,
    perSecond: answered / (windowMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    p999: percentile(latencies, 99.9),
    max: latencies.at(-1) ?? null,
    errors: reports.reduce((s, r) => s + r.errors, 0),
    timeouts: reports.reduce((s, r) => s + r.timeouts, 0),
    unanswered: reports.reduce((s, r) => s + r.unanswered, 0),
    targetCpu,
    loadCpu: reports.map((r) => r.cpuMs / r.windowMs),
  };
}

interface RunFigures {
  target: 'ours' | 'echo';
  chargers: number;
  connect: { connected: number; failed: number; failures: string[]; ms: number };
  memory: {
    idle: number | null;
    connected: number | null;
    afterSteady: number | null;
    peak: number | null;
  };
  steady: PhaseFigures;
  saturate: PhaseFigures;
  loadAverage: { start: string; end: string };
}

/** Checkpoints PostgreSQL has done (timed + requested), for the whole instance. */
async function checkpointCount(databaseUrl: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: databaseUrl });
  try {
    await c.connect();
    const r = await c.query<{ n: string }>(
      'select (checkpoints_timed + checkpoints_req)::text as n from pg_stat_bgwriter',
    );
    return Number(r.rows[0]?.n);
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function registerChargers(databaseUrl: string, count: number) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  // The template goes through the operator CLI (real validation and key hashing); the rest are
  // copies of it, in one statement.
  await runToEnd(
    'chargers CLI',
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/modules/ocpp/cli.ts',
      'add',
      '--id',
      `${PREFIX}TEMPLATE`,
      '--key',
      KEY,
      '--connectors',
      '1',
    ],
    { cwd: repoRoot, env, timeoutMs: 120_000 },
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into charge_points (id, location_id, vendor, model, auth_key_hash, current_type, registered_at)
       select $2 || lpad(i::text, 5, '0'), t.location_id, t.vendor, t.model, t.auth_key_hash, t.current_type, now()
       from charge_points t, generate_series(1, $1::int) i where t.id = $2 || 'TEMPLATE'`,
      [count, PREFIX],
    );
    await client.query(
      `insert into chargers (charge_point_id, connector_id, name, short_name, outlet_type, power_kw, tariff_id)
       select $2 || lpad(i::text, 5, '0'), c.connector_id, c.name, c.short_name, c.outlet_type, c.power_kw, c.tariff_id
       from chargers c, generate_series(1, $1::int) i where c.charge_point_id = $2 || 'TEMPLATE'`,
      [count, PREFIX],
    );
    await client.query(`insert into ocpp_id_tags (id_tag) values ('BENCH-TAG')`);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

async function startTarget(
  target: 'ours' | 'echo',
  databaseUrl: string,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  if (target === 'echo') {
    const { command, args } = withLimit(process.execPath, [
      '--import',
      'tsx',
      path.join(here, 'echo.ts'),
    ]);
    const s = startProcess(command, args, {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port) },
    });
    const t0 = performance.now();
    while (!s.tail.toString().includes('echo listening')) {
      if (s.child.exitCode !== null) throw new Error(`echo server exited:\n${s.tail}`);
      if (performance.now() - t0 > 30_000) throw new Error('echo server did not start');
      await sleep(100);
    }
    return { child: s.child, url: `ws://127.0.0.1:${port}/ocpp` };
  }
  // `node --import tsx` (not the tsx CLI): the pid is the server itself, for its memory figures.
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof` (written on exit).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const { command, args } = withLimit(process.execPath, [
    ...extra,
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ]);
  const s = startProcess(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'never',
      SIMULATE_CHARGERS: '0',
      GATES_MQTT_PORT: '0',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
  });
  // BENCH_SERVER_LOG: a file that gets everything the server prints (e.g. with --trace-gc).
  if (process.env.BENCH_SERVER_LOG) {
    const file = fs.createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' });
    s.child.stdout?.pipe(file);
    s.child.stderr?.pipe(file);
  }
  await waitForReady(`http://127.0.0.1:${port}/readyz`, s.child, s.tail, 120_000);
  return { child: s.child, url: `ws://127.0.0.1:${port}/ocpp` };
}

async function runOne(
  target: 'ours' | 'echo',
  chargers: number,
  databaseUrl: string,
): Promise<RunFigures> {
  const loadStart = loadText();
  log(
    `\n• ${target === 'ours' ? 'the Voltpark server' : 'the ws echo baseline'}, ${chargers} chargers (load average ${loadStart})`,
  );
  const { child, url } = await startTarget(target, databaseUrl);
  const pid = child.pid!;
  await sleep(1000);
  const idle = memoryOf(pid)?.rss ?? null;
  const procs = Array.from({ length: Math.min(PROCESSES, chargers) }, () => new LoadProcess());
  try {
    await Promise.all(procs.map((p) => p.ready));
    const ids = Array.from(
      { length: chargers },
      (_, i) => `${PREFIX}${String(i + 1).padStart(5, '0')}`,
    );
    const slices = procs.map((_, i) => ids.filter((_, j) => j % procs.length === i));
    const connects = await Promise.all(
      procs.map((p, i) =>
        p.send<ConnectReport>({
          cmd: 'connect',
          url,
          ids: slices[i]!,
          key: KEY,
          concurrency: Math.max(1, Math.round(CONCURRENCY / procs.length)),
        }),
      ),
    );
    const connect = {
      connected: connects.reduce((s, c) => s + c.connected, 0),
      failed: connects.reduce((s, c) => s + c.failed, 0),
      failures: connects.flatMap((c) => c.failures).slice(0, 5),
      ms: Math.max(...connects.map((c) => c.ms)),
    };
    log(
      `  connected ${connect.connected}/${chargers} (boot + StartTransaction + StatusNotification each) in ${(connect.ms / 1000).toFixed(1)} s` +
        (connect.failed ? `, ${connect.failed} failed: ${connect.failures.join('; ')}` : ''),
    );
    await sleep(1000);
    const connected = memoryOf(pid)?.rss ?? null;

    const s = sampler(pid);
    const phase = async (cmd: LoadCommand, warmup: number, seconds: number) => {
      const t0 = performance.now();
      const reports = await Promise.all(procs.map((p) => p.send<PhaseReport>(cmd)));
      return combine(reports, s.cpuBetween(t0 + warmup * 1000, t0 + (warmup + seconds) * 1000));
    };
    const checkpoints0 = await checkpointCount(databaseUrl);
    const steady = await phase(
      {
        cmd: 'steady',
        warmupSec: WARMUP,
        seconds: SECONDS,
        heartbeatSec: HEARTBEAT,
        meterSec: METER,
      },
      WARMUP,
      SECONDS,
    );
    const afterSteady = memoryOf(pid)?.rss ?? null;
    const checkpoints1 = await checkpointCount(databaseUrl);
    steady.checkpoints =
      checkpoints0 != null && checkpoints1 != null ? checkpoints1 - checkpoints0 : null;
    if (target === 'ours' && steady.checkpoints) {
      log(
        `  ! ${steady.checkpoints} PostgreSQL checkpoint(s) during the steady phase (CREATE/DROP DATABASE by other work on this PostgreSQL forces them): commits wait for their fsyncs`,
      );
    }
    log(`  steady    ${phaseLine(steady)}`);
    const saturate = await phase(
      {
        cmd: 'saturate',
        seconds: SATURATE,
        chargers: Math.max(1, Math.round(Math.min(SATURATE_CHARGERS, chargers) / procs.length)),
      },
      1,
      SATURATE,
    );
    s.stop();
    log(`  saturate  ${phaseLine(saturate)}`);
    const peak = memoryOf(pid)?.peak ?? Math.max(...s.samples.map((x) => x.peak));
    log(
      `  memory    idle ${mb(idle)}, connected ${mb(connected)}, after steady ${mb(afterSteady)}, peak ${mb(peak)}`,
    );
    return {
      target,
      chargers,
      connect,
      memory: { idle, connected, afterSteady, peak },
      steady,
      saturate,
      loadAverage: { start: loadStart, end: loadText() },
    };
  } finally {
    await Promise.all(procs.map((p) => p.close().catch(() => undefined)));
    await stopProcess(child);
  }
}

const pct = (f: number | null) => (f == null ? '—' : `${Math.round(f * 100)}%`);
function phaseLine(f: PhaseFigures) {
  return (
    `${f.perSecond.toFixed(0).padStart(6)} msg/s  p50 ${ms(f.p50).padStart(9)}  p99 ${ms(f.p99).padStart(9)}  ` +
    `p99.9 ${ms(f.p999)}  max ${ms(f.max)}  errors ${f.errors}  timeouts ${f.timeouts}  ` +
    `CPU target ${pct(f.targetCpu)}, load generators ${f.loadCpu.map(pct).join(' + ')}\n` +
    Object.entries(f.byAction)
      .map(
        ([a, x]) =>
          `              ${a.padEnd(12)} p50 ${ms(x.p50).padStart(9)}  p99 ${ms(x.p99).padStart(9)}  (${x.answered})`,
      )
      .join('\n')
  );
}

async function main(): Promise<boolean> {
  log(
    `bench/ocpp — ${new Date().toISOString()} — ${os.cpus().length} CPU, Node ${process.version}`,
  );
  log(
    `chargers: ${SIZES.join(', ')}; steady: Heartbeat every ${HEARTBEAT} s + MeterValues every ${METER} s per charger, ` +
      `${WARMUP} s warm-up + ${SECONDS} s measured; saturation: ${SATURATE} s, ${SATURATE_CHARGERS} chargers closed-loop; ` +
      `${PROCESSES} load-generator processes`,
  );
  log(`open files limit: soft ${limits.soft}, hard ${limits.hard} (children get the hard limit)`);
  log(`load average at start: ${loadText()}`);
  const biggest = Math.max(...SIZES);
  if (limits.hard < biggest + 1024) {
    log(
      `  ! the hard open-files limit ${limits.hard} is below ${biggest} sockets + 1024: raise it (ulimit -Hn, or LimitNOFILE / /etc/security/limits.conf) or expect failed connections`,
    );
  }

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
  const t0 = performance.now();
  await registerChargers(databaseUrl, biggest);
  log(
    `registered ${biggest} charge points in a fresh PostgreSQL database ${dbName} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const runs: RunFigures[] = [];
  for (const n of SIZES) {
    for (const target of targets) runs.push(await runOne(target, n, databaseUrl));
  }

  const busiest = Math.max(...loadSamples, 0);
  log(
    `\nload average (1 min) during the runs: up to ${busiest.toFixed(2)} on ${os.cpus().length} CPUs; now ${loadText()}` +
      (busiest > os.cpus().length ? ' — other work was competing; latencies are inflated' : ''),
  );
  for (const n of SIZES) {
    const ours = runs.find((r) => r.chargers === n && r.target === 'ours');
    const echo = runs.find((r) => r.chargers === n && r.target === 'echo');
    log(`\n=== ${n} chargers ===`);
    log(
      `                      ${'Voltpark server'.padEnd(18)} ${'ws echo'.padEnd(18)} ratio server/echo`,
    );
    const row = (
      label: string,
      a: number | null | undefined,
      b: number | null | undefined,
      fmt: (n: number | null | undefined) => string,
    ) =>
      log(
        `  ${label.padEnd(20)}${fmt(a).padEnd(19)}${fmt(b).padEnd(19)}${a != null && b ? `${(a / b).toFixed(2)}×` : '—'}`,
      );
    const num = (x: number | null | undefined) => (x == null ? '—' : x.toFixed(0));
    row('connected', ours?.connect.connected, echo?.connect.connected, num);
    row('steady msg/s', ours?.steady.perSecond, echo?.steady.perSecond, num);
    row('steady p50', ours?.steady.p50, echo?.steady.p50, ms);
    row('steady p99', ours?.steady.p99, echo?.steady.p99, ms);
    row('saturated msg/s', ours?.saturate.perSecond, echo?.saturate.perSecond, num);
    row('saturated p99', ours?.saturate.p99, echo?.saturate.p99, ms);
    row('RSS connected', ours?.memory.connected, echo?.memory.connected, mb);
    row('RSS peak', ours?.memory.peak, echo?.memory.peak, mb);
  }
  const big = runs.find((r) => r.target === 'ours' && r.chargers >= TARGET_CHARGERS);
  log('\n=== Targets (printed, not enforced) ===');
  if (!big)
    log(`  (no run with ${TARGET_CHARGERS} chargers against the server: nothing to compare)`);
  else {
    log(
      `  ${TARGET_CHARGERS} chargers connected         ${big.connect.connected}   ${met(big.connect.connected >= TARGET_CHARGERS)}`,
    );
    log(
      `  steady p99 < ${TARGET_P99_MS} ms               ${ms(big.steady.p99)}   ${met(big.steady.p99 != null && big.steady.p99 < TARGET_P99_MS)}`,
    );
    log(
      `  server peak RSS < 1 GB           ${mb(big.memory.peak)}   ${met(big.memory.peak != null && big.memory.peak < TARGET_RSS)}`,
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
      sizes: SIZES,
      processes: PROCESSES,
      steadySeconds: SECONDS,
      warmupSeconds: WARMUP,
      heartbeatSec: HEARTBEAT,
      meterIntervalSec: METER,
      saturateSeconds: SATURATE,
      saturateChargers: SATURATE_CHARGERS,
      database: 'PostgreSQL (fresh database, dropped after the run)',
      openFiles: limits,
    },
    loadAverageMax1m: busiest,
    runs,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const out = path.join(resultsDir, `ocpp-${now.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`\nfigures written to ${path.relative(process.cwd(), out) || out}`);
  return runs.every((r) => r.connect.connected > 0);
}

main()
  .then(async (ok) => {
    await cleanup();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err: unknown) => {
    console.error(`\nbench/ocpp failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    process.exit(1);
  });
