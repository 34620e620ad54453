/**
 * One load-generator process of bench/ocpp, driven by run.ts over IPC. Each simulated charger is
 * a bare `ws` client speaking OCPP-J frames (no schema validation, no reconnect logic): cheap
 * enough that a few processes hold 10,000 sockets and the server, not this, is what is measured.
 *
 * A charger connects (subprotocol ocpp1.6, Basic auth), boots, starts a transaction on connector
 * 1 and reports Charging; then it sends Heartbeat and MeterValues (with its transactionId, so
 * the server really records them) on its own timers. At most one call is outstanding per charger
 * (OCPP-J); a call that falls due while another is out waits, and its latency counts from when
 * it fell due.
 */
import { WebSocket } from 'ws';

export type LoadCommand =
  | { cmd: 'connect'; url: string; ids: string[]; key: string; concurrency: number }
  | { cmd: 'steady'; warmupSec: number; seconds: number; heartbeatSec: number; meterSec: number }
  | { cmd: 'saturate'; seconds: number; chargers: number }
  | { cmd: 'close' };

export interface ConnectReport {
  connected: number;
  failed: number;
  failures: string[];
  ms: number;
}
export interface PhaseReport {
  /** Latencies (ms) of calls answered inside the measured window, per action. */
  latencies: Record<string, number[]>;
  answered: number;
  /** CALLERRORs among them. */
  errors: number;
  /** Calls without an answer within 30 s. */
  timeouts: number;
  /** Calls still waiting when the phase ended (not counted above). */
  unanswered: number;
  windowMs: number;
  /** CPU time this process used in the window (user + system), ms. */
  cpuMs: number;
}

const CALL_TIMEOUT_MS = 30_000;

interface Pending {
  msgId: string;
  dueAt: number;
  resolve: (frame: unknown[] | null) => void;
}

let recording = false;
const emptyStats = () => ({
  latencies: {} as Record<string, number[]>,
  answered: 0,
  errors: 0,
  timeouts: 0,
});
let windowStats = emptyStats();

class Charger {
  ws: WebSocket | null = null;
  txId = 0;
  wh = 0;
  private seq = 0;
  private pending: Pending | null = null;
  private waiting: (() => void)[] = [];
  timers: NodeJS.Timeout[] = [];

  constructor(readonly id: string) {}

