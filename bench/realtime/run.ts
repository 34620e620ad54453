/**
 * bench/realtime — N authenticated browser sockets on /ws, each getting its own parking-session
 * change (a `/user/parkingSession` frame for that user only), against the real server on
 * PostgreSQL, beside a bare `ws` server with the same sockets and frames in the same run. It
 * prints p50/p99 from the change to the frame at the right socket, and the server's memory
 * before and with all sockets.
 *
 *   npm run bench -- realtime                          (from the repo root)
 *   npm run bench -- realtime --sockets 1000 --seconds 10
 *
 * See bench/README.md for what the figures measure. Targets are printed, never enforced.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { wsTimers } from '@voltpark/contract';
import { Histogram } from '../api/lib/stats';
import { seedDrivers, tokenOf } from '../api/lib/seed';
import { freePort, sleep } from '../map/lib/proc';
import { cpuMsOf, fileLimits, memoryOf } from '../ocpp/lib/procfs';
import type {
  ApiChangeReport,
  ChangeMode,
  CollectReport,
  ConnectReport,
  SocketSpec,
} from './clients';
import { planChanges, type ChangeTimes } from './lib/changes';
import { monoMs } from './lib/frame';
import { IpcChild } from './lib/ipc';
import { answerTimeline, timelineLines } from './lib/timeline';
import type { WarmUpReport } from './lib/warm-up';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const { values: argv } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    change: { type: 'string', default: 'api' },
    'api-connections': { type: 'string', default: '32' },
    seconds: { type: 'string', default: '30' },
    'change-every': { type: 'string', default: '30' },
    processes: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '100' },
    'ping-every': { type: 'string', default: String(wsTimers.pingMs / 1000) },
    'p99-limit': { type: 'string', default: '100' },
    'memory-limit-mb': { type: 'string', default: '1024' },
    only: { type: 'string' },
    'database-url': { type: 'string' },
    out: { type: 'string' },
    'total-timeout': { type: 'string', default: String(20 * 60_000) },
    'warm-up-calls': { type: 'string', default: '2000' },
  },
  allowPositionals: false,
});
const SOCKETS = Math.max(1, Math.round(Number(argv.sockets)));
const WINDOW_MS = Number(argv.seconds) * 1000;
const EVERY_MS = Number(argv['change-every']) * 1000;
const PROCESSES = Math.max(1, Math.min(SOCKETS, Number(argv.processes)));
const CONCURRENCY = Math.max(1, Number(argv.concurrency));
const PING_MS = Number(argv['ping-every']) * 1000;
if (argv.change !== 'api' && argv.change !== 'hook') throw new Error('--change is api or hook');
const CHANGE: ChangeMode = argv.change;
const API_CONNECTIONS = Math.max(1, Number(argv['api-connections']));
const LIMIT_MS = Number(argv['p99-limit']);
const WARM_UP_CALLS = Math.max(0, Math.round(Number(argv['warm-up-calls'])));
/** Users of the warm-up only, beside the sockets' users. */
const WARM_UP_USERS = 32;
const MEMORY_LIMIT = Number(argv['memory-limit-mb']) * 1024 * 1024;
const baseUrl =
  argv['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://root@127.0.0.1:5432/test';
type Target = 'ours' | 'bare';
const NAMES: Record<Target, string> = { ours: 'Voltpark server', bare: 'bare ws' };
const targets = (argv.only ? [argv.only] : ['ours', 'bare']) as Target[];
if (!targets.every((t) => t in NAMES)) throw new Error('--only is ours or bare');

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number | null | undefined) => (n == null ? '—' : `${n.toFixed(n < 10 ? 2 : 1)} ms`);
const mb = (b: number | null | undefined) =>
  b == null ? '—' : `${(b / 1024 / 1024).toFixed(0)} MB`;
