import type { CurrentCharge } from '@voltpark/contract';
import { queryClient } from '@/shared/query';
import { CURRENT_CHARGE_KEY } from './useCurrentCharge';

/**
 * The running charge at a location, from the polled current charge (SPEC §2 Map: a marker tap
 * goes to the charge when a charge is active there). Null when none is known.
 */
export function activeChargeAt(locationId: number): CurrentCharge | null {
  const c = queryClient.getQueryData<CurrentCharge | null>(CURRENT_CHARGE_KEY);
  return c && c.locationId === locationId ? c : null;
}
