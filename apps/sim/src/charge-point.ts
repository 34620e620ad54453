import { RPCClient } from 'ocpp-rpc';

export type OcppStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'SuspendedEVSE'
  | 'SuspendedEV'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

export interface SimConnector {
  /** Connector power, kW. */
  powerKw: number;
  /** Initial status reported after boot. */
  status?: OcppStatus;
}

export interface SimOptions {
  /** Central system base URL, e.g. ws://127.0.0.1:8080/ocpp (the id is appended). */
  url: string;
  id: string;
  /** AuthorizationKey for HTTP Basic (security profile 1); omitted = no Authorization header. */
  key?: string;
  connectors: SimConnector[];
  vendor?: string;
  model?: string;
  /** Seconds between MeterValues during a transaction. */
  meterIntervalSec?: number;
  /** The plugged-in car: max charging power (kW) and how much energy it still takes (kWh). */
  car?: { maxPowerKw: number; batteryKwh: number };
  /** Report energy in kWh instead of Wh (to exercise the server's unit handling). */
  energyUnit?: 'Wh' | 'kWh';
  /** Heartbeat interval override (else the one BootNotification returns). */
  heartbeatSec?: number;
  /** Reconnect back-off (ms). */
  backoff?: { initialDelay: number; maxDelay: number };
  /** Time multiplier for energy (e.g. 60 = a minute of charging per second). */
  speed?: number;
  /** Answer RemoteStartTransaction Accepted but never start (test of the caller's timeout). */
  ignoreRemoteStart?: boolean;
  /**
   * Where the charge point keeps its state (transactions, meter registers, statuses, queued
   * messages) over a restart of its process, as a real one keeps it in flash. Without it a new
   * simulator starts empty.
   */
  store?: SimStateStore;
  log?: (msg: string) => void;
}

/** A simulator's durable state, saved before each message it describes is sent. */
export interface SimState {
  version: 1;
  statuses: OcppStatus[];
  registers: number[];
  /** Running transactions and those a queued message still refers to. */
  transactions: {
    ref: number;
    live: boolean;
    connectorId: number;
    idTag: string;
    id: number | null;
    meterStartWh: number;
    startedAt: string;
    lastTick: number;
    deliveredWh: number;
    stopping: string | null;
  }[];
  queue: { action: Queued['action']; params: Record<string, unknown>; txRef: number | null }[];
}

export interface SimStateStore {
  load(): SimState | null;
  /** Must be durable when it returns (the message it describes is sent next). */
  save(state: SimState): void;
}

interface Tx {
  /** Local reference (stable across a restart of the simulator). */
  ref: number;
  connectorId: number;
  idTag: string;
  /** Server-assigned id; null while the StartTransaction waits in the offline queue. */
  id: number | null;
  meterStartWh: number;
  startedAt: Date;
  timer: NodeJS.Timeout | null;
  /** Wall-clock ms of the last energy update (the car charges on while the process is down). */
  lastTick: number;
  deliveredWh: number;
  /** A stop was accepted (RemoteStop) but not carried out yet: the reason. */
  stopping: string | null;
}

interface Queued {
  action: 'StartTransaction' | 'StopTransaction' | 'MeterValues';
  params: Record<string, unknown>;
  /** StartTransaction: the transaction it starts (its id is filled when answered). */
  tx?: Tx;
}

/**
 * An OCPP 1.6J charge point simulator on ocpp-rpc's client: Basic auth, boot, heartbeats,
 * statuses, remote start/stop, meter values at the connector's power capped by the car's, an
 * offline queue for transaction messages, faults and offline periods on demand.
 */
export class SimChargePoint {
  readonly id: string;
  private client: RPCClient | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly statuses: OcppStatus[];
  /** Meter register per connector, Wh. */
  private readonly registers: number[];
  readonly transactions = new Map<number, Tx>();
  private queue: Queued[] = [];
  private offline = false;
  private stopped = false;
  private draining = false;
  bootStatus: string | null = null;
  heartbeatIntervalSec = 0;
  /** Frames sent (action names), for tests. */
  readonly sent: string[] = [];
  private nextRef = 1;
  /** Restored transactions whose meter timers (or accepted stops) are resumed on start. */
  private resumePending = false;

