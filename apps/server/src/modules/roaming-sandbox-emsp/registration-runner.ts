import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { sandboxEmspPlatform } from '../../db/schema/index.js';
import type { EmspEmulatorContext } from './context.js';
import { PLATFORM } from './platform-row.js';
import { registerWithPlatform, type RegistrationOutcome } from './register-with-platform.js';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/**
 * Runs the start-up registration until the platform has the eMSP: a failed attempt (the platform
 * not answering yet) is tried again 1 s, 2 s, 4 s … up to a minute later; the last error is
 * kept on the emulator's platform row.
 */
export class EmspRegistrationRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private delay = FIRST_RETRY_MS;
  private settle!: (outcome: RegistrationOutcome) => void;
  /** Resolves with 'registered' or 'already' once the platform has the eMSP. */
  readonly settled: Promise<RegistrationOutcome>;

  constructor(
    private readonly ctx: EmspEmulatorContext,
    private readonly platformVersionsUrl: () => string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  start(): void {
    if (this.stopped || this.running || this.timer) return;
    this.running = this.attempt().finally(() => (this.running = null));
  }

  private async attempt(): Promise<void> {
    try {
      const outcome = await registerWithPlatform(this.ctx, this.platformVersionsUrl());
      if (outcome === 'registered')
        this.log.info('the eMSP emulator (VoltDrive Kft.) registered with us');
      this.settle(outcome);
      return;
    } catch (err) {
      if (this.stopped) return;
      this.log.warn({ err }, 'the eMSP emulator could not register; it will retry');
      await this.ctx.db
        .update(sandboxEmspPlatform)
        .set({ lastError: err instanceof Error ? err.message : String(err), updatedAt: new Date() })
        .where(eq(sandboxEmspPlatform.label, PLATFORM))
        .catch(() => undefined);
    }
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
