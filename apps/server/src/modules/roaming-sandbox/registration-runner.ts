import type { FastifyBaseLogger } from 'fastify';
import type { EmulatorContext } from './context.js';
import { registerWithPlatform, type RegistrationOutcome } from './register-with-platform.js';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/**
 * Runs the start-up registration until the platform has the partner: a failed attempt (the
 * platform not answering yet) or one another replica holds is tried again, 1 s, 2 s, 4 s … up to
 * a minute later. What each attempt found is kept on the emulator's `platform` peer row.
 */
export class RegistrationRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private delay = FIRST_RETRY_MS;
  private settle!: (outcome: RegistrationOutcome) => void;
  /** Resolves with 'registered' or 'already' once the platform has the partner. */
  readonly settled: Promise<RegistrationOutcome>;

  constructor(
    private readonly ctx: EmulatorContext,
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
    let outcome: RegistrationOutcome | null = null;
    try {
      outcome = await registerWithPlatform(this.ctx, this.platformVersionsUrl());
    } catch (err) {
      if (!this.stopped)
        this.log.warn({ err }, 'the roaming partner emulator could not register; it will retry');
    }
    if (outcome === 'registered' || outcome === 'already') {
      if (outcome === 'registered')
        this.log.info('the roaming partner emulator (VoltPartner Kft.) registered with us');
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
