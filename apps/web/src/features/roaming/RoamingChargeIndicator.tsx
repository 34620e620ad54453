import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/shared/session';
import { isLive, roamingPhase } from './roamingStatus';
import { useRoamingCharge } from './useRoamingCharge';

/** How often the top bar looks for a roaming charge while none is live (live: every 3 s). */
const IDLE_POLL_MS = 15_000;

/**
 * The top bar's icon of a live charge at a partner's charger, as for our own charges: it opens
 * /roaming-charge. Only for registered drivers (guests cannot roam).
 */
export function RoamingChargeIndicator() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const guest = !!useSession().user?.casualUser;
  const current = useRoamingCharge(IDLE_POLL_MS, !guest);
  const c = current.data;
  if (guest || !c || !isLive(c.status)) return null;
  const label = `${t('roamingCharge.indicator')} – ${t(`roamingCharge.status.${roamingPhase(c.status).state}`)}`;
  return (
    <Link
      to="/roaming-charge"
      className="vp-lang vp-charge-indicator"
      aria-label={label}
      title={label}
      aria-current={pathname === '/roaming-charge' ? 'page' : undefined}
      data-testid="running-roaming-charge"
    >
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="currentColor"
      >
        <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />
        <circle cx="19" cy="19" r="4" />
      </svg>
    </Link>
  );
}
