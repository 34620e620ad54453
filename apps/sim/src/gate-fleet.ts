import { SimGateController } from './gate-controller.js';

export interface GateFleetMember {
  gateId: number;
  key: string;
  /** How long the barrier waits for the car to pass, ms (the lot's parkingTimeInSeconds). */
  passTimeMs?: number;
}

export interface GateFleet {
  controllers: Map<number, SimGateController>;
  stop(): Promise<void>;
}

/**
 * Simulated controllers for several gates on one broker, connected `concurrency` at a time. A
 * controller the broker refuses is left out and reported through `log`.
 */
export async function runGateFleet(
  url: string,
  members: GateFleetMember[],
  options: { log?: (message: string) => void; reconnectMs?: number; concurrency?: number } = {},
): Promise<GateFleet> {
  const controllers = new Map<number, SimGateController>();
  const concurrency = options.concurrency ?? 16;
  const results: PromiseSettledResult<void>[] = [];
  for (let i = 0; i < members.length; i += concurrency) {
    const batch = members.slice(i, i + concurrency);
    results.push(
      ...(await Promise.allSettled(
        batch.map(async (m) => {
          const c = new SimGateController({
            url,
            gateId: m.gateId,
            key: m.key,
            passTimeMs: m.passTimeMs,
            reconnectMs: options.reconnectMs,
            log: options.log,
          });
          await c.start();
          controllers.set(m.gateId, c);
        }),
      )),
    );
  }
  results.forEach((r, i) => {
    if (r.status === 'rejected') {
      options.log?.(`simulated gate ${members[i]!.gateId} did not connect: ${String(r.reason)}`);
    }
  });
  return {
    controllers,
    async stop() {
      await Promise.allSettled([...controllers.values()].map((c) => c.stop()));
      controllers.clear();
    },
  };
}