  constructor(readonly opts: SimOptions) {
    this.id = opts.id;
    this.statuses = opts.connectors.map((c) => c.status ?? 'Available');
    this.registers = opts.connectors.map((_, i) => 1_000_000 + i * 10_000);
    const saved = opts.store?.load();
    if (saved && saved.version === 1 && saved.statuses.length === this.statuses.length)
      this.restore(saved);
  }

  private restore(saved: SimState): void {
    saved.statuses.forEach((st, i) => (this.statuses[i] = st));
    saved.registers.forEach((wh, i) => (this.registers[i] = wh));
    const byRef = new Map<number, Tx>();
    for (const t of saved.transactions) {
      const tx: Tx = { ...t, startedAt: new Date(t.startedAt), timer: null };
      byRef.set(t.ref, tx);
      this.nextRef = Math.max(this.nextRef, t.ref + 1);
      if (!t.live) continue;
      if (tx.id !== null) this.transactions.set(tx.id, tx);
      else this.pendingTx.push(tx);
    }
    this.queue = saved.queue.map((q) => ({
      action: q.action,
      params: q.params,
      tx: q.txRef !== null ? byRef.get(q.txRef) : undefined,
    }));
    // The car left while the charge point was down: a connector without a transaction that
    // was Finishing is free now.
    this.statuses.forEach((st, i) => {
      if (st === 'Finishing' && !this.txOn(i + 1)) this.statuses[i] = 'Available';
    });
    this.resumePending = this.transactions.size + this.pendingTx.length > 0;
  }

  /** Writes the state (before the message it describes goes out). */
  private save(): void {
    const store = this.opts.store;
    if (!store || this.stopped) return;
    const live = new Set([...this.transactions.values(), ...this.pendingTx]);
    const all = new Set([...live, ...this.queue.flatMap((q) => (q.tx ? [q.tx] : []))]);
    store.save({
      version: 1,
      statuses: [...this.statuses],
      registers: [...this.registers],
      transactions: [...all].map((t) => ({
        ref: t.ref,
        live: live.has(t),
        connectorId: t.connectorId,
        idTag: t.idTag,
        id: t.id,
        meterStartWh: t.meterStartWh,
        startedAt: t.startedAt.toISOString(),
        lastTick: t.lastTick,
        deliveredWh: t.deliveredWh,
        stopping: t.stopping,
      })),
      queue: this.queue.map((q) => ({
        action: q.action,
        params: q.params,
        txRef: q.tx ? q.tx.ref : null,
      })),
    });
  }

  /** Restored transactions charge on (meter timers) and accepted stops are carried out. */
  private resume(): void {
    if (!this.resumePending) return;
    this.resumePending = false;
    for (const tx of [...this.transactions.values(), ...this.pendingTx]) {
      if (tx.stopping) {
        const reason = tx.stopping;
        setImmediate(
          () =>
            void this.stopTransaction(tx.connectorId, reason).catch((e: unknown) =>
              this.log(String(e)),
            ),
        );
      } else this.startMeterTimer(tx);
    }
  }

  private log(msg: string) {
    this.opts.log?.(`[${this.id}] ${msg}`);
  }

  get connected(): boolean {
    return this.client !== null && this.client.state === RPCClient.OPEN && !this.offline;
  }

  status(connectorId: number): OcppStatus | undefined {
    return this.statuses[connectorId - 1];
  }

  register(connectorId: number): number {
    return this.registers[connectorId - 1] ?? 0;
  }

