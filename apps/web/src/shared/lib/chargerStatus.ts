import type { ChargerStatus } from '@voltpark/contract';

/** SPEC §4 (the contract's AVAILABLE_STATUSES; kept here so zod stays out of the browser bundle). */
export const AVAILABLE_STATUSES: readonly ChargerStatus[] = ['AVAILABLE', 'PREPARING'];

export interface StatusDisplay {
  /** Mantine colour of the badge. */
  color: string;
  /** SPEC §4: AVAILABLE and PREPARING count as available. */
  available: boolean;
  /** A notice shown beside the status on the charger view. */
  notice: 'communicationError' | 'newCharger' | null;
}

/** SPEC §4 "Charger connector states": colour, availability and special notices. */
export function chargerStatusDisplay(status: ChargerStatus): StatusDisplay {
  const available = AVAILABLE_STATUSES.includes(status);
  switch (status) {
    case 'AVAILABLE':
    case 'PREPARING':
      return { color: 'green', available, notice: null };
    case 'FINISHING':
      return { color: 'yellow', available, notice: null };
    case 'OCCUPIED':
    case 'RESERVED':
      return { color: 'orange', available, notice: null };
    case 'UNKNOWN':
      return { color: 'gray', available, notice: 'communicationError' };
    case 'NEW_NOT_CONNECTED':
      return { color: 'blue', available, notice: 'newCharger' };
    default:
      return { color: 'red', available, notice: null };
  }
}
