import type { RoamingCharge } from '@voltpark/contract';

export type RoamingStatus = RoamingCharge['status'];

/** While the charge is one of these, the screen polls and the top bar shows it (decision 0042). */
export const LIVE_STATUSES: readonly RoamingStatus[] = [
  'PAYING',
  'REQUESTED',
  'ACCEPTED',
  'STARTED',
  'STOPPING',
];

export const isLive = (s: RoamingStatus): boolean => LIVE_STATUSES.includes(s);

/**
 * How often the live screen asks `roaming/current` while a charge is live: its changes come
 * over /ws (decision 0056), this is the fallback for when the socket is down.
 */
export const LIVE_POLL_MS = 15_000;

/** What the screen shows for a state: which words and which parts. */
export interface RoamingPhase {
  /** `roamingCharge.status.<state>` */
  state: 'paying' | 'waiting' | 'charging' | 'stopping' | 'completed' | 'rejected' | 'timeout';
  color: 'blue' | 'green' | 'orange' | 'red' | 'gray';
  /** The meter (kWh, price so far) is shown. */
  meter: boolean;
  stoppable: boolean;
  /** The card payment may still be cancelled (PAYING, decision 0050). */
  cancellable: boolean;
  /** The hold was given back in full (the partner never charged). */
  holdReleased: boolean;
}

export function roamingPhase(s: RoamingStatus): RoamingPhase {
  const base = roamingPhaseOf(s);
  return { ...base, cancellable: s === 'PAYING' };
}

function roamingPhaseOf(s: RoamingStatus): Omit<RoamingPhase, 'cancellable'> {
  switch (s) {
    case 'PAYING':
      return {
        state: 'paying',
        color: 'blue',
        meter: false,
        stoppable: false,
        holdReleased: false,
      };
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
 * The money at the end: what was billed, what of the hold went back, and what lay above the
 * hold — the wallet paid it (a wallet hold: billRoamingCdr debits the rest), or it is open on
 * the receipt to pay by card (a card hold, decision 0050, as our own card charges).
 */
export function settlement(
  c: Pick<RoamingCharge, 'holdAmount' | 'billedAmount'> &
    Partial<Pick<RoamingCharge, 'paymentMethod'>>,
) {
  const billed = c.billedAmount ?? 0;
  const extra = Math.max(0, billed - c.holdAmount);
  const byCard = c.paymentMethod === 'CARD' || c.paymentMethod === 'SIMPLEPAY';
  return {
    billed,
    released: Math.max(0, c.holdAmount - billed),
    extra: byCard ? 0 : extra,
    open: byCard ? extra : 0,
  };
}
