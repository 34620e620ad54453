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
