/**
 * One load-generator process of bench/api, driven by run.ts over IPC. Its drivers poll as the
 * web app does (SPEC §9 Timers, §7 calls), open loop: every call falls due on its driver's own
 * schedule (a random phase, then every interval with ±2% jitter) whether or not earlier calls
 * have been answered, and its latency counts from when it fell due, not from when it could be
 * sent — a slow server cannot slow the load down and hide its own slowness (no coordinated
 * omission). Requests go over a few keep-alive connections (undici Pool) to 127.0.0.1 only.
 */
import { Pool } from 'undici';
import { Histogram } from './lib/stats';

export interface DriverSpec {
  authorization: string;
  locationId: number;
}

export const CALLS = ['current', 'cards', 'wallet', 'location'] as const;
export type CallName = (typeof CALLS)[number];

export type LoadCommand =
  | { cmd: 'init'; connections: number; drivers: DriverSpec[] }
  | {
      cmd: 'step';
      /** The target's port on 127.0.0.1. */
      port: number;
      /** How many of this process's drivers take part (a prefix of its list). */
      use: number;
      warmupSec: number;
      seconds: number;
      intervalsSec: Record<CallName, number>;
    }
  | { cmd: 'close' };

export interface StepReport {
  byCall: Record<CallName, ReturnType<Histogram['toJSON']>>;
  /** How late calls were sent after falling due (this process's own lag). */
  sendLag: ReturnType<Histogram['toJSON']>;
  answered: number;
  errors: number;
  /** Examples of what failed (status or message), at most 5. */
  failures: string[];
  /** charge/current answers with a charge in them (not `data: null`). */
  currentWithCharge: number;
  windowMs: number;
  cpuMs: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_MS = 15_000;
const TICK_MS = 2;

const paths: Record<CallName, (d: DriverSpec) => string> = {
  current: () => '/api/v1/charge/current',
  cards: () => '/api/v1/user/credit-cards',
  // The spelling the web app's /cards page polls (apps/web/src/features/cards/queries.ts).
  wallet: () => '/api/v1/wallet/wallet-ballance',
  // What the web app's location panel re-asks (apps/web/src/features/locations/LocationPanel.tsx).
  location: (d) => `/api/v1/location/location-charger-poi/${d.locationId}`,
};

const pools = new Map<number, Pool>();
let connections = 1;
let drivers: DriverSpec[] = [];

function poolFor(port: number): Pool {
  let p = pools.get(port);
  if (!p) {
    p = new Pool(`http://127.0.0.1:${port}`, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
    });
    pools.set(port, p);
  }
  return p;
}

/** A min-heap of (due time, driver × call) pairs: the next call to send is at the top. */
class Schedule {
  private due: number[] = [];
  private what: number[] = [];
  get size() {
    return this.due.length;
  }
  peek() {
    return this.due[0] ?? Infinity;
  }
  push(at: number, w: number) {
    const { due, what } = this;
    let i = due.length;
    due.push(at);
    what.push(w);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (due[p]! <= at) break;
      due[i] = due[p]!;
      what[i] = what[p]!;
      i = p;
    }
    due[i] = at;
    what[i] = w;
  }
  pop(): [number, number] {
    const { due, what } = this;
    const top: [number, number] = [due[0]!, what[0]!];
    const lastDue = due.pop()!;
    const lastWhat = what.pop()!;
    const n = due.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && due[r]! < due[l]! ? r : l;
        if (due[c]! >= lastDue) break;
        due[i] = due[c]!;
        what[i] = what[c]!;
        i = c;
      }
      due[i] = lastDue;
      what[i] = lastWhat;
    }
    return top;
  }
}

