/**
 * Request/answer over Node's IPC channel between bench/realtime's run.ts and the processes it
 * starts (the server with its bench hook, the bare ws baseline, the socket clients). Nothing of
 * it listens on a port: only the parent that started a process can ask it anything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tail } from '../../map/lib/proc';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Request {
  id: number;
  cmd: string;
  [key: string]: unknown;
}
type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** In a child: answers the parent's requests with the handlers, then says it is ready. */
export function serveParent(
  handlers: Record<string, (req: Record<string, unknown>) => unknown>,
): void {
  if (!process.send) throw new Error('start this through bench/realtime/run.ts (it needs IPC)');
  const send = process.send.bind(process);
  process.on('message', (m: Request) => {
    void (async () => {
      let answer: Answer;
      try {
        const handler = handlers[m.cmd];
        if (!handler) throw new Error(`unknown command ${m.cmd}`);
        answer = { id: m.id, ok: true, result: await handler(m) };
      } catch (err) {
        answer = { id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      send(answer);
    })();
  });
  // The parent is gone (finished or killed): nothing left to measure for.
  process.on('disconnect', () => process.exit(0));
  send({ ready: true });
}

/** In the parent: a child Node process running a TypeScript file, asked over IPC. */
export class IpcChild {
  private readonly child: ChildProcess;
  private readonly tail = new Tail(40);
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  readonly ready: Promise<void>;

  constructor(
    readonly label: string,
    script: string,
    opts: { env?: NodeJS.ProcessEnv; openFiles: number; nodeArgs?: string[] },
  ) {
    // `exec`: the pid is the Node process itself (its RSS and CPU are the figures).
    const sh = `ulimit -n ${opts.openFiles} 2>/dev/null; exec "$0" "$@"`;
    this.child = spawn(
      'sh',
      ['-c', sh, process.execPath, ...(opts.nodeArgs ?? []), '--import', 'tsx', script],
      { cwd: repoRoot, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
    );
    this.child.stdout?.on('data', (d: Buffer) => this.tail.push(d));
    this.child.stderr?.on('data', (d: Buffer) => this.tail.push(d));
    const exited = () =>
      new Error(`${label} exited (${this.child.exitCode ?? this.child.signalCode}):\n${this.tail}`);
    this.ready = new Promise((resolve, reject) => {
      this.child.once('message', () => resolve());
      this.child.once('exit', () => reject(exited()));
    });
    this.child.on('message', (m: Answer | { ready: true }) => {
      if (!('id' in m)) return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve(m.result);
      else w?.reject(new Error(`${label}: ${m.error}`));
    });
    this.child.on('exit', () => {
      for (const w of this.waiting.values()) w.reject(exited());
      this.waiting.clear();
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get output(): string {
    return this.tail.toString();
  }

  ask<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.child.exitCode !== null || this.child.signalCode !== null)
      return Promise.reject(new Error(`${this.label} is not running:\n${this.tail}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, cmd, ...args });
    });
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }

  killNow(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
