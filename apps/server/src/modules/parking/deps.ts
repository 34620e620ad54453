import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { GatesService } from '../gates/service.js';
import type { PaymentDeps } from '../payments/payments.js';
import type { CurrentView } from './session-repository.js';

/** A session started waiting at a gate: STARTING at an entry ('in'), FINISHING at an exit ('out'). */
export interface WaitingAtGate {
  sessionId: number;
  lotId: number;
  direction: 'in' | 'out';
  plate: string | null;
}

export interface ParkingEvents {
  waitingAtGate: [WaitingAtGate];
}

/** What `app.parking` is (the gates sandbox makes a simulated car arrive on waitingAtGate). */
export interface ParkingModule {
  events: EventEmitter<ParkingEvents>;
  /** Restarts the overstays due now (the sweep's step, at once; the sandbox's clock uses it). */
  restartOverstays(): Promise<number>;
}

export interface ParkingDeps {
  db: Db;
  pay: PaymentDeps;
  /** The gates module's service (registered after parking, so looked up when used). */
  gates(): GatesService;
  log: FastifyBaseLogger;
  events: EventEmitter<ParkingEvents>;
  /**
   * Pushes the user's /user/parkingSession frame (their current parking, or null); resolves to
   * what was pushed (undefined: the push failed and was logged). Never rejects.
   */
  publish(userId: number): Promise<CurrentView | undefined>;
  /** Pushes the owner's /user/parkingSurcharge frame (the surcharge as it is now). */
  publishSurcharge(surchargeId: number): void;
}

/** SPEC §4: the driver must leave within 15 minutes of finishing. */
export const LEAVE_WITHIN_MS = 15 * 60_000;

export const sessionSubject = (id: number) => `session:${id}`;
