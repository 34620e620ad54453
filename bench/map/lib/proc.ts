import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** tsx's command-line entry, run with this Node (no npx: one process less, no registry look-up). */
export const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/cli.mjs');

/** Keeps the last lines a process printed, for error reports. */
export class Tail {
  private lines: string[] = [];
  constructor(private readonly max = 60) {}
  push(chunk: Buffer | string) {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      this.lines.push(line);
      if (this.lines.length > this.max) this.lines.shift();
    }
  }
  toString() {
    return this.lines.join('\n');
  }
}

/** Every process group this bench started, so a signal or a timeout can end them all (by id). */
const started = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    // Negative pid: the process group we created with `detached: true` (tsx forks a child).
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

export function startProcess(
  command: string,
  args: readonly string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): { child: ChildProcess; tail: Tail } {
  const tail = new Tail();
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => tail.push(d));
  child.stderr?.on('data', (d: Buffer) => tail.push(d));
  started.add(child);
  child.once('exit', () => started.delete(child));
  return { child, tail };
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends a process group: SIGTERM, then SIGKILL after `graceMs`. Waits until every process of the
 * group is gone (tsx's child outlives its parent briefly while it closes the database), so the
 * data folder can be removed safely afterwards.
 */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.pid === undefined) return;
  const t0 = performance.now();
  if (groupAlive(child)) killGroup(child, 'SIGTERM');
  let killed = false;
  while (groupAlive(child) || (child.exitCode === null && child.signalCode === null)) {
    if (!killed && performance.now() - t0 > graceMs) {
      killed = true;
      killGroup(child, 'SIGKILL');
    }
    if (performance.now() - t0 > graceMs + 5_000) break;
    await sleep(100);
  }
}

export function stopAllNow() {
  for (const child of started) killGroup(child, 'SIGKILL');
}

/** Runs a command to completion within `timeoutMs`; rejects with its last output on failure. */
export async function runToEnd(
  label: string,
  command: string,
  args: readonly string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ output: string; ms: number }> {
  const t0 = performance.now();
  const { child, tail } = startProcess(command, args, opts);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopProcess(child, 3_000);
  }, opts.timeoutMs);
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (c) => resolve(c));
    child.once('error', () => resolve(-1));
  });
  clearTimeout(timer);
  const ms = performance.now() - t0;
  if (timedOut) throw new Error(`${label} took longer than ${opts.timeoutMs} ms:\n${tail}`);
  if (code !== 0) throw new Error(`${label} failed (exit ${code}):\n${tail}`);
  return { output: tail.toString(), ms };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200, the process dies, or `timeoutMs` passes. */
export async function waitForReady(
  url: string,
  child: ChildProcess,
  tail: Tail,
  timeoutMs: number,
): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before ready:\n${tail}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return performance.now() - t0;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${tail}`);
}
