import { useState } from 'react';
import type { ParkingSession } from '@voltpark/contract';

/**
 * Decision 0064: the parking that just ended. The socket says "no current parking" (null) once
 * the car has left; the last session seen, if it was leaving (FINISHING), is kept for a goodbye
 * card until dismissed, another parking appears, or the page is left (this state goes with it).
 * A cancelled start (STARTING → none) is no goodbye.
 */
export function useFinishedParking(session: ParkingSession | null | undefined): {
  finished: ParkingSession | null;
  dismiss: () => void;
} {
  const [last, setLast] = useState<ParkingSession | null>(null);
  const [finished, setFinished] = useState<ParkingSession | null>(null);
  if (session && session !== last) {
    setLast(session);
    if (finished) setFinished(null);
  } else if (session === null && last) {
    setLast(null);
    if (last.parkingStatus === 'FINISHING') setFinished(last);
  }
  return { finished, dismiss: () => setFinished(null) };
}