const pct = (f: number | null) => (f == null ? '—' : `${Math.round(f * 100)}%`);
const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
const limits = fileLimits();
const openFiles = Math.min(limits.hard, 1_000_000);

let dbName: string | null = null;
const children: IpcChild[] = [];
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
    for (const c of children) c.killNow();
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

function start(
  label: string,
  script: string,
  env: NodeJS.ProcessEnv = process.env,
  nodeArgs: string[] = [],
) {
  const child = new IpcChild(label, path.join(here, script), { env, openFiles, nodeArgs });
  children.push(child);
  return child;
}

interface TargetFigures {
  target: Target;
  /** api: through the server's parking API (ours); hook: made by the target itself. */
  change: ChangeMode;
  /** api: change calls not answered 200 with result true. */
  apiErrors: number;
  apiFailures: string[];
  connected: number;
  connectFailed: number;
  connectFailures: string[];
  connectSeconds: number;
  changes: number;
  delivered: number;
  undelivered: number;
  wrongUser: number;
  outOfOrder: number;
  invalid: number;
  closedByServer: number;
  /** From the change (right before publishing) to the frame at its socket. */
  latency: { p50: number | null; p99: number | null; p999: number | null; max: number | null };
  /** From when the change fell due (the schedule) to the frame: includes the hook's own lag. */
  fromDue: { p50: number | null; p99: number | null; max: number | null };
  /** api: from sending a change's call to its answer. */
  apiAnswer: { p50: number | null; p99: number | null } | null;
  /** api: the seconds of the window that had a call answered after more than 100 ms. */
  slowSeconds: string[];
  /** When second 0 of the window began (wall clock, ISO), to line the seconds up with probes. */
  windowStartedAt: string;
  /**
   * api: from the call's answer to the frame (negative: the frame came first). The change is
   * committed before the answer is sent, so this is the push's own delay, without the queueing
   * of the call in front of it.
   */
  answerToFrame: { p50: number | null; p99: number | null; max: number | null } | null;
  /** How late the changes were made after they fell due (the target's event loop), p99. */
  changeLagP99: number | null;
  rss: {
    idle: number | null;
    withSockets: number | null;
    after: number | null;
    peak: number | null;
  };
  /** target: share of one core; perChangeMs: the target's CPU time per change made. */
  cpu: { target: number | null; perChangeMs: number | null; clients: number[] };
  loadAverage: { start: number; max: number };
}