async function step(c: Extract<LoadCommand, { cmd: 'step' }>): Promise<StepReport> {
  const p = poolFor(c.port);
  const byCall = Object.fromEntries(CALLS.map((k) => [k, new Histogram()])) as Record<
    CallName,
    Histogram
  >;
  const sendLag = new Histogram();
  const failures: string[] = [];
  let answered = 0;
  let errors = 0;
  let currentWithCharge = 0;
  let outstanding = 0;

  const start = performance.now();
  const windowStart = start + c.warmupSec * 1000;
  const windowEnd = windowStart + c.seconds * 1000;
  const schedule = new Schedule();
  const active = drivers.slice(0, c.use);
  active.forEach((_, d) => {
    CALLS.forEach((call, k) => {
      schedule.push(start + Math.random() * c.intervalsSec[call] * 1000, d * CALLS.length + k);
    });
  });

  const fail = (why: string, counted: boolean) => {
    if (!counted) return;
    errors++;
    if (failures.length < 5) failures.push(why);
  };

  const send = (due: number, d: number, call: CallName) => {
    const driver = active[d]!;
    const counted = due >= windowStart && due < windowEnd;
    if (counted) sendLag.record(performance.now() - due);
    outstanding++;
    p.request(
      {
        method: 'GET',
        path: paths[call](driver),
        headers: {
          authorization: driver.authorization,
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          'x-lang': 'hu',
        },
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      },
      (err, res) => {
        if (err) {
          outstanding--;
          return fail(`${call}: ${err.message}`, counted);
        }
        const chunks: Buffer[] = [];
        res.body.on('data', (b: Buffer) => call === 'current' && chunks.push(b));
        res.body.on('error', (e: Error) => {
          outstanding--;
          fail(`${call}: ${e.message}`, counted);
        });
        res.body.on('end', () => {
          outstanding--;
          if (!counted) return;
          if (res.statusCode !== 200) return fail(`${call}: HTTP ${res.statusCode}`, true);
          byCall[call].record(performance.now() - due);
          answered++;
          if (call === 'current' && !Buffer.concat(chunks).includes('"data":null')) {
            currentWithCharge++;
          }
        });
      },
    );
  };

  let cpu0: NodeJS.CpuUsage | null = null;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (!cpu0 && now >= windowStart) cpu0 = process.cpuUsage();
      while (schedule.peek() <= now) {
        const [due, w] = schedule.pop();
        const d = Math.floor(w / CALLS.length);
        const call = CALLS[w % CALLS.length]!;
        send(due, d, call);
        const every = c.intervalsSec[call] * 1000;
        const next = due + every * (0.98 + Math.random() * 0.04);
        if (next < windowEnd) schedule.push(next, w);
      }
      if (schedule.size === 0 || now >= windowEnd) resolve();
      else setTimeout(tick, TICK_MS);
    };
    tick();
  });
  const cpu = process.cpuUsage(cpu0 ?? undefined);
  const drainUntil = performance.now() + DRAIN_MS;
  while (outstanding > 0 && performance.now() < drainUntil) {
    await new Promise((r) => setTimeout(r, 20));
  }
  // Calls of the window still without an answer are failures (they would have timed out).
  if (outstanding > 0) {
    errors += outstanding;
    if (failures.length < 5) failures.push(`${outstanding} calls unanswered after the window`);
  }
  return {
    byCall: Object.fromEntries(CALLS.map((k) => [k, byCall[k].toJSON()])) as StepReport['byCall'],
    sendLag: sendLag.toJSON(),
    answered,
    errors,
    failures,
    currentWithCharge,
    windowMs: windowEnd - windowStart,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

process.on('message', (m: LoadCommand) => {
  const reply = (value: unknown) => process.send?.(value);
  if (m.cmd === 'init') {
    drivers = m.drivers;
    connections = m.connections;
    reply({ ready: true });
  } else if (m.cmd === 'step') {
    void step(m).then(reply);
  } else {
    void Promise.allSettled([...pools.values()].map((p) => p.destroy())).finally(() => {
      reply({ closed: true });
      setTimeout(() => process.exit(0), 50);
    });
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ started: true });
