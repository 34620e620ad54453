import type { Charger } from '@voltpark/contract';
import { AVAILABLE_STATUSES, chargerStatusDisplay } from '@/shared/lib/chargerStatus';

export type StartState = 'noTariff' | 'canStart' | 'unavailable';

/**
 * SPEC §4: start is allowed only with a tariff and AVAILABLE/PREPARING, or FINISHING when the
 * device allows a new charge then. No tariff: a warning and no start button.
 */
export function startState(c: Pick<Charger, 'status' | 'tariff' | 'deviceType'>): StartState {
  if (!c.tariff) return 'noTariff';
  if (AVAILABLE_STATUSES.includes(c.status.value)) return 'canStart';
  return c.status.value === 'FINISHING' && c.deviceType.canStartNewChargeWhileInFinishingState
    ? 'canStart'
    : 'unavailable';
}

export { chargerStatusDisplay };
