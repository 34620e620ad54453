import { AFTER_CHARGE_ROUTE, ROOT_POLL_MS } from './constants';
import { useAfterChargeGone, useCurrentCharge } from './useCurrentCharge';

/**
 * Mounted by the app layout on the map routes for a logged-in user: polls the current charge
 * every 5 s (SPEC §4 Charge polling) and, when a running charge ends, goes on after 3 s.
 */
export function ChargePoller() {
  const current = useCurrentCharge(ROOT_POLL_MS);
  useAfterChargeGone(current.data, AFTER_CHARGE_ROUTE);
  return null;
}
