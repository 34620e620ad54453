import { useTranslation } from 'react-i18next';
import { LiveIndicator } from '@/shared/ui';
import { ROOT_POLL_MS } from './constants';
import { useCurrentCharge } from './useCurrentCharge';

/**
 * SPEC §2 Map: the top bar's icon for an active charge, which opens the charge (history
 * screen). Shown on every screen while the logged-in (or guest) user has a charge.
 */
export function RunningChargeIndicator() {
  const { t } = useTranslation();
  const current = useCurrentCharge(ROOT_POLL_MS);
  const c = current.data;
  if (!c) return null;
  return (
    <LiveIndicator
      to="/charge-history"
      name={t('charging.indicator')}
      state={t(`charging.statusName.${c.chargingStatus}`)}
      testId="running-charge"
    >
      <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />
    </LiveIndicator>
  );
}
