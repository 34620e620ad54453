import { EventEmitter } from 'node:events';

/** What the app's live views need of one of our drivers' sessions at a partner's charger. */
export interface DriverRoamingSession {
  id: number;
  userId: number;
  partnerId: number;
  sessionId: string;
  status: string;
  kwh: number;
  currency: string;
  totalCost: number | null;
  locationId: string;
  evseUid: string;
  startedAt: string;
  endedAt: string | null;
  lastUpdated: string;
}

/**
 * In-process: a driver's roaming session changed (a partner's PUT or PATCH was stored), emitted
 * on the replica that stored it, after the commit. Listeners (live views) must not throw.
 */
export const driverSessionEvents = new EventEmitter<{ changed: [DriverRoamingSession] }>();
