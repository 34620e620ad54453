import type { FleetMember } from './fleet.js';

/**
 * The first `count` charge points of the Voltpark database (DATABASE_URL, or PGlite under
 * DATA_DIR/db while the server is stopped), with their connectors and sandbox keys.
 */
export async function loadChargePointsForSim(count: number, key?: string): Promise<FleetMember[]> {
  const { simFleetFromDatabase } = await import('@voltpark/server/src/modules/ocpp/sandbox.js');
  return simFleetFromDatabase(count, key);
}
