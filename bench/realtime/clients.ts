/**
 * A socket-client process of bench/realtime, driven by run.ts over IPC: its share of the
 * browser sockets, each a plain `ws` client speaking /ws as the web app does (SPEC §7
 * "Websocket"): the `auth` frame with the user's credential first, then a `ping` every
 * `wsTimers.pingMs` (the server drops sockets silent for 60 s). It notes the moment (monotonic
 * clock, shared with the server's process) each parking-session change arrives, after checking
 * that the frame is this socket's user's and the change it expected next.
 */
import { Pool } from 'undici';
import WebSocket from 'ws';
import { parseWsServerFrame } from '@voltpark/contract';
import { planFor, runChanges, type ChangePlan } from './lib/changes';
import { amountOfChange, monoMs } from './lib/frame';
import { serveParent } from './lib/ipc';
import { warmUpParking, type WarmUpReport } from './lib/warm-up';

/**
 * How a change is made. `hook`: the target makes it (bench hook, bare ws), frames carry change j
 * of the user. `api`: this process makes it through the server's real API as the user — change
 * j is `POST /api/v1/parking/{lotId}/start` for even j (the frame: the new STARTING session)
 * and `POST /api/v1/parking/cancel` for odd j (the frame: null, no current parking).
 */
export type ChangeMode = 'hook' | 'api';

export interface SocketSpec {
  userId: number;
  token: string;
}

export interface ConnectReport {
  connected: number;
  /** The users whose socket is authenticated. */
  userIds: number[];
  failed: number;
  failures: string[];
  ms: number;
}

export interface ApiChangeReport {
  /** [userId, when its changes 0, 1, … were sent] (monotonic ms). */
  sent: [number, number[]][];
  /** [userId, when the answers to its changes arrived]. */
  answered: [number, number[]][];
  /** Calls not answered 200 with result true. */
  errors: number;
  failures: string[];
}

export interface CollectReport {
  /**
   * [userId, arrival times of its changes 0, 1, …] for every socket with any; null for a frame
   * that was not the change expected (counted as wrong user or out of order, not timed).
   */
  arrivals: [number, (number | null)[]][];
  /** Change frames that were another user's (must be 0). */
  wrongUser: number;
  /** Change frames of this user that were not the next change expected (must be 0). */
  outOfOrder: number;
  /** Frames outside the contract (must be 0; the first change of each socket is checked). */
  invalid: number;
  /** Sockets closed by the server during the run. */
  closedByServer: number;
  cpuMs: number;
}

interface Live {
  spec: SocketSpec;
  ws: WebSocket;
  authed: boolean;
  /**
   * The session frames as they came, with when: parsed and checked at collect, after the window,
   * so this process's own checks (JSON, the contract's schema) take no CPU from the server
   * while it is measured.
   */
  frames: { text: string; at: number }[];
  arrivals: (number | null)[];
  /** api mode: what each frame held (session id and status, or null), checked at collect. */
  seen: ({ id: unknown; status: unknown } | null)[];
  /** api mode: when each change was sent, and the session id each start answered. */
  sent: number[];
  answered: number[];
  startedIds: unknown[];
  ping?: NodeJS.Timeout;
}

const CONNECT_TIMEOUT_MS = 60_000;

let specs: SocketSpec[] = [];
let live: Live[] = [];
let wrongUser = 0;
let outOfOrder = 0;
let invalid = 0;
let closedByServer = 0;
let closing = false;
let mode: ChangeMode = 'hook';

function onFrame(s: Live, text: string, at: number) {
  let frame: {
    topic?: unknown;
    requestId?: unknown;
    data?: { id?: unknown; amount?: unknown } | null;
  };
  try {
    frame = JSON.parse(text) as typeof frame;
  } catch {
    invalid++;
    return;
  }
  if (frame.topic !== '/user/parkingSession' || frame.requestId === 'auth') return;
  const data = frame.data;
  if (s.arrivals.length === 0 && !parseWsServerFrame(text)) invalid++;
  if (mode === 'api') {
    // Checked at collect, when the start calls' answers (the session ids) are all in.
    s.seen.push(
      data ? { id: data.id, status: (data as { parkingStatus?: unknown }).parkingStatus } : null,
    );
    s.arrivals.push(at);
    return;
  }
  if (!data || data.id !== s.spec.userId) {
    wrongUser++;
    return;
  }
  if (data.amount !== amountOfChange(s.arrivals.length)) {
    outOfOrder++;
    return;
  }
  s.arrivals.push(at);
}