  /** Connects (Basic auth), boots and reports every connector's status. Rejects if refused. */
  async start(): Promise<void> {
    this.stopped = false;
    const client = new RPCClient({
      endpoint: this.opts.url,
      identity: this.id,
      protocols: ['ocpp1.6'],
      strictMode: true,
      password: this.opts.key ?? null,
      reconnect: true,
      maxReconnects: Infinity,
      backoff: {
        initialDelay: this.opts.backoff?.initialDelay ?? 1000,
        maxDelay: this.opts.backoff?.maxDelay ?? 30_000,
        factor: 2,
        randomisationFactor: 0.25,
      },
      callTimeoutMs: 30_000,
    } as never);
    this.client = client;
    this.installHandlers(client);
    let first = true;
    client.on('open', () => {
      if (first) first = false;
      else void this.afterConnect('reconnected').catch((e: unknown) => this.log(String(e)));
    });
    await client.connect();
    await this.afterConnect('connected');
    this.resume();
  }

  private async afterConnect(why: string): Promise<void> {
    this.log(why);
    if (this.offline || this.stopped) return;
    await this.boot();
    await this.reportAll();
    await this.drain();
  }

  private async boot(): Promise<void> {
    const res = (await this.rawCall('BootNotification', {
      chargePointVendor: (this.opts.vendor ?? 'Voltpark').slice(0, 20),
      chargePointModel: (this.opts.model ?? 'Sim').slice(0, 20),
      firmwareVersion: '1.0.0',
    })) as { status: string; interval: number };
    this.bootStatus = res.status;
    this.heartbeatIntervalSec = this.opts.heartbeatSec ?? res.interval;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (res.status !== 'Accepted') return;
    this.heartbeatTimer = setInterval(
      () => {
        if (this.connected) void this.rawCall('Heartbeat', {}).catch(() => {});
      },
      Math.max(1, this.heartbeatIntervalSec) * 1000,
    );
    this.heartbeatTimer.unref();
  }

  private async reportAll(): Promise<void> {
    for (let i = 0; i < this.statuses.length; i++) await this.sendStatus(i + 1);
  }

  private async rawCall(action: string, params: Record<string, unknown>): Promise<unknown> {
    if (!this.client) throw new Error('not started');
    this.sent.push(action);
    return this.client.call(action, params);
  }

  private installHandlers(client: RPCClient) {
    client.handle('RemoteStartTransaction', async ({ params }) => {
      const p = params as { connectorId?: number; idTag: string };
      const connectorId = p.connectorId ?? 1;
      const st = this.status(connectorId);
      if (!st || !['Available', 'Preparing', 'Finishing'].includes(st))
        return { status: 'Rejected' };
      if (this.opts.ignoreRemoteStart) return { status: 'Accepted' };
      setImmediate(
        () =>
          void this.startTransaction(connectorId, p.idTag).catch((e: unknown) =>
            this.log(String(e)),
          ),
      );
      return { status: 'Accepted' };
    });
    client.handle('RemoteStopTransaction', async ({ params }) => {
      const p = params as { transactionId: number };
      const tx = this.transactions.get(p.transactionId);
      if (!tx) return { status: 'Rejected' };
      // Kept before answering: a stop accepted is carried out even after a restart.
      tx.stopping = 'Remote';
      this.save();
      setImmediate(
        () =>
          void this.stopTransaction(tx.connectorId, 'Remote').catch((e: unknown) =>
            this.log(String(e)),
          ),
      );
      return { status: 'Accepted' };
    });
    client.handle('ChangeAvailability', async ({ params }) => {
      const p = params as { connectorId: number; type: string };
      const target = p.type === 'Inoperative' ? 'Unavailable' : 'Available';
      const ids = p.connectorId === 0 ? this.statuses.map((_, i) => i + 1) : [p.connectorId];
      if (ids.some((c) => this.txOn(c))) return { status: 'Scheduled' };
      setImmediate(() => ids.forEach((c) => void this.setStatus(c, target).catch(() => {})));
      return { status: 'Accepted' };
    });
    client.handle('Reset', async () => ({ status: 'Accepted' }));
    client.handle('UnlockConnector', async () => ({ status: 'Unlocked' }));
    client.handle('GetConfiguration', async () => ({
      configurationKey: [
        { key: 'HeartbeatInterval', readonly: false, value: String(this.heartbeatIntervalSec) },
        {
          key: 'MeterValueSampleInterval',
          readonly: false,
          value: String(this.opts.meterIntervalSec ?? 60),
        },
        { key: 'NumberOfConnectors', readonly: true, value: String(this.statuses.length) },
      ],
    }));
    client.handle('ChangeConfiguration', async () => ({ status: 'Accepted' }));
    client.handle('TriggerMessage', async ({ params }) => {
      const p = params as { requestedMessage: string; connectorId?: number };
      if (p.requestedMessage === 'Heartbeat')
        setImmediate(() => void this.rawCall('Heartbeat', {}).catch(() => {}));
      else if (p.requestedMessage === 'StatusNotification')
        setImmediate(() => void this.reportAll().catch(() => {}));
      else if (p.requestedMessage === 'BootNotification')
        setImmediate(() => void this.boot().catch(() => {}));
      else return { status: 'NotImplemented' };
      return { status: 'Accepted' };
    });
  }

