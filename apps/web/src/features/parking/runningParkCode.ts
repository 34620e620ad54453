import { useCurrentParking } from './useCurrentParking';

/**
 * The charge code of the driver's running parking (car inside) at a location, from the live
 * parking session; null when there is none there. The charge start form fills it in, so the
 * parking is free while the car charges (SPEC §9).
 */
export function useRunningParkCode(locationId: number): string | null {
  const s = useCurrentParking().session;
  if (!s || s.parkingStatus !== 'STARTED' || s.parkingLot.locationId !== locationId) return null;
  return s.chargeCode || null;
}
