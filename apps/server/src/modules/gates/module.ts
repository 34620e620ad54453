import { randomBytes } from 'node:crypto';
import { inArray, and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { runGateFleet, type GateFleet } from '@voltpark/sim';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { gates } from '../../db/schema/index.js';
import type { ModuleDeps } from '../index.js';
import { startEmbeddedBroker, SERVER_USERNAME, type EmbeddedBroker } from './broker.js';
import { verifyGateKey } from './keys.js';
import { prepareSandboxGates, sandboxGateFleet } from './sandbox.js';
import { defaultGatesSettings, GatesService, type GatesSettings } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    gates: GatesModule;
  }
}

/**
 * The gates module at run time: the embedded broker (or the external one of GATES_MQTT_URL),
 * the server's client (GatesService) and, in the sandbox, a simulated controller per demo gate.
 */
export class GatesModule {
  readonly service: GatesService;
  broker: EmbeddedBroker | null = null;
  sims: GateFleet | null = null;
  /** The broker address controllers (and the simulators) use, once started. */
  url: string | null = null;
  private readonly serverPassword = randomBytes(24).toString('base64url');
  private registryTimer: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  private settle!: { resolve: () => void; reject: (err: unknown) => void };
  private readonly started = new Promise<void>((resolve, reject) => {
    this.settle = { resolve, reject };
  });

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'host'> & { gates: Config['gates'] },
    private readonly log: FastifyBaseLogger,
    settings: GatesSettings = defaultGatesSettings,
  ) {
    this.service = new GatesService(db, log, settings);
    // Observed by whenStarted(); a server that never listens must not see it as unhandled.
    this.started.catch(() => {});
  }

  /**
   * Resolves once start() (run when the server listens) has finished; rejects with its error
   * (e.g. the broker port in use). Fastify runs onListen hooks after listen() has resolved and
   * does not wait for them, so main.ts and tests wait here.
   */
  whenStarted(): Promise<void> {
    return this.started;
  }

  /** Starts the broker (embedded) or connects to the external one, then the simulators. */
  start(): Promise<void> {
    this.starting ??= this.run().then(this.settle.resolve, (err: unknown) => {
      this.settle.reject(err);
      throw err;
    });
    return this.starting;
  }

  private async run(): Promise<void> {
    const { mqttUrl, simulateGates } = this.config.gates;
    if (mqttUrl) {
      await this.service.connect(mqttUrl);
      this.url = mqttUrl;
    } else {
      await this.startBroker();
      // A fresh broker: no controller is connected until it says so.
      await this.service.markAllOffline();
      await this.service.connect(this.url!, {
        username: SERVER_USERNAME,
        password: this.serverPassword,
      });
      this.registryTimer = setInterval(() => void this.kickDisabled().catch(() => {}), 5000);
      this.registryTimer.unref();
    }
    await this.service.sweep();
    if (simulateGates) {
      await prepareSandboxGates(this.db);
      const members = await sandboxGateFleet(this.db);
      this.sims = await runGateFleet(this.url!, members, { log: (m) => this.log.warn(m) });
      this.log.info({ connected: this.sims.controllers.size }, 'sandbox gate controllers running');
    }
  }

  /** The embedded broker on GATES_MQTT_PORT (again, after stopBroker). */
  async startBroker(port = this.broker?.port ?? this.config.gates.mqttPort): Promise<void> {
    try {
      this.broker = await startEmbeddedBroker({
        port,
        host: this.config.host,
        serverPassword: this.serverPassword,
        lookup: async (gateId) => {
          const [g] = await this.db
            .select({ keyHash: gates.keyHash, enabled: gates.enabled })
            .from(gates)
            .where(eq(gates.id, gateId));
          return g ?? null;
        },
        verify: (hash, key) => verifyGateKey(hash, key),
        log: (level, msg, data) => this.log[level](data ?? {}, msg),
      });
    } catch (err) {
      const inUse = (err as { code?: string }).code === 'EADDRINUSE';
      if (inUse && port !== 0 && this.config.gates.mqttPortFallback) {
        this.log.warn(
          { port },
          'gates MQTT port in use (another broker or instance?): the sandbox broker takes a free port; set GATES_MQTT_PORT to choose one',
        );
        return this.startBroker(0);
      }
      if (inUse) {
        throw new Error(
          `GATES_MQTT_PORT ${port} is already in use (another MQTT broker?): set GATES_MQTT_PORT to a free port, or GATES_MQTT_URL to use that broker.`,
          { cause: err },
        );
      }
      throw err;
    }
    this.url = `mqtt://127.0.0.1:${this.broker.port}`;
    this.log.info({ port: this.broker.port }, 'gates MQTT broker listening');
  }

  /** Stops the embedded broker only (its clients reconnect when it is back). */
  async stopBroker(): Promise<void> {
    await this.broker?.close();
  }

  /** Disconnects controllers of gates the operator has disabled since they connected. */
  async kickDisabled(): Promise<void> {
    const connected = this.broker?.connectedGateIds() ?? [];
    if (connected.length === 0) return;
    const disabled = await this.db
      .select({ id: gates.id })
      .from(gates)
      .where(and(inArray(gates.id, connected), eq(gates.enabled, false)));
    for (const g of disabled) this.broker?.kick(g.id);
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => {});
    if (this.registryTimer) clearInterval(this.registryTimer);
    this.registryTimer = null;
    await this.sims?.stop();
    this.sims = null;
    await this.service.close();
    await this.broker?.close();
    this.broker = null;
  }
}

/**
 * Registers the gates module. The broker and its clients start when the server listens (a
 * test app that only answers `inject` opens no port) and stop before it closes.
 */
export function registerGates(app: FastifyInstance, deps: ModuleDeps): void {
  const mod = new GatesModule(deps.db, deps.config, app.log.child({ module: 'gates' }));
  app.decorate('gates', mod);
  app.addHook('onListen', async () => {
    await mod.start();
  });
  // main.ts waits for mod.whenStarted() after listen, so a broker that cannot start stops it.
  app.addHook('preClose', async () => {
    await mod.stop();
  });
}