  private txOn(connectorId: number): Tx | undefined {
    for (const tx of this.transactions.values()) if (tx.connectorId === connectorId) return tx;
    return this.pendingTx.find((t) => t.connectorId === connectorId);
  }

  /** Transactions started while offline (no id yet). */
  private pendingTx: Tx[] = [];

  private async sendStatus(connectorId: number, errorCode = 'NoError'): Promise<void> {
    if (!this.connected) return;
    await this.rawCall('StatusNotification', {
      connectorId,
      errorCode,
      status: this.statuses[connectorId - 1],
      timestamp: new Date().toISOString(),
    }).catch(() => {});
  }

  async setStatus(connectorId: number, status: OcppStatus, errorCode = 'NoError'): Promise<void> {
    this.statuses[connectorId - 1] = status;
    this.save();
    await this.sendStatus(connectorId, errorCode);
  }

  /** Status for connector 0 (the whole charge point). */
  async setChargePointStatus(status: OcppStatus, errorCode = 'NoError'): Promise<void> {
    if (!this.connected) return;
    await this.rawCall('StatusNotification', {
      connectorId: 0,
      errorCode,
      status,
      timestamp: new Date().toISOString(),
    });
  }

  /** A fault on a connector (Faulted with an error code). */
  fault(connectorId: number, errorCode = 'GroundFailure'): Promise<void> {
    return this.setStatus(connectorId, 'Faulted', errorCode);
  }

  clearFault(connectorId: number): Promise<void> {
    return this.setStatus(connectorId, this.txOn(connectorId) ? 'Charging' : 'Available');
  }

  /** Energy delivered in a transaction so far, Wh. */
  private energyFor(tx: Tx): number {
    return Math.round(tx.deliveredWh);
  }

  private meterValue(connectorId: number, context: string, powerW: number | null) {
    const wh = this.register(connectorId);
    const kwh = this.opts.energyUnit === 'kWh';
    const sampledValue: Record<string, unknown>[] = [
      {
        value: kwh ? (wh / 1000).toFixed(3) : String(Math.round(wh)),
        context,
        measurand: 'Energy.Active.Import.Register',
        unit: kwh ? 'kWh' : 'Wh',
      },
    ];
    if (powerW !== null) {
      sampledValue.push({
        value: String(Math.round(powerW)),
        context,
        measurand: 'Power.Active.Import',
        unit: 'W',
      });
    }
    return { timestamp: new Date().toISOString(), sampledValue };
  }

  /** Car plugged in and a charge starts: Preparing → StartTransaction → Charging → MeterValues. */
  async startTransaction(connectorId: number, idTag: string): Promise<Tx> {
    await this.setStatus(connectorId, 'Preparing');
    const tx: Tx = {
      ref: this.nextRef++,
      connectorId,
      idTag,
      id: null,
      meterStartWh: this.register(connectorId),
      startedAt: new Date(),
      timer: null,
      lastTick: Date.now(),
      deliveredWh: 0,
      stopping: null,
    };
    this.pendingTx.push(tx);
    await this.send(
      'StartTransaction',
      {
        connectorId,
        idTag,
        meterStart: Math.round(tx.meterStartWh),
        timestamp: tx.startedAt.toISOString(),
      },
      tx,
    );
    await this.setStatus(connectorId, 'Charging');
    this.startMeterTimer(tx);
    return tx;
  }

