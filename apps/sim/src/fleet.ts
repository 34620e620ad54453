import { SimChargePoint, type SimOptions } from './charge-point.js';

export type FleetMember = Omit<SimOptions, 'url'> & {
  /** Do not connect at all (a charger that stays offline / never booted). */
  offline?: boolean;
};

export interface Fleet {
  members: Map<string, SimChargePoint>;
  stop(): Promise<void>;
}

/**
 * Starts many simulators with bounded concurrency (connect storms stay small). Failures are
 * reported, not thrown: a refused charger simply stays offline.
 */
export async function runFleet(
  url: string,
  members: FleetMember[],
  opts: { concurrency?: number; log?: (msg: string) => void } = {},
): Promise<Fleet> {
  const sims = new Map<string, SimChargePoint>();
  const queue = members.filter((m) => !m.offline);
  const concurrency = Math.max(1, opts.concurrency ?? 16);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const m = queue[next++]!;
      const sim = new SimChargePoint({ ...m, url });
      sims.set(m.id, sim);
      try {
        await sim.start();
      } catch (err) {
        opts.log?.(
          `[${m.id}] could not connect: ${err instanceof Error ? err.message : String(err)}`,
        );
        await sim.stop();
        sims.delete(m.id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return {
    members: sims,
    async stop() {
      await Promise.all([...sims.values()].map((s) => s.stop()));
    },
  };
}