/** Runs the warm-up (lib/warm-up.ts) in every client process, with its share of the users. */
async function warmUp(
  port: number,
  lotId: number,
  clients: IpcChild[],
  users: readonly SocketSpec[],
): Promise<void> {
  const t0 = performance.now();
  const reports = await Promise.all(
    clients.map((c, i) =>
      c.ask<WarmUpReport & { frames: number; invalidFrames: number }>('warmUp', {
        port,
        lotId,
        users: users.filter((_, j) => j % clients.length === i),
        calls: Math.ceil(WARM_UP_CALLS / clients.length),
      }),
    ),
  );
  const sum = (k: 'calls' | 'failed' | 'frames' | 'invalidFrames') =>
    reports.reduce((n, r) => n + r[k], 0);
  log(
    `  warmed up: ${sum('calls')} parking starts and cancels by ${users.length} users of the warm-up, ` +
      `each with its own socket (${sum('frames')} frames), in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
      `(${sum('failed')} not answered 200, ${sum('invalidFrames')} frames outside the contract; not measured)`,
  );
  if (sum('failed') > 0 || sum('invalidFrames') > 0)
    throw new Error('the warm-up failed: is the parking API up?');
}

const summarize = (h: Histogram) => ({
  p50: h.percentile(50),
  p99: h.percentile(99),
  p999: h.percentile(99.9),
  max: h.count ? h.max : null,
});

async function measure(
  target: Target,
  server: IpcChild,
  port: number,
  clients: IpcChild[],
  owner: Map<number, number>,
  lotId: number | null,
  warmUpUsers: readonly SocketSpec[],
): Promise<TargetFigures> {
  const change: ChangeMode = target === 'ours' ? CHANGE : 'hook';
  const load0 = os.loadavg()[0] ?? 0;
  let loadMax = load0;
  const loadTimer = setInterval(() => (loadMax = Math.max(loadMax, os.loadavg()[0] ?? 0)), 1000);
  try {
    const idle = memoryOf(server.pid)?.rss ?? null;
    const connects = await Promise.all(
      clients.map((c) =>
        c.ask<ConnectReport>('connect', {
          port,
          concurrency: Math.ceil(CONCURRENCY / clients.length),
          pingEveryMs: PING_MS,
          mode: change,
        }),
      ),
    );
    const connectedIds = connects.flatMap((r) => r.userIds);
    const held = await server.ask<number>('connectedUsers');
    log(
      `  ${NAMES[target]}: ${connectedIds.length} of ${SOCKETS} sockets authenticated in ` +
        `${(Math.max(...connects.map((r) => r.ms)) / 1000).toFixed(1)} s (the server holds ${held} users)` +
        (connects.some((r) => r.failed)
          ? `; failed ${connects.reduce((n, r) => n + r.failed, 0)}: ${connects
              .flatMap((r) => r.failures)
              .slice(0, 3)
              .join('; ')}`
          : ''),
    );
    if (change === 'api' && lotId !== null && WARM_UP_CALLS > 0)
      await warmUp(port, lotId, clients, warmUpUsers);
    await sleep(2000);
    const withSockets = memoryOf(server.pid)?.rss ?? null;

    const plan = planChanges(connectedIds, WINDOW_MS, EVERY_MS);
    const expected = clients.map(() => 0);
    for (const u of plan.userIds) expected[owner.get(u)!]!++;
    const cpu0 = cpuMsOf(server.pid);
    const clientCpu0 = await Promise.all(clients.map((c) => c.ask<number>('cpuMs')));
    const t0 = performance.now();
    const startAt = monoMs() + 500;
    const windowStartedAt = new Date(Date.now() + 500).toISOString();
    let times: ChangeTimes;
    let answeredAt: number[] | null = null;
    let slowSeconds: string[] = [];
    let api: ApiChangeReport[] = [];
    const answerTimes = new Histogram();
    if (change === 'api') {
      api = await Promise.all(
        clients.map((c) =>
          c.ask<ApiChangeReport>('changeThroughApi', {
            port,
            lotId,
            plan,
            startAt,
            connections: Math.ceil(API_CONNECTIONS / clients.length),
          }),
        ),
      );
      const sent = new Map(api.flatMap((r) => r.sent));
      const answered = new Map(api.flatMap((r) => r.answered));
      plan.userIds.forEach((u, i) => {
        const a = answered.get(u)?.[plan.seqs[i]!];
        const t = sent.get(u)?.[plan.seqs[i]!];
        if (a != null && t != null) answerTimes.record(a - t);
      });
      answeredAt = plan.userIds.map((u, i) => answered.get(u)?.[plan.seqs[i]!] ?? NaN);
      slowSeconds = timelineLines(
        answerTimeline(
          plan.userIds.map((u, i) => sent.get(u)?.[plan.seqs[i]!] ?? NaN),
          answeredAt,
          startAt,
        ),
      );
      times = {
        dueAt: plan.dueMs.map((d) => startAt + d),
        changedAt: plan.userIds.map((u, i) => sent.get(u)?.[plan.seqs[i]!] ?? NaN),
      };
    } else {
      times = await server.ask<ChangeTimes>('changes', { plan, startAt });
    }
    const reports = await Promise.all(
      clients.map((c, i) =>
        c.ask<CollectReport>('collect', { expected: expected[i], waitMs: 15_000 }),
      ),
    );
    const elapsed = performance.now() - t0;
    const cpu1 = cpuMsOf(server.pid);
    const mem = memoryOf(server.pid);

    const arrivals = new Map<number, (number | null)[]>();
    for (const r of reports) for (const [u, a] of r.arrivals) arrivals.set(u, a);
    const fromChange = new Histogram();
    const fromDue = new Histogram();
    const lag = new Histogram();
    // Histogram takes no negatives: answer → frame is kept as plain numbers.
    const afterAnswer: number[] = [];
    let delivered = 0;
    for (let i = 0; i < plan.userIds.length; i++) {
      if (Number.isNaN(times.changedAt[i])) continue;
      lag.record(times.changedAt[i]! - times.dueAt[i]!);
      const at = arrivals.get(plan.userIds[i]!)?.[plan.seqs[i]!];
      if (at == null) continue;
      delivered++;
      fromChange.record(at - times.changedAt[i]!);
      fromDue.record(at - times.dueAt[i]!);
      const answer = answeredAt?.[i];
      if (answer != null && !Number.isNaN(answer)) afterAnswer.push(at - answer);
    }
    afterAnswer.sort((x, y) => x - y);
    const rank = (q: number) =>
      afterAnswer.length ? afterAnswer[Math.ceil((q / 100) * afterAnswer.length) - 1]! : null;
    const closed = await Promise.all(clients.map((c) => c.ask<number>('closeAll')));
    void closed;
    const due = summarize(fromDue);
    return {
      target,
      change,
      apiErrors: api.reduce((n, r) => n + r.errors, 0),
      apiFailures: api.flatMap((r) => r.failures).slice(0, 5),
      connected: connectedIds.length,
      connectFailed: connects.reduce((n, r) => n + r.failed, 0),
      connectFailures: connects.flatMap((r) => r.failures).slice(0, 5),
      connectSeconds: Math.max(...connects.map((r) => r.ms)) / 1000,
      changes: plan.userIds.length,
      delivered,
      undelivered: plan.userIds.length - delivered,
      wrongUser: reports.reduce((n, r) => n + r.wrongUser, 0),
      outOfOrder: reports.reduce((n, r) => n + r.outOfOrder, 0),
      invalid: reports.reduce((n, r) => n + r.invalid, 0),
      closedByServer: reports.reduce((n, r) => n + r.closedByServer, 0),
      latency: summarize(fromChange),
      fromDue: { p50: due.p50, p99: due.p99, max: due.max },
      changeLagP99: lag.percentile(99),
      slowSeconds,
      windowStartedAt,
      apiAnswer:
        change === 'api'
          ? { p50: answerTimes.percentile(50), p99: answerTimes.percentile(99) }
          : null,
      answerToFrame:
        change === 'api' ? { p50: rank(50), p99: rank(99), max: afterAnswer.at(-1) ?? null } : null,
      rss: { idle, withSockets, after: mem?.rss ?? null, peak: mem?.peak ?? null },
      cpu: {
        target: cpu0 != null && cpu1 != null ? (cpu1 - cpu0) / elapsed : null,
        perChangeMs:
          cpu0 != null && cpu1 != null && plan.userIds.length
            ? (cpu1 - cpu0) / plan.userIds.length
            : null,
        clients: reports.map((r, i) => (r.cpuMs - clientCpu0[i]!) / elapsed),
      },
      loadAverage: { start: load0, max: loadMax },
    };
  } finally {
    clearInterval(loadTimer);
  }
}

function targetLines(f: TargetFigures): string {
  const perSocket =
    f.rss.withSockets != null && f.rss.idle != null && f.connected > 0
      ? ` (${((f.rss.withSockets - f.rss.idle) / f.connected / 1024).toFixed(1)} KB a socket)`
      : '';
  const how =
    f.change === 'api'
      ? `changes through the API (start / cancel as the user): ${f.apiErrors} not answered 200` +
        (f.apiFailures.length ? ` — ${f.apiFailures.join('; ')}` : '')
      : 'changes made by the target itself (bench hook)';
  return (
    `  ${NAMES[f.target]} — ${how}\n` +
    `    ${f.change === 'api' ? 'call → frame  ' : 'change → frame'}   p50 ${ms(f.latency.p50)}  p99 ${ms(f.latency.p99)}  p99.9 ${ms(f.latency.p999)}  max ${ms(f.latency.max)}\n` +
    (f.apiAnswer
      ? `    call → answer    p50 ${ms(f.apiAnswer.p50)}  p99 ${ms(f.apiAnswer.p99)}  (the parking API's own answer)\n`
      : '') +
    (f.slowSeconds.length
      ? `    seconds of the window with a call over 100 ms (by when it was sent; s0 began ${f.windowStartedAt}): ${f.slowSeconds.join('; ')}\n`
      : '') +
    (f.answerToFrame
      ? `    answer → frame   p50 ${ms(f.answerToFrame.p50)}  p99 ${ms(f.answerToFrame.p99)}  max ${ms(f.answerToFrame.max)}  (the push after the committed change; negative: the frame came first)\n`
      : '') +
    `    due → frame      p50 ${ms(f.fromDue.p50)}  p99 ${ms(f.fromDue.p99)}  (change made late by p99 ${ms(f.changeLagP99)})\n` +
    `    delivered ${f.delivered} of ${f.changes} changes; at a wrong socket ${f.wrongUser}, out of order ${f.outOfOrder}, ` +
    `outside the contract ${f.invalid}; sockets closed by the server ${f.closedByServer}\n` +
    `    RSS idle ${mb(f.rss.idle)} → with ${f.connected} sockets ${mb(f.rss.withSockets)}${perSocket} → after the changes ${mb(f.rss.after)}; peak ${mb(f.rss.peak)}\n` +
    `    CPU target ${pct(f.cpu.target)} (${ms(f.cpu.perChangeMs)} a change), clients ${f.cpu.clients.map(pct).join(' + ')}; ` +
    `load average ${f.loadAverage.start.toFixed(2)}→${f.loadAverage.max.toFixed(2)}`
  );
}

