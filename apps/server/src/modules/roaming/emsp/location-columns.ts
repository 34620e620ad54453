import type { Connector, Location } from '@voltpark/contract/ocpi/locations';

/** What the app queries of a partner's Location, derived from the object as received. */
export interface LocationColumns {
  name: string | null;
  city: string;
  lat: number;
  lng: number;
  publish: boolean;
  evseCount: number;
  availableEvseCount: number;
  connectorCount: number;
  maxPowerW: number | null;
  statusCounts: Record<string, number>;
  lastUpdated: Date;
}

const PHASES: Record<Connector['power_type'], number> = {
  AC_1_PHASE: 1,
  AC_2_PHASE: 2,
  AC_2_PHASE_SPLIT: 2,
  AC_3_PHASE: 3,
  DC: 1,
};

/** A connector's power in W: max_electric_power, else volts × amps × phases (line to neutral). */
export function connectorPowerW(c: Connector): number {
  return c.max_electric_power ?? c.max_voltage * c.max_amperage * PHASES[c.power_type];
}

/**
 * The columns of a Location. REMOVED EVSEs are gone for drivers (OCPI keeps them only so that
 * the removal is known), so they count nowhere but in `statusCounts`.
 */
export function locationColumns(l: Location): LocationColumns {
  const statusCounts: Record<string, number> = {};
  let evseCount = 0;
  let availableEvseCount = 0;
  let connectorCount = 0;
  let maxPowerW: number | null = null;
  for (const e of l.evses ?? []) {
    statusCounts[e.status] = (statusCounts[e.status] ?? 0) + 1;
    if (e.status === 'REMOVED') continue;
    evseCount += 1;
    if (e.status === 'AVAILABLE') availableEvseCount += 1;
    for (const c of e.connectors) {
      connectorCount += 1;
      const w = Math.round(connectorPowerW(c));
      if (Number.isFinite(w) && (maxPowerW === null || w > maxPowerW)) maxPowerW = w;
    }
  }
  return {
    name: l.name ?? null,
    city: l.city,
    lat: Number(l.coordinates.latitude),
    lng: Number(l.coordinates.longitude),
    publish: l.publish,
    evseCount,
    availableEvseCount,
    connectorCount,
    maxPowerW,
    statusCounts,
    lastUpdated: ocpiTime(l.last_updated),
  };
}

/** An OCPI DateTime (UTC; the zone designator may be missing) as a Date. */
export function ocpiTime(v: string): Date {
  return new Date(v.endsWith('Z') ? v : `${v}Z`);
}
