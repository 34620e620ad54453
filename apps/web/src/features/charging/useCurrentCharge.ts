import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentCharge } from '@voltpark/contract';
import { useLocation, useNavigate } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { POST_CHARGE_REDIRECT_MS } from './constants';

export const CURRENT_CHARGE_KEY = ['charge', 'current'] as const;

/** v1/charge/current polled every `intervalMs` (no busy overlay, quiet on network errors). */
export function useCurrentCharge(intervalMs: number, enabled = true) {
  return useQuery({
    queryKey: CURRENT_CHARGE_KEY,
    queryFn: ({ signal }) => callApi(apiRoutes.chargeCurrent, { signal, busy: false, quiet: true }),
    refetchInterval: intervalMs,
    staleTime: 0,
    enabled,
  });
}

/**
 * SPEC §4: when a charge that was present disappears, go to `to` (or `to(chargeId)`) after 3 s
 * (and refresh the finished-charge lists so the new record shows).
 */
export function useAfterChargeGone(
  charge: CurrentCharge | null | undefined,
  to: string | ((chargeId: number) => string),
) {
  const seen = useRef<number | null>(null);
  // Callers pass an inline function: kept in a ref, so a re-render does not cancel the timer.
  const target = useRef(to);
  useEffect(() => {
    target.current = to;
  });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  useEffect(() => {
    if (charge) {
      seen.current = charge.id;
      return;
    }
    if (charge === undefined || seen.current === null) return;
    const dest =
      typeof target.current === 'function' ? target.current(seen.current) : target.current;
    seen.current = null;
    void client.invalidateQueries({ queryKey: ['charge'] });
    // Already there: the refreshed lists show the new record.
    if (pathname === dest.split('?')[0]) return;
    const timer = setTimeout(() => void navigate(dest), POST_CHARGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [charge, navigate, client, pathname]);
}