  open(url: string, key: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}/${encodeURIComponent(this.id)}`, ['ocpp1.6'], {
        perMessageDeflate: false,
        headers: { authorization: `Basic ${Buffer.from(`${this.id}:${key}`).toString('base64')}` },
        handshakeTimeout: 30_000,
      });
      ws.once('open', () => {
        this.ws = ws;
        resolve();
      });
      ws.once('unexpected-response', (_req, res) => {
        reject(new Error(`HTTP ${res.statusCode}`));
        ws.terminate();
      });
      ws.once('error', reject);
      ws.on('message', (data) => this.onMessage(data.toString()));
      ws.on('close', () => {
        this.ws = null;
        this.pending?.resolve(null);
        this.pending = null;
      });
    });
  }

  private onMessage(text: string) {
    let frame: unknown[];
    try {
      frame = JSON.parse(text) as unknown[];
    } catch {
      return;
    }
    const [type, msgId] = frame as [number, string];
    // The echo baseline sends our own CALL back: it counts as the answer.
    if (this.pending && msgId === this.pending.msgId && (type === 3 || type === 4 || type === 2)) {
      const p = this.pending;
      this.pending = null;
      p.resolve(frame);
      this.next();
      return;
    }
    if (type === 2) {
      // A command from the central system (none expected here): answered, never ignored.
      this.ws?.send(JSON.stringify([4, msgId, 'NotImplemented', '', {}]));
    }
  }

  /** Sends a call now, or after the outstanding one; resolves with the answer frame. */
  call(
    action: string,
    payload: () => object,
    dueAt = performance.now(),
  ): Promise<unknown[] | null> {
    return new Promise((resolve) => {
      const send = () => {
        if (!this.ws) return resolve(null);
        const msgId = `${this.id}.${++this.seq}`;
        this.pending = {
          msgId,
          dueAt,
          resolve: (frame) => {
            if (recording && frame) {
              windowStats.answered++;
              (windowStats.latencies[action] ??= []).push(performance.now() - dueAt);
              if (frame[0] === 4) windowStats.errors++;
            }
            resolve(frame);
          },
        };
        this.ws.send(JSON.stringify([2, msgId, action, payload()]));
      };
      if (this.pending) this.waiting.push(send);
      else send();
    });
  }

  private next() {
    this.waiting.shift()?.();
  }

  /** Drops a call that waited too long, so the charger goes on. */
  checkTimeout(now: number) {
    if (this.pending && now - this.pending.dueAt > CALL_TIMEOUT_MS) {
      if (recording) windowStats.timeouts++;
      const p = this.pending;
      this.pending = null;
      p.resolve(null);
      this.next();
    }
  }

  get busy() {
    return this.pending !== null || this.waiting.length > 0;
  }

  meterValues = () => {
    this.wh += 61; // 22 kW for 10 s
    const timestamp = new Date().toISOString();
    return {
      connectorId: 1,
      transactionId: this.txId,
      meterValue: [
        {
          timestamp,
          sampledValue: [
            {
              value: String(this.wh),
              context: 'Sample.Periodic',
              measurand: 'Energy.Active.Import.Register',
              unit: 'Wh',
            },
            {
              value: '22000',
              context: 'Sample.Periodic',
              measurand: 'Power.Active.Import',
              unit: 'W',
            },
          ],
        },
      ],
    };
  };

  stopTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }
}

const chargers: Charger[] = [];

async function connectAll(c: Extract<LoadCommand, { cmd: 'connect' }>): Promise<ConnectReport> {
  const t0 = performance.now();
  const failures: string[] = [];
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < c.ids.length) {
      const cp = new Charger(c.ids[next++]!);
      try {
        await cp.open(c.url, c.key);
        const boot = await cp.call('BootNotification', () => ({
          chargePointVendor: 'Voltpark',
          chargePointModel: 'Bench',
        }));
        if (!boot) throw new Error('no BootNotification answer');
        const start = await cp.call('StartTransaction', () => ({
          connectorId: 1,
          idTag: 'BENCH-TAG',
          meterStart: 0,
          timestamp: new Date().toISOString(),
        }));
        const answer = start?.[0] === 3 ? (start[2] as { transactionId?: number }) : null;
        cp.txId = answer?.transactionId ?? 0;
        await cp.call('StatusNotification', () => ({
          connectorId: 1,
          errorCode: 'NoError',
          status: 'Charging',
          timestamp: new Date().toISOString(),
        }));
        chargers.push(cp);
      } catch (err) {
        failed++;
        if (failures.length < 5) failures.push(`${cp.id}: ${(err as Error).message}`);
        cp.ws?.terminate();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, c.concurrency) }, worker));
  return { connected: chargers.length, failed, failures, ms: performance.now() - t0 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(seconds: number, warmupSec: number, during: () => void, after: () => void) {
  windowStats = emptyStats();
  const timeoutCheck = setInterval(() => {
    const now = performance.now();
    for (const cp of chargers) cp.checkTimeout(now);
  }, 1000);
  during();
  await sleep(warmupSec * 1000);
  recording = true;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const windowMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  recording = false;
  after();
  // Let the calls still out finish (not counted), so the next phase starts clean.
  const end = performance.now() + 10_000;
  while (chargers.some((c) => c.busy) && performance.now() < end) await sleep(50);
  clearInterval(timeoutCheck);
  const report: PhaseReport = {
    ...windowStats,
    unanswered: chargers.filter((c) => c.busy).length,
    windowMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  return report;
}

function steady(c: Extract<LoadCommand, { cmd: 'steady' }>): Promise<PhaseReport> {
  return measure(
    c.seconds,
    c.warmupSec,
    () => {
      for (const cp of chargers) {
        // Each on its own timers, at a random phase: the load is spread, as in the field.
        const every = (sec: number, action: string, payload: () => object) => {
          const tick = () => {
            const due = performance.now();
            void cp.call(action, payload, due);
            cp.timers.push(setTimeout(tick, sec * 1000));
          };
          cp.timers.push(setTimeout(tick, Math.random() * sec * 1000));
        };
        every(c.heartbeatSec, 'Heartbeat', () => ({}));
        every(c.meterSec, 'MeterValues', cp.meterValues);
      }
    },
    () => {
      for (const cp of chargers) cp.stopTimers();
    },
  );
}

function saturate(c: Extract<LoadCommand, { cmd: 'saturate' }>): Promise<PhaseReport> {
  let running = true;
  return measure(
    c.seconds,
    1,
    () => {
      for (const cp of chargers.slice(0, c.chargers)) {
        // Closed loop: the next call as soon as the answer is in, alternating the two messages.
        void (async () => {
          let meter = false;
          while (running && cp.ws) {
            meter = !meter;
            await (meter
              ? cp.call('MeterValues', cp.meterValues)
              : cp.call('Heartbeat', () => ({})));
          }
        })();
      }
    },
    () => {
      running = false;
    },
  );
}

process.on('message', (m: LoadCommand) => {
  const reply = (value: unknown) => process.send?.(value);
  if (m.cmd === 'connect') void connectAll(m).then(reply);
  else if (m.cmd === 'steady') void steady(m).then(reply);
  else if (m.cmd === 'saturate') void saturate(m).then(reply);
  else {
    for (const cp of chargers) {
      cp.stopTimers();
      cp.ws?.terminate();
    }
    reply({ closed: true });
    setTimeout(() => process.exit(0), 50);
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
