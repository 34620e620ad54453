import type { ParkingSession } from '@voltpark/contract';

/** A parking session for tests (a paid STARTED parking unless told otherwise). */
export function aSession(patch: Partial<ParkingSession> = {}): ParkingSession {
  return {
    id: 31,
    parkingStatus: 'STARTED',
    parkingFrom: '2026-11-24T10:00:00.000Z',
    parkingTo: null,
    amount: 1200,
    free: false,
    discountHours: 0,
    chargeCode: 'K7P2Q',
    parkingLot: {
      id: 4,
      name: 'Westend parkoló',
      locationId: 9,
      fullAddress: '1062 Budapest, Váci út 1-3.',
      hasChargers: false,
      hasPermits: false,
      parkingTimeInSeconds: 60,
    },
    parkingTariff: {
      id: 2,
      name: 'Alap',
      freeParking: false,
      grossUnitParking: 600,
      freeMinutes: 15,
      grossSurchargeFeePerDay: 10000,
      convenienceFeeGross: 0,
      descriptionLines: [],
    },
    paymentStartedAt: null,
    paymentFinishedAt: null,
    paymentFailed: false,
    paymentMethod: null,
    paymentUrl: null,
    inOpenRequestSent: null,
    outOpenRequestSent: null,
    parkingWillFinishAt: null,
    email: null,
    ...patch,
  };
}
