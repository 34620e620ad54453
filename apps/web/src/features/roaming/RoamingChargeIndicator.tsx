import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session';
import { LiveIndicator } from '@/shared/ui';
import { isLive, roamingPhase } from './roamingStatus';
import { useRoamingCharge } from './useRoamingCharge';

/** How often the top bar looks for a roaming charge (a fallback: changes come over /ws, 0056). */
const IDLE_POLL_MS = 15_000;

/**
 * The top bar's icon of a live charge at a partner's charger, as for our own charges: it opens
 * /roaming-charge. Only for registered drivers (guests cannot roam).
 */
export function RoamingChargeIndicator() {
  const { t } = useTranslation();
  const guest = !!useSession().user?.casualUser;
  const current = useRoamingCharge(IDLE_POLL_MS, !guest);
  const c = current.data;
  if (guest || !c || !isLive(c.status)) return null;
  return (
    <LiveIndicator
      to="/roaming-charge"
      name={t('roamingCharge.indicator')}
      state={t(`roamingCharge.status.${roamingPhase(c.status).state}`)}
      testId="running-roaming-charge"
    >
      <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />
      <circle cx="19" cy="19" r="4" />
    </LiveIndicator>
  );
}
