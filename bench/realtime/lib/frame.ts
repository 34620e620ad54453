/**
 * The parking-session change each socket gets: a `/user/parkingSession` frame for that user only
 * (SPEC §4 "Live updates"), as the parking module pushes it while a session runs. Change j of a
 * user is fully determined by (userId, j), so the receiving socket can check that the frame is
 * its own user's and the one it expected next — a frame at the wrong socket or out of order is
 * counted, never timed.
 */
import type { ParkingSession, WsServerFrameOf } from '@voltpark/contract';

export type ParkingSessionFrame = WsServerFrameOf<'/user/parkingSession'>;

/** The amount (Ft) of change j: each change is the next tick of a running paid parking. */
export const amountOfChange = (j: number) => 300 + 150 * j;

/** The bench's session of a user has the user's id (one running parking per bench user). */
export function parkingChangeFrame(userId: number, j: number): ParkingSessionFrame {
  const data: ParkingSession = {
    id: userId,
    parkingStatus: 'STARTED',
    parkingFrom: '2026-11-24T08:00:00.000Z',
    parkingTo: null,
    amount: amountOfChange(j),
    free: false,
    discountHours: 0,
    chargeCode: 'BN7Q2',
    parkingLot: {
      id: 1,
      name: 'Bench lot',
      locationId: 1,
      fullAddress: '1051 Budapest, Október 6. utca 7.',
      hasChargers: true,
      hasPermits: false,
      parkingTimeInSeconds: 600 + 60 * j,
    },
    parkingTariff: {
      id: 1,
      name: 'Belváros',
      freeParking: false,
      grossUnitParking: 900,
      freeMinutes: 15,
      grossSurchargeFeePerDay: 10000,
      convenienceFeeGross: 0,
      descriptionLines: ['900 Ft/óra, percenként', 'Az első 15 perc ingyenes'],
    },
    paymentStartedAt: null,
    paymentFinishedAt: null,
    paymentFailed: false,
    paymentMethod: null,
    paymentUrl: null,
    inOpenRequestSent: '2026-11-24T07:59:40.000Z',
    outOpenRequestSent: null,
    parkingWillFinishAt: null,
    email: `bench-driver-${userId}@bench.invalid`,
  };
  return { topic: '/user/parkingSession', data };
}

/** A monotonic clock shared by every process of the machine (CLOCK_MONOTONIC), in ms. */
export const monoMs = () => Number(process.hrtime.bigint()) / 1e6;
