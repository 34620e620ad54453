import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SimChargePoint, type SimOptions } from '@voltpark/sim';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { ocppFrames } from '../../db/schema/index.js';
import { chargers } from '../../db/schema/index.js';
import { addChargePoint, type AddChargePoint } from './registry.js';
import { transactionFrames } from './evidence.js';

export const KEY = 'test-key-0123456789';

export interface OcppTestApp extends TestApp {
  url: string;
  sims: SimChargePoint[];
  sim(opts: Partial<SimOptions> & { id: string }): SimChargePoint;
  add(id: string, extra?: Partial<AddChargePoint>): Promise<void>;
  statuses(id: string): Promise<string[]>;
  frames(transactionId: number): Promise<(typeof ocppFrames.$inferSelect)[]>;
  /** The app's log records (pino JSON), when started with `logs: true`. */
  logs: LogRecord[];
}

/** One pino log line, parsed. */
export type LogRecord = { level: number; msg?: string } & Record<string, unknown>;

/** The real app listening on a free port, with helpers to register and simulate chargers. */
export async function startOcppApp(
  env: NodeJS.ProcessEnv = {},
  opts: { logs?: boolean } = {},
): Promise<OcppTestApp> {
  const logs: LogRecord[] = [];
  const t = await createTestApp({
    env: { SIMULATE_CHARGERS: '0', ...(opts.logs ? { LOG_LEVEL: 'info' } : {}), ...env },
    logStream: { write: (line) => void logs.push(JSON.parse(line) as LogRecord) },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const url = `ws://127.0.0.1:${port}/ocpp`;
  const sims: SimChargePoint[] = [];
  return {
    ...t,
    url,
    sims,
    logs,
    sim(opts) {
      const s = new SimChargePoint({
        url,
        key: KEY,
        connectors: [{ powerKw: 22 }, { powerKw: 22 }],
        meterIntervalSec: 3600,
        backoff: { initialDelay: 50, maxDelay: 200 },
        ...opts,
      });
      sims.push(s);
      return s;
    },
    async add(id, extra) {
      await addChargePoint(t.database.db, { id, key: KEY, connectors: 2, ...extra });
    },
    async statuses(id) {
      const rows = await t.database.db
        .select({ status: chargers.status })
        .from(chargers)
        .where(eq(chargers.chargePointId, id))
        .orderBy(chargers.connectorId);
      return rows.map((r) => r.status);
    },
    async frames(transactionId) {
      return transactionFrames(t.database.db, transactionId);
    },
    async close() {
      await Promise.all(sims.map((s) => s.stop()));
      await t.close();
    },
  };
}

/** Polls until `fn` returns a truthy value (or throws after `ms`). */
export async function until<T>(fn: () => Promise<T> | T, ms = 5000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
export { sql };
