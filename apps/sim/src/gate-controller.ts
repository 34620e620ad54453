import { EventEmitter } from 'node:events';
import mqtt, { type MqttClient } from 'mqtt';

export interface SimGateOptions {
  /** Broker address, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  gateId: number;
  /** The gate key (its MQTT password). */
  key: string;
  firmware?: string;
  /** How long the barrier stays open for a car to pass before `timeout`, ms. */
  passTimeMs?: number;
  /** Seconds between reconnect attempts, ms (default 1000). */
  reconnectMs?: number;
  log?: (message: string) => void;
}

/** What the controller does with commands: answer, or (a broken controller) stay silent. */
export type SimAckMode = 'normal' | 'silent';

interface Command {
  id?: unknown;
  action?: unknown;
  reason?: unknown;
  ts?: unknown;
}

const STALE_MS = 30_000;
const REMEMBERED_IDS = 1000;

/**
 * A simulated parking-gate controller that speaks gates/PROTOCOL.md over MQTT as the hardware
 * does: client id `gate-{id}`, user name `{id}`, its key as password, a retained last will
 * `{"online":false}`, a retained status right after every connect, commands on `cmd` acted on
 * at most once per id, acks and events. The tester plays the physical world: a car arrives
 * (with a plate the camera reads), drives through, leaves; the sensor fails.
 */
