import { EventEmitter } from 'node:events';
import type { AppChargerStatus } from './status.js';

export interface TransactionStarted {
  transactionId: number;
  chargePointId: string;
  connectorId: number;
  idTag: string;
  idTagStatus: string;
  meterStartWh: number;
  /** Charger's timestamp. */
  timestamp: Date;
  reservationId: number | null;
}

export interface TransactionMeterValues {
  transactionId: number;
  chargePointId: string;
  connectorId: number;
  /** Energy delivered so far in the transaction (register − meterStart), Wh. */
  energyWh: number | null;
  /** Meter register, Wh. */
  registerWh: number | null;
  powerW: number | null;
  context: string;
  timestamp: Date;
}

export interface TransactionStopped {
  transactionId: number;
  chargePointId: string;
  connectorId: number;
  idTag: string;
  meterStartWh: number;
  meterStopWh: number;
  /** meterStop − meterStart (never negative), Wh. */
  energyWh: number;
  startedAt: Date;
  /** Charger's timestamp of the stop. */
  timestamp: Date;
  reason: string | null;
}

export interface ConnectorStatusChanged {
  chargePointId: string;
  connectorId: number;
  ocppStatus: string;
  status: AppChargerStatus;
  errorCode: string;
  timestamp: Date;
  /**
   * The connector's previous report on the charge point's current connection; null for the
   * first (after a reconnect or our restart: a snapshot, not a change we saw happen).
   */
  previousOcppStatus: string | null;
}

export interface OcppEventMap {
  transactionStarted: [TransactionStarted];
  meterValues: [TransactionMeterValues];
  transactionStopped: [TransactionStopped];
  connectorStatus: [ConnectorStatusChanged];
}

/** Transaction events for the charging module (in-process; each replica emits what it receives). */
export class OcppEvents extends EventEmitter<OcppEventMap> {}
