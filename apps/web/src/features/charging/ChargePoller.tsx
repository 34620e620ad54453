import { useSession } from '@/shared/session';
import { afterChargeRoute, ROOT_POLL_MS } from './constants';
import { useAfterChargeGone, useCurrentCharge } from './useCurrentCharge';

/**
 * Mounted by the app layout on the map routes for a logged-in user: polls the current charge
 * every 5 s (SPEC §4 Charge polling) and, when a running charge ends, goes to /coupons after 3 s
 * (a guest to /charge-history).
 */
export function ChargePoller() {
  const current = useCurrentCharge(ROOT_POLL_MS);
  const casual = !!useSession().user?.casualUser;
  useAfterChargeGone(current.data, (id) => afterChargeRoute(id, casual));
  return null;
}
