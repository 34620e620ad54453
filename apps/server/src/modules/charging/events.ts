import { eq } from 'drizzle-orm';
import { charges } from '../../db/schema/index.js';
import type { CentralSystem } from '../ocpp/central.js';
import {
  onConnectorFreed,
  onMeterValues,
  onTransactionStarted,
  onTransactionStopped,
  type ChargingDeps,
} from './lifecycle.js';

/** Charges whose idTag the charger may use: money held and not ended. */
const LIVE = new Set(['RESERVED', 'STARTING', 'STARTED', 'FINISHING']);

/**
 * Wires the charging module to the central system: our idTags are accepted while their charge
 * is live (a late StartTransaction of an ended charge is refused, so the charger stops), and the
 * transaction events drive the status machine. Missed events are caught by the sweeper.
 */
export function registerChargingEvents(central: CentralSystem, deps: ChargingDeps): void {
  const previous = central.authorizer;
  central.authorizer = async (idTag, chargePointId) => {
    const [charge] = await deps.db
      .select({ status: charges.status })
      .from(charges)
      .where(eq(charges.idTag, idTag));
    if (!charge) return previous ? previous(idTag, chargePointId) : null;
    return { status: LIVE.has(charge.status) ? 'Accepted' : 'Invalid' };
  };

  const run = (what: string, p: Promise<void>) =>
    void p.catch((err: unknown) => deps.log.error({ err }, `charging: ${what} failed`));
  central.events.on('transactionStarted', (e) =>
    run('transaction start', onTransactionStarted(deps, e)),
  );
  central.events.on('meterValues', (e) => run('meter values', onMeterValues(deps, e)));
  central.events.on('transactionStopped', (e) =>
    run('transaction stop', onTransactionStopped(deps, e.transactionId)),
  );
  central.events.on('connectorStatus', (e) => {
    if (e.status !== 'FINISHING' && e.status !== 'OCCUPIED')
      run('connector status', onConnectorFreed(deps, e));
  });
}
