import type { FastifyBaseLogger } from 'fastify';
import type { EmulatorContext } from './context.js';
import { changeSomeStatus, deliverStatusPushes } from './status-pushes.js';

/** How often a status changes somewhere in the emulated network (and due pushes are sent). */
export const STATUS_CHANGE_EVERY_MS = 45_000;

/**
 * Now and then a driver starts or ends a charge at one of VoltPartner's EVSEs: the status is
 * stored, queued and pushed to the platform. The queue is in the database, so a push that
 * failed is sent by a later round, of this process or another.
 */
export class StatusLoop {
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
      this.round = this.once().finally(() => (this.round = null));
    }, STATUS_CHANGE_EVERY_MS);
    this.timer.unref();
  }

  private async once(): Promise<void> {
    try {
      await changeSomeStatus(this.ctx);
      await deliverStatusPushes(this.ctx);
    } catch (err) {
      this.log.warn({ err }, 'the roaming partner emulator could not change or push a status');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }
}
