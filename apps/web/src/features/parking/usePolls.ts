import { useEffect } from 'react';
import { wsTimers } from '@voltpark/contract';
import { startPoll } from '@/shared/realtime';
import { parkingLive, type ParkingLive } from './parkingLive';

/**
 * SPEC §4: "can open" is asked every 1 s while the open button shows: getCanOpen for the
 * session, or getCanOpenSurcharge for a paid surcharge's exit.
 */
export function useCanOpenPoll(
  parkingSessionId: number,
  active: boolean,
  live: ParkingLive = parkingLive,
  surchargeId: number | null = null,
): void {
  useEffect(() => {
    if (!active) return;
    return startPoll(
      () =>
        live.send(
          surchargeId === null
            ? { command: 'getCanOpen', parkingSessionId }
            : { command: 'getCanOpenSurcharge', surchargeId },
        ),
      0,
      wsTimers.canOpenPollMs,
    );
  }, [parkingSessionId, active, live, surchargeId]);
}

/** SPEC §4: "can stop" is asked every 3 s, the first time after 200 ms. */
export function useCanStopPoll(
  parkingSessionId: number,
  active: boolean,
  live: ParkingLive = parkingLive,
): void {
  useEffect(() => {
    if (!active) return;
    return startPoll(
      () => live.send({ command: 'getCanStop', parkingSessionId }),
      wsTimers.canStopFirstPollMs,
      wsTimers.canStopPollMs,
    );
  }, [parkingSessionId, active, live]);
}

/** How often a paid STARTED session is asked for again: the amount grows each started minute. */
export const AMOUNT_REFRESH_MS = 60_000;

/**
 * The server pushes /user/parkingSession only on changes, so the amount so far would go stale
 * while the page stays open: getParkingSession once a minute while a paid session runs.
 */
export function useAmountRefreshPoll(active: boolean, live: ParkingLive = parkingLive): void {
  useEffect(() => {
    if (!active) return;
    return startPoll(
      () => live.send({ command: 'getParkingSession' }),
      AMOUNT_REFRESH_MS,
      AMOUNT_REFRESH_MS,
    );
  }, [active, live]);
}