export class SimGateController extends EventEmitter<{
  connected: [];
  /** An answer it sent to a command. */
  ack: [{ id: string; result: string; reason?: string }];
}> {
  readonly gateId: number;
  private client: MqttClient | null = null;
  private sensor: 'ok' | 'fault' = 'ok';
  private present = false;
  private plate: string | null = null;
  private barrierOpen = false;
  private passTimer: NodeJS.Timeout | null = null;
  private readonly seen = new Map<string, string>();
  /** How many times the barrier went up. */
  private opens = 0;
  ackMode: SimAckMode = 'normal';

  constructor(private readonly options: SimGateOptions) {
    super();
    this.gateId = options.gateId;
  }

  private topic(kind: 'status' | 'cmd' | 'ack' | 'event') {
    return `gates/${this.gateId}/${kind}`;
  }

  /** Connects (and keeps reconnecting) until stop(). Resolves on the first connect. */
  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      clientId: `gate-${this.gateId}`,
      username: String(this.gateId),
      password: this.options.key,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: this.options.reconnectMs ?? 1000,
      connectTimeout: 10_000,
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(JSON.stringify({ online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => {
      void this.announce().then(
        () => this.emit('connected'),
        (err: unknown) => this.options.log?.(`gate ${this.gateId}: ${String(err)}`),
      );
    });
    client.on('message', (_topic, payload) => void this.onCommand(payload));
    client.on('error', (err) => this.options.log?.(`gate ${this.gateId}: ${err.message}`));
    // A refusal (CONNACK return code) ends it; a slow or absent broker is retried, as the
    // hardware does, until it answers.
    await new Promise<void>((resolve, reject) => {
      const onConnected = () => {
        client.off('error', onError);
        resolve();
      };
      const onError = (err: Error & { code?: unknown }) => {
        if (typeof err.code !== 'number') return;
        client.off('error', onError);
        this.off('connected', onConnected);
        this.client = null;
        void client.endAsync(true);
        reject(err);
      };
      this.once('connected', onConnected);
      client.on('error', onError);
    });
  }

  /** Right after connecting: the retained status (QoS 1), then the command subscription. */
  private async announce() {
    const client = this.client!;
    await client.publishAsync(this.topic('status'), this.statusPayload(), { qos: 1, retain: true });
    await client.subscribeAsync(this.topic('cmd'), { qos: 1 });
  }

  private statusPayload() {
    return JSON.stringify({
      online: true,
      sensor: this.sensor,
      firmware: this.options.firmware ?? 'voltpark-sim-gate 1.0',
    });
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  get state() {
    return {
      gateId: this.gateId,
      connected: this.connected,
      sensor: this.sensor,
      present: this.present,
      plate: this.plate,
      barrierOpen: this.barrierOpen,
      opens: this.opens,
      ackMode: this.ackMode,
    };
  }

  /** A car rolls onto the loop in front of the barrier; a camera reads `plate` if given. */
  async arrive(plate?: string, confidence = 0.97): Promise<void> {
    if (!this.present) {
      this.present = true;
      await this.event({ type: 'presence', present: true });
    }
    if (plate) {
      this.plate = plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
      await this.event({ type: 'plate', plate: this.plate, confidence });
    }
  }

  /** The car on the loop drives away without passing. */
  async leave(): Promise<void> {
    if (!this.present) return;
    this.present = false;
    this.plate = null;
    await this.event({ type: 'presence', present: false });
  }

  /**
   * The car drives through the open barrier: it leaves the front loop, crosses the loop behind
   * (`passed`, exactly one per car) and the barrier closes. False when the barrier is closed.
   */
  async driveThrough(): Promise<boolean> {
    if (!this.barrierOpen || !this.present) return false;
    this.clearPassTimer();
    this.barrierOpen = false;
    this.present = false;
    this.plate = null;
    await this.event({ type: 'presence', present: false });
    await this.event({ type: 'passed' });
    return true;
  }

  /** The induction loop or camera breaks (`fault`) or is repaired (`ok`); status is republished. */
  async setSensor(sensor: 'ok' | 'fault'): Promise<void> {
    this.sensor = sensor;
    if (this.client?.connected) {
      await this.client.publishAsync(this.topic('status'), this.statusPayload(), {
        qos: 1,
        retain: true,
      });
    }
  }

  /** Re-sends the last `passed` (as a controller whose QoS 1 delivery was repeated would). */
  async repeatPassed(): Promise<void> {
    await this.event({ type: 'passed' });
  }

  /** Ends the connection; `abrupt` drops it without DISCONNECT so the last will fires. */
  async stop(abrupt = false): Promise<void> {
    this.clearPassTimer();
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (abrupt) {
      (client as unknown as { stream?: { destroy(): void } }).stream?.destroy();
      await client.endAsync(true);
    } else {
      // A clean disconnect drops the will: say offline first, as a controller powering down.
      if (client.connected) {
        await client
          .publishAsync(this.topic('status'), JSON.stringify({ online: false }), {
            qos: 1,
            retain: true,
          })
          .catch(() => {});
      }
      await client.endAsync();
    }
  }

  private async event(body: Record<string, unknown>) {
    const client = this.client;
    if (!client) throw new Error(`gate ${this.gateId} is stopped`);
    await client.publishAsync(
      this.topic('event'),
      JSON.stringify({ ...body, ts: new Date().toISOString() }),
      { qos: 1 },
    );
  }

  private async ack(id: string, result: string, reason?: string) {
    await this.client?.publishAsync(
      this.topic('ack'),
      JSON.stringify(reason ? { id, result, reason } : { id, result }),
      { qos: 1 },
    );
    this.emit('ack', { id, result, reason });
  }

  private async onCommand(payload: Buffer) {
    let cmd: Command;
    try {
      cmd = JSON.parse(payload.toString()) as Command;
    } catch {
      return;
    }
    if (typeof cmd.id !== 'string' || cmd.id.length === 0 || cmd.id.length > 64) return;
    if (this.ackMode === 'silent') return;
    const id = cmd.id;
    // At most once per id: a redelivered command gets the same answer and does nothing.
    const earlier = this.seen.get(id);
    if (earlier) {
      const [result, reason] = earlier.split(':');
      await this.ack(id, result!, reason);
      return;
    }
    const remember = (answer: string) => {
      this.seen.set(id, answer);
      if (this.seen.size > REMEMBERED_IDS) this.seen.delete(this.seen.keys().next().value!);
    };
    const sent = typeof cmd.ts === 'string' ? Date.parse(cmd.ts) : Number.NaN;
    if (Number.isNaN(sent) || Date.now() - sent > STALE_MS) {
      remember('rejected:stale');
      await this.ack(id, 'rejected', 'stale');
      return;
    }
    if (cmd.action === 'ping') {
      remember('pong');
      await this.ack(id, 'pong');
      return;
    }
    if (cmd.action !== 'open') return;
    if (this.sensor === 'fault') {
      remember('rejected:fault');
      await this.ack(id, 'rejected', 'fault');
      return;
    }
    if (this.barrierOpen) {
      remember('rejected:busy');
      await this.ack(id, 'rejected', 'busy');
      return;
    }
    remember('opened');
    this.barrierOpen = true;
    this.opens += 1;
    await this.ack(id, 'opened');
    this.passTimer = setTimeout(() => {
      this.passTimer = null;
      if (!this.barrierOpen) return;
      this.barrierOpen = false;
      void this.event({ type: 'timeout' }).catch(() => {});
    }, this.options.passTimeMs ?? 60_000);
    this.passTimer.unref();
  }

  private clearPassTimer() {
    if (this.passTimer) clearTimeout(this.passTimer);
    this.passTimer = null;
  }
}
