import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { wsTopics } from '@voltpark/contract';
import { apiRoutes, callApi } from '@/shared/api';
import { onLiveFrame, onLiveReopen } from '@/shared/realtime';
import { isLive, LIVE_POLL_MS } from './roamingStatus';

export const ROAMING_CURRENT_KEY = ['roaming', 'current'] as const;

/**
 * The driver's roaming charge: `GET /api/v1/roaming/current` once, then every change as the
 * server pushes it over the page's live socket (`/user/roamingCharge`, decision 0056; the top
 * bar holds the socket for a signed-in user). Quietly polled as a fallback for a socket that
 * is down: every `LIVE_POLL_MS` while the charge is live, else every `idleMs` (the top bar
 * looks now and then; the screen once), never with the busy overlay; read again at once when
 * the socket reopens after a close.
 */
export function useRoamingCharge(idleMs: number | false = false, enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stopFrames = onLiveFrame((f) => {
      if (f.topic === wsTopics.roamingCharge) queryClient.setQueryData(ROAMING_CURRENT_KEY, f.data);
    });
    // Pushes sent while the socket was down were missed: read the charge again at once.
    const stopReopen = onLiveReopen(
      () => void queryClient.invalidateQueries({ queryKey: ROAMING_CURRENT_KEY }),
    );
    return () => {
      stopFrames();
      stopReopen();
    };
  }, [queryClient, enabled]);
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
