import { useQuery } from '@tanstack/react-query';
import { apiRoutes, callApi } from '@/shared/api';
import { isLive, LIVE_POLL_MS } from './roamingStatus';

export const ROAMING_CURRENT_KEY = ['roaming', 'current'] as const;

/**
 * `GET /api/v1/roaming/current`, quietly: every 3 s while the charge is live, else every
 * `idleMs` (the top bar looks now and then; the screen once), never with the busy overlay.
 */
export function useRoamingCharge(idleMs: number | false = false, enabled = true) {
  return useQuery({
    queryKey: ROAMING_CURRENT_KEY,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.roamingCurrent, { signal, busy: false, quiet: true }),
    refetchInterval: (q) => {
      const c = q.state.data;
      return c && isLive(c.status) ? LIVE_POLL_MS : idleMs;
    },
    staleTime: 0,
    enabled,
  });
}