  private startMeterTimer(tx: Tx): void {
    if (tx.timer) clearInterval(tx.timer);
    const every = (this.opts.meterIntervalSec ?? 60) * 1000;
    tx.timer = setInterval(
      () => void this.tick(tx).catch((e: unknown) => this.log(String(e))),
      every,
    );
    tx.timer.unref();
  }

  private powerKw(connectorId: number): number {
    const conn = this.opts.connectors[connectorId - 1]?.powerKw ?? 0;
    return Math.min(conn, this.opts.car?.maxPowerKw ?? conn);
  }

  /** The energy the car took since the last update (also while the process was down); full? */
  private accumulate(tx: Tx): boolean {
    const now = Date.now();
    const hours = (Math.max(0, now - tx.lastTick) / 3_600_000) * (this.opts.speed ?? 1);
    tx.lastTick = now;
    const kw = this.powerKw(tx.connectorId);
    const capWh = (this.opts.car?.batteryKwh ?? Infinity) * 1000;
    const add = Math.min(kw * 1000 * hours, Math.max(0, capWh - tx.deliveredWh));
    tx.deliveredWh += add;
    this.registers[tx.connectorId - 1] = tx.meterStartWh + tx.deliveredWh;
    return tx.deliveredWh >= capWh;
  }

  private async tick(tx: Tx): Promise<void> {
    const kw = this.powerKw(tx.connectorId);
    const full = this.accumulate(tx);
    if (full) {
      await this.stopTransaction(tx.connectorId, 'EVDisconnected');
      return;
    }
    if (tx.id === null && this.connected) return;
    await this.send(
      'MeterValues',
      {
        connectorId: tx.connectorId,
        ...(tx.id !== null ? { transactionId: tx.id } : {}),
        meterValue: [this.meterValue(tx.connectorId, 'Sample.Periodic', kw * 1000)],
      },
      tx,
    );
  }

  /** Ends the transaction on a connector: StopTransaction with meterStop, then Finishing → Available. */
  async stopTransaction(connectorId: number, reason = 'Local'): Promise<void> {
    const tx = this.txOn(connectorId);
    if (!tx) return;
    if (tx.timer) clearInterval(tx.timer);
    tx.timer = null;
    // meterStop is the register now, not at the last sample.
    this.accumulate(tx);
    if (tx.id !== null) this.transactions.delete(tx.id);
    this.pendingTx = this.pendingTx.filter((t) => t !== tx);
    // Queued (and kept) before anything else goes out: a restart cannot lose the stop.
    this.enqueue(
      'StopTransaction',
      {
        meterStop: Math.round(this.register(connectorId)),
        timestamp: new Date().toISOString(),
        reason,
        idTag: tx.idTag,
        transactionData: [this.meterValue(connectorId, 'Transaction.End', null)],
      },
      tx,
    );
    await this.setStatus(connectorId, 'Finishing');
    await this.drain();
    await this.setStatus(connectorId, 'Available');
  }

  /**
   * Queues a transaction message (kept in the state first) and sends the queue in order; while
   * offline it waits for the reconnect. A message whose answer was lost is sent again.
   */
  private async send(
    action: Queued['action'],
    params: Record<string, unknown>,
    tx: Tx,
  ): Promise<void> {
    this.enqueue(action, params, tx);
    await this.drain();
  }

  private enqueue(action: Queued['action'], params: Record<string, unknown>, tx: Tx): void {
    this.queue.push({ action, params, tx });
    this.save();
  }

