import type { FastifyBaseLogger } from 'fastify';
import { carryOutCommands } from './carry-out-commands.js';
import { deliverCdrs } from './cdr-delivery.js';
import { deliverCommandResults } from './command-results.js';
import type { EmulatorContext } from './context.js';
import { deliverSessionPushes, readDueMeters } from './session-pushes.js';

/** How often the loop looks for due work (commands, meter readings, pushes, CDRs). */
export const CHARGING_TICK_MS = 1_000;

/**
 * One round of the emulated CPO's charging: commands due are carried out, their results sent,
 * meters read, Sessions pushed, CDRs sent. All of it is in the database, so a round of any
 * replica, or of the server after a restart, picks up what another left.
 */
export async function chargingRound(ctx: EmulatorContext, now = new Date()): Promise<void> {
  await carryOutCommands(ctx, now);
  await deliverCommandResults(ctx, now);
  await readDueMeters(ctx, now);
  await deliverSessionPushes(ctx, now);
  await deliverCdrs(ctx, now);
}

/** Runs `chargingRound` every second, one round at a time. */
export class ChargingLoop {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: EmulatorContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      if (this.round) return;
      this.round = chargingRound(this.ctx)
        .catch((err: unknown) =>
          this.log.warn({ err }, 'the roaming partner emulator could not run its charging round'),
        )
        .finally(() => (this.round = null));
    }, CHARGING_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }
}