/** An active parking lot with a tariff parking may start under (free, or a price above 0). */
async function startableLot(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select l.id from parking_lots l join parking_tariffs t on t.id = l.tariff_id
       where l.active and t.active and (t.free_parking or t.gross_unit_parking > 0)
       order by l.id limit 1`,
    );
    if (!rows[0]) throw new Error('no parking lot to start at (was the demo data seeded?)');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

async function main(): Promise<boolean> {
  const rate = (SOCKETS * 1000) / EVERY_MS;
  log(
    `bench/realtime — ${new Date().toISOString()} — ${os.cpus().length} CPU, Node ${process.version}`,
  );
  log(
    `${SOCKETS} sockets on /ws, each authenticated with its own user's credential and pinging every ` +
      `${PING_MS / 1000} s; each user's parking session changes every ${EVERY_MS / 1000} s at its own phase ` +
      `(${rate.toFixed(0)} changes/s) for ${WINDOW_MS / 1000} s; ${PROCESSES} client processes; ` +
      `targets: ${targets.map((t) => NAMES[t]).join(', ')}`,
  );
  log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (limits.hard < SOCKETS + 1024)
    log(
      `warning: the open-files hard limit (${limits.hard}) is below ${SOCKETS + 1024}: sockets will fail`,
    );

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

  const ports: Record<Target, number> = { ours: await freePort(), bare: await freePort() };
  let t0 = performance.now();
  const servers = new Map<Target, IpcChild>();
  const ours = start(
    'the server',
    'hook-server.ts',
    {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(ports.ours),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'auto',
      SIMULATE_CHARGERS: '0',
      SIMULATE_GATES: '0',
      // The sandbox's roaming partners are emulators of other companies' servers, as the
      // simulators are of chargers and gates: production never runs them.
      ROAMING_SANDBOX_PARTNER: '0',
      ROAMING_SANDBOX_EMSP: '0',
      GATES_MQTT_PORT: String(await freePort()),
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
    // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof` (written on exit).
    (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );
  await Promise.race([
    ours.ready,
    sleep(180_000).then(() =>
      Promise.reject(new Error(`the server did not start:\n${ours.output}`)),
    ),
  ]);
  log(
    `the server is up on PostgreSQL (${dbName}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  t0 = performance.now();
  const secret = randomBytes(24).toString('base64url');
  const seeded = await seedDrivers(databaseUrl, {
    count: SOCKETS + WARM_UP_USERS,
    chargingShare: 0,
    secret,
  });
  const withTokens = seeded.map((d, i) => ({ userId: d.userId, token: tokenOf(secret, i + 1) }));
  const specs: SocketSpec[] = withTokens.slice(0, SOCKETS);
  const warmUpUsers = withTokens.slice(SOCKETS);
  log(
    `seeded ${SOCKETS} users with a session each in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const lotId =
    CHANGE === 'api' && targets.includes('ours') ? await startableLot(databaseUrl) : null;
  if (lotId !== null) log(`changes through the API: parking start / cancel at lot ${lotId}`);
  if (targets.includes('ours')) servers.set('ours', ours);
  else await ours.stop();
  if (targets.includes('bare')) {
    const bare = start('the bare ws server', 'bare.ts', {
      ...process.env,
      PORT: String(ports.bare),
    });
    await bare.ready;
    servers.set('bare', bare);
  }
  const clients = Array.from({ length: PROCESSES }, (_, i) =>
    start(`socket clients ${i + 1}`, 'clients.ts'),
  );
  await Promise.all(clients.map((c) => c.ready));
  const owner = new Map<number, number>();
  await Promise.all(
    clients.map((c, i) => {
      const share = specs.filter((_, j) => j % clients.length === i);
      for (const s of share) owner.set(s.userId, i);
      return c.ask('init', { sockets: share });
    }),
  );

  const figures: TargetFigures[] = [];
  for (const target of targets) {
    log(`\n• ${NAMES[target]}`);
    const f = await measure(
      target,
      servers.get(target)!,
      ports[target],
      clients,
      owner,
      lotId,
      warmUpUsers,
    );
    figures.push(f);
    log(targetLines(f));
    await sleep(2000);
  }

  const o = figures.find((f) => f.target === 'ours');
  const b = figures.find((f) => f.target === 'bare');
  log('\n=== Change → frame at the right socket ===');
  log(
    `  ${''.padEnd(18)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)}  delivered      RSS with sockets`,
  );
  for (const f of figures)
    log(
      `  ${NAMES[f.target].padEnd(18)} ${ms(f.latency.p50).padStart(10)} ${ms(f.latency.p99).padStart(10)} ${ms(f.latency.max).padStart(10)}  ` +
        `${`${f.delivered}/${f.changes}`.padEnd(14)} ${mb(f.rss.withSockets)} (peak ${mb(f.rss.peak)})`,
    );
  if (o && b) {
    const ratio = (x: number | null, y: number | null) => (x && y ? `${(x / y).toFixed(1)}×` : '—');
    log(
      `  ratio server/bare  p50 ${ratio(o.latency.p50, b.latency.p50)}, p99 ${ratio(o.latency.p99, b.latency.p99)}, ` +
        `RSS with sockets ${ratio(o.rss.withSockets, b.rss.withSockets)}, ` +
        `RSS added by the sockets ${ratio(o.rss.withSockets! - o.rss.idle!, b.rss.withSockets! - b.rss.idle!)}`,
    );
  }
  if (o) {
    const allIn =
      o.connected === SOCKETS &&
      o.delivered === o.changes &&
      o.apiErrors === 0 &&
      o.wrongUser === 0 &&
      o.outOfOrder === 0;
    log('\n=== Targets (printed, not enforced) ===');
    log(
      `  every socket authenticated and every change delivered, once, in order   ${verdict(allIn)}`,
    );
    log(
      `  p99 change → frame < ${LIMIT_MS} ms      ${ms(o.latency.p99)}   ${verdict((o.latency.p99 ?? Infinity) < LIMIT_MS)}`,
    );
    log(
      `  (from when each change fell due, how late it could be made included: p99 ${ms(o.fromDue.p99)}   ` +
        `${verdict((o.fromDue.p99 ?? Infinity) < LIMIT_MS)})`,
    );
    if (o.answerToFrame)
      log(
        `  (from the call's answer, the change committed, to the frame: p99 ${ms(o.answerToFrame.p99)}   ` +
          `${verdict((o.answerToFrame.p99 ?? Infinity) < LIMIT_MS)})`,
      );
    if (o.change === 'api' && o.cpu.perChangeMs) {
      const offered = (o.changes * 1000) / WINDOW_MS;
      log(
        `  the server's CPU per change: ${ms(o.cpu.perChangeMs)} (its CPU in the window ÷ ${o.changes} changes; ` +
          `it includes answering the pings of every socket, so at low change rates compare the bare ws's line)` +
          ((o.apiAnswer?.p50 ?? 0) > LIMIT_MS
            ? `\n  the parking API did not keep up with the offered ${offered.toFixed(0)} changes/s: its calls queued ` +
              `(call → answer p50 ${ms(o.apiAnswer?.p50)}); at ${ms(o.cpu.perChangeMs)} a change that is ` +
              `${((offered * o.cpu.perChangeMs) / 10).toFixed(0)}% of a core for the server alone, beside PostgreSQL ` +
              `and the client processes on the same CPUs (it got ${pct(o.cpu.target)})`
            : ''),
      );
    }
    log(
      `  server RSS < ${mb(MEMORY_LIMIT)} (peak)    ${mb(o.rss.peak)}   ${verdict((o.rss.peak ?? Infinity) < MEMORY_LIMIT)}`,
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
      sockets: SOCKETS,
      windowSeconds: WINDOW_MS / 1000,
      changeEverySeconds: EVERY_MS / 1000,
      pingEverySeconds: PING_MS / 1000,
      clientProcesses: PROCESSES,
      connectConcurrency: CONCURRENCY,
      p99LimitMs: LIMIT_MS,
      memoryLimitBytes: MEMORY_LIMIT,
      change:
        CHANGE === 'api'
          ? 'ours: POST /api/v1/parking/{lotId}/start and /cancel as each user (the parking module pushes); bare ws: made by the target itself'
          : 'bench hook: app.realtime.publishToUser in the server process (bench/realtime/hook-server.ts); bare ws: the same',
      database: 'PostgreSQL (fresh database, dropped after the run)',
    },
    targets: figures,
  };
  const out =
    argv.out ??
    path.join(
      repoRoot,
      'bench/results',
      `realtime-${now.toISOString().replace(/[:.]/g, '-')}.json`,
    );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`\nfigures written to ${path.relative(process.cwd(), out) || out}`);

  await Promise.all(clients.map((c) => c.stop()));
  for (const s of servers.values()) await s.stop();
  return figures.some((f) => f.delivered > 0);
}

// Bounded in time whatever happens: the whole bench ends by itself.
const totalTimeoutMs = Number(argv['total-timeout']);
setTimeout(() => {
  console.error(`\nbench/realtime took longer than ${totalTimeoutMs} ms: stopping`);
  void cleanup().finally(() => process.exit(1));
}, totalTimeoutMs).unref();

main()
  .then(async (ok) => {
    await cleanup();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err: unknown) => {
    console.error(`\nbench/realtime failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    process.exit(1);
  });
