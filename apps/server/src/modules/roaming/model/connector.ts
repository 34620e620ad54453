import type { ConnectorFormat, ConnectorType, PowerType } from '@voltpark/contract/ocpi/locations';
import type { currentTypeEnum, outletTypeEnum } from '../../../db/schema/index.js';

type Outlet = (typeof outletTypeEnum.enumValues)[number];
type Current = (typeof currentTypeEnum.enumValues)[number];

export interface ConnectorTechnics {
  standard: ConnectorType;
  format: ConnectorFormat;
  power_type: PowerType;
  max_voltage: number;
  max_amperage: number;
  max_electric_power: number;
}

const STANDARD: Record<Outlet, ConnectorType> = {
  TYPE2: 'IEC_62196_T2',
  CCS: 'IEC_62196_T2_COMBO',
  CHADEMO: 'CHADEMO',
};

/** Line-to-neutral voltage of the Hungarian grid (OCPI asks line to neutral for AC). */
const AC_VOLTAGE = 230;
/** The highest single-phase AC power: 32 A at 230 V. */
const SINGLE_PHASE_MAX_W = 7_360;
/** DC plug ratings: CHAdeMO 500 V, CCS 920 V (IEC 61851-23 class). */
const DC_VOLTAGE: Record<Outlet, number> = { TYPE2: 500, CCS: 920, CHADEMO: 500 };

/**
 * What OCPI asks of a connector from what we store (outlet type, AC/DC, rated kW). We do not
 * store voltage and current: they follow from the power (AC: 230 V per phase; above 7.36 kW it
 * is three-phase) and the plug's rating (DC). DC plugs are tethered cables; a Type 2 outlet on
 * our AC posts is a socket.
 */
export function connectorTechnics(
  outlet: Outlet,
  current: Current,
  powerKw: number,
): ConnectorTechnics {
  const watts = Math.round(powerKw * 1000);
  if (current === 'DC') {
    const volts = DC_VOLTAGE[outlet];
    return {
      standard: STANDARD[outlet],
      format: 'CABLE',
      power_type: 'DC',
      max_voltage: volts,
      max_amperage: Math.ceil(watts / volts),
      max_electric_power: watts,
    };
  }
  const phases = watts > SINGLE_PHASE_MAX_W ? 3 : 1;
  return {
    standard: STANDARD[outlet],
    format: outlet === 'TYPE2' ? 'SOCKET' : 'CABLE',
    power_type: phases === 3 ? 'AC_3_PHASE' : 'AC_1_PHASE',
    max_voltage: AC_VOLTAGE,
    max_amperage: Math.ceil(watts / (AC_VOLTAGE * phases)),
    max_electric_power: watts,
  };
}
