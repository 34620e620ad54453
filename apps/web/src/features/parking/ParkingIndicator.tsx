import { useTranslation } from 'react-i18next';
import { LiveIndicator } from '@/shared/ui';
import { statusKey } from './parkingState';
import { useCurrentParking } from './useCurrentParking';

/** SPEC §2: the top bar's parking icon while a parking is current; it opens the history. */
export function ParkingIndicator() {
  const { t } = useTranslation();
  const live = useCurrentParking();
  const s = live.session;
  if (!s) return null;
  return (
    <LiveIndicator
      to="/parking-history"
      name={t('parking.indicator')}
      state={t(statusKey(s))}
      testId="current-parking-indicator"
    >
      <path d="M6 3h7a6 6 0 0 1 0 12H10v6H6V3zm4 4v4h3a2 2 0 0 0 0-4h-3z" />
    </LiveIndicator>
  );
}
