import type { FastifyBaseLogger } from 'fastify';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/** One emulated party's start-up registration, as its runner drives it. */
export interface RegistrationAttempt<O extends string> {
  /** One attempt; an outcome in `done` ends the runs, another (or a throw) is tried again. */
  run(): Promise<O>;
  done: readonly O[];
  /** Logged at info when the attempt registered just now. */
  registeredLog: string;
  /** Logged at warn when an attempt failed. */
  retryLog: string;
  /** Keeps a failed attempt's message where a tester can see it (best effort). */
  onError?(message: string): Promise<void>;
}

/**
 * Runs a sandbox party's start-up registration until the platform has it: a failed attempt (the
 * platform not answering yet) or an outcome not yet final is tried again 1 s, 2 s, 4 s … up to
 * a minute later.
 */
export class SandboxRegistrationRunner<O extends string> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private delay = FIRST_RETRY_MS;
  private settle!: (outcome: O) => void;
  /** Resolves with the final outcome once the platform has the party. */
  readonly settled: Promise<O>;

  constructor(
    private readonly attemptOf: RegistrationAttempt<O>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  start(): void {
    if (this.stopped || this.running || this.timer) return;
    this.running = this.attempt().finally(() => (this.running = null));
  }

  private async attempt(): Promise<void> {
    let outcome: O | null = null;
    try {
      outcome = await this.attemptOf.run();
    } catch (err) {
      if (this.stopped) return;
      this.log.warn({ err }, this.attemptOf.retryLog);
      await this.attemptOf
        .onError?.(err instanceof Error ? err.message : String(err))
        .catch(() => undefined);
    }
    if (outcome !== null && this.attemptOf.done.includes(outcome)) {
      if (outcome === 'registered') this.log.info(this.attemptOf.registeredLog);
      this.settle(outcome);
      return;
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, this.delay);
    this.timer.unref();
    this.delay = Math.min(this.delay * 2, MAX_RETRY_MS);
  }

  /** No new attempt starts; the one under way is waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
