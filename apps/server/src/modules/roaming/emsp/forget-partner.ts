import type { DbOrTx } from '../../../db/client.js';
import { forgetPartnerLocations } from './location-store.js';
import { forgetPartnerPulls } from './pull-schedule.js';
import { forgetPartnerTariffs } from './tariff-store.js';

/**
 * A partner that is no longer one (removed here, or it unregistered): its Locations, Tariffs
 * and pull schedule go, in the transaction that unregisters it.
 */
export async function forgetPartnerData(tx: DbOrTx, partnerId: number): Promise<void> {
  await forgetPartnerLocations(tx, partnerId);
  await forgetPartnerTariffs(tx, partnerId);
  await forgetPartnerPulls(tx, partnerId);
}
