import { and, eq, inArray } from 'drizzle-orm';
import { gates, parkingSessions } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import { GateError } from '../gates/errors.js';
import type { ParkingDeps } from './deps.js';
import { cameraDriverOf } from './camera-cars.js';
import { openGateFor } from './gate-flow.js';
import { hasValidPermit } from './permits.js';
import { normalisePlate } from './plates.js';
import { openSessionOf } from './session-repository.js';
import { startParking } from './start.js';

export type CameraEntryOutcome =
  | { kind: 'opened'; sessionId: number; requestId: string }
  | { kind: 'ignored'; why: string }
  | { kind: 'refused'; sessionId: number | null; code: string };

/**
 * An entry gate's camera read a plate (gates 'plate' event). If it is a car with camera
 * parking, its driver's parking starts at this lot (or their STARTING one here is used) and
 * this very gate opens for it — the gate where the car is, not another entry of the lot. A
 * valid permit for the plate makes it free. The `passed` that follows moves the session as for
 * a phone start; a refusal leaves the session STARTING, so the phone can take over.
 */
export async function onCameraPlate(
  deps: ParkingDeps,
  read: { gateId: number; plate: string },
): Promise<CameraEntryOutcome> {
  const [gate] = await deps.db
    .select({ lotId: gates.parkingLotId, carPresent: gates.carPresent })
    .from(gates)
    .where(
      and(
        eq(gates.id, read.gateId),
        eq(gates.enabled, true),
        inArray(gates.direction, ['IN', 'BOTH']),
      ),
    );
  if (!gate) return { kind: 'ignored', why: 'not an entry gate' };
  const userId = await cameraDriverOf(deps.db, read.plate);
  if (userId === null) return { kind: 'ignored', why: 'no camera-parking car with the plate' };

  let session = await openSessionOf(deps.db, userId);
  if (session) {
    if (session.status !== 'STARTING' || session.parkingLotId !== gate.lotId)
      return { kind: 'ignored', why: 'the driver parks already' };
    if (session.inOpenRequestId) return { kind: 'ignored', why: 'the entry was already opened' };
  } else {
    try {
      session = (await startParking(deps, { userId, lotId: gate.lotId })).session;
    } catch (err) {
      if (err instanceof ApiError)
        return {
          kind: 'refused',
          sessionId: null,
          code: err.options.responseCode ?? err.messageKey,
        };
      throw err;
    }
  }
  const plate = normalisePlate(read.plate)!;
  if (!session.permitValid && (await hasValidPermit(deps.db, gate.lotId, plate))) {
    await deps.db
      .update(parkingSessions)
      .set({ permitPlate: plate, permitValid: true, free: true, updatedAt: new Date() })
      .where(and(eq(parkingSessions.id, session.id), eq(parkingSessions.status, 'STARTING')));
  }
  try {
    const opened = await openGateFor(deps, read.gateId, session, 'in');
    return { kind: 'opened', sessionId: session.id, requestId: opened.requestId };
  } catch (err) {
    if (err instanceof GateError) return { kind: 'refused', sessionId: session.id, code: err.code };
    throw err;
  } finally {
    deps.publish(userId);
  }
}
