/** Reading OCPP 1.6 MeterValues: energy in Wh whatever the unit, power in W. */

export interface SampledValue {
  value: string;
  context?: string;
  format?: string;
  measurand?: string;
  phase?: string;
  location?: string;
  unit?: string;
}

export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

export interface MeterReading {
  /** Charger's timestamp. */
  timestamp: Date;
  /** Energy.Active.Import.Register in Wh (rounded), if present. */
  energyWh: number | null;
  /** Power.Active.Import in W (rounded), if present. */
  powerW: number | null;
  /** Reading context (Transaction.Begin, Sample.Periodic, Transaction.End, …). */
  context: string;
}

const ENERGY = 'Energy.Active.Import.Register';
const POWER = 'Power.Active.Import';

function scaled(value: string, unit: string | undefined, base: string): number | null {
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const u = unit ?? base;
  if (u === base) return n;
  if (u === `k${base}`) return n * 1000;
  return null;
}

/** One MeterValue element read: the register (no phase, or summed phases if only per-phase). */
export function readMeterValue(mv: MeterValue): MeterReading {
  let energyWh: number | null = null;
  let powerW: number | null = null;
  let phasePower: number | null = null;
  let context = 'Sample.Periodic';
  for (const sv of mv.sampledValue) {
    if (sv.format === 'SignedData') continue;
    const measurand = sv.measurand ?? ENERGY;
    if (sv.context) context = sv.context;
    if (measurand === ENERGY && (sv.location ?? 'Outlet') !== 'EV') {
      if (sv.phase && energyWh !== null) continue;
      const wh = scaled(sv.value, sv.unit, 'Wh');
      if (wh !== null && !sv.phase) energyWh = wh;
      else if (wh !== null && energyWh === null) energyWh = wh;
    } else if (measurand === POWER) {
      const w = scaled(sv.value, sv.unit, 'W');
      if (w === null) continue;
      if (sv.phase) phasePower = (phasePower ?? 0) + w;
      else powerW = w;
    }
  }
  return {
    timestamp: new Date(mv.timestamp),
    energyWh: energyWh === null ? null : Math.round(energyWh),
    powerW:
      powerW !== null ? Math.round(powerW) : phasePower !== null ? Math.round(phasePower) : null,
    context,
  };
}
