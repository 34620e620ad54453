import { ROOT_POLL_MS } from './constants';
import { useCurrentCharge } from './useCurrentCharge';

/**
 * Whether the driver has a charge (not finished yet), from the same polled v1/charge/current as
 * the top bar's indicator: another start would be refused (ALREADY_CHARGING).
 */
export function useChargeRunning(): boolean {
  return !!useCurrentCharge(ROOT_POLL_MS).data;
}
