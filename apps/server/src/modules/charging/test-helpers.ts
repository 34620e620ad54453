import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { SimChargePoint, type SimOptions } from '@voltpark/sim';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { chargers, charges, chargingTariffs, moneyHolds } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { addChargePoint } from '../ocpp/registry.js';
import { createGateway } from '../payments/gateway.js';
import type { ChargingDeps } from './lifecycle.js';

export const KEY = 'test-key-0123456789';
export const TARIFF = {
  unitChargingGross: 150,
  convenienceFeeGross: 200,
  parkingToHoldGross: 0,
};

/** An API answer: the envelope, with the data of whichever call it was. */
export interface Answer {
  status: number;
  // Test-only: each call's data has its own shape; the assertions say what is expected.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { result: boolean; data: any; extraData?: any; messages: { text: string }[] };
}

export interface Caller {
  headers: Record<string, string>;
}

/**
 * The real app listening on a port (the SimplePay emulator and the OCPP endpoint on it, IPNs
 * sent back to it), on a database that may outlive it: `restart()` closes the app and starts a
 * new one on the same database and port, as after a crash.
 */
export class ChargingHarness {
  app!: FastifyInstance;
  base = '';
  port = 0;
  config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SEED_DEMO_DATA: 'never',
    SIMULATE_CHARGERS: '0',
    GATES_MQTT_PORT: '0',
  });
  readonly sims: SimChargePoint[] = [];
  private constructor(readonly database: Database) {}

  static async start(): Promise<ChargingHarness> {
    const h = new ChargingHarness(await createTestDatabase());
    await h.boot(0);
    return h;
  }

  get db() {
    return this.database.db;
  }

  private async boot(port: number) {
    this.app = await buildApp({ config: this.config, database: this.database });
    await this.app.listen({ port, host: '127.0.0.1' });
    this.port = (this.app.server.address() as AddressInfo).port;
    this.base = `http://127.0.0.1:${this.port}`;
    this.app.simplePaySandbox!.merchants.get('PUBLICTESTHUF')!.ipnUrl =
      `${this.base}/api/v1/simplepay/ipn`;
  }

  /** The app goes away (its sockets drop) and a new one comes up on the same database and port. */
  async restart(whileDown?: () => Promise<void>) {
    await this.app.close();
    await whileDown?.();
    await this.boot(this.port);
  }

  /** The charging module's dependencies, to drive the sweeper by hand. */
  deps(): ChargingDeps {
    return {
      db: this.db,
      pay: { db: this.db, config: this.config, gateway: createGateway(this.app, this.config) },
      commands: this.app.ocpp.commands,
      log: this.app.log,
      running: new Set(),
    };
  }

  async api(path: string, user?: Caller): Promise<Answer> {
    const r = await fetch(`${this.base}${path}`, { headers: user?.headers ?? {} });
    return { status: r.status, body: (await r.json()) as Answer['body'] };
  }

  /** A charge point with one connector and a tariff, its simulator connected and Available. */
  async charger(
    id: string,
    tariff: Partial<typeof chargingTariffs.$inferInsert> = {},
    sim: Partial<SimOptions> = {},
  ): Promise<{ chargerId: number; sim: SimChargePoint }> {
    const [t] = await this.db
      .insert(chargingTariffs)
      .values({ name: `T ${id}`, ...TARIFF, ...tariff })
      .returning();
    const { chargerIds } = await addChargePoint(this.db, {
      id,
      key: KEY,
      connectors: 1,
      tariffId: t!.id,
    });
    const s = new SimChargePoint({
      url: `ws://127.0.0.1:${this.port}/ocpp`,
      id,
      key: KEY,
      connectors: [{ powerKw: 22 }],
      meterIntervalSec: 3600,
      // A tenth of an hour per second: 2.2 kWh per second at 22 kW.
      speed: 360,
      backoff: { initialDelay: 50, maxDelay: 200 },
      ...sim,
    });
    this.sims.push(s);
    await s.start();
    const chargerId = chargerIds[0]!;
    await until(async () => (await this.chargerStatus(chargerId)) === 'AVAILABLE');
    return { chargerId, sim: s };
  }

  async chargerStatus(chargerId: number) {
    const [c] = await this.db
      .select({ status: chargers.status })
      .from(chargers)
      .where(eq(chargers.id, chargerId));
    return c?.status;
  }

  async charge(id: number) {
    const [c] = await this.db.select().from(charges).where(eq(charges.id, id));
    return c!;
  }

  async hold(chargeId: number) {
    const [h] = await this.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, `charge:${chargeId}`));
    return h ?? null;
  }

  async count(table: string, where = sql`true`): Promise<number> {
    const r = await this.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
    );
    return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  /** The pay page submitted like a browser; returns the back-redirect address. */
  async payOnPage(paymentUrl: string, cardNumber = '4908366099900425'): Promise<string> {
    const u = new URL(paymentUrl);
    const local = `${this.base}${u.pathname}${u.search}`;
    const html = await (await fetch(local)).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
    const res = await fetch(local, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        formToken,
        action: 'pay',
        cardNumber,
        expiry: '12/30',
        cvc: '123',
        cardName: 'Teszt Elek',
      }),
    });
    return res.headers.get('location') ?? '';
  }

  /** Ticks the simulator's meter until the charge leaves STARTED (the automatic stop). */
  async meterUntilStopped(sim: SimChargePoint, chargeId: number) {
    for (let i = 0; i < 200; i++) {
      if ((await this.charge(chargeId)).status !== 'STARTED') return;
      await sim.tickAll();
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the charge did not stop');
  }

  async close() {
    await Promise.all(this.sims.map((s) => s.stop()));
    await this.app.close();
    await this.database.close();
  }
}

/** Polls until `fn` returns a truthy value (or throws after `ms`). */
export async function until<T>(fn: () => Promise<T> | T, ms = 10_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits for the user's current charge to reach a status. */
export async function untilStatus(h: ChargingHarness, user: Caller, status: string) {
  return until(async () => {
    const c = (await h.api('/api/v1/charge/current', user)).body.data;
    return c?.chargingStatus === status ? c : null;
  });
}
