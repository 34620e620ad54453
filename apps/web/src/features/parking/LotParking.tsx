import { useState } from 'react';
import type { ParkingLot } from '@voltpark/contract';
import { useSession } from '@/shared/session';
import { isCasual, ParkingPanelView } from './CurrentParkingPanel';
import { FinishedCard } from './FinishedCard';
import { useCurrentParking } from './useCurrentParking';
import { useFinishedParking } from './useFinishedParking';
import { StartParking } from './StartParking';

/**
 * The lot view's parking part: the current parking live when there is one, else the start
 * (autoStart=1 fires only once the socket has said there is no current parking).
 */
export function LotParking({ lot, autoStart }: { lot: ParkingLot; autoStart: boolean }) {
  const session = useSession();
  const live = useCurrentParking();
  // autoStart=1 starts one parking per visit: once one was current, the start is manual again.
  const [hadParking, setHadParking] = useState(false);
  // Decision 0064: the parking that just ended says goodbye above the start.
  const { finished, dismiss } = useFinishedParking(live.session);
  if (live.session && !hadParking) setHadParking(true);
  if (live.session) return <ParkingPanelView live={live} casual={isCasual(session)} />;
  return (
    <>
      {finished && <FinishedCard session={finished} onDismiss={dismiss} />}
      <StartParking
        lot={lot}
        autoStart={autoStart && !hadParking && (live.session === null || !live.active)}
      />
    </>
  );
}