/**
 * Opens one socket and authenticates it; resolves when the auth answer is in. A warm-up socket
 * (`onWarmUpFrame`) hands its frames to that function instead and is not counted anywhere.
 */
function open(
  url: string,
  spec: SocketSpec,
  pingEveryMs: number,
  onWarmUpFrame?: (text: string) => void,
): Promise<Live> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { handshakeTimeout: CONNECT_TIMEOUT_MS });
    const s: Live = {
      spec,
      ws,
      authed: false,
      frames: [],
      arrivals: [],
      seen: [],
      sent: [],
      answered: [],
      startedIds: [],
    };
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no auth answer in time'));
    }, CONNECT_TIMEOUT_MS);
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          command: 'auth',
          requestId: 'auth',
          email: String(spec.userId),
          token: spec.token,
        }),
      ),
    );
    ws.on('message', (data: WebSocket.RawData) => {
      const at = monoMs();
      const text = data.toString();
      if (s.authed && onWarmUpFrame) return onWarmUpFrame(text);
      if (s.authed) {
        // Pongs and other topics are not changes; the rest is checked at collect.
        if (text.includes('/user/parkingSession')) s.frames.push({ text, at });
        return;
      }
      const frame = parseWsServerFrame(text);
      clearTimeout(timer);
      if (frame?.topic === '/user/parkingSession' && frame.requestId === 'auth') {
        s.authed = true;
        const ping = () => ws.send('{"command":"ping"}');
        // Each socket pings on its own phase, as browsers opened at different moments do.
        if (pingEveryMs > 0)
          s.ping = setTimeout(() => {
            ping();
            s.ping = setInterval(ping, pingEveryMs);
          }, Math.random() * pingEveryMs);
        resolve(s);
      } else {
        ws.terminate();
        reject(new Error(`auth answered ${text.slice(0, 120)}`));
      }
    });
    ws.on('close', () => {
      clearTimeout(timer);
      clearInterval(s.ping);
      if (s.authed && !closing && !onWarmUpFrame) closedByServer++;
      reject(new Error('closed before the auth answer'));
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

async function connect(req: Record<string, unknown>): Promise<ConnectReport> {
  const url = `ws://127.0.0.1:${Number(req.port)}/ws`;
  const concurrency = Number(req.concurrency);
  const pingEveryMs = Number(req.pingEveryMs);
  mode = req.mode === 'api' ? 'api' : 'hook';
  closing = false;
  wrongUser = outOfOrder = invalid = closedByServer = 0;
  live = [];
  const failures: string[] = [];
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++]!;
      try {
        live.push(await open(url, spec, pingEveryMs));
      } catch (err) {
        failed++;
        if (failures.length < 5) failures.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return {
    connected: live.length,
    userIds: live.map((s) => s.spec.userId),
    failed,
    failures,
    ms: performance.now() - t0,
  };
}

/** Waits until `expected` changes have arrived (or `waitMs` passed), then reports them. */
async function collect(req: Record<string, unknown>): Promise<CollectReport> {
  const expected = Number(req.expected);
  const until = performance.now() + Number(req.waitMs);
  const count = () => live.reduce((n, s) => n + s.frames.length, 0);
  while (count() < expected && performance.now() < until)
    await new Promise((r) => setTimeout(r, 50));
  for (const s of live) for (const f of s.frames.splice(0)) onFrame(s, f.text, f.at);
  if (mode === 'api') for (const s of live) checkApiFrames(s);
  const usage = process.cpuUsage();
  return {
    arrivals: live.filter((s) => s.arrivals.length > 0).map((s) => [s.spec.userId, s.arrivals]),
    wrongUser,
    outOfOrder,
    invalid,
    closedByServer,
    cpuMs: (usage.user + usage.system) / 1000,
  };
}

/** Closes every socket and waits (briefly) until they are closed. */
async function closeAll(): Promise<number> {
  closing = true;
  const closed = live.map(
    (s) =>
      new Promise<void>((resolve) => {
        clearInterval(s.ping);
        if (s.ws.readyState === WebSocket.CLOSED) return resolve();
        s.ws.once('close', () => resolve());
        s.ws.close();
      }),
  );
  const n = live.length;
  await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, 10_000))]);
  for (const s of live) s.ws.terminate();
  live = [];
  return n;
}

/**
 * api mode: frame j must be change j — the session the start call answered (STARTING, its id)
 * for even j, null after a cancel for odd j. Anything else is not timed.
 */
