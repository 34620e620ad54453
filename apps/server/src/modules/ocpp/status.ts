import { sql, type SQL } from 'drizzle-orm';
import type { chargerStatusEnum } from '../../db/schema/index.js';

export type AppChargerStatus = (typeof chargerStatusEnum.enumValues)[number];

/** OCPP 1.6 ChargePointStatus values. */
export const OCPP_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
export type OcppStatus = (typeof OCPP_STATUSES)[number];

/** SPEC §4: a reported OCPP connector status as the app's charger state. */
export const OCPP_TO_APP_STATUS: Record<OcppStatus, AppChargerStatus> = {
  Available: 'AVAILABLE',
  Preparing: 'PREPARING',
  Charging: 'OCCUPIED',
  SuspendedEV: 'OCCUPIED',
  SuspendedEVSE: 'OCCUPIED',
  Finishing: 'FINISHING',
  Reserved: 'RESERVED',
  Unavailable: 'UNAVAILABLE',
  Faulted: 'ERROR',
};

export interface StatusInputs {
  /** Operator switch on the connector. */
  outOfService: boolean;
  /** The charge point never booted. */
  neverBooted: boolean;
  /** Heartbeat timeout passed (communication error). */
  offline: boolean;
  /** Last status reported for connector 0 (whole charge point), if any. */
  chargePointStatus: string | null;
  /** Last status reported for this connector, if any. */
  connectorStatus: string | null;
}

/**
 * The app-level state of one connector. Precedence: operator OUT_OF_SERVICE, never booted,
 * offline, whole-charger Unavailable/Faulted (connector 0), then the connector's own report.
 */
export function appStatus(s: StatusInputs): AppChargerStatus {
  if (s.outOfService) return 'OUT_OF_SERVICE';
  if (s.neverBooted) return 'NEW_NOT_CONNECTED';
  if (s.offline) return 'UNKNOWN';
  if (s.chargePointStatus === 'Unavailable' || s.chargePointStatus === 'Faulted') {
    return OCPP_TO_APP_STATUS[s.chargePointStatus];
  }
  if (s.connectorStatus && s.connectorStatus in OCPP_TO_APP_STATUS) {
    return OCPP_TO_APP_STATUS[s.connectorStatus as OcppStatus];
  }
  return 'UNKNOWN';
}

const CASES = sql.raw(
  Object.entries(OCPP_TO_APP_STATUS)
    .map(([o, a]) => `when '${o}' then '${a}'`)
    .join(' '),
);

/**
 * The mapping of {@link appStatus} for an online connector as SQL (null when nothing known):
 * connector 0 Unavailable/Faulted wins, then the connector's own report.
 */
export function onlineStatusSql(connector: SQL, chargePoint: SQL): SQL {
  return sql`(case when ${chargePoint} in ('Unavailable','Faulted') then (case ${chargePoint} ${CASES} end) else (case ${connector} ${CASES} else null end) end)::charger_status`;
}

/**
 * SPEC §4 start rule: a tariff, and AVAILABLE or PREPARING — or FINISHING when the device
 * allows a new charge in that state.
 */
export function canStartCharge(c: {
  status: AppChargerStatus;
  hasTariff: boolean;
  canStartNewChargeWhileInFinishingState: boolean;
}): boolean {
  if (!c.hasTariff) return false;
  if (c.status === 'AVAILABLE' || c.status === 'PREPARING') return true;
  return c.status === 'FINISHING' && c.canStartNewChargeWhileInFinishingState;
}
