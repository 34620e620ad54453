import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundLoop {
  /** Runs a round soon (after the one under way, if any). */
  wake(): void;
  /** No more rounds; waits for the one under way. */
  stop(): Promise<void>;
  /** Whether stop() was called (a long round can end early). */
  readonly stopped: boolean;
}

/**
 * Runs `round` every `intervalMs` and whenever woken, one round at a time in this process: a
 * wake during a round runs one more round after it. A failed round is logged with `what`; the
 * next one runs as usual (the work to do is in the database, so nothing is lost).
 */
export function startBackgroundLoop(
  round: () => Promise<unknown>,
  options: {
    log: Pick<FastifyBaseLogger, 'error'>;
    what: string;
    intervalMs: number;
    runNow?: boolean;
  },
): BackgroundLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .then(() => undefined)
      .catch((err: unknown) => options.log.error({ err }, `${options.what} failed`))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  if (options.runNow) tick();
  return {
    wake: () => setImmediate(tick),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
