import type { RoamingCharge } from '@voltpark/contract';

export type RoamingStatus = RoamingCharge['status'];

/** While the charge is one of these, the screen polls and the top bar shows it (decision 0042). */
export const LIVE_STATUSES: readonly RoamingStatus[] = [
  'REQUESTED',
  'ACCEPTED',
  'STARTED',
  'STOPPING',
];

export const isLive = (s: RoamingStatus): boolean => LIVE_STATUSES.includes(s);

/** How often the live screen asks `roaming/current` while a charge is live. */
export const LIVE_POLL_MS = 3_000;

/** What the screen shows for a state: which words and which parts. */
export interface RoamingPhase {
  /** `roamingCharge.status.<state>` */
  state: 'waiting' | 'charging' | 'stopping' | 'completed' | 'rejected' | 'timeout';
  color: 'blue' | 'green' | 'orange' | 'red' | 'gray';
  /** The meter (kWh, price so far) is shown. */
  meter: boolean;
  stoppable: boolean;
  /** The hold was given back in full (the partner never charged). */
  holdReleased: boolean;
}

export function roamingPhase(s: RoamingStatus): RoamingPhase {
  switch (s) {
    case 'REQUESTED':
    case 'ACCEPTED':
      return {
        state: 'waiting',
        color: 'blue',
        meter: false,
        stoppable: false,
        holdReleased: false,
      };
    case 'STARTED':
      return {
        state: 'charging',
        color: 'green',
        meter: true,
        stoppable: true,
        holdReleased: false,
      };
    case 'STOPPING':
      return {
        state: 'stopping',
        color: 'orange',
        meter: true,
        stoppable: false,
        holdReleased: false,
      };
    case 'COMPLETED':
      return {
        state: 'completed',
        color: 'gray',
        meter: true,
        stoppable: false,
        holdReleased: false,
      };
    case 'REJECTED':
      return {
        state: 'rejected',
        color: 'red',
        meter: false,
        stoppable: false,
        holdReleased: true,
      };
    case 'TIMEOUT':
      return { state: 'timeout', color: 'red', meter: false, stoppable: false, holdReleased: true };
  }
}

/**
 * The money at the end: what was billed, what of the hold went back, and what the wallet paid
 * on top when the bill was larger than the hold (billRoamingCdr debits the rest).
 */
export function settlement(c: Pick<RoamingCharge, 'holdAmount' | 'billedAmount'>) {
  const billed = c.billedAmount ?? 0;
  return {
    billed,
    released: Math.max(0, c.holdAmount - billed),
    extra: Math.max(0, billed - c.holdAmount),
  };
}
