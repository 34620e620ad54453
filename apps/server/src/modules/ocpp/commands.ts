import type { CentralSystem } from './central.js';
import type { TransactionStarted } from './events.js';

export type Availability = 'Operative' | 'Inoperative';

/**
 * Outgoing OCPP commands for the other modules. Each returns the charger's answer or throws
 * (TimeoutError from ocpp-rpc, ChargePointNotConnectedError, an RPC error). `Accepted` for a
 * remote start only means the charger will try: wait for the StartTransaction with
 * {@link OcppCommands.waitForStart}.
 */
export class OcppCommands {
  constructor(private readonly central: CentralSystem) {}

  private call<T>(
    chargePointId: string,
    action: string,
    params: Record<string, unknown>,
    timeoutMs?: number,
    transactionId: number | null = null,
  ) {
    return this.central.call<T>(chargePointId, action, params, timeoutMs, transactionId);
  }

  async remoteStartTransaction(
    chargePointId: string,
    connectorId: number,
    idTag: string,
    opts: { timeoutMs?: number; chargingProfile?: Record<string, unknown> } = {},
  ): Promise<{ status: 'Accepted' | 'Rejected' }> {
    if (idTag.length < 1 || idTag.length > 20)
      throw new RangeError('idTag must be 1 to 20 characters');
    const params: Record<string, unknown> = { connectorId, idTag };
    if (opts.chargingProfile) params.chargingProfile = opts.chargingProfile;
    return this.call(chargePointId, 'RemoteStartTransaction', params, opts.timeoutMs);
  }

  remoteStopTransaction(
    chargePointId: string,
    transactionId: number,
    opts: { timeoutMs?: number } = {},
  ): Promise<{ status: 'Accepted' | 'Rejected' }> {
    return this.call(
      chargePointId,
      'RemoteStopTransaction',
      { transactionId },
      opts.timeoutMs,
      transactionId,
    );
  }

  changeAvailability(
    chargePointId: string,
    connectorId: number,
    type: Availability,
    timeoutMs?: number,
  ) {
    return this.call<{ status: 'Accepted' | 'Rejected' | 'Scheduled' }>(
      chargePointId,
      'ChangeAvailability',
      { connectorId, type },
      timeoutMs,
    );
  }

  reset(chargePointId: string, type: 'Hard' | 'Soft', timeoutMs?: number) {
    return this.call<{ status: 'Accepted' | 'Rejected' }>(
      chargePointId,
      'Reset',
      { type },
      timeoutMs,
    );
  }

  unlockConnector(chargePointId: string, connectorId: number, timeoutMs?: number) {
    return this.call<{ status: 'Unlocked' | 'UnlockFailed' | 'NotSupported' }>(
      chargePointId,
      'UnlockConnector',
      { connectorId },
      timeoutMs,
    );
  }

  getConfiguration(chargePointId: string, key?: string[], timeoutMs?: number) {
    return this.call<{
      configurationKey?: { key: string; readonly: boolean; value?: string }[];
      unknownKey?: string[];
    }>(chargePointId, 'GetConfiguration', key ? { key } : {}, timeoutMs);
  }

  changeConfiguration(chargePointId: string, key: string, value: string, timeoutMs?: number) {
    return this.call<{ status: 'Accepted' | 'Rejected' | 'RebootRequired' | 'NotSupported' }>(
      chargePointId,
      'ChangeConfiguration',
      { key, value },
      timeoutMs,
    );
  }

  triggerMessage(
    chargePointId: string,
    requestedMessage:
      | 'BootNotification'
      | 'DiagnosticsStatusNotification'
      | 'FirmwareStatusNotification'
      | 'Heartbeat'
      | 'MeterValues'
      | 'StatusNotification',
    connectorId?: number,
    timeoutMs?: number,
  ) {
    const params: Record<string, unknown> = { requestedMessage };
    if (connectorId !== undefined) params.connectorId = connectorId;
    return this.call<{ status: 'Accepted' | 'Rejected' | 'NotImplemented' }>(
      chargePointId,
      'TriggerMessage',
      params,
      timeoutMs,
    );
  }

  /**
   * The StartTransaction that follows a remote start, matched by charge point, connector and
   * idTag; null when none comes within the timeout (the charger accepted but never started).
   * With REDIS_URL it also resolves when another replica (the one holding the socket) got it.
   */
  waitForStart(
    chargePointId: string,
    connectorId: number,
    idTag: string,
    timeoutMs: number,
  ): Promise<TransactionStarted | null> {
    const sources = [this.central.events, this.central.startedElsewhere];
    return new Promise((resolve) => {
      const done = (e: TransactionStarted | null) => {
        clearTimeout(timer);
        for (const s of sources) s.off('transactionStarted', onStart);
        resolve(e);
      };
      const onStart = (e: TransactionStarted) => {
        if (e.chargePointId === chargePointId && e.connectorId === connectorId && e.idTag === idTag)
          done(e);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      for (const s of sources) s.on('transactionStarted', onStart);
    });
  }
}

/** The `ocpp.*` message key (contract locales) for a failed command, for the charging module. */
export function ocppErrorMessageKey(
  err: unknown,
): 'ocpp.notConnected' | 'ocpp.timeout' | 'ocpp.rejected' {
  const name = err instanceof Error ? err.name : '';
  if (name === 'ChargePointNotConnectedError') return 'ocpp.notConnected';
  if (name === 'TimeoutError' || /timed? ?out/i.test(err instanceof Error ? err.message : ''))
    return 'ocpp.timeout';
  return 'ocpp.rejected';
}