  private async deliver(item: Queued): Promise<void> {
    const params = { ...item.params };
    const tx = item.tx;
    if (item.action !== 'StartTransaction' && tx) {
      // Queued before the StartTransaction was answered: the id is known now.
      if (tx.id === null) throw new Error('transaction id not known yet');
      params.transactionId = tx.id;
    }
    const res = (await this.rawCall(item.action, params)) as {
      transactionId?: number;
      idTagInfo?: { status: string };
    };
    if (item.action === 'StartTransaction' && tx && res.transactionId !== undefined) {
      tx.id = res.transactionId;
      if (this.pendingTx.includes(tx)) {
        this.pendingTx = this.pendingTx.filter((t) => t !== tx);
        this.transactions.set(tx.id, tx);
        // Like a real charger: a tag the central system does not accept ends the charge.
        if (res.idTagInfo && res.idTagInfo.status !== 'Accepted') {
          const connectorId = tx.connectorId;
          setImmediate(
            () => void this.stopTransaction(connectorId, 'DeAuthorized').catch(() => {}),
          );
        }
      }
    }
  }

  /** Sends the queue in order; a failed message is tried again shortly while connected. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0 && this.connected) {
        const item = this.queue[0]!;
        await this.deliver(item);
        this.queue.shift();
        this.save();
      }
    } catch (e) {
      this.log(`send failed: ${String(e)}`);
      if (this.connected && !this.stopped) {
        const retry = setTimeout(() => void this.drain(), 1000);
        retry.unref();
      }
    } finally {
      this.draining = false;
    }
  }

  /** Messages waiting for the connection. */
  get queued(): number {
    return this.queue.length;
  }

  /** Goes offline (closes the socket, stops reconnecting) until {@link goOnline}. */
  async goOffline(): Promise<void> {
    this.offline = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    await this.client?.close({ force: true }).catch(() => {});
    this.client = null;
  }

  /** Comes back: reconnects, boots, reports statuses and sends the queued messages. */
  async goOnline(): Promise<void> {
    this.offline = false;
    await this.start();
  }

  /**
   * Power failure (TC_032): the socket drops without a goodbye and the charger reboots; a
   * running transaction ends with StopTransaction reason PowerLoss once it is back.
   */
  async powerFailure(): Promise<void> {
    const running = [...this.transactions.values(), ...this.pendingTx];
    for (const tx of running) if (tx.timer) clearInterval(tx.timer);
    await this.goOffline();
    for (const tx of running) {
      this.statuses[tx.connectorId - 1] = 'Available';
      if (tx.id !== null) this.transactions.delete(tx.id);
      this.pendingTx = this.pendingTx.filter((t) => t !== tx);
      this.queue.push({
        action: 'StopTransaction',
        params: {
          meterStop: Math.round(this.register(tx.connectorId)),
          timestamp: new Date().toISOString(),
          reason: 'PowerLoss',
          idTag: tx.idTag,
        },
        tx,
      });
    }
    this.save();
  }

  /**
   * A reboot that loses the running transactions (OCPP TC_032 on a charger that keeps nothing):
   * the socket drops, and back online the connectors are Available and no StopTransaction
   * follows; a RemoteStop for the old transaction is Rejected.
   */
  async rebootLosingTransactions(): Promise<void> {
    const running = [...this.transactions.values(), ...this.pendingTx];
    for (const tx of running) if (tx.timer) clearInterval(tx.timer);
    await this.goOffline();
    for (const tx of running) {
      this.statuses[tx.connectorId - 1] = 'Available';
      if (tx.id !== null) this.transactions.delete(tx.id);
    }
    this.pendingTx = [];
    this.queue = [];
    this.save();
  }

  /** Advances every running transaction once (sends MeterValues now). */
  async tickAll(): Promise<void> {
    for (const tx of [...this.transactions.values(), ...this.pendingTx]) await this.tick(tx);
  }

  /** Stops the simulator (its saved state stays for the next one). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    for (const tx of [...this.transactions.values(), ...this.pendingTx])
      if (tx.timer) clearInterval(tx.timer);
    await this.client?.close({ force: true }).catch(() => {});
    this.client = null;
  }

  /** For tests: the transaction on a connector. */
  transactionOn(connectorId: number): { id: number | null; energyWh: number } | undefined {
    const tx = this.txOn(connectorId);
    return tx ? { id: tx.id, energyWh: this.energyFor(tx) } : undefined;
  }
}
