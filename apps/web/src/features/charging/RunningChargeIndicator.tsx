import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ROOT_POLL_MS } from './constants';
import { useCurrentCharge } from './useCurrentCharge';

/**
 * SPEC §2 Map: the top bar's icon for an active charge, which opens the charge (history
 * screen). Shown on every screen while the logged-in (or guest) user has a charge.
 */
export function RunningChargeIndicator() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = useCurrentCharge(ROOT_POLL_MS);
  const c = current.data;
  if (!c) return null;
  const label = `${t('charging.indicator')} – ${t(`charging.statusName.${c.chargingStatus}`)}`;
  return (
    <Link
      to="/charge-history"
      className="vp-lang vp-charge-indicator"
      aria-label={label}
      title={label}
      aria-current={pathname === '/charge-history' ? 'page' : undefined}
      data-testid="running-charge"
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
      </svg>
    </Link>
  );
}