function checkApiFrames(s: Live) {
  s.seen.forEach((f, j) => {
    const ok =
      j % 2 === 0
        ? f !== null &&
          f.status === 'STARTING' &&
          (s.startedIds[j] === undefined || f.id === s.startedIds[j])
        : f === null;
    if (ok) return;
    if (j % 2 === 0 && f !== null && s.startedIds[j] !== undefined && f.id !== s.startedIds[j])
      wrongUser++;
    else outOfOrder++;
    s.arrivals[j] = null;
  });
}

/** api mode: makes this process's share of the planned changes through the server's API. */
async function changeThroughApi(req: Record<string, unknown>): Promise<ApiChangeReport> {
  const mine = new Map(live.map((s) => [s.spec.userId, s]));
  const plan = planFor(req.plan as ChangePlan, mine);
  const lotId = Number(req.lotId);
  const pool = new Pool(`http://127.0.0.1:${Number(req.port)}`, {
    connections: Number(req.connections),
    pipelining: 1,
  });
  let pending = 0;
  let errors = 0;
  const failures: string[] = [];
  const fail = (why: string) => {
    errors++;
    if (failures.length < 5) failures.push(why);
  };
  // A user's next change waits for the answer to the previous one (a driver cannot cancel a
  // parking before its start has answered); it is sent, and timed, from when it is sent.
  const previous = new Map<number, Promise<void>>();
  await runChanges(plan, Number(req.startAt), (userId, seq) => {
    pending++;
    const call = (previous.get(userId) ?? Promise.resolve()).then(() => send(userId, seq));
    previous.set(userId, call);
  });
  function send(userId: number, seq: number): Promise<void> {
    const s = mine.get(userId)!;
    const start = seq % 2 === 0;
    const authorization = `Basic ${Buffer.from(`${userId}:${s.spec.token}`).toString('base64')}`;
    s.sent[seq] = monoMs();
    return pool
      .request(
        start
          ? {
              method: 'POST',
              path: `/api/v1/parking/${lotId}/start`,
              headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
              body: 'platform=web',
            }
          : { method: 'POST', path: '/api/v1/parking/cancel', headers: { authorization } },
      )
      .then(async (res) => {
        const text = await res.body.text();
        s.answered[seq] = monoMs();
        const body = JSON.parse(text) as { result?: unknown; data?: { id?: unknown } | null };
        if (res.statusCode !== 200 || body.result !== true)
          return fail(`${start ? 'start' : 'cancel'} ${res.statusCode} ${text.slice(0, 160)}`);
        if (start) s.startedIds[seq] = body.data?.id;
      })
      .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)))
      .finally(() => pending--);
  }
  const until = performance.now() + 120_000;
  while (pending > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  if (pending > 0) {
    fail(`${pending} calls unanswered 120 s after the last fell due`);
    // close() would wait for the queued calls; destroy() ends them.
    await pool.destroy();
  } else await pool.close();
  return {
    sent: [...mine.values()].filter((s) => s.sent.length > 0).map((s) => [s.spec.userId, s.sent]),
    answered: [...mine.values()]
      .filter((s) => s.answered.length > 0)
      .map((s) => [s.spec.userId, s.answered]),
    errors,
    failures,
  };
}

/**
 * api mode, before the timed window: users of the warm-up only (no measured socket is theirs)
 * open their own sockets here and start and cancel parkings through the API, so this process's
 * request and frame paths (undici, JSON, the contract's frame check) and the server's push to a
 * socket with a session are compiled before the window, not during its first seconds.
 */
async function warmUp(
  req: Record<string, unknown>,
): Promise<WarmUpReport & { frames: number; invalidFrames: number }> {
  const port = Number(req.port);
  let frames = 0;
  let invalidFrames = 0;
  const onWarmUpFrame = (text: string) => {
    frames++;
    if (!parseWsServerFrame(text)) invalidFrames++;
  };
  const users = req.users as SocketSpec[];
  const sockets = await Promise.all(
    users.map((u) => open(`ws://127.0.0.1:${port}/ws`, u, 0, onWarmUpFrame)),
  );
  try {
    const report = await warmUpParking({
      port,
      lotId: Number(req.lotId),
      users,
      calls: Number(req.calls),
      concurrency: users.length,
    });
    return { ...report, frames, invalidFrames };
  } finally {
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.ws.once('close', () => resolve());
            s.ws.close();
          }),
      ),
    );
  }
}

serveParent({
  init: (req) => {
    specs = req.sockets as SocketSpec[];
    return specs.length;
  },
  connect,
  collect,
  changeThroughApi,
  warmUp,
  closeAll,
  cpuMs: () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  },
});
